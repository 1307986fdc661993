import { describe, expect, it } from 'vitest';
import {
  canPost,
  composerReducer,
  emptyComposer,
  photoRoom,
  toCreatePostInput,
  type Attachment,
  type ComposerAction,
  type ComposerState,
} from './composerState';

const file = (name: string, type = 'image/png'): Attachment => ({
  name,
  type,
  size: 100,
  dataUrl: `data:${type};base64,${name}`,
});
const run = (...actions: ComposerAction[]): ComposerState => actions.reduce(composerReducer, emptyComposer);
const place = { location: 'V&A Waterfront, Cape Town', latitude: -33.9, longitude: 18.42 };

describe('composer exclusion rules', () => {
  it('attaching an image clears any video', () => {
    const state = run(
      { type: 'setVideo', video: file('v.mp4', 'video/mp4') },
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
    );
    expect(state.video).toBeNull();
    expect(state.images.map((i) => i.name)).toEqual(['a.png']);
  });

  it('attaching an image also clears the document (the server takes one kind of media)', () => {
    const state = run(
      { type: 'setDocument', document: file('d.pdf', 'application/pdf') },
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
    );
    expect(state.document).toBeNull();
    expect(state.images).toHaveLength(1);
  });

  it('adds images to those already attached', () => {
    const state = run(
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
      { type: 'addImages', images: [file('b.png'), file('c.png')], maxImages: 10 },
    );
    expect(state.images.map((i) => i.name)).toEqual(['a.png', 'b.png', 'c.png']);
  });

  it('attaching a video clears the images and the document', () => {
    const state = run(
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
      { type: 'setVideo', video: file('v.mp4', 'video/mp4') },
    );
    expect(state.images).toEqual([]);
    expect(state.video?.name).toBe('v.mp4');
    const withDocument = run(
      { type: 'setDocument', document: file('d.pdf', 'application/pdf') },
      { type: 'setVideo', video: file('v.mp4', 'video/mp4') },
    );
    expect(withDocument.document).toBeNull();
  });

  it('attaching a document clears the images and the video', () => {
    const afterImages = run(
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
      { type: 'setDocument', document: file('d.pdf') },
    );
    expect(afterImages.images).toEqual([]);
    const afterVideo = run(
      { type: 'setVideo', video: file('v.mp4') },
      { type: 'setDocument', document: file('d.pdf') },
    );
    expect(afterVideo.video).toBeNull();
    expect(afterVideo.document?.name).toBe('d.pdf');
  });

  it('adding a check-in photo clears the images, the video and the document', () => {
    for (const attach of [
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
      { type: 'setVideo', video: file('v.mp4') },
      { type: 'setDocument', document: file('d.pdf') },
    ] as ComposerAction[]) {
      const state = run(attach, { type: 'setCheckIn', checkIn: place, photo: file('c.jpg') });
      expect(state.images).toEqual([]);
      expect(state.video).toBeNull();
      expect(state.document).toBeNull();
      expect(state.checkinPhoto?.name).toBe('c.jpg');
      expect(state.checkIn).toEqual(place);
    }
  });

  it('a check-in without a photo keeps the attachments', () => {
    const state = run(
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
      { type: 'setCheckIn', checkIn: place, photo: null },
    );
    expect(state.images).toHaveLength(1);
    expect(state.checkIn).toEqual(place);
  });

  it('re-confirming the same check-in photo keeps photos added since', () => {
    const photo = file('c.jpg');
    const state = run(
      { type: 'setCheckIn', checkIn: place, photo },
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
      { type: 'setCheckIn', checkIn: { ...place, location: 'Sea Point' }, photo },
    );
    expect(state.images).toHaveLength(1);
    expect(state.checkIn?.location).toBe('Sea Point');
  });

  it('a video or a document clears the check-in photo but keeps the place', () => {
    const state = run(
      { type: 'setCheckIn', checkIn: place, photo: file('c.jpg') },
      { type: 'setVideo', video: file('v.mp4') },
    );
    expect(state.checkinPhoto).toBeNull();
    expect(state.checkIn).toEqual(place);
  });

  it('removing the location removes its photo too', () => {
    const state = run({ type: 'setCheckIn', checkIn: place, photo: file('c.jpg') }, { type: 'removeCheckIn' });
    expect(state.checkIn).toBeNull();
    expect(state.checkinPhoto).toBeNull();
  });

  it('keeps at most 10 photos, the check-in photo included', () => {
    const many = Array.from({ length: 12 }, (_, i) => file(`${i}.png`));
    expect(run({ type: 'addImages', images: many, maxImages: 10 }).images).toHaveLength(10);
    const withCheckin = run(
      { type: 'setCheckIn', checkIn: place, photo: file('c.jpg') },
      { type: 'addImages', images: many, maxImages: 10 },
    );
    expect(withCheckin.images).toHaveLength(9);
    expect(photoRoom(withCheckin, 10)).toBe(0);
  });

  it('removes one image by position and resets everything', () => {
    const state = run(
      { type: 'addImages', images: [file('a.png'), file('b.png')], maxImages: 10 },
      { type: 'removeImage', index: 0 },
    );
    expect(state.images.map((i) => i.name)).toEqual(['b.png']);
    expect(composerReducer(state, { type: 'reset' })).toEqual(emptyComposer);
  });
});

describe('canPost', () => {
  it('needs non-blank text, an image, a video, a document, a location or a check-in photo', () => {
    expect(canPost(emptyComposer)).toBe(false);
    expect(canPost(run({ type: 'setContent', content: '   \n ' }))).toBe(false);
    expect(canPost(run({ type: 'setContent', content: 'Howzit' }))).toBe(true);
    expect(canPost(run({ type: 'addImages', images: [file('a.png')], maxImages: 10 }))).toBe(true);
    expect(canPost(run({ type: 'setVideo', video: file('v.mp4') }))).toBe(true);
    expect(canPost(run({ type: 'setDocument', document: file('d.pdf') }))).toBe(true);
    expect(
      canPost(
        run({ type: 'setCheckIn', checkIn: { location: 'Durban', latitude: null, longitude: null }, photo: null }),
      ),
    ).toBe(true);
    expect(canPost({ ...emptyComposer, checkinPhoto: file('c.jpg') })).toBe(true);
  });
});

describe('toCreatePostInput', () => {
  it('sends trimmed text, files as data URLs and the check-in', () => {
    const state = run(
      { type: 'setContent', content: '  Sundowners!  ' },
      { type: 'setCheckIn', checkIn: place, photo: file('c.jpg', 'image/jpeg') },
      { type: 'addImages', images: [file('a.png')], maxImages: 10 },
    );
    expect(toCreatePostInput(state)).toEqual({
      content: 'Sundowners!',
      images: ['data:image/png;base64,a.png'],
      location: 'V&A Waterfront, Cape Town',
      latitude: -33.9,
      longitude: 18.42,
      checkinPhoto: 'data:image/jpeg;base64,c.jpg',
    });
  });

  it('sends the document with its name, and no coordinates for a typed place', () => {
    const state = run(
      { type: 'setDocument', document: file('Menu.pdf', 'application/pdf') },
      { type: 'setCheckIn', checkIn: { location: 'Braamfontein', latitude: null, longitude: null }, photo: null },
    );
    expect(toCreatePostInput(state)).toEqual({
      documentUrl: 'data:application/pdf;base64,Menu.pdf',
      documentName: 'Menu.pdf',
      location: 'Braamfontein',
    });
  });
});
