import { useRef } from 'react';
import { Box, Button, chakra, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { checkImageFile, readFileAsDataUrl } from '../../lib/files';
import { toaster } from '../../ui/toaster';
import { useUploadLimits } from '../../ui/useAppConfig';

/**
 * Up to five alias photos: images only, each checked here for type and size (and again by the server from its
 * bytes). `value` holds stored URLs (kept) and data URLs (new), in order; each has a preview and a Remove button.
 */
export function PhotosPicker({
  value,
  onChange,
  max,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  max: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const limits = useUploadLimits();
  const onFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    const room = max - value.length;
    if (files.length > room)
      toaster.create({ type: 'error', title: 'Too many photos', description: `You can add up to ${max} photos.` });
    const added: string[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      const problem = limits ? checkImageFile(file, limits) : null;
      if (problem) {
        toaster.create({ type: 'error', title: problem.title, description: problem.description });
        continue;
      }
      added.push(await readFileAsDataUrl(file));
    }
    if (added.length) onChange([...value, ...added]);
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        Photos ({value.length}/{max})
      </Text>
      <HStack gap="2" wrap="wrap">
        {value.map((src, i) => (
          <Box
            key={`${i}-${src.slice(-16)}`}
            position="relative"
            w="20"
            h="20"
            borderRadius="md"
            overflow="hidden"
            borderWidth="1px"
          >
            <Image src={src} alt={`Photo ${i + 1}`} w="full" h="full" objectFit="cover" />
            <IconButton
              aria-label={`Remove photo ${i + 1}`}
              size="xs"
              variant="solid"
              position="absolute"
              top="1"
              right="1"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <LuX />
            </IconButton>
          </Box>
        ))}
      </HStack>
      <Box>
        <Button size="sm" variant="outline" disabled={value.length >= max} onClick={() => input.current?.click()}>
          Add photos
        </Button>
      </Box>
      <chakra.input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        display="none"
        data-testid="dating-photos-input"
        onChange={(e) => {
          void onFiles(e.target.files);
          e.target.value = '';
        }}
      />
    </Stack>
  );
}
