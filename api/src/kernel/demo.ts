import sharp from 'sharp';
import { renderImage, storeRenderedImage, type StoredImage } from './images';
import type { Logger } from './logger';

/**
 * A module's share of the demo content (its `<entity>.demo.ts`). Each part loads once, recorded
 * in app_meta by the demo loader in db/demo; a module declares its parts in its manifest (`demo`), and parts never
 * import the loader.
 */
export interface DemoPart {
  name: string;
  load(log: Logger): Promise<void>;
  /**
   * Runs at every later start of a demo installation, for demo facts that age (radar positions count for 24 hours):
   * it renews them, never undoing what a member changed.
   */
  refresh?(log: Logger): Promise<void>;
  /** Names of parts (of other modules) that must be loaded first; otherwise parts load in module order. */
  after?: readonly string[];
}

/** Text for an SVG text node: the five XML specials escaped, so "Pap & wors" keeps its "&". */
export const xmlText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * A caption in lines that fit the photo: words wrapped at `maxChars`, at most `maxLines` lines, the last one ending
 * in "…" when the words run out of room (a word longer than a line is cut).
 */
export function captionLines(caption: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of caption.trim().split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) line = next;
    else {
      if (line) lines.push(line);
      line = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = last.length < maxChars ? `${last}…` : `${last.slice(0, maxChars - 1)}…`;
  return kept;
}

/**
 * The caption's type: 64 px bold for up to 26 characters a line, 48 px for up to 36 when it needs more than two lines.
 */
const CAPTION_SIZES = [
  { fontSize: 64, maxChars: 26 },
  { fontSize: 48, maxChars: 36 },
] as const;

/** A real JPEG photo stand-in for demo rows: a 1200×800 gradient with an optional caption, wrapped to fit. */
export function demoPhotoJpeg(caption: string, from: string, to: string): Promise<Buffer> {
  const size = CAPTION_SIZES.find((s) => captionLines(caption, s.maxChars, 9).length <= 2) ?? CAPTION_SIZES[1];
  const lines = captionLines(caption, size.maxChars, 3);
  const lineHeight = Math.round(size.fontSize * 1.2);
  const firstY = 400 - ((lines.length - 1) * lineHeight) / 2 + size.fontSize / 3;
  const tspans = lines
    .map((l, i) => `<tspan x="600" y="${Math.round(firstY + i * lineHeight)}">${xmlText(l)}</tspan>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${xmlText(from)}"/><stop ` +
    `offset="1" stop-color="${xmlText(to)}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <text font-family="Arial,Helvetica,sans-serif" font-size="${size.fontSize}" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${tspans}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A demo photo stored like an upload (original, thumbnail, responsive variants). */
export async function demoPhoto(caption: string, from: string, to: string): Promise<StoredImage> {
  const jpeg = await demoPhotoJpeg(caption, from, to);
  return storeRenderedImage('jpg', await renderImage(jpeg, 'image/jpeg'));
}
