import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPhotoJpeg, xmlText } from './demo';

/** The caption band of a demo photo as raw pixels. */
const captionPixels = async (caption: string) =>
  sharp(await demoPhotoJpeg(caption, '#006b3f', '#ffb612')).extract({ left: 300, top: 340, width: 600, height: 110 }).raw().toBuffer();

/** How many bytes of two pixel buffers differ noticeably (JPEG noise aside). */
const differing = (a: Buffer, b: Buffer) => a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > 40 ? 1 : 0), 0);

describe('demo photos', () => {
  it('escapes captions for SVG instead of dropping characters', () => {
    expect(xmlText(`Pap & wors <"Mzansi's">`)).toBe('Pap &amp; wors &lt;&quot;Mzansi&apos;s&quot;&gt;');
  });

  it('draws the "&" of "Pap & wors"', async () => {
    const withAmpersand = await captionPixels('Pap & wors');
    const withoutAmpersand = await captionPixels('Pap  wors');
    const sameAgain = await captionPixels('Pap & wors');
    expect(differing(withAmpersand, sameAgain)).toBe(0);
    expect(differing(withAmpersand, withoutAmpersand)).toBeGreaterThan(200);
  });
});
