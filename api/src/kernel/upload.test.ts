import { describe, expect, it } from 'vitest';
import { box, contentTypes, mp4Bytes, mvhd, webmBytes, zipBytes } from './upload.fixtures';
import { nameForType, sniff, videoSeconds } from './upload';

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const EXCEL = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
const POWERPOINT = 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml';
const office = (part: string, type: string) =>
  zipBytes({ '[Content_Types].xml': contentTypes(part, type), [part]: '<document/>' });
const ole = (stream: string) =>
  Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(100),
    Buffer.from(stream.split('').join('\0'), 'latin1'),
  ]);

describe('file sniffing by bytes', () => {
  it.each([
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png'],
    [Buffer.from('GIF89a....'), 'gif'],
    [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]), 'webp'],
    [mp4Bytes(), 'mp4'],
    [mp4Bytes('qt  '), 'mov'],
    [Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 'webm'],
    [Buffer.from('%PDF-1.7'), 'pdf'],
    [office('word/document.xml', WORD), 'docx'],
    [office('xl/workbook.xml', EXCEL), 'xlsx'],
    [office('ppt/presentation.xml', POWERPOINT), 'pptx'],
    [ole('WordDocument'), 'doc'],
    [ole('PowerPoint Document'), 'ppt'],
    [ole('Workbook'), 'xls'],
  ])('recognises %# as %s', (bytes, ext) => {
    expect(sniff(bytes)?.ext).toBe(ext);
  });

  it('refuses what it does not know', () => {
    expect(sniff(Buffer.from('MZ executable'))).toBeNull();
    expect(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniff(zipBytes({ 'payload.exe': 'MZ' }))).toBeNull();
  });

  it('refuses a file that only starts like an MP4: ftyp at offset 4 is not a movie', () => {
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
    const payload = Buffer.from('<html><script>alert(1)</script></html>');
    expect(sniff(Buffer.concat([ftyp, payload]))).toBeNull(); // no boxes after ftyp
    expect(sniff(Buffer.concat([ftyp, box('mdat', payload)]))).toBeNull(); // no movie header
    expect(sniff(Buffer.concat([ftyp, box('moov', payload), box('mdat', payload)]))).toBeNull(); // moov without mvhd
    const lying = Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', payload)]);
    lying.writeUInt32BE(lying.length, lying.length - payload.length - 8); // mdat claims more bytes than there are
    expect(sniff(lying)).toBeNull();
    expect(sniff(Buffer.concat([mp4Bytes(), payload]))).toBeNull(); // trailing bytes that are no box
  });

  it('refuses a ZIP that only names an Office folder: it needs a real [Content_Types].xml', () => {
    expect(sniff(zipBytes({ 'word/document.xml': '<document/>', 'evil.exe': 'MZ' }))).toBeNull();
    expect(sniff(zipBytes({ '[Content_Types].xml': 'not xml', 'word/document.xml': '<document/>' }))).toBeNull();
    expect(sniff(zipBytes({ '[Content_Types].xml': contentTypes('evil.xml', 'application/xml') }))).toBeNull();
    const withoutDirectory = office('word/document.xml', WORD).subarray(0, 60); // the entry names, no central directory
    expect(withoutDirectory.toString('latin1')).toContain('[Content_Types]');
    expect(sniff(withoutDirectory)).toBeNull();
  });
});

describe("a video's stated length", () => {
  it('reads the MP4 movie header, version 0 and 1', () => {
    expect(videoSeconds(mp4Bytes('isom', mvhd(1000, 30_000)))).toBe(30);
    expect(videoSeconds(mp4Bytes('isom', mvhd(600, 18_600)))).toBe(31);
    expect(videoSeconds(mp4Bytes('qt  ', mvhd(90_000, 90_000 * 45, 1)))).toBe(45);
  });

  it('reads the WebM segment Info Duration, also in a segment of unknown size', () => {
    expect(videoSeconds(webmBytes(12.5))).toBe(12.5);
    expect(videoSeconds(webmBytes(31, true))).toBe(31);
  });

  it('answers null when no length can be read', () => {
    expect(videoSeconds(mp4Bytes())).toBeNull(); // timescale 0
    expect(videoSeconds(mp4Bytes('isom', mvhd(1000, 0xffffffff)))).toBeNull();
    expect(videoSeconds(webmBytes(null))).toBeNull();
    expect(videoSeconds(webmBytes(40).subarray(0, 30))).toBeNull(); // cut short
    expect(videoSeconds(Buffer.from('not a video'))).toBeNull();
  });
});

describe("nameForType: the extension of the detected type replaces the uploader's (issue 24, item 13)", () => {
  it.each([
    ['cv.html', 'cv.pdf'],
    ['cv.pdf', 'cv.pdf'],
    ['CV.PDF', 'CV.pdf'],
    ['cv.pdf.html', 'cv.pdf'],
    ['Thandi Nkosi CV.htm ', 'Thandi Nkosi CV.pdf'],
    ['no extension', 'no extension.pdf'],
    ['.html', 'cv.pdf'],
    ['', 'cv.pdf'],
    [null, 'cv.pdf'],
  ])('%s -> %s', (given, named) => {
    expect(nameForType(given, 'pdf', 'cv')).toBe(named);
  });

  it('keeps the name within the length limit, extension included', () => {
    expect(nameForType('a'.repeat(300), 'docx', 'cv')).toBe(`${'a'.repeat(250)}.docx`);
  });
});
