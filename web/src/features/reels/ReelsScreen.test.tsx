import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../ui/toaster';
import { FeedReelsDocument } from '../feed/feed.generated';
import { LikeReelDocument, ReelsDocument, UploadReelDocument } from './reels.generated';
import { renderWithProviders } from '../../test/render';
import { reportContentMock } from '../../test/report';
import ReelsScreen, { REELS_PAGE_SIZE } from './ReelsScreen';
import { UploadReelDialog } from './UploadReelDialog';

function reel(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Reel' as const,
    id,
    title: `Reel ${id}`,
    caption: null,
    thumbnailUrl: null,
    imageUrl: null,
    videoUrl: `/media/videos/${id}.mp4`,
    likeCount: 0,
    viewerLiked: false,
    viewerCanDelete: false,
    author: { __typename: 'User' as const, id: 'u2', displayName: 'Sipho Dlamini' },
    ...overrides,
  };
}

function listMock(
  nodes: ReturnType<typeof reel>[],
  {
    after,
    hasNextPage = false,
    endCursor = null,
    delay = 0,
  }: { after?: string; hasNextPage?: boolean; endCursor?: string | null; delay?: number } = {},
) {
  return {
    request: {
      query: ReelsDocument,
      variables: after ? { first: REELS_PAGE_SIZE, after } : { first: REELS_PAGE_SIZE },
    },
    result: {
      data: {
        reels: { __typename: 'ReelConnection', nodes, pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage } },
      },
    },
    delay,
  };
}

describe('ReelsScreen', () => {
  beforeEach(() => {
    toaster.remove();
  });

  it('shows 4 skeletons while loading, then the grid', async () => {
    renderWithProviders(<ReelsScreen />, { mocks: [listMock([reel('r1')], { delay: 100 })] });
    expect(screen.getAllByTestId('reel-skeleton')).toHaveLength(4);
    expect(
      await screen.findByRole('button', {
        name: 'Reel r1 0 likes' /* the name holds the visible title and count (axe: label in name) */,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('reel-skeleton')).not.toBeInTheDocument();
  });

  it("shows the spec's empty text when there are no reels", async () => {
    renderWithProviders(<ReelsScreen />, { mocks: [listMock([])] });
    expect(await screen.findByText('No reels yet. Upload your first reel from the home page!')).toBeInTheDocument();
  });

  it('loads the next page with Load more', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReelsScreen />, {
      mocks: [listMock([reel('r1')], { hasNextPage: true, endCursor: 'c1' }), listMock([reel('r2')], { after: 'c1' })],
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /^Reel r2 / })).toBeInTheDocument();
    expect(screen.getAllByTestId('reel-card')).toHaveLength(2);
  });

  it('plays a reel full screen, moves with the arrow keys and a swipe, and likes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReelsScreen />, {
      mocks: [
        listMock([reel('r1'), reel('r2', { caption: 'Second one' })]),
        {
          request: { query: LikeReelDocument, variables: { id: 'r2' } },
          result: { data: { likeReel: { __typename: 'Reel', id: 'r2', likeCount: 1, viewerLiked: true } } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: /^Reel r1 / }));
    const player = await screen.findByTestId('reel-player');
    expect(within(player).getByTestId('reel-video')).toHaveAttribute('src', '/media/videos/r1.mp4');
    expect(within(player).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(within(screen.getByTestId('reel-player')).getByTestId('reel-video')).toHaveAttribute(
        'src',
        '/media/videos/r2.mp4',
      ),
    );
    expect(screen.getByText('Second one')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' }); // the last: stays
    expect(screen.getByTestId('reel-video')).toHaveAttribute('src', '/media/videos/r2.mp4');
    fireEvent.touchStart(screen.getByTestId('reel-video'), { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(screen.getByTestId('reel-video'), { changedTouches: [{ clientX: 300 }] });
    await waitFor(() => expect(screen.getByTestId('reel-video')).toHaveAttribute('src', '/media/videos/r1.mp4'));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await user.click(await screen.findByRole('button', { name: 'Like · 0' }));
    expect(await screen.findByRole('button', { name: 'Liked · 1' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("offers Delete on the viewer's own reel, and no Report", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReelsScreen />, { mocks: [listMock([reel('r1', { viewerCanDelete: true })])] });
    await user.click(await screen.findByRole('button', { name: /^Reel r1 / }));
    const player = await screen.findByTestId('reel-player');
    expect(await within(player).findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(player).queryByRole('button', { name: 'Report reel' })).not.toBeInTheDocument();
  });

  it("reports someone else's reel; the arrow keys pick a reason, not another reel, while the dialog is open", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReelsScreen />, {
      mocks: [listMock([reel('r1'), reel('r2')]), reportContentMock('reel', 'r1', 'harassment')],
    });
    await user.click(await screen.findByRole('button', { name: /^Reel r1 / }));
    const player = await screen.findByTestId('reel-player');
    await user.click(within(player).getByRole('button', { name: 'Report reel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Reel' });
    await user.click(await within(dialog).findByText('Spam or misleading'));
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Harassment or hate speech' })).toBeChecked();
    expect(within(screen.getByTestId('reel-player')).getByTestId('reel-video')).toHaveAttribute(
      'src',
      '/media/videos/r1.mp4',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Reel reported to administrators.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report Reel' })).not.toBeInTheDocument());
    expect(screen.getByTestId('reel-player')).toBeInTheDocument();
  });
});

describe('UploadReelDialog', () => {
  const revoked: string[] = [];
  beforeEach(() => {
    toaster.remove();
    revoked.length = 0;
    let n = 0;
    // jsdom has no object URLs: the preview's are counted here.
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const feedReels = {
    request: { query: FeedReelsDocument, variables: { first: 10 } },
    result: { data: { reels: { __typename: 'ReelConnection', nodes: [] } } },
  };

  it("refuses a blank title with the spec's toast", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadReelDialog onClose={() => undefined} />);
    // the browser would stop it before the toast
    expect(screen.getByRole('textbox', { name: /Title/ })).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Upload Reel' }));
    expect(await screen.findByText('Title Required')).toBeInTheDocument();
    toaster.remove();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), '   ');
    await user.click(screen.getByRole('button', { name: 'Upload Reel' }));
    expect(await screen.findByText('Title Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a title for your reel.')).toBeInTheDocument();
  });

  it('uploads with a picked image, previews and removes it, toasts and closes', async () => {
    const user = userEvent.setup();
    let closed = false;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sunset.png', { type: 'image/png' });
    const dataUrl = 'data:image/png;base64,iVBORw==';
    renderWithProviders(<UploadReelDialog onClose={() => (closed = true)} />, {
      mocks: [
        {
          request: {
            query: UploadReelDocument,
            variables: { input: { title: 'Sunset', caption: 'Camps Bay', file: dataUrl } },
          },
          result: { data: { uploadReel: reel('new', { title: 'Sunset' }) } },
        },
        feedReels,
      ],
    });
    await user.upload(screen.getByTestId('reel-file-input'), png);
    // The preview plays from an object URL (the page's policy refuses media from data: URLs); the data URL is sent.
    expect(await screen.findByRole('img', { name: 'Reel preview' })).toHaveAttribute('src', 'blob:preview-1');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: 'Reel preview' })).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-1']);
    await user.upload(screen.getByTestId('reel-file-input'), png);
    await screen.findByRole('img', { name: 'Reel preview' });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Sunset');
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), 'Camps Bay');
    await user.click(screen.getByRole('button', { name: 'Upload Reel' }));
    expect(await screen.findByText('Reel Uploaded')).toBeInTheDocument();
    await waitFor(() => expect(closed).toBe(true));
  });

  it('tells a signed-out member to sign in, and any other failure to try again', async () => {
    const user = userEvent.setup();
    const failing = (code: string) => ({
      request: { query: UploadReelDocument, variables: { input: { title: 'Mine', caption: null, file: null } } },
      result: { errors: [{ message: 'nope', extensions: { code } }] },
    });
    const { unmount } = renderWithProviders(<UploadReelDialog onClose={() => undefined} />, {
      mocks: [failing('UNAUTHENTICATED')],
    });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Upload Reel' }));
    expect(await screen.findByText('Not Logged In')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to upload reels.')).toBeInTheDocument();
    unmount();
    toaster.remove();
    renderWithProviders(<UploadReelDialog onClose={() => undefined} />, { mocks: [failing('INTERNAL_SERVER_ERROR')] });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Upload Reel' }));
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to upload reel. Please try again.')).toBeInTheDocument();
  });
});
