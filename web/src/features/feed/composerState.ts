import type { CreatePostInput } from '../../gql/graphql';

/** A file the member attached, already read as a data URL. */
export interface Attachment {
  name: string;
  size: number;
  type: string;
  dataUrl: string;
}

/** A check-in: a place name, with coordinates when the browser gave them. */
export interface CheckIn {
  location: string;
  latitude: number | null;
  longitude: number | null;
}

export interface ComposerState {
  content: string;
  images: Attachment[];
  video: Attachment | null;
  document: Attachment | null;
  checkIn: CheckIn | null;
  checkinPhoto: Attachment | null;
}

export const emptyComposer: ComposerState = {
  content: '',
  images: [],
  video: null,
  document: null,
  checkIn: null,
  checkinPhoto: null,
};

export type ComposerAction =
  | { type: 'setContent'; content: string }
  /** `maxImages`: the most photos a post may hold (appConfig's postMaxImages). */
  | { type: 'addImages'; images: Attachment[]; maxImages: number }
  | { type: 'removeImage'; index: number }
  | { type: 'setVideo'; video: Attachment }
  | { type: 'removeVideo' }
  | { type: 'setDocument'; document: Attachment }
  | { type: 'removeDocument' }
  | { type: 'setCheckIn'; checkIn: CheckIn; photo: Attachment | null }
  | { type: 'removeCheckIn' }
  | { type: 'removeCheckinPhoto' }
  | { type: 'reset' };

/**
 * The composer's attachments exclude one another (spec 000 section 4):
 * - attaching an image clears any video (and the document: the server takes photos, a video or a document,
 *   never two kinds);
 * - attaching a video clears the images and the document;
 * - attaching a document clears the images and the video;
 * - adding a check-in photo clears the images, the video and the document.
 * The check-in photo is a photo of the post, so a video or a document also clears it (the place stays).
 */
export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'setContent':
      return { ...state, content: action.content };
    case 'addImages': {
      const added = action.images.slice(0, photoRoom(state, action.maxImages));
      return { ...state, images: [...state.images, ...added], video: null, document: null };
    }
    case 'removeImage':
      return { ...state, images: state.images.filter((_, i) => i !== action.index) };
    case 'setVideo':
      return { ...state, video: action.video, images: [], document: null, checkinPhoto: null };
    case 'removeVideo':
      return { ...state, video: null };
    case 'setDocument':
      return { ...state, document: action.document, images: [], video: null, checkinPhoto: null };
    case 'removeDocument':
      return { ...state, document: null };
    case 'setCheckIn':
      if (action.photo && action.photo !== state.checkinPhoto) {
        return {
          ...state,
          checkIn: action.checkIn,
          checkinPhoto: action.photo,
          images: [],
          video: null,
          document: null,
        };
      }
      return { ...state, checkIn: action.checkIn, checkinPhoto: action.photo };
    case 'removeCheckIn':
      return { ...state, checkIn: null, checkinPhoto: null };
    case 'removeCheckinPhoto':
      return { ...state, checkinPhoto: null };
    case 'reset':
      return emptyComposer;
  }
}

/** How many more photos fit in the post (the server takes at most `maxImages`, check-in photo included). */
export function photoRoom(state: ComposerState, maxImages: number): number {
  return Math.max(0, maxImages - state.images.length - (state.checkinPhoto ? 1 : 0));
}

/** A post needs at least one of: non-blank text, image, video, document, location, check-in photo. */
export function canPost(state: ComposerState): boolean {
  return Boolean(
    state.content.trim() ||
    state.images.length > 0 ||
    state.video ||
    state.document ||
    state.checkIn?.location.trim() ||
    state.checkinPhoto,
  );
}

/** The createPost input for what the composer holds; files travel as data URLs. */
export function toCreatePostInput(state: ComposerState): CreatePostInput {
  const input: CreatePostInput = {};
  const content = state.content.trim();
  if (content) input.content = content;
  if (state.images.length) input.images = state.images.map((image) => image.dataUrl);
  if (state.video) input.videoUrl = state.video.dataUrl;
  if (state.document) {
    input.documentUrl = state.document.dataUrl;
    input.documentName = state.document.name;
  }
  if (state.checkIn) {
    input.location = state.checkIn.location.trim();
    if (state.checkIn.latitude !== null && state.checkIn.longitude !== null) {
      input.latitude = state.checkIn.latitude;
      input.longitude = state.checkIn.longitude;
    }
  }
  if (state.checkinPhoto) input.checkinPhoto = state.checkinPhoto.dataUrl;
  return input;
}
