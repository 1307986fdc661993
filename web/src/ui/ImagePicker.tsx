import { useRef } from 'react';
import { Box, Button, chakra, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { checkImageFile, readFileAsDataUrl } from '../lib/files';
import { useUploadLimits } from './useAppConfig';
import { toaster } from './toaster';

/**
 * An image picker (a logo, a cover, an event image): choose an image (checked here for type and size, again by the
 * server by its bytes), see it, remove it. `value` is a data URL for a new file, the stored URL for the current one, or
 * '' for none.
 */
export function ImagePicker({
  label,
  hint,
  value,
  onChange,
  aspect,
  testId,
  maxBytes,
}: {
  /** A smaller limit than the app's image limit (team logos: 2 MB). */
  maxBytes?: number;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  aspect: 'square' | 'wide';
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const limits = useUploadLimits();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = limits
      ? checkImageFile(file, { imageMaxBytes: Math.min(limits.imageMaxBytes, maxBytes ?? Infinity) })
      : null;
    if (problem) {
      toaster.create({ type: 'error', title: problem.title, description: problem.description });
      return;
    }
    onChange(await readFileAsDataUrl(file));
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      <HStack gap="3" align="center">
        <Box
          w={aspect === 'square' ? '16' : '28'}
          h="16"
          borderRadius="md"
          borderWidth="1px"
          overflow="hidden"
          bg="bg.muted"
          flexShrink={0}
        >
          {value && <Image src={value} alt={`${label} preview`} w="full" h="full" objectFit="cover" />}
        </Box>
        <Stack gap="1">
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
              {value ? 'Change' : 'Choose image'}
            </Button>
            {value && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onChange('')}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                Remove
              </Button>
            )}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        </Stack>
      </HStack>
      <chakra.input
        ref={input}
        type="file"
        accept="image/*"
        display="none"
        data-testid={testId}
        aria-label={label}
        onChange={(e) => {
          void onFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </Stack>
  );
}
