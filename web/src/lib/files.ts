/**
 * File checks done in the browser before an upload (spec 000 sections 5 and 9). The server checks again, by the bytes.
 */

export const MB = 1024 * 1024;

/**
 * The upload limits the server enforces, as appConfig serves them (the web app never copies them): the checks
 * below take them as a parameter.
 */
export interface UploadLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
  documentMaxBytes: number;
  postMaxImages: number;
  recipeMaxImages: number;
  documentExtensions: readonly string[];
  documentMimeTypes: readonly string[];
}

/** The `accept` attribute of the document picker. */
export function documentAccept(limits: Pick<UploadLimits, 'documentExtensions' | 'documentMimeTypes'>): string {
  return [...limits.documentExtensions.map((ext) => `.${ext}`), ...limits.documentMimeTypes].join(',');
}

/** "5MB": a limit as the spec's messages write it. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10}MB`;
}

/** What a check needs of a File. */
type FileLike = Pick<File, 'name' | 'size' | 'type'>;

/** A refused file: the toast's title and message. */
export interface FileProblem {
  title: string;
  description: string;
}

const FILE_TOO_LARGE = 'File too large';
const INVALID_FILE_TYPE = 'Invalid file type';

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImageFile(file: FileLike): boolean {
  return file.type.toLowerCase().startsWith('image/');
}

function isVideoFile(file: FileLike): boolean {
  return file.type.toLowerCase().startsWith('video/');
}

/** A PDF, Word, Excel or PowerPoint file, recognised by its extension or its MIME type. */
export function isDocumentFile(
  file: FileLike,
  limits: Pick<UploadLimits, 'documentExtensions' | 'documentMimeTypes'>,
): boolean {
  if (limits.documentExtensions.includes(fileExtension(file.name))) return true;
  return limits.documentMimeTypes.includes(file.type.toLowerCase());
}

/** A photo for a post or a check-in: an image of at most the image limit (5 MB). */
export function checkImageFile(file: FileLike, limits: Pick<UploadLimits, 'imageMaxBytes'>): FileProblem | null {
  if (!isImageFile(file)) return { title: INVALID_FILE_TYPE, description: 'Please select an image.' };
  if (file.size > limits.imageMaxBytes) {
    return {
      title: FILE_TOO_LARGE,
      description: `Please select an image smaller than ${megabytes(limits.imageMaxBytes)}.`,
    };
  }
  return null;
}

/** A video of at most the video limit (50 MB). */
export function checkVideoFile(file: FileLike, limits: Pick<UploadLimits, 'videoMaxBytes'>): FileProblem | null {
  if (!isVideoFile(file)) return { title: INVALID_FILE_TYPE, description: 'Please select a video.' };
  if (file.size > limits.videoMaxBytes) {
    return {
      title: FILE_TOO_LARGE,
      description: `Please select a video smaller than ${megabytes(limits.videoMaxBytes)}.`,
    };
  }
  return null;
}

/** A PDF, Word, Excel or PowerPoint document of at most the document limit (10 MB). */
export function checkDocumentFile(
  file: FileLike,
  limits: Pick<UploadLimits, 'documentMaxBytes' | 'documentExtensions' | 'documentMimeTypes'>,
): FileProblem | null {
  if (!isDocumentFile(file, limits)) {
    return { title: INVALID_FILE_TYPE, description: 'Please select a PDF, Excel, PowerPoint, or Word document.' };
  }
  if (file.size > limits.documentMaxBytes) {
    return {
      title: FILE_TOO_LARGE,
      description: `Please select a document smaller than ${megabytes(limits.documentMaxBytes)}.`,
    };
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
