import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../ui/toaster';
import { HomeFeedDocument } from './feed.generated';
import { stubIntersectionObserver } from '../../test/intersectionObserver';
import FeedScreen from './FeedScreen';
import { makePost } from '../posts';
import { businessesMock, feedMock, reelsMock, renderFeed } from './testUtils';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

const postIds = () => screen.getAllByTestId('post-card').map((card) => card.getAttribute('data-post-id'));

describe('FeedScreen', () => {
  it("shows 'Loading posts...' while the feed loads", async () => {
    renderFeed(<FeedScreen />, { mocks: [feedMock([makePost()], { delay: 200 }), reelsMock(), businessesMock()] });
    expect(screen.getByText('Loading posts...')).toBeInTheDocument();
    expect(await screen.findByTestId('post-card')).toBeInTheDocument();
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
  });

  it('shows the empty state, and the Add Reel tile on an empty strip', async () => {
    renderFeed(<FeedScreen />, { mocks: [feedMock([]), reelsMock([]), businessesMock([])] });
    expect(await screen.findByText('No posts yet. Create the first one!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Reel' })).toBeInTheDocument();
    expect(screen.getByTestId('composer')).toBeInTheDocument();
    expect(screen.queryByTestId('reel-tile')).not.toBeInTheDocument();
  });

  it('shows the reels after the Add Reel tile', async () => {
    renderFeed(<FeedScreen />, {
      mocks: [
        feedMock([]),
        reelsMock([
          { id: 'r1', title: 'Braai day', thumbnailUrl: '/media/r1.jpg' },
          { id: 'r2', title: 'Table Mountain sunrise', thumbnailUrl: null },
        ]),
        businessesMock(),
      ],
    });
    const strip = screen.getByTestId('reel-strip');
    expect(await within(strip).findByRole('link', { name: 'Braai day' })).toHaveAttribute('href', '/reels');
    const tiles = within(strip)
      .getAllByRole('listitem')
      .map((li) => li.firstElementChild?.getAttribute('aria-label'));
    expect(tiles).toEqual(['Add Reel', 'Braai day', 'Table Mountain sunrise']);
    expect(within(strip).getAllByRole('link')[0].querySelector('img')).toHaveAttribute('src', '/media/r1.jpg');
  });

  it('links each business to its page and hides the scrolling copy from assistive technology', async () => {
    const businesses = [
      { id: 'b1', name: 'Biltong & Co', category: 'Food' },
      { id: 'b2', name: 'Springbok Movers', category: 'Removals' },
      { id: 'b3', name: 'Ubuntu Accountants', category: 'Finance' },
    ];
    renderFeed(<FeedScreen />, { mocks: [feedMock([]), reelsMock(), businessesMock(businesses)] });
    const carousel = await screen.findByTestId('business-carousel');
    const visible = within(carousel).getAllByRole('link');
    expect(visible.map((a) => a.getAttribute('href'))).toEqual([
      '/business?company=Biltong%20%26%20Co',
      '/business?company=Springbok%20Movers',
      '/business?company=Ubuntu%20Accountants',
    ]);
    const copy = screen.getByTestId('business-carousel-copy');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    const copyLinks = copy.querySelectorAll('a');
    expect(copyLinks).toHaveLength(3);
    copyLinks.forEach((a) => expect(a).toHaveAttribute('tabindex', '-1'));
    expect(screen.getByRole('button', { name: 'Pause businesses carousel' })).toBeInTheDocument();
  });

  it('shows an error with Retry, and the posts after retrying', async () => {
    const user = userEvent.setup();
    renderFeed(<FeedScreen />, {
      mocks: [
        {
          request: { query: HomeFeedDocument, variables: { first: 10 } },
          result: { errors: [{ message: 'Database unavailable' }] },
        },
        feedMock([makePost({ id: 'p1' })]),
        reelsMock(),
        businessesMock(),
      ],
    });
    const alert = await screen.findByTestId('feed-error');
    expect(alert).toHaveTextContent('Posts could not be loaded.');
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('post-card')).toHaveAttribute('data-post-id', 'p1');
  });

  it('loads the next page with the Load more button', async () => {
    const user = userEvent.setup();
    renderFeed(<FeedScreen />, {
      mocks: [
        feedMock([makePost({ id: 'p1' }), makePost({ id: 'p2' })], { hasNextPage: true, endCursor: 'c2' }),
        feedMock([makePost({ id: 'p3' })], { after: 'c2', hasNextPage: false, endCursor: 'c3' }),
        reelsMock(),
        businessesMock(),
      ],
    });
    await screen.findAllByTestId('post-card');
    expect(postIds()).toEqual(['p1', 'p2']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    expect(postIds()).toEqual(['p1', 'p2', 'p3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page when the end of the list comes into view', async () => {
    const observers = stubIntersectionObserver();
    renderFeed(<FeedScreen />, {
      mocks: [
        feedMock([makePost({ id: 'p1' })], { hasNextPage: true, endCursor: 'c1' }),
        feedMock([makePost({ id: 'p2' })], { after: 'c1', hasNextPage: false, endCursor: 'c2' }),
        reelsMock(),
        businessesMock(),
      ],
    });
    await screen.findByTestId('post-card');
    const sentinel = screen.getByTestId('feed-sentinel');
    const watching = observers.find((o) => o.elements.includes(sentinel));
    expect(watching).toBeDefined();
    act(() => {
      watching!.callback(
        [{ isIntersecting: true, target: sentinel } as unknown as IntersectionObserverEntry],
        watching as never,
      );
    });
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
    expect(postIds()).toEqual(['p1', 'p2']);
  });
});
