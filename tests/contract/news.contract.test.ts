/**
 * The documented news paths (spec 002 section 7): GET /api/news/local?lat=&lon=, /api/news/sa and
 * /api/news/international, as an external client calls them, against the built server whose feeds point at a
 * stub feed server on 127.0.0.1 (fixture RSS and Atom). Also: with feeds that cannot be reached, each answers an
 * empty list within 5 seconds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFeedStub } from '../../api/src/modules/news/news.fixtures';
import { client, signedUpClient, startApp, type App } from '../support/app';

let app: App;
let offline: App;
let stub: Awaited<ReturnType<typeof startFeedStub>>;
let member: Awaited<ReturnType<typeof signedUpClient>>;
const FIELDS = ['title', 'link', 'source', 'pubDate', 'description', 'imageUrl'];

beforeAll(async () => {
  stub = await startFeedStub();
  const env = { RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' };
  [app, offline] = await Promise.all([
    startApp({
      ...env,
      NEWS_SA_FEEDS: `${stub.url}/rss,${stub.url}/broken`,
      NEWS_INTERNATIONAL_FEEDS: `${stub.url}/atom`,
      NEWS_LOCAL_FEED_TEMPLATE: `${stub.url}/local?q={place}`,
    }),
    // Nothing answers: a closed port, an address that swallows packets, and the default timeout (4 s).
    startApp({
      ...env,
      NEWS_SA_FEEDS: 'http://127.0.0.1:9/rss',
      NEWS_INTERNATIONAL_FEEDS: 'http://10.255.255.1/rss',
      NEWS_LOCAL_FEED_TEMPLATE: 'http://10.255.255.1/local?q={place}',
    }),
  ]);
  member = await signedUpClient(app.url);
}, 120_000);
afterAll(async () => {
  await Promise.all([app?.stop(), offline?.stop()]);
  await stub?.stop();
});

describe('every news path answers 401 without a session', () => {
  test.each(['/api/news/local?lat=-33.9&lon=18.4', '/api/news/sa', '/api/news/international'])(
    'GET %s',
    async (path) => {
      const res = await client(app.url).get(path);
      expect(res.status, res.text).toBe(401);
    },
  );
});

describe('news from the configured feeds', () => {
  test('GET /api/news/sa: the RSS fixture as plain-text articles, newest first (the broken feed adds nothing)', async () => {
    const res = await member.client.get('/api/news/sa');
    expect(res.status, res.text).toBe(200);
    expect(res.json.map((a: Record<string, unknown>) => Object.keys(a).sort())).toEqual([
      FIELDS.slice().sort(),
      FIELDS.slice().sort(),
    ]);
    expect(res.json[0]).toEqual({
      title: 'Springboks name squad',
      link: 'https://karoo.example/boks',
      source: 'Karoo Courier',
      pubDate: '2026-11-23T10:00:00.000Z',
      description: 'The coach names 33 players & two new caps.',
      imageUrl: 'https://karoo.example/boks.jpg',
    });
    expect(res.json[1]).toMatchObject({
      title: 'Rain finally falls on the Karoo',
      description: 'Farmers celebrate the first rain in months.',
    });
    expect(res.text).not.toMatch(/<|>|alert|javascript/i);
  });

  test('GET /api/news/international: the Atom fixture', async () => {
    const res = await member.client.get('/api/news/international');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
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

  test('GET /api/news/local?lat=&lon=: the local feed of the nearest city; missing coordinates answer 400', async () => {
    const res = await member.client.get('/api/news/local?lat=-26.2&lon=28.05');
    expect(res.status).toBe(200);
    expect(res.json[0].source).toBe('Local Courier Johannesburg');
    const bad = await member.client.get('/api/news/local?lat=-26.2');
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/lon/);
  });
});

describe('without the internet', () => {
  test('each path answers an empty list within 5 seconds', async () => {
    const m = await signedUpClient(offline.url);
    const timed = await Promise.all(
      ['/api/news/local?lat=-33.9&lon=18.4', '/api/news/sa', '/api/news/international'].map(async (path) => {
        const started = Date.now();
        const res = await m.client.get(path);
        return { path, status: res.status, body: res.json, ms: Date.now() - started };
      }),
    );
    for (const t of timed) {
      expect(t.status, t.path).toBe(200);
      expect(t.body, t.path).toEqual([]);
      expect(t.ms, t.path).toBeLessThan(5_000);
    }
  }, 20_000);
});
