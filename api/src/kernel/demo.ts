import sharp from 'sharp';
import type { Logger } from './logger';
import { renderImage, storeRenderedImage, type StoredImage } from './images';

/**
 * A module's share of the demo content (`modules/<domain>/<entity>.demo.ts`). Each part loads once, recorded
 * in app_meta by the demo loader in db/demo, which lists the parts; parts never import the loader.
 */
export interface DemoPart {
  name: string;
  load(log: Logger): Promise<void>;
}

/** A real JPEG photo stand-in for demo rows: a gradient with an optional caption, stored like an upload (thumbnail, variants). */
export async function demoPhoto(caption: string, from: string, to: string): Promise<StoredImage> {
  const safe = caption.replace(/[<&>]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <text x="600" y="420" font-family="Arial,Helvetica,sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">${safe}</text>
  </svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return storeRenderedImage({ bytes: jpeg, ext: 'jpg' }, await renderImage(jpeg, 'image/jpeg'));
}
