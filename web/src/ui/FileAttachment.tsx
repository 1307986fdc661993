import type { RefObject } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { LuPaperclip } from 'react-icons/lu';
import { formatFileSize } from '../lib/files';

/**
 * A file field that is not a photo (a CV, a vault document): a hidden file input opened by a button, and once a file
 * is picked its name and size with Remove (which also clears the input, so the same file can be picked again).
 */
export function FileAttachment({
  inputRef,
  accept,
  testId,
  file,
  onPick,
  onRemove,
  buttonLabel,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  testId: string;
  file: File | null;
  onPick: (file: File | undefined) => void;
  onRemove: () => void;
  buttonLabel: string;
}) {
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      {file ? (
        <HStack gap="2" w="full">
          <LuPaperclip aria-hidden />
          <Text flex="1" truncate fontSize="sm">
            {file.name} ({formatFileSize(file.size)})
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              onRemove();
              if (inputRef.current) inputRef.current.value = '';
            }}
          >
            Remove
          </Button>
        </HStack>
      ) : (
        <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()}>
          <LuPaperclip aria-hidden />
          {buttonLabel}
        </Button>
      )}
    </>
  );
}
