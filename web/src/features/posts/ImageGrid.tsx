import { useState, type KeyboardEvent } from 'react';
import { Box, chakra, CloseButton, Dialog, Grid, HStack, IconButton, Image, Portal, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { imageGridLayout, type GridImage } from './postContent';

/** Grid areas per layout (spec 000 section 4: by count 1, 2, 3, 4, 5 or more). */
const LAYOUTS: Record<1 | 2 | 3 | 4 | 5, { columns: string; rows: string; areas: string[]; height: string[] }> = {
  1: { columns: '1fr', rows: 'auto', areas: ['1 / 1 / 2 / 2'], height: ['auto'] },
  2: { columns: '1fr 1fr', rows: '1fr', areas: ['1 / 1 / 2 / 2', '1 / 2 / 2 / 3'], height: ['100%', '100%'] },
  3: {
    columns: '2fr 1fr',
    rows: '1fr 1fr',
    areas: ['1 / 1 / 3 / 2', '1 / 2 / 2 / 3', '2 / 2 / 3 / 3'],
    height: ['100%', '100%', '100%'],
  },
  4: {
    columns: '1fr 1fr',
    rows: '1fr 1fr',
    areas: ['1 / 1 / 2 / 2', '1 / 2 / 2 / 3', '2 / 1 / 3 / 2', '2 / 2 / 3 / 3'],
    height: ['100%', '100%', '100%', '100%'],
  },
  // Two across the top, three across the bottom.
  5: {
    columns: 'repeat(6, 1fr)',
    rows: '3fr 2fr',
    areas: ['1 / 1 / 2 / 4', '1 / 4 / 2 / 7', '2 / 1 / 3 / 3', '2 / 3 / 3 / 5', '2 / 5 / 3 / 7'],
    height: ['100%', '100%', '100%', '100%', '100%'],
  },
};

/** How wide a post's photo is drawn: the whole card on phones, the feed column (at most 40rem) above. */
export const PHOTO_SIZES = '(min-width: 40rem) 40rem, 100vw';

/** `srcset` of one format: 'url 480w, url 1080w'; empty when the photo has no variants of that type. */
export function srcSetOf(image: GridImage, mimeType: string): string {
  return (image.variants ?? [])
    .filter((v) => v.mimeType === mimeType)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

/**
 * One photo, whole (never cropped), at the width the screen needs: WebP where the browser takes it, else the
 * JPEG or PNG variants, else the original. Width and height reserve its space before it loads.
 */
function SinglePhoto({ image }: { image: GridImage }) {
  const webp = srcSetOf(image, 'image/webp');
  const fallbackType = image.variants?.find((v) => v.mimeType !== 'image/webp')?.mimeType;
  const fallback = fallbackType ? srcSetOf(image, fallbackType) : '';
  return (
    <picture>
      {webp && <source type="image/webp" srcSet={webp} sizes={PHOTO_SIZES} />}
      <Image
        src={image.url}
        srcSet={fallback || undefined}
        sizes={fallback ? PHOTO_SIZES : undefined}
        htmlWidth={image.width ?? undefined}
        htmlHeight={image.height ?? undefined}
        alt=""
        loading="lazy"
        decoding="async"
        w="full"
        h="auto"
        maxH="32rem"
        objectFit="contain"
        display="block"
      />
    </picture>
  );
}

export function ImageGrid({ images, authorName }: { images: GridImage[]; authorName: string }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const { layout, shown, overflow } = imageGridLayout(images.length);
  if (layout === 0) return null;
  const spec = LAYOUTS[layout];
  const single = layout === 1;

  return (
    <>
      <Grid
        data-testid="image-grid"
        data-layout={layout}
        templateColumns={spec.columns}
        templateRows={spec.rows}
        gap="1"
        borderRadius="md"
        overflow="hidden"
        aspectRatio={single ? undefined : layout === 2 ? '2 / 1' : '4 / 3'}
      >
        {images.slice(0, shown).map((image, i) => {
          const more = i === shown - 1 && overflow > 0;
          return (
            <chakra.button
              key={`${image.url}-${i}`}
              type="button"
              data-testid="image-grid-tile"
              gridArea={spec.areas[i]}
              position="relative"
              minH="0"
              minW="0"
              overflow="hidden"
              cursor="zoom-in"
              bg="bg.muted"
              focusVisibleRing="inside"
              aria-label={
                more
                  ? `Open photo ${i + 1} of ${images.length}, ${overflow} more`
                  : `Open photo ${i + 1} of ${images.length}`
              }
              onClick={() => setOpenIndex(i)}
            >
              {single ? (
                <SinglePhoto image={image} />
              ) : (
                // Tiles of a grid are square crops (the thumbnails); the lightbox shows the whole photo.
                <Image
                  src={image.thumbnailUrl ?? image.url}
                  alt=""
                  loading="lazy"
                  w="full"
                  h={spec.height[i]}
                  objectFit="cover"
                  display="block"
                />
              )}
              {more && (
                <Box
                  data-testid="image-grid-more"
                  position="absolute"
                  inset="0"
                  bg="blackAlpha.600"
                  color="white"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  fontSize="2xl"
                  fontWeight="bold"
                >
                  +{overflow}
                </Box>
              )}
            </chakra.button>
          );
        })}
      </Grid>
      <Lightbox images={images} index={openIndex} authorName={authorName} onIndexChange={setOpenIndex} />
    </>
  );
}

/** The full photo in a dialog; arrows (buttons or keys) step through the post's photos. */
function Lightbox({
  images,
  index,
  authorName,
  onIndexChange,
}: {
  images: GridImage[];
  index: number | null;
  authorName: string;
  onIndexChange: (index: number | null) => void;
}) {
  const count = images.length;
  const image = index === null ? null : images[index];
  const step = (delta: number) => index !== null && onIndexChange((index + delta + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
  };
  return (
    <Dialog.Root
      open={index !== null}
      onOpenChange={(e) => !e.open && onIndexChange(null)}
      size="xl"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.950" color="white" onKeyDown={onKeyDown} data-testid="image-lightbox">
            <Dialog.Header>
              <Dialog.Title fontSize="sm">
                Photo {index === null ? '' : index + 1} of {count}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" justifyContent="center" px="2">
              {image && (
                <Image
                  src={image.url}
                  alt={`Photo ${(index ?? 0) + 1} of ${count} from ${authorName}'s post`}
                  maxH="75vh"
                  maxW="full"
                  objectFit="contain"
                />
              )}
            </Dialog.Body>
            {count > 1 && (
              <HStack justify="center" pb="4" gap="4">
                <IconButton aria-label="Previous photo" variant="subtle" size="sm" onClick={() => step(-1)}>
                  <LuChevronLeft />
                </IconButton>
                <Text fontSize="sm" aria-hidden>
                  {(index ?? 0) + 1} / {count}
                </Text>
                <IconButton aria-label="Next photo" variant="subtle" size="sm" onClick={() => step(1)}>
                  <LuChevronRight />
                </IconButton>
              </HStack>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" color="white" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
