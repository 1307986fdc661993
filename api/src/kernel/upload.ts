import { inflateRawSync } from 'node:zlib';
import { badInput, tooLarge } from './errors';
import { renderImage, storeRenderedImage, type StoredImage } from './images';
import { storeMedia } from './media';

/** The kinds of file members send, with the spec's limits (000 section 9). */
export const UPLOAD_LIMITS = {
  image: 5 * 1024 * 1024,
  video: 50 * 1024 * 1024,
  document: 10 * 1024 * 1024,
} as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;

/**
 * The documents members may attach, by extension and MIME type: PDF, Word, Excel and PowerPoint, old and new formats.
 */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

/**
 * The name a stored file is offered under: the uploader's name with its own extension replaced by the one of the
 * type its bytes were detected as (issue 24, item 13: a PDF sent as `cv.html` is `cv.pdf`), so no name makes a
 * browser or a desktop open the file as something else. `fallback` (e.g. `cv`) when no usable name was given.
 */
export function nameForType(name: string | null | undefined, ext: string, fallback: string, maxLength = 255): string {
  const suffix = `.${ext.toLowerCase()}`;
  // The last extension-like part goes (`.html`, `.pdf `); a name already ending in the right one keeps its base.
  let base = (name ?? '')
    .trim()
    .replace(/\.[A-Za-z0-9_-]{0,16}\s*$/, '')
    .trim();
  if (base.toLowerCase().endsWith(suffix)) base = base.slice(0, -suffix.length).trim();
  base = base
    .replace(/^\.+/, '')
    .slice(0, maxLength - suffix.length)
    .trim();
  return `${base || fallback}${suffix}`;
}

interface Sniffed {
  kind: UploadKind;
  ext: string;
  mime: string;
}

const documentType = (ext: keyof typeof DOCUMENT_TYPES): Sniffed => ({
  kind: 'document',
  ext,
  mime: DOCUMENT_TYPES[ext],
});

const startsWith = (b: Buffer, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v);

/** The file's real type, read from its first bytes; the name and the declared type are not trusted. */
export function sniff(b: Buffer): Sniffed | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: 'image', ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', ext: 'png', mime: 'image/png' };
  if (b.subarray(0, 6).toString('ascii') === 'GIF87a' || b.subarray(0, 6).toString('ascii') === 'GIF89a')
    return { kind: 'image', ext: 'gif', mime: 'image/gif' };
  if (b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP')
    return { kind: 'image', ext: 'webp', mime: 'image/webp' };
  if (b.subarray(4, 8).toString('ascii') === 'ftyp') {
    const brand = b.subarray(8, 12).toString('ascii');
    if (['avif', 'avis'].includes(brand)) return { kind: 'image', ext: 'avif', mime: 'image/avif' };
    if (['heic', 'heix', 'mif1'].includes(brand)) return null;
    if (!isMovie(b)) return null;
    if (brand === 'qt  ') return { kind: 'video', ext: 'mov', mime: 'video/quicktime' };
    return { kind: 'video', ext: 'mp4', mime: 'video/mp4' };
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', ext: 'webm', mime: 'video/webm' };
  if (b.subarray(0, 5).toString('ascii') === '%PDF-') return documentType('pdf');
  // Word 97-2003, Excel 97-2003, PowerPoint 97-2003 (OLE2 compound file)
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return officeLegacy(b);
  // docx, xlsx, pptx
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return officeOpenXml(b);
  return null;
}

function officeLegacy(b: Buffer): Sniffed {
  const text = b.toString('latin1');
  const utf16 = (s: string) => s.split('').join('\0');
  if (text.includes(utf16('WordDocument'))) return documentType('doc');
  if (text.includes(utf16('PowerPoint Document'))) return documentType('ppt');
  return documentType('xls');
}

interface Box {
  type: string;
  start: number;
  end: number;
}

/**
 * The ISO media boxes laid end to end in `b` from `start` to `end`, or null when they are not a well-formed run
 * (a size below the header, past the end, or a type that is not four printable characters).
 */
function boxes(b: Buffer, start: number, end: number): Box[] | null {
  const found: Box[] = [];
  for (let at = start; at < end;) {
    if (end - at < 8) return null;
    let size = b.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (end - at < 16) return null;
      size = Number(b.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at; // the last box runs to the end of the file
    const type = b.toString('latin1', at + 4, at + 8);
    if (size < header || at + size > end || !/^[\x20-\x7e]{4}$/.test(type)) return null;
    found.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return found;
}

/**
 * An MP4 or QuickTime movie: the whole file is a run of well-formed boxes, starting with `ftyp`, holding the
 * media data (`mdat`) and a movie header (`moov` with its `mvhd`). A file that only starts like one is not.
 */
function isMovie(b: Buffer): boolean {
  const top = boxes(b, 0, b.length);
  if (!top || top[0]?.type !== 'ftyp' || !top.some((x) => x.type === 'mdat')) return false;
  const moov = top.find((x) => x.type === 'moov');
  return !!moov && !!boxes(b, moov.start, moov.end)?.some((x) => x.type === 'mvhd');
}

/** The main part's content type, as `[Content_Types].xml` names it, for each Office Open XML format. */
const OPEN_XML_MAIN = [
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
] as const;

/** The bytes of one entry of a ZIP file, read through its central directory; null when the ZIP is not sound. */
function zipEntry(b: Buffer, name: string): Buffer | null {
  const tail = Math.max(0, b.length - 65_557); // the end record and a comment of at most 64 KiB
  const eocd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < tail || eocd + 22 > b.length) return null;
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50) return null;
    const method = b.readUInt16LE(at + 10);
    const compressed = b.readUInt32LE(at + 20);
    const nameLength = b.readUInt16LE(at + 28);
    const skip = nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    const local = b.readUInt32LE(at + 42);
    if (b.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) return null;
      const data = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
      if (data + compressed > b.length) return null;
      const raw = b.subarray(data, data + compressed);
      try {
        if (method === 0) return raw;
        if (method === 8) return inflateRawSync(raw, { maxOutputLength: 1024 * 1024 });
      } catch {
        return null;
      }
      return null;
    }
    at += 46 + skip;
  }
  return null;
}

/** docx, xlsx and pptx are ZIP files whose `[Content_Types].xml` names their main part's type. */
function officeOpenXml(b: Buffer): Sniffed | null {
  const types = zipEntry(b, '[Content_Types].xml')?.toString('utf8');
  if (!types || !/<Types[\s>]/.test(types)) return null;
  const main = OPEN_XML_MAIN.find(([, contentType]) => types.includes(`ContentType="${contentType}"`));
  return main ? documentType(main[0]) : null;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[\w.-]+)*;base64,/;

const TOO_LARGE: Record<UploadKind, string> = {
  image: 'Please select an image smaller than 5MB.',
  video: 'Please select a video smaller than 50MB.',
  document: 'Please select a document smaller than 10MB.',
};
const WRONG_TYPE: Record<UploadKind, string> = {
  image: 'must be an image (JPEG, PNG, GIF, WebP or AVIF)',
  video: 'must be a video (MP4, MOV or WebM)',
  document: 'Please select a PDF, Excel, PowerPoint, or Word document.',
};

export interface StoredUpload {
  url: string;
  /** A small JPEG for grids; images only. */
  thumbnailUrl: string | null;
  /** Size and responsive variants; images only. */
  image: StoredImage | null;
  ext: string;
  mime: string;
  bytes: number;
}

/** A file that passed every check and is ready to store: its bytes, its real type and, for images, its renditions. */
export interface CheckedUpload {
  bytes: Buffer;
  type: Sniffed;
  rendered: Awaited<ReturnType<typeof renderImage>> | null;
}

/**
 * Decodes a data URL sent by a client, checks its size against the kind's limit before and after decoding,
 * checks its real type from its bytes and, for images, renders the thumbnail and responsive variants
 * (kernel/images.ts). Stores nothing: check every file of a request first, then store them all.
 */
export async function checkUpload(dataUrl: unknown, kind: UploadKind, field: string): Promise<CheckedUpload> {
  const bytes = decodeDataUrl(dataUrl, field, UPLOAD_LIMITS[kind], TOO_LARGE[kind]);
  const type = sniff(bytes);
  if (!type || type.kind !== kind) {
    throw kind === 'document'
      ? badInput(field, `is not allowed. ${WRONG_TYPE.document}`)
      : badInput(field, WRONG_TYPE[kind]);
  }
  if (kind !== 'image') return { bytes, type, rendered: null };
  try {
    return { bytes, type, rendered: await renderImage(bytes, type.mime) };
  } catch {
    throw badInput(field, 'is not a readable image');
  }
}

/**
 * The bytes of a base64 data URL sent by a client, at most `limit` of them: the size is checked before decoding
 * (base64 is 4/3 of the bytes) and after; too large is PAYLOAD_TOO_LARGE with `tooLargeMessage`.
 */
export function decodeDataUrl(dataUrl: unknown, field: string, limit: number, tooLargeMessage: string): Buffer {
  if (typeof dataUrl !== 'string' || !DATA_URL.test(dataUrl)) throw badInput(field, 'must be a base64 data URL');
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  if (base64.length > Math.ceil((limit * 4) / 3) + 4) throw tooLarge(tooLargeMessage);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badInput(field, 'is an empty file');
  if (bytes.length > limit) throw tooLarge(tooLargeMessage);
  return bytes;
}

/** Stores a checked file (an image as its clean renditions, never the bytes as sent) and answers its URLs. */
export async function storeUpload({ bytes, type, rendered }: CheckedUpload): Promise<StoredUpload> {
  if (rendered) {
    const image = await storeRenderedImage(type.ext, rendered);
    return {
      url: image.url,
      thumbnailUrl: image.thumbnailUrl,
      image,
      ext: type.ext,
      mime: type.mime,
      bytes: bytes.length,
    };
  }
  const url = await storeMedia(bytes, { folder: `${type.kind}s`, ext: type.ext });
  return { url, thumbnailUrl: null, image: null, ext: type.ext, mime: type.mime, bytes: bytes.length };
}

/** Every file a stored upload made: the original, the thumbnail and each variant. */
export const storedUrls = (u: StoredUpload): string[] => [
  u.url,
  ...(u.thumbnailUrl ? [u.thumbnailUrl] : []),
  ...(u.image?.variants.map((v) => v.url) ?? []),
];

/**
 * The length in seconds a video's container states, or null when it states none that can be read (such a file
 * is accepted: the length is a rule for honest files, not a decoder). MP4 and QuickTime: the movie header
 * (`moov`/`mvhd`) duration over its timescale; WebM: the segment's Info Duration times its TimecodeScale.
 */
export function videoSeconds(b: Buffer): number | null {
  try {
    if (b.subarray(4, 8).toString('ascii') === 'ftyp') return movieSeconds(b);
    if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return webmSeconds(b);
  } catch {
    return null; // a header cut short: no stated length
  }
  return null;
}

function movieSeconds(b: Buffer): number | null {
  const moov = boxes(b, 0, b.length)?.find((x) => x.type === 'moov');
  const mvhd = moov && boxes(b, moov.start, moov.end)?.find((x) => x.type === 'mvhd');
  if (!mvhd) return null;
  const version = b[mvhd.start];
  const [timescale, duration] =
    version === 1
      ? [b.readUInt32BE(mvhd.start + 20), Number(b.readBigUInt64BE(mvhd.start + 24))]
      : [b.readUInt32BE(mvhd.start + 12), b.readUInt32BE(mvhd.start + 16)];
  // 0xffffffff (or all ones in 64 bits) means "not known"
  if (!timescale || duration === 0xffffffff || duration >= Number.MAX_SAFE_INTEGER) return null;
  return duration / timescale;
}

/** One EBML variable-length integer at `at`: its width and value (with the length marker kept for ids). */
function vint(b: Buffer, at: number, keepMarker: boolean): { width: number; value: number; unknown: boolean } {
  const first = b[at];
  if (first === undefined || first === 0) throw new Error('bad EBML integer');
  const width = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> width);
  let allOnes = value === 0xff >> width;
  for (let i = 1; i < width; i++) {
    const byte = b[at + i];
    if (byte === undefined) throw new Error('EBML integer cut short');
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { width, value, unknown: !keepMarker && allOnes };
}

const EBML = { header: 0x1a45dfa3, segment: 0x18538067, info: 0x1549a966, timecodeScale: 0x2ad7b1, duration: 0x4489 };

/** The EBML elements laid end to end from `start` to `end`: id, where the payload starts and ends. */
function* ebmlElements(b: Buffer, start: number, end: number) {
  for (let at = start; at < end;) {
    const id = vint(b, at, true);
    const size = vint(b, at + id.width, false);
    const payload = at + id.width + size.width;
    const stop = size.unknown ? end : Math.min(end, payload + size.value);
    yield { id: id.value, start: payload, end: stop };
    at = stop;
  }
}

function webmSeconds(b: Buffer): number | null {
  for (const top of ebmlElements(b, 0, b.length)) {
    if (top.id !== EBML.segment) continue;
    for (const part of ebmlElements(b, top.start, top.end)) {
      if (part.id !== EBML.info) continue;
      let scale = 1_000_000;
      let duration: number | null = null;
      for (const field of ebmlElements(b, part.start, part.end)) {
        const width = field.end - field.start;
        if (field.id === EBML.timecodeScale && width >= 1 && width <= 6) scale = b.readUIntBE(field.start, width);
        if (field.id === EBML.duration && width === 4) duration = b.readFloatBE(field.start);
        if (field.id === EBML.duration && width === 8) duration = b.readDoubleBE(field.start);
      }
      return duration === null || !Number.isFinite(duration) ? null : (duration * scale) / 1e9;
    }
    return null;
  }
  return null;
}

/** Checks every photo of a request by its bytes (`images[i]` when several, `image` for one) before any is stored. */
export async function checkImages(sources: unknown[]): Promise<CheckedUpload[]> {
  const checked: CheckedUpload[] = [];
  for (const [i, src] of sources.entries())
    checked.push(await checkUpload(src, 'image', sources.length > 1 ? `images[${i}]` : 'image'));
  return checked;
}

/** A stored photo as a row keeps it: the original, its thumbnail, its size and its variants. */
export const storedPhoto = ({ url, thumbnailUrl, width, height, variants }: StoredImage): StoredImage => ({
  url,
  thumbnailUrl,
  width,
  height,
  variants,
});

/** Every stored file of photos a row keeps (original, thumbnail, variants), e.g. to delete them with the row. */
export const photoUrls = (
  images: Array<{ url: string; thumbnailUrl: string | null; variants?: Array<{ url: string }> | null }>,
): string[] =>
  images
    .flatMap((i) => [i.url, i.thumbnailUrl, ...(i.variants ?? []).map((v) => v.url)])
    .filter((u): u is string => !!u);
