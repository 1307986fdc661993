import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { captionLines, demoPhotoJpeg, xmlText } from './demo';

/** The caption band of a demo photo as raw pixels. */
const captionPixels = async (caption: string) =>
  sharp(await demoPhotoJpeg(caption, '#006b3f', '#ffb612'))
    .extract({ left: 300, top: 340, width: 600, height: 110 })
    .raw()
    .toBuffer();

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

describe('demo photo captions', () => {
  it('keeps a short caption on one line', () => {
    expect(captionLines('Bobotie', 26, 3)).toEqual(['Bobotie']);
    expect(captionLines('', 26, 3)).toEqual([]);
  });

  it('wraps a long name at word boundaries, every line within the width', () => {
    const lines = captionLines('Oupa se Vintage Land Rover Series III Station Wagon', 26, 3);
    expect(lines).toEqual(['Oupa se Vintage Land Rover', 'Series III Station Wagon']);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(26);
  });

  it('ends the last line in an ellipsis when the words run out of room, and cuts a word longer than a line', () => {
    const lines = captionLines('one two three four five six seven eight nine ten eleven twelve', 10, 2);
    expect(lines).toEqual(['one two', 'three fou…']);
    expect(captionLines('Supercalifragilistic', 8, 3)).toEqual(['Superca…']);
  });

  it('draws a 1200 x 800 JPEG whatever the caption', async () => {
    for (const caption of [
      '',
      'Kaapstad',
      'A very long listing name that would never fit on one line of the photo at all',
    ]) {
      const meta = await sharp(await demoPhotoJpeg(caption, '#007749', '#FFB612')).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    }
  });
});
