import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { NewsDocument } from './news.generated';
import { renderWithProviders } from '../../test/render';
import { newsAge } from './newsAge';
import NewsScreen, { NEWS_REFRESH_MS } from './NewsScreen';
import { CAPE_TOWN } from '../../lib/position';

const article = (n: number, extra: Record<string, unknown> = {}) => ({
  __typename: 'NewsArticle' as const,
  title: `Headline ${n}`,
  link: `https://news.example/${n}`,
  source: 'Karoo Courier',
  pubDate: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  description: `Summary ${n}`,
  imageUrl: null,
  ...extra,
});
const mock = (variables: Record<string, unknown>, news: unknown[], opts: { maxUsageCount?: number } = {}) => ({
  request: { query: NewsDocument, variables: { latitude: null, longitude: null, ...variables } },
  result: { data: { news } },
  ...opts,
});

function withGeolocation(impl: Geolocation['getCurrentPosition'] | undefined) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: impl ? { getCurrentPosition: impl } : undefined,
  });
}

afterEach(() => {
  vi.useRealTimers();
  withGeolocation(undefined);
});

describe('news', () => {
  it('shows the articles as cards that open in a new tab, with source and age', async () => {
    renderWithProviders(<NewsScreen />, {
      route: '/news?region=sa',
      mocks: [mock({ region: 'sa' }, [article(1, { imageUrl: 'https://news.example/1.jpg' }), article(2)])],
    });
    const cards = await screen.findAllByTestId('news-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', 'https://news.example/1');
    expect(cards[0]).toHaveAttribute('target', '_blank');
    expect(cards[0].getAttribute('rel')).toMatch(/noopener/);
    expect(within(cards[0]).getByText('Karoo Courier · 3 hours ago')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Summary 1')).toBeInTheDocument();
    expect(cards[0].querySelector('img')).toHaveAttribute('src', 'https://news.example/1.jpg');
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('sa');
  });

  it('the empty state in the spec words', async () => {
    renderWithProviders(<NewsScreen />, {
      route: '/news?region=international',
      mocks: [mock({ region: 'international' }, [])],
    });
    expect(await screen.findByText('No news articles available for this location.')).toBeInTheDocument();
  });

  it('a failed load shows the error with Retry', async () => {
    renderWithProviders(<NewsScreen />, {
      route: '/news?region=sa',
      mocks: [
        {
          request: { query: NewsDocument, variables: { region: 'sa', latitude: null, longitude: null } },
          error: new Error('boom'),
        },
      ],
    });
    const alert = await screen.findByTestId('news-error');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('My Location reads the local news of the browser position', async () => {
    withGeolocation((ok) => ok({ coords: { latitude: 51.5, longitude: -0.12 } } as GeolocationPosition));
    renderWithProviders(<NewsScreen />, {
      route: '/news',
      mocks: [mock({ region: 'local', latitude: 51.5, longitude: -0.12 }, [article(7)])],
    });
    expect(await screen.findByText('Headline 7')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('local');
  });

  it('My Location falls back to the South African feed when location is denied, with the spec toast', async () => {
    withGeolocation((_ok, fail) =>
      fail!({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'denied',
      } as GeolocationPositionError),
    );
    renderWithProviders(<NewsScreen />, { route: '/news', mocks: [mock({ region: 'sa' }, [article(3)])] });
    expect(await screen.findByText('Headline 3')).toBeInTheDocument();
    expect(await screen.findByText('Location access denied. Showing international news instead.')).toBeInTheDocument();
  });

  it('falls back to the South African feed when the browser has no geolocation, with the spec toast', async () => {
    renderWithProviders(<NewsScreen />, { route: '/news', mocks: [mock({ region: 'sa' }, [article(4)])] });
    expect(await screen.findByText('Headline 4')).toBeInTheDocument();
    expect(
      await screen.findByText('Geolocation not supported. Showing international news instead.'),
    ).toBeInTheDocument();
  });

  it('an unavailable position reads local news at the Cape Town fallback', async () => {
    withGeolocation((_ok, fail) =>
      fail!({
        code: 2,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'no fix',
      } as GeolocationPositionError),
    );
    renderWithProviders(<NewsScreen />, {
      route: '/news',
      mocks: [mock({ region: 'local', ...CAPE_TOWN }, [article(5)])],
    });
    expect(await screen.findByText('Headline 5')).toBeInTheDocument();
    expect(await screen.findByText('Unable to get your location. Using default location.')).toBeInTheDocument();
  });

  it('refreshes every 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    expect(NEWS_REFRESH_MS).toBe(300_000);
    renderWithProviders(<NewsScreen />, {
      route: '/news?region=sa',
      mocks: [mock({ region: 'sa' }, [article(1)]), mock({ region: 'sa' }, [article(2)])],
    });
    expect(await screen.findByText('Headline 1')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NEWS_REFRESH_MS - 1_000);
    });
    expect(screen.getByText('Headline 1')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(await screen.findByText('Headline 2')).toBeInTheDocument();
  });

  it('ages read days, hours or Just now', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(newsAge('2026-11-23T11:30:00Z', now)).toBe('Just now');
    expect(newsAge(null, now)).toBe('Just now');
    expect(newsAge('2026-11-23T10:00:00Z', now)).toBe('2 hours ago');
    expect(newsAge('2026-11-23T11:00:00Z', now)).toBe('1 hour ago');
    expect(newsAge('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
  });
});
