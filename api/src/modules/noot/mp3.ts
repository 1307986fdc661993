/**
 * Is this an mp3? Read from the bytes, never the name or the declared type: an ID3v2 tag followed by MPEG audio
 * frames, or MPEG audio frames from the first byte. A frame is a header with the frame sync (11 bits set), a known
 * version, Layer III, a bitrate and a sample rate that exist; without a tag the first frame must be whole and
 * the next one start where its length says (random bytes rarely pass that).
 */
const BITRATES: Record<'v1' | 'v2', number[]> = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The length in bytes of the Layer III frame whose header starts at `at`, or null when none starts there. */
export function mp3FrameLength(b: Buffer, at: number): number | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1] >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (b[at + 1] >> 1) & 0x03; // 1: Layer III
  const bitrateIndex = b[at + 2] >> 4;
  const rateIndex = (b[at + 2] >> 2) & 0x03;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const kbps = BITRATES[version === 3 ? 'v1' : 'v2'][bitrateIndex];
  const rate = SAMPLE_RATES[version][rateIndex];
  const padding = (b[at + 2] >> 1) & 0x01;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
}

/** Where the audio starts after an ID3v2 tag (its size is four 7-bit bytes), or 0 without one. */
function afterId3(b: Buffer): number {
  if (b.length < 10 || b.toString('latin1', 0, 3) !== 'ID3' || [6, 7, 8, 9].some((i) => b[i] & 0x80)) return 0;
  const size = (b[6] << 21) | (b[7] << 14) | (b[8] << 7) | b[9];
  const footer = b[5] & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

export function isMp3(b: Buffer): boolean {
  const start = afterId3(b);
  if (start > 0) {
    // Some encoders pad after the tag: the first frame may start a little later.
    for (let at = start; at < Math.min(b.length, start + 4096); at++) {
      if (mp3FrameLength(b, at)) return true;
    }
    return false;
  }
  const first = mp3FrameLength(b, 0);
  if (!first || first > b.length) return false;
  return first === b.length || mp3FrameLength(b, first) !== null;
}

/**
 * A silent MPEG-1 Layer III frame (128 kbps, 44.1 kHz, mono): `count` of them make a short valid mp3 (demo data,
 * tests).
 */
export function silentMp3(count = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}
