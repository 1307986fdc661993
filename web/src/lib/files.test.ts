import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MAX_BYTES,
  IMAGE_MAX_BYTES,
  MB,
  VIDEO_MAX_BYTES,
  checkDocumentFile,
  checkImageFile,
  checkVideoFile,
  fileExtension,
  formatFileSize,
  isDocumentFile,
  readFileAsDataUrl,
} from './files';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('upload limits', () => {
  it('are 5 MB for images, 50 MB for videos and 10 MB for documents', () => {
    expect(IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(VIDEO_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(DOCUMENT_MAX_BYTES).toBe(10 * 1024 * 1024);
  });
});

describe('checkImageFile', () => {
  it('accepts an image up to 5 MB', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg', 5 * MB))).toBeNull();
    expect(checkImageFile(file('a.png', 'image/png', 10))).toBeNull();
  });

  it('refuses a larger image with the spec toast', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg', 5 * MB + 1))).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB.',
    });
  });

  it('refuses a file that is not an image', () => {
    expect(checkImageFile(file('a.pdf', 'application/pdf', 10))?.title).toBe('Invalid file type');
  });
});

describe('checkVideoFile', () => {
  it('accepts a video up to 50 MB', () => {
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 50 * MB))).toBeNull();
  });

  it('refuses a larger video with the spec toast', () => {
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 50 * MB + 1))).toEqual({
      title: 'File too large',
      description: 'Please select a video smaller than 50MB.',
    });
  });

  it('refuses a file that is not a video', () => {
    expect(checkVideoFile(file('a.jpg', 'image/jpeg', 10))?.title).toBe('Invalid file type');
  });
});

describe('checkDocumentFile', () => {
  it('accepts PDF, Word, Excel and PowerPoint, old and new formats, by extension', () => {
    for (const name of ['a.pdf', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.PPTX']) {
      expect(checkDocumentFile(file(name, '', 1000))).toBeNull();
    }
  });

  it('accepts a document recognised by its MIME type alone', () => {
    expect(isDocumentFile(file('report', 'application/vnd.ms-excel', 10))).toBe(true);
    expect(isDocumentFile(file('deck', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 10))).toBe(
      true,
    );
  });

  it('refuses other files with the spec toast', () => {
    expect(checkDocumentFile(file('notes.txt', 'text/plain', 10))).toEqual({
      title: 'Invalid file type',
      description: 'Please select a PDF, Excel, PowerPoint, or Word document.',
    });
    expect(checkDocumentFile(file('photo.jpg', 'image/jpeg', 10))?.title).toBe('Invalid file type');
  });

  it('refuses a document above 10 MB with the spec toast', () => {
    expect(checkDocumentFile(file('a.pdf', 'application/pdf', 10 * MB))).toBeNull();
    expect(checkDocumentFile(file('a.pdf', 'application/pdf', 10 * MB + 1))).toEqual({
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
