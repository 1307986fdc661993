import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gql } from '@apollo/client';
import { print } from 'graphql';
import { createCache } from '../../ui/cache';
import { appConfigMock, reportReasonOptions, seedAppConfig } from '../../test/appConfig';
import { useQuery } from '@apollo/client/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { UiProvider } from '../../ui/UiProvider';
import { toaster } from '../../ui/toaster';
import { PostCardSaveCheckinDocument } from './checkin.generated';
import { PostCardAddCommentDocument, PostCardCommentsDocument } from './comments.generated';
import { PostCardDeleteDocument, PostCardUpdateDocument } from './menu.generated';
import { ALREADY_REPORTED, reportContentMock } from '../../test/report';
import { PostCard_PostFragmentDoc, type PostCard_PostFragment } from './post.generated';
import { PostCardReactDocument } from './reactions.generated';
import { PostCardShareDocument } from './share.generated';
import { PostCard } from './PostCard';
import { makeImages, makePost } from './testing';

// A list of posts as a screen would hold it, so the card reads the post from the normalized cache.
const TestPosts = gql`
  query TestPosts {
    feed {
      nodes {
        ...PostCard_post
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
  ${print(PostCard_PostFragmentDoc)}
`;

type TestPostsData = { feed: { nodes: PostCard_PostFragment[] } };

function Feed() {
  const { data } = useQuery<TestPostsData>(TestPosts, { fetchPolicy: 'cache-only' });
  const nodes = data?.feed.nodes ?? [];
  if (nodes.length === 0) return <p>No posts</p>;
  return (
    <>
      {nodes.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
    </>
  );
}

function renderCard(post: ReturnType<typeof makePost>, mocks: MockLink.MockedResponse[] = []) {
  const cache = createCache();
  cache.writeQuery({
    query: TestPosts,
    data: {
      feed: {
        __typename: 'PostConnection',
        nodes: [post],
        pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
      },
    },
  });
  const utils = render(
    <MockedProvider mocks={mocks} cache={seedAppConfig(cache, mocks)}>
      <UiProvider>
        <MemoryRouter>
          <Feed />
        </MemoryRouter>
      </UiProvider>
    </MockedProvider>,
  );
  return { ...utils, cache };
}

const comment = (id: string, text: string, createdAt: string) => ({
  __typename: 'Comment' as const,
  id,
  text,
  createdAt,
  author: { __typename: 'User' as const, id: 'u1', displayName: 'Thandi Nkosi', initials: 'TN', profileImageUrl: null },
});

const commentsMock = (
  nodes: ReturnType<typeof comment>[],
  hasNextPage = false,
  after?: string,
  endCursor: string | null = null,
) => ({
  request: { query: PostCardCommentsDocument, variables: { postId: 'p1', first: 20, ...(after ? { after } : {}) } },
  result: {
    data: {
      comments: {
        __typename: 'CommentConnection',
        nodes,
        pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
      },
    },
  },
});

/**
 * Opens the post menu and picks an entry with the keyboard. (Zag's menu highlights items on pointer moves only
 * when its global interaction modality is "pointer", which jsdom tests do not reliably leave behind.)
 */
async function chooseMenuItem(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: 'Post options' }));
  const item = await screen.findByRole('menuitem', { name });
  for (let i = 0; i < 5 && !item.hasAttribute('data-highlighted'); i++) await user.keyboard('{ArrowDown}');
  expect(item).toHaveAttribute('data-highlighted');
  await user.keyboard('{Enter}');
}

describe('PostCard', () => {
  // The toaster is one per app and shows one toast at a time: start each test without leftovers.
  beforeEach(() => {
    toaster.remove();
  });

  it('shows the author, relative time, location, text with links and real counts', () => {
    renderCard(
      makePost({
        content: 'Visit https://example.com today',
        location: 'Cape Town',
        commentCount: 3,
        shareCount: 1,
        reactionCounts: {
          __typename: 'ReactionCounts',
          lekker: 2,
          shocked: 0,
          sad: 1,
          care: 4,
          angry: 0,
          total: 7,
        } as never,
      }),
    );
    const card = screen.getByTestId('post-card');
    expect(card).toHaveAttribute('data-post-id', 'p1');
    expect(within(card).getByText('Sipho Dlamini')).toBeInTheDocument();
    expect(within(card).getByText('SD')).toBeInTheDocument();
    expect(within(card).getByTestId('post-time')).toHaveTextContent('just now');
    expect(within(card).getByTestId('post-location')).toHaveTextContent('Cape Town');
    expect(within(card).getByRole('link', { name: 'https://example.com' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    expect(within(card).getByTestId('link-preview')).toHaveTextContent('example.com');
    expect(within(card).getByTestId('reaction-summary')).toHaveTextContent('🤗👍😢7 reactions');
    expect(within(card).getByTestId('comment-count')).toHaveTextContent('3 comments');
    expect(within(card).getByTestId('share-count')).toHaveTextContent('1 share');
    expect(within(card).getByRole('button', { name: 'Comments (3)' })).toBeInTheDocument();
    // No map without coordinates.
    expect(screen.queryByTitle(/^Map of/)).not.toBeInTheDocument();
  });

  it('shows no link preview when the post has photos, and swaps a YouTube thumbnail for an autoplay player', async () => {
    const user = userEvent.setup();
    const { unmount } = renderCard(
      makePost({ content: 'https://youtu.be/dQw4w9WgXcQ', images: makeImages(2) as never }),
    );
    expect(screen.queryByTestId('link-preview')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('image-grid-tile')).toHaveLength(2);
    unmount();

    renderCard(makePost({ content: 'https://youtu.be/dQw4w9WgXcQ' }));
    const play = screen.getByRole('button', { name: 'Play YouTube video' });
    expect(play.querySelector('img')).toHaveAttribute('src', 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    await user.click(play);
    expect(screen.getByTitle('YouTube video')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
  });

  it('shows a video player and a document row', () => {
    renderCard(
      makePost({
        videoUrl: '/media/v.mp4',
        documentUrl: '/media/d.pdf',
        documentName: 'Menu.pdf',
        documentType: 'pdf',
      }),
    );
    expect(screen.getByTestId('post-video')).toHaveAttribute('controls');
    expect(screen.getByRole('link', { name: 'Open Menu.pdf' })).toHaveAttribute('href', '/media/d.pdf');
    expect(screen.getByTestId('post-document')).toHaveTextContent('pdf');
  });

  it('reacts with the chosen type, updates the card from the cache and floats the emoji', async () => {
    const user = userEvent.setup();
    const result = vi.fn(() => ({
      data: {
        react: makePost({
          myReaction: 'shocked',
          reactionCounts: {
            __typename: 'ReactionCounts',
            lekker: 0,
            shocked: 1,
            sad: 0,
            care: 0,
            angry: 0,
            total: 1,
          } as never,
        }),
      },
    }));
    renderCard(makePost(), [
      { request: { query: PostCardReactDocument, variables: { postId: 'p1', type: 'shocked' } }, result },
    ]);
    await user.click(screen.getByRole('button', { name: 'Like' }));
    const picker = await screen.findByTestId('reaction-picker');
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Lekker', 'Shocked', 'Sad', 'Care', 'Angry']);
    await user.click(within(picker).getByRole('button', { name: 'Shocked' }));
    expect(screen.getByTestId('reaction-float')).toHaveTextContent('😮');
    await waitFor(() => expect(result).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Shocked' })).toHaveAttribute('data-reaction', 'shocked');
    expect(screen.getByTestId('reaction-summary')).toHaveTextContent('😮1 reaction');
    await waitFor(() => expect(screen.queryByTestId('reaction-float')).not.toBeInTheDocument(), { timeout: 2000 });
  });

  it('sends the current reaction again to remove it, without the animation', async () => {
    const user = userEvent.setup();
    const result = vi.fn(() => ({ data: { react: makePost({ myReaction: null }) } }));
    renderCard(
      makePost({
        myReaction: 'lekker',
        reactionCounts: {
          __typename: 'ReactionCounts',
          lekker: 1,
          shocked: 0,
          sad: 0,
          care: 0,
          angry: 0,
          total: 1,
        } as never,
      }),
      [{ request: { query: PostCardReactDocument, variables: { postId: 'p1', type: 'lekker' } }, result }],
    );
    await user.click(screen.getByTestId('reaction-button'));
    const picker = await screen.findByTestId('reaction-picker');
    await user.click(within(picker).getByRole('button', { name: 'Lekker' }));
    expect(screen.queryByTestId('reaction-float')).not.toBeInTheDocument();
    await waitFor(() => expect(result).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Like' })).toBeInTheDocument();
  });

  it('lists comments oldest first, loads more, and Enter submits a comment that appears at once', async () => {
    const user = userEvent.setup();
    const added = vi.fn(() => ({ data: { addComment: comment('c3', 'Ek kom ook!', new Date().toISOString()) } }));
    renderCard(makePost({ commentCount: 2 }), [
      commentsMock([comment('c1', 'First!', '2024-01-01T10:00:00.000Z')], true, undefined, 'cur1'),
      commentsMock([comment('c2', 'Second', '2024-01-01T11:00:00.000Z')], false, 'cur1', 'cur2'),
      {
        request: { query: PostCardAddCommentDocument, variables: { postId: 'p1', text: 'Ek kom ook!' } },
        result: added,
      },
    ]);
    const toggle = screen.getByRole('button', { name: 'Comments (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('First!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more comments' })).not.toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Write a comment' });
    // Blank text is not sent.
    await user.type(box, '   {Enter}');
    expect(added).not.toHaveBeenCalled();
    await user.clear(box);
    // Shift+Enter adds a line, Enter sends.
    await user.type(box, 'Ek kom{Shift>}{Enter}{/Shift}');
    expect(box).toHaveValue('Ek kom\n');
    expect(added).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'Ek kom ook!{Enter}');
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(box).toHaveValue(''));
    const items = screen.getAllByTestId('comment');
    expect(items.map((li) => li.getAttribute('data-comment-id'))).toEqual(['c1', 'c2', 'c3']);
    expect(within(items[2]).getByText('just now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comments (3)' })).toBeInTheDocument();
    expect(screen.getByTestId('comment-count')).toHaveTextContent('3 comments');
    // A long journey of typing: on a loaded 2-core machine it can pass the default 5 s.
  }, 15000);

  it('shows the empty state of comments', async () => {
    const user = userEvent.setup();
    renderCard(makePost(), [commentsMock([])]);
    await user.click(screen.getByRole('button', { name: 'Comments (0)' }));
    expect(await screen.findByText('No comments yet. Be the first to comment.')).toBeInTheDocument();
  });

  it('shows a map at zoom 15 and saves the check-in', async () => {
    const user = userEvent.setup();
    const result = vi.fn(() => ({
      data: {
        saveCheckin: {
          __typename: 'SavedCheckin',
          id: 's1',
          postId: 'p1',
          createdAt: new Date().toISOString(),
          post: { __typename: 'Post', id: 'p1', savedCheckinId: 's1' },
        },
      },
    }));
    renderCard(makePost({ location: 'Table Mountain', latitude: -33.9628, longitude: 18.4098 }), [
      { request: { query: PostCardSaveCheckinDocument, variables: { postId: 'p1' } }, result },
    ]);
    const map = screen.getByTitle('Map of Table Mountain');
    expect(map).toHaveAttribute('src', 'https://maps.google.com/maps?q=-33.9628,18.4098&z=15&output=embed');
    expect(map).toHaveAttribute('loading', 'lazy');
    await user.click(screen.getByRole('button', { name: 'Save to Things to do' }));
    expect(await screen.findByText('Check-in saved to your Things to do list.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it("reads 'Already saved' when the server says so", async () => {
    const user = userEvent.setup();
    renderCard(makePost({ location: 'Durban', latitude: -29.85, longitude: 31.02 }), [
      {
        request: { query: PostCardSaveCheckinDocument, variables: { postId: 'p1' } },
        result: {
          errors: [
            { message: 'This check-in is already saved.', extensions: { code: 'CONFLICT', reason: 'ALREADY_SAVED' } },
          ],
        },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save to Things to do' }));
    expect(await screen.findByText('This check-in is already in your list.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('is already saved when the post has a saved check-in', () => {
    renderCard(makePost({ location: 'Durban', latitude: -29.85, longitude: 31.02, savedCheckinId: 's9' }));
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('copies the post link, counts the share and shows the toast', async () => {
    const user = userEvent.setup();
    const result = vi.fn(() => ({ data: { sharePost: { __typename: 'Post', id: 'p1', shareCount: 1 } } }));
    renderCard(makePost(), [
      { request: { query: PostCardShareDocument, variables: { id: 'p1', target: 'link' } }, result },
    ]);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy URL' }));
    expect(await screen.findByText('Post link has been copied to clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/post/p1`);
    await waitFor(() => expect(result).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('share-count')).toHaveTextContent('1 share'));
  });

  it('opens WhatsApp with the share text and explains that Instagram cannot share from the web', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const long = 'x'.repeat(120);
    renderCard(makePost({ content: long }), [
      {
        request: { query: PostCardShareDocument, variables: { id: 'p1', target: 'messaging' } },
        result: { data: { sharePost: { __typename: 'Post', id: 'p1', shareCount: 1 } } },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    let dialog = await screen.findByRole('dialog', { name: 'Share Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Instagram' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(/does not support direct sharing from the web/);
    expect(open).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'WhatsApp' }));
    const text = encodeURIComponent(`${'x'.repeat(100)}... ${window.location.origin}/post/p1`);
    expect(open).toHaveBeenCalledWith(`https://wa.me/?text=${text}`, '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = undefined as never;
  });

  it('lists the report reasons appConfig serves', async () => {
    const user = userEvent.setup();
    const reportReasons = reportReasonOptions([
      ['spam', 'Spam'],
      ['other', 'Something else'],
    ]);
    renderCard(makePost(), [appConfigMock({ reportReasons })]);
    await chooseMenuItem(user, 'Report Post');
    const dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual(['Spam', 'Something else']),
    );
  });

  it("offers 'Report Post' to others: a reason is required and the report is sent", async () => {
    const user = userEvent.setup();
    const result = vi.fn(() => ({ data: { reportContent: { __typename: 'Report' as const, id: 'r1' } } }));
    renderCard(makePost(), [reportContentMock('post', 'p1', 'spam', result)]);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(await screen.findByRole('menuitem', { name: 'Report Post' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete Post' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await chooseMenuItem(user, 'Report Post');
    const dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Spam or misleading',
      'Harassment or hate speech',
      'Violence or dangerous content',
      'Inappropriate content',
      'Copyright violation',
      'Other',
    ]);
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByText('Spam or misleading'));
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Post reported to administrators.')).toBeInTheDocument();
    expect(result).toHaveBeenCalled();
  });

  it("shows the server's message when the post was already reported", async () => {
    const user = userEvent.setup();
    renderCard(makePost(), [reportContentMock('post', 'p1', 'other', ALREADY_REPORTED)]);
    await chooseMenuItem(user, 'Report Post');
    const dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    await user.click(within(dialog).getByText('Other'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('You have already reported this.')).toBeInTheDocument();
    expect(screen.getByText('Already reported')).toBeInTheDocument();
  });

  it('lets the author edit the post; Save is disabled when blank', async () => {
    const user = userEvent.setup();
    const post = makePost({ viewerCanEdit: true, viewerCanDelete: true });
    renderCard(post, [
      {
        request: { query: PostCardUpdateDocument, variables: { id: 'p1', content: 'Braai moved to Sunday' } },
        result: { data: { updatePost: { ...post, content: 'Braai moved to Sunday' } } },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete Post' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Report Post' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await chooseMenuItem(user, 'Edit Post');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    const box = within(dialog).getByRole('textbox', { name: 'Post content' });
    expect(box).toHaveValue('Lekker braai this weekend!');
    await user.clear(box);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(box, 'Braai moved to Sunday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post updated successfully.')).toBeInTheDocument();
    expect(screen.getByTestId('post-content')).toHaveTextContent('Braai moved to Sunday');
  });

  it('shows the edit failure toast', async () => {
    const user = userEvent.setup();
    renderCard(makePost({ viewerCanEdit: true, viewerCanDelete: true }), [
      {
        request: { query: PostCardUpdateDocument, variables: { id: 'p1', content: 'New' } },
        result: { errors: [{ message: 'Only the author can edit this post.' }] },
      },
    ]);
    await chooseMenuItem(user, 'Edit Post');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    const box = within(dialog).getByRole('textbox', { name: 'Post content' });
    await user.clear(box);
    await user.type(box, 'New');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update post.')).toBeInTheDocument();
  });

  it('deletes the post after confirmation and removes it from the cached list', async () => {
    const user = userEvent.setup();
    renderCard(makePost({ viewerCanEdit: true, viewerCanDelete: true }), [
      { request: { query: PostCardDeleteDocument, variables: { id: 'p1' } }, result: { data: { deletePost: 'p1' } } },
    ]);
    await chooseMenuItem(user, 'Delete Post');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No posts')).toBeInTheDocument();
    expect(screen.queryByTestId('post-card')).not.toBeInTheDocument();
  });

  it('shows the delete failure toast', async () => {
    const user = userEvent.setup();
    renderCard(makePost({ viewerCanEdit: true, viewerCanDelete: true }), [
      {
        request: { query: PostCardDeleteDocument, variables: { id: 'p1' } },
        result: { errors: [{ message: 'nope' }] },
      },
    ]);
    await chooseMenuItem(user, 'Delete Post');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Post' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete post.')).toBeInTheDocument();
    expect(screen.getByTestId('post-card')).toBeInTheDocument();
  });
});
