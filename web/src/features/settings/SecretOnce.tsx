import type { ReactNode } from 'react';
import { Button, Code, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';

/**
 * The dialog that shows a just-created secret (an API token, a webhook's signing secret) this once, with Copy:
 * the server never shows it again.
 */
export function SecretOnceDialog({
  title,
  secret,
  copiedTitle,
  onClose,
  testId,
  secretTestId,
  children,
}: {
  title: string;
  secret: string;
  /** The toast's title after Copy ("Token copied"). */
  copiedTitle: string;
  onClose: () => void;
  testId: string;
  secretTestId: string;
  /** How to use it, under the Copy button. */
  children?: ReactNode;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toaster.success({ title: copiedTitle, description: 'Paste it where your integration keeps its secrets.' });
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Could not copy: select it and copy it yourself.' });
    }
  };
  return (
    <DialogFrame
      onClose={onClose}
      title={title}
      testId={testId}
      footer={
        <Button colorPalette="green" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Stack gap="3">
        <Text>Copy it now: you will not be able to see it again.</Text>
        <Code p="3" wordBreak="break-all" data-testid={secretTestId}>
          {secret}
        </Code>
        <Button variant="outline" alignSelf="flex-start" minH="11" onClick={() => void copy()}>
          Copy
        </Button>
        {children}
      </Stack>
    </DialogFrame>
  );
}
