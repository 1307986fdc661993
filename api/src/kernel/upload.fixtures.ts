import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Well-formed files of the kinds uploads accept, built byte by byte for tests (kernel tests may import only the
 * kernel).
 */

/** An ISO media box: its size, its four-letter type and its payload. */
export const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

/** The smallest MP4 laid out as players read it: `ftyp`, `moov` with its `mvhd` header, then `mdat`. */
export const mp4Bytes = (brand = 'isom', mvhd = Buffer.alloc(100)) =>
  Buffer.concat([
    box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2mp41`, 'latin1')),
    box('moov', box('mvhd', mvhd)),
    box('mdat', Buffer.alloc(32)),
  ]);

/** A movie header (`mvhd` payload) stating `duration` ticks of `timescale` per second, in version 0 or 1. */
export function mvhd(timescale: number, duration: number, version: 0 | 1 = 0): Buffer {
  const b = Buffer.alloc(version === 1 ? 112 : 100);
  b[0] = version;
  if (version === 1) {
    b.writeUInt32BE(timescale, 20);
    b.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    b.writeUInt32BE(timescale, 12);
    b.writeUInt32BE(duration, 16);
  }
  return b;
}

/** An EBML element: its id bytes, its size as an 8-byte vint (or unknown), its payload. */
export const ebml = (id: number[], payload: Buffer, unknownSize = false) => {
  const size = Buffer.alloc(8);
  if (unknownSize) size.fill(0xff, 1);
  else size.writeUInt32BE(payload.length, 4);
  size[0] = 0x01; // an 8-byte size
  return Buffer.concat([Buffer.from(id), size, payload]);
};

/** A WebM file whose segment Info states `seconds` (as a double, default TimecodeScale of 1 ms), or no Duration. */
export function webmBytes(seconds: number | null, unknownSegmentSize = false): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm')));
  const scale = ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])); // 1,000,000 ns
  const fields = [scale];
  if (seconds !== null) {
    const d = Buffer.alloc(8);
    d.writeDoubleBE(seconds * 1000);
    fields.push(ebml([0x44, 0x89], d));
  }
  const info = ebml([0x15, 0x49, 0xa9, 0x66], Buffer.concat(fields));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(16));
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, cluster]), unknownSegmentSize)]);
}

/** A little-endian record of `size` bytes: each field is [offset, width in bytes (2 or 4), value]. */
function record(size: number, fields: Array<[number, 2 | 4, number]>): Buffer {
  const b = Buffer.alloc(size);
  for (const [at, width, value] of fields) {
    if (width === 2) b.writeUInt16LE(value, at);
    else b.writeUInt32LE(value, at);
  }
  return b;
}

/** A ZIP file holding `entries` (name to text), deflated, with its central directory, as Office writes it. */
export function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const fileName = Buffer.from(name);
    // version, deflate, crc, compressed and plain sizes, name length: the same fields in both headers
    const sizes = (at: number): Array<[number, 2 | 4, number]> => [
      [at, 4, crc32(raw)],
      [at + 4, 4, data.length],
      [at + 8, 4, raw.length],
      [at + 12, 2, fileName.length],
    ];
    const local = record(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], ...sizes(14)]);
    const central = record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], [10, 2, 8], ...sizes(16), [42, 4, offset]]);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const count = Object.keys(entries).length;
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, count],
    [10, 2, count],
    [12, 4, directory.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, directory, end]);
}

/** `[Content_Types].xml` naming `mainType` for `partName`, as an Office document carries it. */
export const contentTypes = (partName: string, mainType: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types ` +
  `xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${partName}" ` +
  `ContentType="${mainType}"/></Types>`;
