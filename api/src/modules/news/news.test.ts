import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings, useSettings } from '../../kernel/settings';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import type { User } from '../users/user.entity';
import { RSS_FIXTURE, startFeedStub, type FeedStub } from './news.fixtures';
import { clearNewsCache } from './news.service';
import { plainText } from './news.text';

const Q = `query($region: NewsRegion!, $lat: Float, $lon: Float) {
  news(region: $region, latitude: $lat, longitude: $lon) { title link source pubDate description imageUrl }
}`;
let stub: FeedStub & { lastLocalQuery: () => string | null };
let member: User;
const original = settings();

function useFeeds(news: Partial<ReturnType<typeof settings>['news']>) {
  useSettings({ ...original, news: { ...original.news, timeoutMs: 600, ...news } });
  clearNewsCache();
}

beforeAll(async () => {
  stub = await startFeedStub({ slowMs: 3_000 });
  member = await buildUser();
});
afterAll(async () => {
  useSettings(original);
  await stub.stop();
});
beforeEach(() =>
  useFeeds({
    saFeeds: [`${stub.url}/rss`],
    internationalFeeds: [`${stub.url}/atom`],
    localFeedTemplate: `${stub.url}/local?q={place}&ll={lat},{lon}`,
  }),
);

describe('news', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(Q, { region: 'sa' }))).toBe('UNAUTHENTICATED');
  });

  it('reads an RSS feed as plain text: no HTML or script, http(s) links only, newest first, with pictures', async () => {
    const r = await gql(Q, { region: 'sa' }, { as: member });
    expect(r.errors).toBeUndefined();
    expect(r.data.news).toEqual([
      {
        title: 'Springboks name squad',
        link: 'https://karoo.example/boks',
        source: 'Karoo Courier',
        pubDate: '2026-11-23T10:00:00.000Z',
        description: 'The coach names 33 players & two new caps.',
        imageUrl: 'https://karoo.example/boks.jpg',
      },
      {
        title: 'Rain finally falls on the Karoo',
        link: 'https://karoo.example/rain',
        source: 'Karoo Courier',
        pubDate: '2026-11-23T08:00:00.000Z',
        description: 'Farmers celebrate the first rain in months.',
        imageUrl: 'https://karoo.example/rain.jpg',
      },
    ]);
    expect(JSON.stringify(r.data.news)).not.toMatch(/<|>|alert|cookie/i);
  });

  it('reads an Atom feed', async () => {
    const r = await gql(Q, { region: 'international' }, { as: member });
    expect(r.data.news).toEqual([
      {
        title: 'Summit ends with a climate deal',
        link: 'https://wire.example/summit',
        source: 'World Wire',
        pubDate: '2026-11-23T09:30:00.000Z',
        description: 'Leaders agree on new targets.',
        imageUrl: null,
      },
    ]);
  });

  it('merges several feeds newest first; a broken, a missing and a slow feed count as empty within the timeout', async () => {
    useFeeds({
      saFeeds: [`${stub.url}/broken`, `${stub.url}/atom`, `${stub.url}/missing`, `${stub.url}/slow`, `${stub.url}/rss`],
    });
    const started = Date.now();
    const r = await gql(Q, { region: 'sa' }, { as: member });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(r.errors).toBeUndefined();
    expect(r.data.news.map((a: { link: string }) => a.link)).toEqual([
      'https://karoo.example/boks',
      'https://wire.example/summit',
      'https://karoo.example/rain',
    ]);
  });

  it('answers an empty list when no feed can be reached', async () => {
    useFeeds({ saFeeds: ['http://127.0.0.1:9/rss'] });
    expect((await gql(Q, { region: 'sa' }, { as: member })).data.news).toEqual([]);
  });

  it("does not follow a feed's redirect to an internal address the operator did not configure (issue 24, item 11)", async () => {
    // Another server on the machine's own network, with a feed the members must never see.
    const internal = http.createServer((req, res) => {
      internalHits++;
      res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(RSS_FIXTURE.replaceAll('Karoo Courier', 'INTERNAL SECRET'));
    });
    let internalHits = 0;
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
    const port = (internal.address() as AddressInfo).port;
    try {
      for (const to of [
        `http://127.0.0.1:${port}/rss`,
        `http://localhost:${port}/rss`,
        `http://[::ffff:127.0.0.1]:${port}/rss`,
        `http://[::127.0.0.1]:${port}/rss`,
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        useFeeds({ saFeeds: [`${stub.url}/redirect?to=${encodeURIComponent(to)}`] });
        const r = await gql(Q, { region: 'sa' }, { as: member });
        expect(r.errors, to).toBeUndefined();
        expect(r.data.news, to).toEqual([]);
      }
      expect(internalHits).toBe(0);
      // The operator's own feed (here on 127.0.0.1) is read, and so is a redirect that stays on its origin.
      useFeeds({ saFeeds: [`${stub.url}/redirect?to=%2Frss`] });
      expect((await gql(Q, { region: 'sa' }, { as: member })).data.news).toHaveLength(2);
    } finally {
      internal.closeAllConnections();
      await new Promise((r) => internal.close(r));
    }
  });

  it('caches each feed for 5 minutes: one fetch for many readers, a new one after the 5 minutes', async () => {
    expect(original.news.cacheSeconds).toBe(300);
    const before = stub.hits['/atom'] ?? 0;
    const realNow = Date.now;
    let offset = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    try {
      const first = await Promise.all([1, 2, 3].map(() => gql(Q, { region: 'international' }, { as: member })));
      expect(first.map((r) => r.data?.news.length)).toEqual([1, 1, 1]);
      offset = 299_000;
      await gql(Q, { region: 'international' }, { as: member });
      expect(stub.hits['/atom']).toBe(before + 1);
      offset = 301_000;
      const r = await gql(Q, { region: 'international' }, { as: member });
      expect(stub.hits['/atom']).toBe(before + 2);
      expect(r.data.news).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('local news fills the template with the nearest city and the coordinates, and needs both coordinates', async () => {
    const r = await gql(Q, { region: 'local', lat: -33.93, lon: 18.46 }, { as: member });
    expect(r.data.news[0].source).toBe('Local Courier Cape Town');
    expect(new URLSearchParams(stub.lastLocalQuery()!).get('ll')).toBe('-33.9300,18.4600');
    await gql(Q, { region: 'local', lat: 51.5, lon: -0.1 }, { as: member });
    expect(new URLSearchParams(stub.lastLocalQuery()!).get('q')).toBe('London');
    const missing = await gql(Q, { region: 'local', lat: -33.93 }, { as: member });
    expect(codeOf(missing)).toBe('BAD_USER_INPUT');
    expect(missing.errors![0].message).toMatch(/lon/);
    expect(codeOf(await gql(Q, { region: 'local', lat: 91, lon: 0 }, { as: member }))).toBe('BAD_USER_INPUT');
  });
});

describe('plainText', () => {
  it('drops scripts, styles, comments and tags, escaped or not, and decodes entities', () => {
    expect(
      plainText('<style>p{}</style>a<!-- c --><script src=x>bad()</script> b &lt;i&gt;x&lt;/i&gt; &#39;c&#x27;'),
    ).toBe("a b x 'c'");
    expect(plainText('&lt;img src=x onerror=alert(1)&gt;ok')).toBe('ok');
    expect(plainText('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
