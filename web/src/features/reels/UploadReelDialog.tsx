import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { LuUpload } from 'react-icons/lu';
import { useUploadReelMutation } from './reels.generated';
import { checkImageFile, checkVideoFile, isImageFile, readFileAsDataUrl } from '../../lib/files';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { useUploadLimits } from '../../ui/useAppConfig';

interface Picked {
  name: string;
  /** What is sent to the server. */
  dataUrl: string;
  /** What the preview shows: an object URL (the page's policy plays media from blob:, never from data:). */
  previewUrl: string;
  video: boolean;
}

/** The server's answer to a signed-out upload (REST 401): the member is told to sign in. */
const isSignedOut = (err: unknown) =>
  CombinedGraphQLErrors.is(err) && err.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');

/**
 * The Upload Reel dialog (spec 001, 2.5): title (required), optional caption, a video or image with a preview
 * and Remove, Cancel and Upload Reel. On success the form clears and the dialog closes.
 */
export function UploadReelDialog({ onClose }: { onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [caption, setCaption] = useState('');
  const [file, setFile] = useState<Picked | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const limits = useUploadLimits();
  // The preview's object URL is let go when the file is replaced or removed, and when the dialog closes.
  useEffect(() => (file ? () => URL.revokeObjectURL(file.previewUrl) : undefined), [file]);
  const [upload, { loading }] = useUploadReelMutation({
    refetchQueries: ['FeedReels', 'Reels', 'ReelsBy'],
    awaitRefetchQueries: true,
  });

  const pick = async (files: FileList | null) => {
    const f = files?.[0];
    if (!f) return;
    const image = isImageFile(f);
    const problem = limits ? (image ? checkImageFile(f, limits) : checkVideoFile(f, limits)) : null;
    if (problem) {
      toaster.create({ type: 'error', title: problem.title, description: problem.description });
      return;
    }
    const dataUrl = await readFileAsDataUrl(f);
    setFile({ name: f.name, dataUrl, previewUrl: URL.createObjectURL(f), video: !image });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      toaster.create({ type: 'error', title: 'Title Required', description: 'Please enter a title for your reel.' });
      return;
    }
    try {
      await upload({
        variables: { input: { title: title.trim(), caption: caption.trim() || null, file: file?.dataUrl ?? null } },
      });
      toaster.create({ type: 'success', title: 'Reel Uploaded' });
      setTitle('');
      setCaption('');
      setFile(null);
      onClose();
    } catch (err) {
      if (isSignedOut(err))
        toaster.create({ type: 'error', title: 'Not Logged In', description: 'Please sign in to upload reels.' });
      else
        toaster.create({
          type: 'error',
          title: 'Upload Failed',
          description: 'Failed to upload reel. Please try again.',
        });
    }
  };

  return (
    <DialogFrame
      title="Upload Reel"
      testId="upload-reel-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      footer={<FormDialogActions submitLabel="Upload Reel" loading={loading} loadingText="Uploading..." />}
    >
      <Stack gap="4">
        {/* Not `required`: the browser would stop a blank title before the spec's 'Title Required' toast. */}
        <Field.Root>
          <Field.Label>Title</Field.Label>
          <Input
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Give your reel a title"
            maxLength={100}
            autoComplete="off"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Caption (optional)</Field.Label>
          <Textarea
            name="caption"
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            placeholder="Say something about it"
            rows={3}
          />
        </Field.Root>
        <input
          ref={input}
          type="file"
          accept="video/*,image/*"
          hidden
          aria-label="Reel video or image"
          data-testid="reel-file-input"
          onChange={(e) => {
            void pick(e.target.files);
            e.target.value = '';
          }}
        />
        {file ? (
          <HStack gap="3" align="start">
            <Box w="32" h="48" borderRadius="md" overflow="hidden" borderWidth="1px" bg="black">
              {file.video ? (
                <video
                  src={file.previewUrl}
                  muted
                  playsInline
                  controls
                  aria-label="Reel preview"
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : (
                <Image src={file.previewUrl} alt="Reel preview" w="full" h="full" objectFit="cover" />
              )}
            </Box>
            <Stack gap="2" minW="0">
              <Text fontSize="sm" truncate>
                {file.name}
              </Text>
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setFile(null)}>
                Remove
              </Button>
            </Stack>
          </HStack>
        ) : (
          <Button variant="outline" alignSelf="start" onClick={() => input.current?.click()}>
            <LuUpload aria-hidden />
            Choose video or image
          </Button>
        )}
        <Text fontSize="xs" color="fg.muted">
          Maximum reel length: 30 seconds
        </Text>
      </Stack>
    </DialogFrame>
  );
}
