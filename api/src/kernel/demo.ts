import sharp from 'sharp';
import { renderImage, storeRenderedImage, type StoredImage } from './images';
import type { Logger } from './logger';

/**
 * A module's share of the demo content (its `<entity>.demo.ts`). Each part loads once, recorded
 * in app_meta by the demo loader in db/demo, which lists the parts; parts never import the loader.
 */
export interface DemoPart {
  name: string;
  load(log: Logger): Promise<void>;
}

/** Text for an SVG text node: the five XML specials escaped, so "Pap & wors" keeps its "&". */
export const xmlText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A real JPEG photo stand-in for demo rows: a 1200×800 gradient with an optional caption. */
export function demoPhotoJpeg(caption: string, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${xmlText(from)}"/><stop offset="1" stop-color="${xmlText(to)}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <text x="600" y="420" font-family="Arial,Helvetica,sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">${xmlText(caption)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A demo photo stored like an upload (original, thumbnail, responsive variants). */
export async function demoPhoto(caption: string, from: string, to: string): Promise<StoredImage> {
  const jpeg = await demoPhotoJpeg(caption, from, to);
  return storeRenderedImage('jpg', await renderImage(jpeg, 'image/jpeg'));
}
