import { lazy, Suspense, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  Field,
  Flex,
  HStack,
  Icon,
  IconButton,
  Image,
  SimpleGrid,
  Stack,
  Tag,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { LuFileText, LuImage, LuMapPin, LuSend, LuVideo, LuX } from 'react-icons/lu';
import { useOptionalSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { useCreatePostMutation } from './composer.generated';
import {
  checkDocumentFile,
  checkImageFile,
  checkVideoFile,
  documentAccept,
  formatFileSize,
  readFileAsDataUrl,
  type FileProblem,
} from '../../lib/files';
import { useUploadLimits } from '../../ui/useAppConfig';
import { UserAvatar } from '../../ui/UserAvatar';
import {
  canPost,
  composerReducer,
  emptyComposer,
  photoRoom,
  toCreatePostInput,
  type Attachment,
} from './composerState';
import { prependToFeed } from './feedCache';

const CheckInDialog = lazy(() => import('./CheckInDialog').then((m) => ({ default: m.CheckInDialog })));

function refuse(problem: FileProblem) {
  toaster.create({ type: 'error', title: problem.title, description: problem.description });
}

async function toAttachment(file: File): Promise<Attachment> {
  return { name: file.name, size: file.size, type: file.type, dataUrl: await readFileAsDataUrl(file) };
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton
      aria-label={label}
      size="2xs"
      variant="solid"
      colorPalette="gray"
      borderRadius="full"
      position="absolute"
      top="1"
      right="1"
      onClick={onClick}
    >
      <LuX />
    </IconButton>
  );
}

function AttachButton({
  icon,
  children,
  onClick,
  color,
  disabled,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
  color: string;
  disabled?: boolean;
}) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} disabled={disabled}>
      <Box as="span" color={color} display="inline-flex" aria-hidden>
        {icon}
      </Box>
      {children}
    </Button>
  );
}

/** The post composer (spec 000 section 4): text, photos, a video or a document, and a check-in. */
export function Composer() {
  const user = useOptionalSession();
  const [state, dispatch] = useReducer(composerReducer, emptyComposer);
  const [checkInOpen, setCheckInOpen] = useState(false);
  const [checkInUsed, setCheckInUsed] = useState(false);
  if (checkInOpen && !checkInUsed) setCheckInUsed(true);
  // The server's upload limits (appConfig); files can be picked once they are known.
  const limits = useUploadLimits();
  const photosInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  const [createPost, { loading: sending }] = useCreatePostMutation({
    update(cache, { data }) {
      if (data?.createPost) prependToFeed(cache, data.createPost);
    },
  });

  const readFailed = () => toaster.create({ type: 'error', title: 'Error', description: 'Could not read the file.' });

  const onPhotos = async (files: File[]) => {
    if (!files.length || !limits) return;
    for (const file of files) {
      const problem = checkImageFile(file, limits);
      if (problem) return refuse(problem);
    }
    const maxImages = limits.postMaxImages;
    const room = photoRoom(state, maxImages);
    if (files.length > room) {
      toaster.create({
        type: 'warning',
        title: 'Too many photos',
        description: `A post can have up to ${maxImages} photos.`,
      });
    }
    try {
      dispatch({ type: 'addImages', images: await Promise.all(files.slice(0, room).map(toAttachment)), maxImages });
    } catch {
      readFailed();
    }
  };

  const onVideo = async (file: File | undefined) => {
    if (!file || !limits) return;
    const problem = checkVideoFile(file, limits);
    if (problem) return refuse(problem);
    try {
      dispatch({ type: 'setVideo', video: await toAttachment(file) });
    } catch {
      readFailed();
    }
  };

  const onDocument = async (file: File | undefined) => {
    if (!file || !limits) return;
    const problem = checkDocumentFile(file, limits);
    if (problem) return refuse(problem);
    try {
      dispatch({ type: 'setDocument', document: await toAttachment(file) });
    } catch {
      readFailed();
    }
  };

  const ready = canPost(state);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || sending) return;
    try {
      await createPost({ variables: { input: toCreatePostInput(state) } });
      dispatch({ type: 'reset' });
      toaster.create({
        type: 'success',
        title: 'Post created!',
        description: 'Your post has been shared successfully.',
      });
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to create post. Please try again.' });
    }
  };

  const hasAttachments =
    state.images.length > 0 || state.video || state.document || state.checkIn || state.checkinPhoto;

  return (
    <>
      <Card.Root
        as="form"
        onSubmit={submit}
        data-testid="composer"
        data-tour="create-post"
        aria-label="Create a post"
        size="sm"
      >
        <Card.Body gap="3">
          <HStack align="start" gap="3">
            {user && <UserAvatar user={user} size="md" />}
            <Field.Root flex="1">
              <Field.Label srOnly>What&apos;s on your mind?</Field.Label>
              <Textarea
                name="content"
                placeholder="What's on your mind?"
                value={state.content}
                onChange={(e) => dispatch({ type: 'setContent', content: e.target.value })}
                autoresize
                minH="20"
                maxLength={5000}
                disabled={sending}
              />
            </Field.Root>
          </HStack>

          {hasAttachments && (
            <Stack gap="3" data-testid="composer-attachments">
              {state.images.length > 0 && (
                <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2">
                  {state.images.map((image, i) => (
                    <Box
                      key={`${image.name}-${i}`}
                      position="relative"
                      borderRadius="md"
                      overflow="hidden"
                      aspectRatio="1"
                    >
                      <Image
                        src={image.dataUrl}
                        alt={`Photo ${i + 1}: ${image.name}`}
                        w="full"
                        h="full"
                        objectFit="cover"
                      />
                      <RemoveButton
                        label={`Remove photo ${i + 1}`}
                        onClick={() => dispatch({ type: 'removeImage', index: i })}
                      />
                    </Box>
                  ))}
                </SimpleGrid>
              )}
              {state.video && (
                <Box position="relative" borderRadius="md" overflow="hidden" bg="black">
                  <video
                    src={state.video.dataUrl}
                    controls
                    aria-label={`Video: ${state.video.name}`}
                    style={{ width: '100%', maxHeight: 320 }}
                  />
                  <RemoveButton label="Remove video" onClick={() => dispatch({ type: 'removeVideo' })} />
                </Box>
              )}
              {state.document && (
                <Flex align="center" gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="composer-document">
                  <Icon as={LuFileText} boxSize="6" color="orange.fg" aria-hidden />
                  <Box flex="1" minW="0">
                    <Text fontWeight="medium" truncate>
                      {state.document.name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {formatFileSize(state.document.size)}
                    </Text>
                  </Box>
                  <IconButton
                    aria-label="Remove document"
                    size="xs"
                    variant="ghost"
                    onClick={() => dispatch({ type: 'removeDocument' })}
                  >
                    <LuX />
                  </IconButton>
                </Flex>
              )}
              {state.checkinPhoto && (
                <Box position="relative" borderRadius="md" overflow="hidden" maxW="xs" aspectRatio="4/3">
                  <Image src={state.checkinPhoto.dataUrl} alt="Check-in photo" w="full" h="full" objectFit="cover" />
                  <RemoveButton
                    label="Remove check-in photo"
                    onClick={() => dispatch({ type: 'removeCheckinPhoto' })}
                  />
                </Box>
              )}
              {state.checkIn && (
                <Tag.Root size="lg" colorPalette="green" alignSelf="start" maxW="full" data-testid="composer-location">
                  <Tag.StartElement>
                    <LuMapPin aria-hidden />
                  </Tag.StartElement>
                  <Tag.Label>{state.checkIn.location}</Tag.Label>
                  <Tag.EndElement>
                    <Tag.CloseTrigger
                      aria-label="Remove location"
                      onClick={() => dispatch({ type: 'removeCheckIn' })}
                    />
                  </Tag.EndElement>
                </Tag.Root>
              )}
            </Stack>
          )}

          <input
            ref={photosInput}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label="Attach photos"
            data-testid="composer-photos-input"
            onChange={(e) => {
              void onPhotos(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
          <input
            ref={videoInput}
            type="file"
            accept="video/*"
            hidden
            aria-label="Attach a video"
            data-testid="composer-video-input"
            onChange={(e) => {
              void onVideo(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <input
            ref={documentInput}
            type="file"
            accept={limits && documentAccept(limits)}
            hidden
            aria-label="Attach a document"
            data-testid="composer-document-input"
            onChange={(e) => {
              void onDocument(e.target.files?.[0]);
              e.target.value = '';
            }}
          />

          <Flex borderTopWidth="1px" pt="3" gap="2" wrap="wrap" align="center" justify="space-between">
            <Flex gap="1" wrap="wrap" role="group" aria-label="Add to your post">
              <AttachButton
                icon={<LuImage />}
                color="green.fg"
                disabled={!limits}
                onClick={() => photosInput.current?.click()}
              >
                Photos
              </AttachButton>
              <AttachButton
                icon={<LuVideo />}
                color="red.fg"
                disabled={!limits}
                onClick={() => videoInput.current?.click()}
              >
                Video
              </AttachButton>
              <AttachButton
                icon={<LuFileText />}
                color="orange.fg"
                disabled={!limits}
                onClick={() => documentInput.current?.click()}
              >
                Document
              </AttachButton>
              <AttachButton icon={<LuMapPin />} color="blue.fg" onClick={() => setCheckInOpen(true)}>
                Check In
              </AttachButton>
            </Flex>
            <Button
              type="submit"
              colorPalette="green"
              size="sm"
              ms="auto"
              disabled={!ready || sending}
              loading={sending}
              loadingText="Posting..."
            >
              <LuSend aria-hidden />
              Post
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
      {/* Outside the form: events bubble through portals in React, and the dialog has its own form. */}
      {/* Loaded the first time it opens (the map search is not needed for a plain post), then kept for its closing. */}
      {checkInUsed && (
        <Suspense fallback={null}>
          <CheckInDialog
            open={checkInOpen}
            onOpenChange={setCheckInOpen}
            initial={state.checkIn}
            initialPhoto={state.checkinPhoto}
            onConfirm={(checkIn, photo) => dispatch({ type: 'setCheckIn', checkIn, photo })}
          />
        </Suspense>
      )}
    </>
  );
}
