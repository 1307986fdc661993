/** File checks done in the browser before an upload (spec 000 sections 5 and 9). The server checks again, by the bytes. */

export const MB = 1024 * 1024;

/** Upload limits: image 5 MB, video 50 MB, document 10 MB (spec 000 section 9). */
export const IMAGE_MAX_BYTES = 5 * MB;
export const VIDEO_MAX_BYTES = 50 * MB;
export const DOCUMENT_MAX_BYTES = 10 * MB;

/** A post holds at most 10 photos (the server's limit, check-in photo included). */
export const MAX_POST_IMAGES = 10;

/** PDF, Word, Excel and PowerPoint, old and new formats. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

/** The `accept` attribute of the document picker. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`), ...DOCUMENT_MIME_TYPES].join(',');

/** What a check needs of a File. */
export type FileLike = Pick<File, 'name' | 'size' | 'type'>;

/** A refused file: the toast's title and message. */
export interface FileProblem {
  title: string;
  description: string;
}

export const FILE_TOO_LARGE = 'File too large';
export const INVALID_FILE_TYPE = 'Invalid file type';

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImageFile(file: FileLike): boolean {
  return file.type.toLowerCase().startsWith('image/');
}

export function isVideoFile(file: FileLike): boolean {
  return file.type.toLowerCase().startsWith('video/');
}

/** A PDF, Word, Excel or PowerPoint file, recognised by its extension or its MIME type. */
export function isDocumentFile(file: FileLike): boolean {
  const ext = fileExtension(file.name);
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return true;
  return (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
}

/** A photo for a post or a check-in: an image of at most 5 MB. */
export function checkImageFile(file: FileLike): FileProblem | null {
  if (!isImageFile(file)) return { title: INVALID_FILE_TYPE, description: 'Please select an image.' };
  if (file.size > IMAGE_MAX_BYTES) return { title: FILE_TOO_LARGE, description: 'Please select an image smaller than 5MB.' };
  return null;
}

/** A video of at most 50 MB. */
export function checkVideoFile(file: FileLike): FileProblem | null {
  if (!isVideoFile(file)) return { title: INVALID_FILE_TYPE, description: 'Please select a video.' };
  if (file.size > VIDEO_MAX_BYTES) return { title: FILE_TOO_LARGE, description: 'Please select a video smaller than 50MB.' };
  return null;
}

/** A PDF, Word, Excel or PowerPoint document of at most 10 MB. */
export function checkDocumentFile(file: FileLike): FileProblem | null {
  if (!isDocumentFile(file)) {
    return { title: INVALID_FILE_TYPE, description: 'Please select a PDF, Excel, PowerPoint, or Word document.' };
  }
  if (file.size > DOCUMENT_MAX_BYTES) {
    return { title: FILE_TOO_LARGE, description: 'Please select a document smaller than 10MB.' };
  }
  return null;
}

/** "2.4 MB", "512 KB": a file size for previews. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Reads a file as a data URL (the form the server accepts uploads in). */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
