/**
 * The documented reel paths (spec 001 section 7: GET /api/reels, POST /api/reels, and DELETE /api/reels/{id}),
 * called the way an external client calls them: plain HTTP with a cookie jar against the built server. The
 * reel's file travels as `thumbnailUrl`, an inline data URL, as the spec's client sends it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, ROOMY_WRITES } from '../support/app';
import { dataUrl, ELF_BYTES, fetchMedia, MP4_BYTES, PDF_BYTES, PNG_BYTES, pngOfSize } from '../support/files';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
let app: App;
type Member = Awaited<ReturnType<typeof signedUpClient>>;
let author: Member;
let other: Member;

beforeAll(async () => {
  app = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', ...ROOMY_WRITES });
  [author, other] = await Promise.all([
    signedUpClient(app.url, { firstName: 'Thandi', lastName: 'Author' }),
    signedUpClient(app.url, { firstName: 'Pieter', lastName: 'Other' }),
  ]);
});
afterAll(async () => {
  await app?.stop();
});

const listed = async (m: Member) =>
  (await m.client.get('/api/reels?limit=50')).json as Array<{ id: string; title: string }>;

describe('every reel path answers 401 without a session', () => {
  test.each([
    ['GET', '/api/reels'],
    ['POST', '/api/reels'],
    ['DELETE', `/api/reels/${MISSING_UUID}`],
  ])('%s %s', async (method, path) => {
    const c = client(app.url);
    const res =
      method === 'GET'
        ? await c.get(path)
        : method === 'DELETE'
          ? await c.delete(path)
          : await c.post(path, { title: 'Sneaky', thumbnailUrl: dataUrl('image/png', PNG_BYTES) });
    expect(res.status, res.text).toBe(401);
  });
});

describe('uploading and listing', () => {
  test('a video reel answers 201 with the spec fields and is listed first; its file is served', async () => {
    const res = await author.client.post('/api/reels', {
      title: 'Braai day',
      caption: 'Lekker',
      thumbnailUrl: dataUrl('video/mp4', MP4_BYTES),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ title: 'Braai day', caption: 'Lekker', likes: 0 });
    expect(typeof res.json.id).toBe('string');
    const file = await fetchMedia(app.url, res.json.videoUrl);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(MP4_BYTES)).toBe(true);
    const list = await other.client.get('/api/reels');
    expect(list.status).toBe(200);
    expect(list.json[0]).toMatchObject({ id: res.json.id, title: 'Braai day', caption: 'Lekker', likes: 0 });
    expect(Object.keys(list.json[0])).toEqual(
      expect.arrayContaining(['id', 'title', 'caption', 'thumbnailUrl', 'likes']),
    );
  });

  test('an image reel answers a thumbnail URL under /media', async () => {
    const res = await author.client.post('/api/reels', {
      title: 'Sunset',
      thumbnailUrl: dataUrl('image/png', PNG_BYTES),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.thumbnailUrl).toMatch(/^\/media\//);
    expect((await fetchMedia(app.url, res.json.thumbnailUrl)).status).toBe(200);
  });

  test('a missing or blank title answers 400 and stores nothing', async () => {
    const before = (await listed(author)).length;
    for (const body of [{ caption: 'no title' }, { title: '   ' }]) {
      const res = await author.client.post('/api/reels', body);
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain('Please enter a title for your reel.');
    }
    expect((await listed(author)).length).toBe(before);
  });

  test('wrong types in the body answer 400', async () => {
    for (const body of [{ title: 42 }, { title: 'x', caption: ['a'] }, { title: 'x', thumbnailUrl: 7 }]) {
      const res = await author.client.post('/api/reels', body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
    }
  });

  test('files of the wrong type answer 400 by their bytes, whatever they claim', async () => {
    for (const file of [dataUrl('video/mp4', ELF_BYTES), dataUrl('image/png', PDF_BYTES), 'not a data url']) {
      const res = await author.client.post('/api/reels', { title: 'Wrong', thumbnailUrl: file });
      expect(res.status, res.text).toBe(400);
    }
    expect((await listed(author)).some((r) => r.title === 'Wrong')).toBe(false);
  });

  test("an image over 5 MB answers 413 'Please select an image smaller than 5MB.'", async () => {
    const res = await author.client.post('/api/reels', {
      title: 'Too big',
      thumbnailUrl: dataUrl('image/png', pngOfSize(5 * 1024 * 1024 + 1024)),
    });
    expect(res.status, res.text).toBe(413);
    expect(res.text).toBe('Please select an image smaller than 5MB.');
  });

  test('a video over 50 MB answers 413', async () => {
    const big = Buffer.concat([MP4_BYTES, Buffer.alloc(50 * 1024 * 1024)]);
    const res = await author.client.post('/api/reels', { title: 'Too long', thumbnailUrl: dataUrl('video/mp4', big) });
    expect(res.status).toBe(413);
  });
});

describe('deleting', () => {
  test('another member gets 403 and the reel stays; the author deletes it (204) and its file is gone', async () => {
    const res = await author.client.post('/api/reels', {
      title: 'Mine',
      thumbnailUrl: dataUrl('video/mp4', MP4_BYTES),
    });
    const { id, videoUrl } = res.json;
    const stolen = await other.client.delete(`/api/reels/${id}`);
    expect(stolen.status, stolen.text).toBe(403);
    expect((await listed(other)).some((r) => r.id === id)).toBe(true);
    const del = await author.client.delete(`/api/reels/${id}`);
    expect(del.status, del.text).toBe(204);
    expect((await listed(other)).some((r) => r.id === id)).toBe(false);
    expect((await fetchMedia(app.url, videoUrl)).status).toBe(404);
    expect((await author.client.delete(`/api/reels/${id}`)).status).toBe(404);
  });
});
