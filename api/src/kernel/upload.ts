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

/** The documents members may attach, by extension and MIME type: PDF, Word, Excel and PowerPoint, old and new formats. */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

interface Sniffed {
  kind: UploadKind;
  ext: string;
  mime: string;
}

const documentType = (ext: keyof typeof DOCUMENT_TYPES): Sniffed => ({ kind: 'document', ext, mime: DOCUMENT_TYPES[ext] });

const startsWith = (b: Buffer, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v);

/** The file's real type, read from its first bytes; the name and the declared type are not trusted. */
export function sniff(b: Buffer): Sniffed | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: 'image', ext: 'jpg', mime: 'image/jpeg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', ext: 'png', mime: 'image/png' };
  if (b.subarray(0, 6).toString('ascii') === 'GIF87a' || b.subarray(0, 6).toString('ascii') === 'GIF89a')
    return { kind: 'image', ext: 'gif', mime: 'image/gif' };
  if (b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP')
    return { kind: 'image', ext: 'webp', mime: 'image/webp' };
  if (b.subarray(4, 8).toString('ascii') === 'ftyp') {
    const brand = b.subarray(8, 12).toString('ascii');
    if (['avif', 'avis'].includes(brand)) return { kind: 'image', ext: 'avif', mime: 'image/avif' };
    if (['heic', 'heix', 'mif1'].includes(brand)) return null;
    if (brand === 'qt  ') return { kind: 'video', ext: 'mov', mime: 'video/quicktime' };
    return { kind: 'video', ext: 'mp4', mime: 'video/mp4' };
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', ext: 'webm', mime: 'video/webm' };
  if (b.subarray(0, 5).toString('ascii') === '%PDF-') return documentType('pdf');
  // Word 97-2003, Excel 97-2003, PowerPoint 97-2003 (OLE2 compound file)
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return officeLegacy(b);
  // docx, xlsx, pptx are ZIP files whose first entries name their part folders
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

function officeOpenXml(b: Buffer): Sniffed | null {
  const text = b.toString('latin1');
  if (text.includes('word/')) return documentType('docx');
  if (text.includes('xl/')) return documentType('xlsx');
  if (text.includes('ppt/')) return documentType('pptx');
  return null;
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

/**
 * Decodes a data URL sent by a client, checks its size against the kind's limit before and after
 * decoding, checks its real type from its bytes, and stores it. Images also get a thumbnail and responsive variants (kernel/images.ts).
 */
export async function acceptUpload(dataUrl: unknown, kind: UploadKind, field: string): Promise<StoredUpload> {
  if (typeof dataUrl !== 'string' || !DATA_URL.test(dataUrl)) throw badInput(field, 'must be a base64 data URL');
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  // Base64 is 4/3 of the bytes: refuse before decoding anything that cannot fit.
  if (base64.length > Math.ceil((UPLOAD_LIMITS[kind] * 4) / 3) + 4) throw tooLarge(TOO_LARGE[kind]);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badInput(field, 'is an empty file');
  if (bytes.length > UPLOAD_LIMITS[kind]) throw tooLarge(TOO_LARGE[kind]);
  const type = sniff(bytes);
  if (!type || type.kind !== kind) {
    throw kind === 'document' ? badInput(field, `is not allowed. ${WRONG_TYPE.document}`) : badInput(field, WRONG_TYPE[kind]);
  }
  if (kind === 'image') {
    let rendered: Awaited<ReturnType<typeof renderImage>>;
    try {
      rendered = await renderImage(bytes, type.mime);
    } catch {
      throw badInput(field, 'is not a readable image');
    }
    const image = await storeRenderedImage(type.ext, rendered);
    return { url: image.url, thumbnailUrl: image.thumbnailUrl, image, ext: type.ext, mime: type.mime, bytes: bytes.length };
  }
  const url = await storeMedia(bytes, { folder: `${kind}s`, ext: type.ext });
  return { url, thumbnailUrl: null, image: null, ext: type.ext, mime: type.mime, bytes: bytes.length };
}
