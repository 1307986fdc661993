import sharp from 'sharp';
import { storeMedia } from './media';

/** The widths (pixels) photos are offered at for `srcset`; none is ever wider than the original. */
export const RESPONSIVE_WIDTHS = [480, 1080] as const;

/** One rendition of a photo: its URL in the media store, its size and its type. */
export interface ImageVariant {
  url: string;
  width: number;
  height: number;
  mimeType: string;
}

/**
 * A stored photo: the original (upright, without metadata), a square grid thumbnail, its upright size and its
 * responsive variants.
 */
export interface StoredImage {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/**
 * The widths to render an image `width` pixels wide at: each responsive width below it, and the image's own
 * width when it is narrower than the largest (so a small photo still gets modern formats). Never upscaled.
 */
export function variantWidths(width: number): number[] {
  const largest = RESPONSIVE_WIDTHS[RESPONSIVE_WIDTHS.length - 1];
  const widths = RESPONSIVE_WIDTHS.filter((w) => w < width) as number[];
  if (width <= largest && !widths.includes(width)) widths.push(width);
  return widths;
}

const open = (bytes: Buffer, animated = false) => sharp(bytes, { animated, limitInputPixels: 64_000_000 }).rotate();

/**
 * The original, re-encoded in its own format: turned upright by its EXIF orientation and written without any
 * metadata (sharp drops EXIF, XMP, IPTC and comments unless asked to keep them), so no GPS position, camera
 * serial or author name leaves the server. Animated GIF and WebP keep their frames.
 */
async function cleanOriginal(bytes: Buffer, mime: string): Promise<Buffer> {
  switch (mime) {
    case 'image/png':
      return open(bytes).png().toBuffer();
    case 'image/gif':
      return open(bytes, true).gif().toBuffer();
    case 'image/webp':
      return open(bytes, true).webp({ quality: 90 }).toBuffer();
    case 'image/avif':
      return open(bytes).avif({ quality: 70 }).toBuffer();
    default:
      return open(bytes).jpeg({ quality: 90 }).toBuffer();
  }
}

/**
 * Renders a photo for the web: WebP at each width plus a fallback in the original's family (PNG keeps
 * transparency, everything else JPEG), and a 480×480 thumbnail for grids. AVIF is left out: it took about
 * 1.5× WebP's time at 1080 px here, for every photo of a post of up to ten, inside the request.
 * Throws when the bytes are not a readable image.
 */
export async function renderImage(bytes: Buffer, mime: string) {
  const meta = await open(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error('image without dimensions');
  const upright = (meta.orientation ?? 1) >= 5; // EXIF orientations 5 to 8 turn the picture a quarter
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;
  const fallback =
    mime === 'image/png' ? { ext: 'png', mimeType: 'image/png' } : { ext: 'jpg', mimeType: 'image/jpeg' };
  const formats = [{ ext: 'webp', mimeType: 'image/webp' }, fallback];
  const variants = await Promise.all(
    variantWidths(width).flatMap((w) =>
      formats.map(async (f) => {
        const resized = open(bytes).resize({ width: w, withoutEnlargement: true });
        const encoded =
          f.ext === 'webp'
            ? resized.webp({ quality: 78 })
            : f.ext === 'png'
              ? resized.png()
              : resized.jpeg({ quality: 80, mozjpeg: true });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        return { bytes: data, ext: f.ext, mimeType: f.mimeType, width: info.width, height: info.height };
      }),
    ),
  );
  const thumbnail = await open(bytes)
    .resize(480, 480, { fit: 'cover', withoutEnlargement: true })
    .jpeg({ quality: 75 })
    .toBuffer();
  const original = await cleanOriginal(bytes, mime);
  return { width, height, original, thumbnail, variants };
}

/** Stores what `renderImage` made (never the bytes as sent) and answers their URLs; `ext` is the original's. */
export async function storeRenderedImage(
  ext: string,
  rendered: Awaited<ReturnType<typeof renderImage>>,
): Promise<StoredImage> {
  const variants: ImageVariant[] = [];
  for (const v of rendered.variants) {
    variants.push({
      url: await storeMedia(v.bytes, { folder: 'images', ext: v.ext }),
      width: v.width,
      height: v.height,
      mimeType: v.mimeType,
    });
  }
  return {
    url: await storeMedia(rendered.original, { folder: 'images', ext }),
    thumbnailUrl: await storeMedia(rendered.thumbnail, { folder: 'thumbs', ext: 'jpg' }),
    width: rendered.width,
    height: rendered.height,
    variants,
  };
}
