/**
 * Small files as a client sends them (data URLs), for upload tests: a real image, a PDF, a minimal
 * MP4 and an executable, plus helpers to fetch what the server stored.
 */

/** A real 1x1 PNG (decodes in any image library). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Silent MPEG-1 Layer III frames (128 kbps, 44.1 kHz, mono), about a second: a small mp3 Chromium plays. */
export const MP3_BYTES = Buffer.concat(
  Array.from({ length: 40 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc4]), Buffer.alloc(413)])),
);

/** A minimal PDF document. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> ' +
    'endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** An ISO media box: its size, its four-letter type and its payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** The smallest MP4 the server takes for one: an `ftyp` box (brand isom), a `moov` with its `mvhd`, an `mdat`. */
export const MP4_BYTES = Buffer.concat([
  box(
    'ftyp',
    Buffer.from('isom', 'ascii'),
    Buffer.from([0x00, 0x00, 0x02, 0x00]),
    Buffer.from('isomiso2avc1mp41', 'ascii'),
  ),
  box('moov', box('mvhd', Buffer.alloc(100))),
  box('mdat', Buffer.alloc(64)),
]);

/** The start of a Linux executable (ELF header). */
export const ELF_BYTES = Buffer.from([
  0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0x3e, 0x00,
]);

/** A data URL as a browser's FileReader.readAsDataURL makes it. */
export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A PNG-headed image of `size` bytes (the rest is padding): enough to test size limits. */
export function pngOfSize(size: number): Buffer {
  const b = Buffer.alloc(size);
  PNG_BYTES.copy(b);
  return b;
}

/** Fetches a stored file by the URL the server answered (a path under /media). */
export async function fetchMedia(baseUrl: string, mediaUrl: string) {
  const res = await fetch(new URL(mediaUrl, baseUrl));
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
