import { describe, expect, it } from 'vitest';
import { sniff } from './upload';

const zipWith = (entry: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from(entry)]);
const ole = (stream: string) => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100), Buffer.from(stream.split('').join('\0'), 'latin1')]);

describe('file sniffing by bytes', () => {
  it.each([
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    [Buffer.from('GIF89a....'), 'gif'],
    [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]), 'webp'],
    [Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]), 'mp4'],
    [Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ')]), 'mov'],
    [Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 'webm'],
    [Buffer.from('%PDF-1.7'), 'pdf'],
    [zipWith('word/document.xml'), 'docx'],
    [zipWith('xl/workbook.xml'), 'xlsx'],
    [zipWith('ppt/presentation.xml'), 'pptx'],
    [ole('WordDocument'), 'doc'],
    [ole('PowerPoint Document'), 'ppt'],
    [ole('Workbook'), 'xls'],
  ])('recognises %# as %s', (bytes, ext) => {
    expect(sniff(bytes)?.ext).toBe(ext);
  });

  it('refuses what it does not know', () => {
    expect(sniff(Buffer.from('MZ executable'))).toBeNull();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniff(zipWith('payload.exe'))).toBeNull();
  });
});
