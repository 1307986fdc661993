import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../ui/toaster';
import { ComposerReverseGeocodeDocument, CreatePostDocument } from './composer.generated';
import { HomeFeedDocument, type HomeFeedQuery } from './feed.generated';
import { MB } from '../../lib/files';
import { Composer } from './Composer';
import { makePost } from '../posts';
import { createCache } from '../../ui/cache';
import { appConfigMock, TEST_UPLOAD_LIMITS } from '../../test/appConfig';
import { renderFeed } from './testUtils';

afterEach(() => {
  toaster.remove();
  Reflect.deleteProperty(navigator, 'geolocation');
});

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const png = (name = 'photo.png') => new File(['png-bytes'], name, { type: 'image/png' });
const setup = () => userEvent.setup({ applyAccept: false });
const postButton = () => screen.getByRole('button', { name: /^Post/ });

describe('Composer', () => {
  it('enables Post only when there is something to send', async () => {
    const user = setup();
    renderFeed(<Composer />);
    const textarea = screen.getByLabelText("What's on your mind?");
    expect(postButton()).toBeDisabled();
    await user.type(textarea, '   ');
    expect(postButton()).toBeDisabled();
    await user.type(textarea, 'Howzit');
    expect(postButton()).toBeEnabled();
    await user.clear(textarea);
    expect(postButton()).toBeDisabled();
    await user.upload(screen.getByTestId('composer-photos-input'), png());
    expect(await screen.findByRole('img', { name: 'Photo 1: photo.png' })).toBeInTheDocument();
    expect(postButton()).toBeEnabled();
  });

  it('offers Photos, Video, Document and Check In', () => {
    renderFeed(<Composer />);
    const group = screen.getByRole('group', { name: 'Add to your post' });
    for (const name of ['Photos', 'Video', 'Document', 'Check In']) {
      expect(within(group).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('composer-photos-input')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('composer-photos-input')).toHaveAttribute('multiple');
  });

  it('clears the photos when a video is attached, and the video when photos are attached', async () => {
    const user = setup();
    renderFeed(<Composer />);
    await user.upload(screen.getByTestId('composer-photos-input'), [png('a.png'), png('b.png')]);
    expect(await screen.findByRole('img', { name: 'Photo 2: b.png' })).toBeInTheDocument();

    await user.upload(screen.getByTestId('composer-video-input'), new File(['v'], 'clip.mp4', { type: 'video/mp4' }));
    expect(await screen.findByRole('button', { name: 'Remove video' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Photo/ })).not.toBeInTheDocument();

    await user.upload(screen.getByTestId('composer-photos-input'), png('c.png'));
    expect(await screen.findByRole('img', { name: 'Photo 1: c.png' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove video' })).not.toBeInTheDocument();
  });

  it('clears the photos and the video when a document is attached', async () => {
    const user = setup();
    renderFeed(<Composer />);
    await user.upload(screen.getByTestId('composer-photos-input'), png());
    await screen.findByRole('img', { name: 'Photo 1: photo.png' });
    await user.upload(
      screen.getByTestId('composer-document-input'),
      new File(['%PDF-'], 'Menu.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByTestId('composer-document')).toHaveTextContent('Menu.pdf');
    expect(screen.queryByRole('img', { name: /^Photo/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove document' }));
    expect(screen.queryByTestId('composer-document')).not.toBeInTheDocument();
    expect(postButton()).toBeDisabled();
  });

  it('removes one photo with its remove button', async () => {
    const user = setup();
    renderFeed(<Composer />);
    await user.upload(screen.getByTestId('composer-photos-input'), [png('a.png'), png('b.png')]);
    await user.click(await screen.findByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByRole('img', { name: 'Photo 1: b.png' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /a\.png/ })).not.toBeInTheDocument();
  });

  it('refuses files that are too large or of the wrong type', async () => {
    const user = setup();
    renderFeed(<Composer />);
    await user.upload(screen.getByTestId('composer-photos-input'), sized('big.jpg', 'image/jpeg', 5 * MB + 1));
    expect(await screen.findByText('File too large')).toBeInTheDocument();
    expect(screen.getByText('Please select an image smaller than 5MB.')).toBeInTheDocument();
    expect(postButton()).toBeDisabled();
    // The toaster shows one toast at a time: clear it before the next.
    toaster.remove();

    await user.upload(screen.getByTestId('composer-video-input'), sized('big.mp4', 'video/mp4', 50 * MB + 1));
    expect(await screen.findByText('Please select a video smaller than 50MB.')).toBeInTheDocument();
    toaster.remove();

    await user.upload(
      screen.getByTestId('composer-document-input'),
      new File(['hi'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select a PDF, Excel, PowerPoint, or Word document.')).toBeInTheDocument();
    toaster.remove();

    await user.upload(screen.getByTestId('composer-document-input'), sized('big.docx', '', 10 * MB + 1));
    expect(await screen.findByText('Please select a document smaller than 10MB.')).toBeInTheDocument();
    expect(screen.queryByTestId('composer-attachments')).not.toBeInTheDocument();
  });

  it('checks files against the limits appConfig serves, and waits for them before files can be picked', async () => {
    const user = setup();
    const uploads = {
      ...TEST_UPLOAD_LIMITS,
      imageMaxBytes: 1 * MB,
      postMaxImages: 2,
      documentExtensions: ['pdf'],
      documentMimeTypes: ['application/pdf'],
    };
    renderFeed(<Composer />, { mocks: [{ ...appConfigMock({ uploads }), delay: 50 }] });
    expect(screen.getByRole('button', { name: 'Photos' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Photos' })).toBeEnabled());
    expect(screen.getByTestId('composer-document-input')).toHaveAttribute('accept', '.pdf,application/pdf');

    await user.upload(screen.getByTestId('composer-photos-input'), sized('big.jpg', 'image/jpeg', 1 * MB + 1));
    expect(await screen.findByText('Please select an image smaller than 1MB.')).toBeInTheDocument();

    await user.upload(screen.getByTestId('composer-photos-input'), [png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByText('A post can have up to 2 photos.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Photo 2: b.png' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo 3: c.png' })).not.toBeInTheDocument();
  });

  it('creates the post, resets, thanks the member and puts the post at the top of the feed', async () => {
    const user = setup();
    const cache = createCache();
    const older = makePost({ id: 'p-old', content: 'Older post' });
    cache.writeQuery<HomeFeedQuery>({
      query: HomeFeedDocument,
      variables: { first: 10 },
      data: {
        feed: {
          __typename: 'PostConnection',
          nodes: [older],
          pageInfo: { __typename: 'PageInfo', endCursor: 'c1', hasNextPage: false },
        },
      } as HomeFeedQuery,
    });
    const created = makePost({ id: 'p-new', content: 'Sundowners!', viewerCanEdit: true });
    const mutate = vi.fn(() => ({ data: { createPost: created } }));
    renderFeed(<Composer />, {
      cache,
      mocks: [
        { request: { query: CreatePostDocument, variables: { input: { content: 'Sundowners!' } } }, result: mutate },
      ],
    });
    await user.type(screen.getByLabelText("What's on your mind?"), '  Sundowners!  ');
    await user.click(postButton());

    expect(await screen.findByText('Post created!')).toBeInTheDocument();
    expect(screen.getByText('Your post has been shared successfully.')).toBeInTheDocument();
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText("What's on your mind?")).toHaveValue('');
    expect(postButton()).toBeDisabled();
    const feed = cache.readQuery<HomeFeedQuery>({ query: HomeFeedDocument, variables: { first: 10 } });
    expect(feed?.feed.nodes.map((p) => p.id)).toEqual(['p-new', 'p-old']);
  });

  it('keeps the draft and shows the error toast when creating fails', async () => {
    const user = setup();
    renderFeed(<Composer />, {
      mocks: [
        {
          request: { query: CreatePostDocument, variables: { input: { content: 'Hello' } } },
          result: { errors: [{ message: 'Too many requests' }] },
        },
      ],
    });
    await user.type(screen.getByLabelText("What's on your mind?"), 'Hello');
    await user.click(postButton());
    expect(await screen.findByText('Failed to create post. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText("What's on your mind?")).toHaveValue('Hello');
    expect(postButton()).toBeEnabled();
  });

  it('disables Post while sending', async () => {
    const user = setup();
    renderFeed(<Composer />, {
      mocks: [
        {
          request: { query: CreatePostDocument, variables: { input: { content: 'Slow' } } },
          result: { data: { createPost: makePost({ id: 'p9', content: 'Slow' }) } },
          delay: 300,
        },
      ],
    });
    await user.type(screen.getByLabelText("What's on your mind?"), 'Slow');
    await user.click(postButton());
    await waitFor(() => expect(screen.getByRole('button', { name: /Post/ })).toBeDisabled());
    expect(await screen.findByText('Post created!')).toBeInTheDocument();
  });
});

describe('Check In', () => {
  it('needs a location name, then shows it as a removable chip and sends it', async () => {
    const user = setup();
    const created = makePost({ id: 'p-c', content: null, location: 'Kirstenbosch' });
    renderFeed(<Composer />, {
      mocks: [
        {
          request: { query: CreatePostDocument, variables: { input: { location: 'Kirstenbosch' } } },
          result: { data: { createPost: created } },
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check In' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Location name/), '   ');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Location name/), 'Kirstenbosch');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByTestId('composer-location')).toHaveTextContent('Kirstenbosch');
    expect(postButton()).toBeEnabled();
    await user.click(postButton());
    expect(await screen.findByText('Post created!')).toBeInTheDocument();
    expect(screen.queryByTestId('composer-location')).not.toBeInTheDocument();
  });

  it('removes the location with the chip', async () => {
    const user = setup();
    renderFeed(<Composer />);
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check In' });
    await user.type(within(dialog).getByLabelText(/Location name/), 'Durban');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('button', { name: 'Remove location' }));
    expect(screen.queryByTestId('composer-location')).not.toBeInTheDocument();
    expect(postButton()).toBeDisabled();
  });

  it('a check-in photo replaces the attached photos', async () => {
    const user = setup();
    renderFeed(<Composer />);
    await user.upload(screen.getByTestId('composer-photos-input'), png('a.png'));
    await screen.findByRole('img', { name: 'Photo 1: a.png' });
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check In' });
    await user.type(within(dialog).getByLabelText(/Location name/), 'Table Mountain');
    await user.upload(within(dialog).getByTestId('checkin-photo-input'), png('view.png'));
    expect(await within(dialog).findByRole('img', { name: 'Check-in photo preview' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('img', { name: 'Check-in photo' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Photo 1/ })).not.toBeInTheDocument();
  });

  it('refuses a check-in photo above 5 MB', async () => {
    const user = setup();
    renderFeed(<Composer />);
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check In' });
    await user.upload(within(dialog).getByTestId('checkin-photo-input'), sized('big.jpg', 'image/jpeg', 6 * MB));
    expect(await screen.findByText('Please select an image smaller than 5MB.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says so when the browser has no geolocation', async () => {
    const user = setup();
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    renderFeed(<Composer />);
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText('Not Supported')).toBeInTheDocument();
    expect(screen.getByText('Geolocation is not supported by your browser.')).toBeInTheDocument();
  });

  it('says so when the position cannot be read', async () => {
    const user = setup();
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1 } as GeolocationPositionError),
      },
      configurable: true,
    });
    renderFeed(<Composer />);
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    await user.click(await screen.findByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText('Location Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to get your current location. Please enter it manually.')).toBeInTheDocument();
  });

  it('fills the place name from the position and sends the coordinates', async () => {
    const user = setup();
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: -33.9249, longitude: 18.4241 } } as GeolocationPosition),
      },
      configurable: true,
    });
    const input = { location: 'Company’s Garden, Cape Town', latitude: -33.9249, longitude: 18.4241 };
    renderFeed(<Composer />, {
      mocks: [
        {
          request: { query: ComposerReverseGeocodeDocument, variables: { latitude: -33.9249, longitude: 18.4241 } },
          result: { data: { reverseGeocode: 'Company’s Garden, Cape Town' } },
        },
        {
          request: { query: CreatePostDocument, variables: { input } },
          result: { data: { createPost: makePost({ id: 'p-geo', content: null, ...input }) } },
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check In' });
    await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Location name/)).toHaveValue('Company’s Garden, Cape Town'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await user.click(postButton());
    expect(await screen.findByText('Post created!')).toBeInTheDocument();
  });

  it('leaves the name to the member when the place is unknown, and only logs geocoding errors', async () => {
    const user = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition),
      },
      configurable: true,
    });
    renderFeed(<Composer />, {
      mocks: [
        {
          request: { query: ComposerReverseGeocodeDocument, variables: { latitude: 1, longitude: 2 } },
          result: { data: { reverseGeocode: null } },
        },
        {
          request: { query: ComposerReverseGeocodeDocument, variables: { latitude: 1, longitude: 2 } },
          error: new Error('offline'),
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check In' });
    await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));
    expect(await within(dialog).findByTestId('checkin-coordinates')).toHaveTextContent('1.00000, 2.00000');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Use my current location' })).toBeEnabled());
    expect(within(dialog).getByLabelText(/Location name/)).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Use my current location' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(within(dialog).getByLabelText(/Location name/)).toHaveValue('');
    expect(screen.queryByText('Location Error')).not.toBeInTheDocument();
  });
});
