import { describe, expect, it } from 'vitest';
import { TEST_UPLOAD_LIMITS as limits } from '../test/appConfig';
import {
  MB,
  checkDocumentFile,
  checkImageFile,
  checkVideoFile,
  documentAccept,
  fileExtension,
  formatFileSize,
  isDocumentFile,
  readFileAsDataUrl,
} from './files';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('upload limits', () => {
  it('come from appConfig: another limit changes the check and its message', () => {
    const small = { ...limits, imageMaxBytes: 2 * MB, videoMaxBytes: 1.5 * MB, documentMaxBytes: 3 * MB };
    expect(checkImageFile(file('a.jpg', 'image/jpeg', 2 * MB + 1), small)?.description).toBe(
      'Please select an image smaller than 2MB.',
    );
    expect(checkImageFile(file('a.jpg', 'image/jpeg', 2 * MB), small)).toBeNull();
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 2 * MB), small)?.description).toBe(
      'Please select a video smaller than 1.5MB.',
    );
    expect(checkDocumentFile(file('a.pdf', 'application/pdf', 3 * MB + 1), small)?.description).toBe(
      'Please select a document smaller than 3MB.',
    );
  });

  it("the document types come from appConfig too, and make the picker's accept list", () => {
    const pdfOnly = { ...limits, documentExtensions: ['pdf'], documentMimeTypes: ['application/pdf'] };
    expect(checkDocumentFile(file('a.docx', '', 10), pdfOnly)?.title).toBe('Invalid file type');
    expect(checkDocumentFile(file('a.pdf', '', 10), pdfOnly)).toBeNull();
    expect(documentAccept(pdfOnly)).toBe('.pdf,application/pdf');
  });
});

describe('checkImageFile', () => {
  it('accepts an image up to 5 MB', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg', 5 * MB), limits)).toBeNull();
    expect(checkImageFile(file('a.png', 'image/png', 10), limits)).toBeNull();
  });

  it('refuses a larger image with the spec toast', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg', 5 * MB + 1), limits)).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB.',
    });
  });

  it('refuses a file that is not an image', () => {
    expect(checkImageFile(file('a.pdf', 'application/pdf', 10), limits)?.title).toBe('Invalid file type');
  });
});

describe('checkVideoFile', () => {
  it('accepts a video up to 50 MB', () => {
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 50 * MB), limits)).toBeNull();
  });

  it('refuses a larger video with the spec toast', () => {
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 50 * MB + 1), limits)).toEqual({
      title: 'File too large',
      description: 'Please select a video smaller than 50MB.',
    });
  });

  it('refuses a file that is not a video', () => {
    expect(checkVideoFile(file('a.jpg', 'image/jpeg', 10), limits)?.title).toBe('Invalid file type');
  });
});

describe('checkDocumentFile', () => {
  it('accepts PDF, Word, Excel and PowerPoint, old and new formats, by extension', () => {
    for (const name of ['a.pdf', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.PPTX']) {
      expect(checkDocumentFile(file(name, '', 1000), limits)).toBeNull();
    }
  });

  it('accepts a document recognised by its MIME type alone', () => {
    expect(isDocumentFile(file('report', 'application/vnd.ms-excel', 10), limits)).toBe(true);
    expect(
      isDocumentFile(
        file('deck', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 10),
        limits,
      ),
    ).toBe(true);
  });

  it('refuses other files with the spec toast', () => {
    expect(checkDocumentFile(file('notes.txt', 'text/plain', 10), limits)).toEqual({
      title: 'Invalid file type',
      description: 'Please select a PDF, Excel, PowerPoint, or Word document.',
    });
    expect(checkDocumentFile(file('photo.jpg', 'image/jpeg', 10), limits)?.title).toBe('Invalid file type');
  });

  it('refuses a document above 10 MB with the spec toast', () => {
    expect(checkDocumentFile(file('a.pdf', 'application/pdf', 10 * MB), limits)).toBeNull();
    expect(checkDocumentFile(file('a.pdf', 'application/pdf', 10 * MB + 1), limits)).toEqual({
      title: 'File too large',
      description: 'Please select a document smaller than 10MB.',
    });
  });
});

describe('helpers', () => {
  it('reads file extensions', () => {
    expect(fileExtension('Report.Final.DOCX')).toBe('docx');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('formats sizes', () => {
    expect(formatFileSize(500)).toBe('500 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(2.5 * MB)).toBe('2.5 MB');
  });

  it('reads a file as a data URL', async () => {
    const url = await readFileAsDataUrl(new File(['hi'], 'a.txt', { type: 'text/plain' }));
    expect(url).toBe('data:text/plain;base64,aGk=');
  });
});
