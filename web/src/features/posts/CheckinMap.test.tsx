import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { CheckinMap } from './CheckinMap';
import { MAP_LOAD_TIMEOUT_MS } from './postContent';

const post = {
  id: 'p1',
  savedCheckinId: null,
  location: 'Kirstenbosch Gardens',
  latitude: -33.9881,
  longitude: 18.4326,
};

const EMBED = 'https://maps.google.com/maps?q=-33.9881,18.4326&z=15&output=embed';

/** Stands in for the network: each request to the map's host waits until the test answers or fails it. */
interface Probe {
  url: string;
  init: RequestInit | undefined;
  answer: () => void;
  fail: () => void;
}
let requests: Probe[] = [];
function fakeFetch(url: string, init?: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    requests.push({
      url,
      init,
      answer: () => resolve(new Response(null)),
      fail: () => reject(new TypeError('Failed to fetch')),
    });
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}
const probes = () => requests.filter((r) => r.url === EMBED);
const map = () => screen.queryByTitle('Map of Kirstenbosch Gardens');

function expectPlaceShown() {
  expect(screen.getByTestId('checkin-place')).toHaveTextContent('Kirstenbosch Gardens');
  expect(screen.getByTestId('checkin-place-coordinates')).toHaveTextContent('-33.98810, 18.43260');
  const link = screen.getByRole('link', { name: 'Open in Maps' });
  expect(link).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=-33.9881,18.4326');
  expect(link).toHaveAttribute('target', '_blank');
}

describe('CheckinMap', () => {
  beforeEach(() => {
    requests = [];
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the map when its host answers, with the place, coordinates and Open in Maps under it', async () => {
    renderWithProviders(<CheckinMap post={post} />);
    expect(probes()).toHaveLength(1);
    // Asked without a body or cookies: any answer means the host is reachable.
    expect(probes()[0].init).toMatchObject({ method: 'HEAD', mode: 'no-cors', credentials: 'omit' });
    expect(map()).toHaveAttribute('src', EMBED);
    await act(async () => probes()[0].answer());
    expect(map()).toHaveAttribute('src', EMBED);
    expect(screen.getByTestId('checkin-map')).toHaveAttribute('data-map-state', 'ready');
    expectPlaceShown();
    expect(screen.queryByTestId('checkin-map-unavailable')).not.toBeInTheDocument();
  });

  it('leaves the map out when its host cannot be reached, keeping the place and the link', async () => {
    renderWithProviders(<CheckinMap post={post} />);
    await act(async () => probes()[0].fail());
    expect(map()).not.toBeInTheDocument();
    expect(screen.getByTestId('checkin-map-unavailable')).toHaveTextContent("The map can't load right now.");
    expectPlaceShown();
    expect(screen.getByRole('button', { name: 'Save to Things to do' })).toBeInTheDocument();
  });

  it(`leaves the map out when its host does not answer within ${MAP_LOAD_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    renderWithProviders(<CheckinMap post={post} />);
    act(() => {
      vi.advanceTimersByTime(MAP_LOAD_TIMEOUT_MS - 100);
    });
    expect(map()).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(map()).not.toBeInTheDocument();
    expectPlaceShown();
    // The request is given up (aborted), and an answer after that does not bring the map back.
    expect(probes()[0].init?.signal?.aborted).toBe(true);
    await act(async () => probes()[0].answer());
    expect(map()).not.toBeInTheDocument();
  });

  it('shows no map at all while the browser is offline, and tries again when it comes back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<CheckinMap post={post} />);
    expect(map()).not.toBeInTheDocument();
    expect(probes()).toHaveLength(0);
    expectPlaceShown();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(probes()).toHaveLength(1);
    await act(async () => probes()[0].answer());
    expect(screen.getByTestId('checkin-map')).toHaveAttribute('data-map-state', 'ready');
    expect(map()).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event('offline')));
    expect(map()).not.toBeInTheDocument();
    expectPlaceShown();
  });
});
