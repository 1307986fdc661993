/**
 * The documented home-feed paths (spec 000 sections 3, 5, 7 and 8; spec 002 for saved check-ins), called the
 * way an external client calls them: plain HTTP with a cookie jar against the built server. Errors answer
 * with the ARCHITECTURE.md status and a plain-text body.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, type Client, type HttpResponse } from '../support/app';
import { dataUrl, ELF_BYTES, fetchMedia, MP4_BYTES, PDF_BYTES, PNG_BYTES, pngOfSize } from '../support/files';

const EVIL = 'https://evil.example';
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const REACTIONS = ['lekker', 'shocked', 'sad', 'care', 'angry'];
const REPORT_REASONS = ['spam', 'harassment', 'violence', 'inappropriate', 'copyright', 'other'];
/** The post fields of spec 000 section 3, as the /api answers carry them. */
const POST_FIELDS = [
  'id',
  'userId',
  'content',
  'imageUrl',
  'images',
  'videoUrl',
  'documentUrl',
  'documentName',
  'documentType',
  'location',
  'latitude',
  'longitude',
  'likes',
  'comments',
  'shares',
  'createdAt',
];
const USER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'profileImageUrl',
  'role',
  'tutorialCompleted',
  'tutorialStep',
  'radarEnabled',
];
const CHECKIN = {
  content: 'Best view in town',
  location: 'Kirstenbosch, Cape Town',
  latitude: -33.9875,
  longitude: 18.4327,
};

/** Signs up as an admin (ADMIN_EMAILS), to send a broadcast. */
const BROADCASTER = 'broadcaster@contract.example';

let app: App;

beforeAll(async () => {
  // Many members sign up from one IP in this file, and post and report more in a minute than the new-member sandbox
  // lets a new account (api/src/write-limits.test.ts tests the sandbox): here they count as established.
  app = await startApp({
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    ADMIN_EMAILS: BROADCASTER,
    NEW_MEMBER_HOURS: '0',
  });
});
afterAll(async () => {
  await app?.stop();
});

type Member = Awaited<ReturnType<typeof signedUpClient>>;
const newMember = (firstName = 'Thandi', lastName = 'Nkosi') => signedUpClient(app.url, { firstName, lastName });

async function createPost(m: Member, body: Record<string, unknown> = { content: 'Howzit from Joburg' }) {
  const res = await m.client.post('/api/posts', body);
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function readPost(c: Client, id: string) {
  const res = await c.get(`/api/posts/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** The member's posts among the 100 newest of the feed. */
async function postsBy(m: Member) {
  const res = await m.client.get('/api/posts?limit=100');
  expect(res.status).toBe(200);
  return (res.json as Array<{ userId: string }>).filter((p) => p.userId === m.user.id);
}

async function commentsOf(c: Client, postId: string) {
  const res = await c.get(`/api/posts/${postId}/comments`);
  expect(res.status, res.text).toBe(200);
  return res.json as Array<Record<string, any>>;
}

async function savedOf(m: Member) {
  const res = await m.client.get('/api/saved-checkins');
  expect(res.status, res.text).toBe(200);
  return res.json as Array<Record<string, any>>;
}

async function notificationsOf(m: Member) {
  const res = await m.client.get('/api/notifications');
  expect(res.status, res.text).toBe(200);
  return res.json as Array<Record<string, any>>;
}

async function unreadCount(m: Member): Promise<number> {
  const res = await m.client.get('/api/notifications/unread-count');
  expect(res.status, res.text).toBe(200);
  return res.json.count;
}

/** An error answer: the status, and a plain-text body (no JSON, no stack trace). */
function expectError(res: HttpResponse, status: number, text?: string | RegExp) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^text\/plain/);
  expect(res.text).not.toMatch(/\bat \S+ \(/);
  if (typeof text === 'string') expect(res.text).toContain(text);
  else if (text) expect(res.text).toMatch(text);
}

function expectPostShape(p: Record<string, any>) {
  expect(Object.keys(p)).toEqual(expect.arrayContaining(POST_FIELDS));
  expect(p.id).toEqual(expect.any(String));
  expect(p.userId).toEqual(expect.any(String));
  expect(Array.isArray(p.images)).toBe(true);
  for (const k of ['likes', 'comments', 'shares']) expect(Number.isInteger(p[k]), k).toBe(true);
  expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
  for (const k of ['latitude', 'longitude'])
    expect(p[k] === null || typeof p[k] === 'string', `${k}: ${p[k]}`).toBe(true);
}

// ------------------------------------------------------------------------------------------ authentication

describe('requires authentication', () => {
  let author: Member;
  let other: Member;
  let post: Record<string, any>;
  let checkin: Record<string, any>;
  let savedId: string;
  let notificationId: string;

  beforeAll(async () => {
    [author, other] = await Promise.all([newMember('Author', 'One'), newMember('Other', 'Two')]);
    post = await createPost(author, { content: 'Original text' });
    checkin = await createPost(author, CHECKIN);
    const saved = await author.client.post('/api/saved-checkins', { postId: checkin.id });
    expect(saved.status, saved.text).toBe(201);
    savedId = saved.json.id;
    expect((await other.client.post(`/api/posts/${post.id}/comments`, { text: 'Lekker!' })).status).toBe(201);
    notificationId = (await notificationsOf(author))[0].id;
  });

  test('every feed path answers 401 to a signed-out visitor, with a valid payload, and changes nothing', async () => {
    const anon = client(app.url);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/posts'],
      ['GET', `/api/posts/${post.id}`],
      ['POST', '/api/posts', { content: 'anonymous post' }],
      ['PATCH', `/api/posts/${post.id}`, { content: 'anonymous edit' }],
      ['DELETE', `/api/posts/${post.id}`],
      ['POST', `/api/posts/${post.id}/share`, { target: 'link' }],
      ['GET', `/api/posts/${post.id}/reactions`],
      ['GET', `/api/posts/${post.id}/reactions/me`],
      ['POST', `/api/posts/${post.id}/reactions`, { reactionType: 'lekker' }],
      ['DELETE', `/api/posts/${post.id}/reactions`],
      ['GET', `/api/posts/${post.id}/comments`],
      ['POST', `/api/posts/${post.id}/comments`, { text: 'anonymous comment' }],
      ['GET', '/api/saved-checkins'],
      ['POST', '/api/saved-checkins', { postId: checkin.id }],
      ['DELETE', `/api/saved-checkins/${savedId}`],
      ['POST', '/api/reported-posts', { postId: post.id, reason: 'spam' }],
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PATCH', `/api/notifications/${notificationId}/read`],
      ['POST', '/api/user/tutorial', { tutorialStep: 3 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await anon.request(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(401);
      expect(res.text, `${method} ${path}`).toMatch(/signed in|unauthori[sz]ed/i);
    }

    // Read back as the author: the post, its reactions, the saved check-in, the notification and the tutorial are as
    // they were.
    const p = await readPost(author.client, post.id);
    expect(p).toMatchObject({ content: 'Original text', likes: 0, comments: 1, shares: 0 });
    expect(
      (await author.client.get('/api/posts?limit=100')).json.some((x: any) => x.content === 'anonymous post'),
    ).toBe(false);
    expect((await author.client.get(`/api/posts/${post.id}/reactions`)).json).toEqual([]);
    expect((await savedOf(author)).map((s) => s.id)).toEqual([savedId]);
    expect((await notificationsOf(author)).find((n) => n.id === notificationId)?.isRead).toBe(false);
    expect((await author.client.get('/api/auth/user')).json.tutorialStep).toBe(0);
  });

  test('a made-up session cookie is nobody', async () => {
    const c = client(app.url);
    c.cookies.set('saffa.sid', 'not-a-real-session');
    expect((await c.get('/api/posts')).status).toBe(401);
    expect((await c.post('/api/posts', { content: 'x' })).status).toBe(401);
  });
});

// --------------------------------------------------------------------------------------------------- posts

describe('GET /api/posts', () => {
  test('lists posts newest first, with the documented fields', async () => {
    const m = await newMember();
    const a = await createPost(m, { content: 'first' });
    const b = await createPost(m, { content: 'second' });
    const c = await createPost(m, { content: 'third' });
    const res = await m.client.get('/api/posts');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const list = res.json as Array<Record<string, any>>;
    expect(list.slice(0, 3).map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    for (const p of list) expectPostShape(p);
    const times = list.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(list[0]).toMatchObject({ content: 'third', userId: m.user.id, likes: 0, comments: 0, shares: 0 });
  });

  test('?limit= caps the page; ?after= the X-Next-Cursor header continues where the page stopped', async () => {
    const m = await newMember();
    for (let i = 0; i < 5; i++) await createPost(m, { content: `paged ${i}` });
    const all = (await m.client.get('/api/posts?limit=100')).json as Array<{ id: string }>;

    const first = await m.client.get('/api/posts?limit=2');
    expect(first.status).toBe(200);
    expect(first.json.map((p: { id: string }) => p.id)).toEqual(all.slice(0, 2).map((p) => p.id));

    // The answer stays the documented plain list (spec 000 section 7); the next page's cursor travels in a header.
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await m.client.get(`/api/posts?limit=2&after=${encodeURIComponent(cursor!)}`);
    expect(second.status, `GET /api/posts?limit=2&after=<X-Next-Cursor>: ${second.text}`).toBe(200);
    expect(second.json.map((p: { id: string }) => p.id)).toEqual(all.slice(2, 4).map((p) => p.id));
    const last = await m.client.get(`/api/posts?limit=100&after=${encodeURIComponent(cursor!)}`);
    expect(last.headers.get('x-next-cursor')).toBeNull();
  });

  test('a bad ?limit= or ?after= answers 400', async () => {
    const m = await newMember();
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'after=not-a-cursor']) {
      const res = await m.client.get(`/api/posts?${q}`);
      expectError(res, 400);
    }
  });
});

describe('GET /api/posts/{id}', () => {
  test('answers one post with the documented fields', async () => {
    const m = await newMember();
    const created = await createPost(m, CHECKIN);
    const other = await newMember();
    const p = await readPost(other.client, created.id);
    expectPostShape(p);
    expect(p).toMatchObject({
      id: created.id,
      userId: m.user.id,
      content: CHECKIN.content,
      location: CHECKIN.location,
      latitude: '-33.9875',
      longitude: '18.4327',
    });
  });

  test('an unknown id, or one that cannot exist (a mistyped share link), answers 404', async () => {
    const m = await newMember();
    expectError(await m.client.get(`/api/posts/${MISSING_UUID}`), 404, /not found/i);
    expectError(await m.client.get('/api/posts/not-a-uuid'), 404, /not found/i);
  });
});

describe('POST /api/posts', () => {
  test('creates a text post: 201 with the post, first in the feed', async () => {
    const m = await newMember();
    const res = await m.client.post('/api/posts', { content: '  Howzit from Durban  ' });
    expect(res.status).toBe(201);
    expectPostShape(res.json);
    expect(res.json).toMatchObject({
      content: 'Howzit from Durban',
      userId: m.user.id,
      imageUrl: null,
      videoUrl: null,
      documentUrl: null,
      location: null,
      latitude: null,
      longitude: null,
      likes: 0,
      comments: 0,
      shares: 0,
    });
    expect((await m.client.get('/api/posts?limit=1')).json[0].id).toBe(res.json.id);
  });

  test('a check-in: latitude and longitude come back as strings, from numbers or strings', async () => {
    const m = await newMember();
    const fromNumbers = await createPost(m, CHECKIN);
    expect(fromNumbers).toMatchObject({ location: CHECKIN.location, latitude: '-33.9875', longitude: '18.4327' });
    const fromStrings = await createPost(m, {
      location: 'Durban beachfront',
      latitude: '-29.8587',
      longitude: '31.0218',
    });
    expect(fromStrings).toMatchObject({
      content: null,
      location: 'Durban beachfront',
      latitude: '-29.8587',
      longitude: '31.0218',
    });
    const listed = (await postsBy(m)).find((p: any) => p.id === fromNumbers.id) as any;
    expect(listed).toMatchObject({ latitude: '-33.9875', longitude: '18.4327' });
  });

  test('an image data URL is stored and served from /media as image/png with nosniff', async () => {
    const m = await newMember();
    const p = await createPost(m, { content: 'Sunset', imageUrl: dataUrl('image/png', PNG_BYTES) });
    expect(p.imageUrl).toMatch(/^\/media\/.+\.png$/);
    expect(p.images).toEqual([p.imageUrl]);
    const file = await fetchMedia(app.url, p.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^image\/png/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.bytes.subarray(0, 8).equals(PNG_BYTES.subarray(0, 8))).toBe(true); // a PNG, re-encoded without metadata
    expect((await readPost(m.client, p.id)).imageUrl).toBe(p.imageUrl);
  });

  test('the files of a deleted post answer 404 at once, and were never cached as immutable', async () => {
    const m = await newMember();
    const p = await createPost(m, { content: 'Gone soon', imageUrl: dataUrl('image/png', PNG_BYTES) });
    const before = await fetchMedia(app.url, p.imageUrl);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).not.toMatch(/immutable/);
    expect(Number(/max-age=(\d+)/.exec(before.headers.get('cache-control') ?? '')?.[1])).toBeLessThanOrEqual(300);
    expect((await m.client.delete(`/api/posts/${p.id}`)).status).toBe(204);
    const after = await fetchMedia(app.url, p.imageUrl);
    expect(after.status).toBe(404);
    expect(after.headers.get('cache-control')).toBe('no-store');
  });

  test('a retried POST /api/posts with the same Idempotency-Key answers the first post and creates no second', async () => {
    const m = await newMember();
    const body = { content: 'Sent twice', imageUrl: dataUrl('image/png', PNG_BYTES) };
    const first = await m.client.post('/api/posts', body, { headers: { 'idempotency-key': 'contract-retry-1' } });
    expect(first.status, first.text).toBe(201);
    const retry = await m.client.post('/api/posts', body, { headers: { 'idempotency-key': 'contract-retry-1' } });
    expect(retry.status, retry.text).toBe(first.status);
    expect(retry.json.id).toBe(first.json.id);
    expect((await postsBy(m)).map((p: any) => p.id)).toEqual([first.json.id]);
    expectError(
      await m.client.post('/api/posts', body, { headers: { 'idempotency-key': 'x'.repeat(201) } }),
      400,
      'Idempotency-Key',
    );
  });

  test('a PDF document is stored and served as application/pdf with nosniff, with its name and type', async () => {
    const m = await newMember();
    const p = await createPost(m, {
      content: 'Our menu',
      documentUrl: dataUrl('application/pdf', PDF_BYTES),
      documentName: 'menu.pdf',
      documentType: 'pdf',
    });
    expect(p).toMatchObject({ documentName: 'menu.pdf', documentType: 'pdf', imageUrl: null, videoUrl: null });
    expect(p.documentUrl).toMatch(/^\/media\/.+\.pdf$/);
    const file = await fetchMedia(app.url, p.documentUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.bytes.equals(PDF_BYTES)).toBe(true);
  });

  test('an MP4 video is stored and served as video/mp4 with nosniff', async () => {
    const m = await newMember();
    const p = await createPost(m, { videoUrl: dataUrl('video/mp4', MP4_BYTES) });
    expect(p.videoUrl).toMatch(/^\/media\/.+\.mp4$/);
    expect(p).toMatchObject({ imageUrl: null, documentUrl: null });
    const file = await fetchMedia(app.url, p.videoUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^video\/mp4/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.bytes.equals(MP4_BYTES)).toBe(true);
  });

  test("an image over 5 MB answers 413 'Please select an image smaller than 5MB.' and creates no post", async () => {
    const m = await newMember();
    const res = await m.client.post('/api/posts', {
      content: 'Too big',
      imageUrl: dataUrl('image/png', pngOfSize(5 * 1024 * 1024 + 1024)),
    });
    expectError(res, 413);
    expect(res.text).toBe('Please select an image smaller than 5MB.');
    expect(await postsBy(m)).toEqual([]);
  });

  test('PNG bytes declared as a PDF document answer 400 and create no post', async () => {
    const m = await newMember();
    const res = await m.client.post('/api/posts', {
      content: 'Not really a PDF',
      documentUrl: dataUrl('application/pdf', PNG_BYTES),
      documentName: 'report.pdf',
      documentType: 'pdf',
    });
    expectError(res, 400, 'Please select a PDF, Excel, PowerPoint, or Word document.');
    expect(await postsBy(m)).toEqual([]);
  });

  test('an executable declared as a PNG image answers 400 and creates no post', async () => {
    const m = await newMember();
    const res = await m.client.post('/api/posts', {
      content: 'Totally a photo',
      imageUrl: dataUrl('image/png', ELF_BYTES),
    });
    expectError(res, 400, /image/);
    expect(await postsBy(m)).toEqual([]);
  });

  test('an empty post answers 400 and creates nothing', async () => {
    const m = await newMember();
    for (const body of [{}, { content: '' }, { content: '   \n ' }]) {
      const res = await m.client.post('/api/posts', body);
      expectError(res, 400, /post needs text/);
    }
    expect(await postsBy(m)).toEqual([]);
  });

  test('wrongly typed fields answer 400 naming the field and create nothing', async () => {
    const m = await newMember();
    for (const [body, field] of [
      [{ content: 42 }, 'content'],
      [{ content: 'x', imageUrl: 123 }, 'imageUrl'],
      [{ content: 'x', videoUrl: { a: 1 } }, 'videoUrl'],
      [{ content: 'x', documentUrl: true }, 'documentUrl'],
      [{ content: 'x', location: ['Cape Town'] }, 'location'],
      [{ content: 'x', imageUrl: 'https://example.test/cat.png' }, 'image'],
    ] as const) {
      expectError(await m.client.post('/api/posts', body), 400, field);
    }
    for (const body of [
      { location: 'Somewhere', latitude: 'north', longitude: 18.4 },
      { location: 'Somewhere', latitude: 91, longitude: 18.4 },
      { location: 'Somewhere', latitude: -33.9 },
    ]) {
      expectError(await m.client.post('/api/posts', body), 400);
    }
    expect(await postsBy(m)).toEqual([]);
  });
});

describe('PATCH /api/posts/{id}', () => {
  test('the author changes the text; the answer and a read-back show it', async () => {
    const m = await newMember();
    const p = await createPost(m, { content: 'Before' });
    const res = await m.client.patch(`/api/posts/${p.id}`, { content: '  After  ' });
    expect(res.status, res.text).toBe(200);
    expectPostShape(res.json);
    expect(res.json).toMatchObject({ id: p.id, content: 'After' });
    expect((await readPost(m.client, p.id)).content).toBe('After');
  });

  test('another member gets 403 and the post is unchanged', async () => {
    const [author, other] = await Promise.all([newMember(), newMember('Mallory', 'Evil')]);
    const p = await createPost(author, { content: 'Mine' });
    expectError(await other.client.patch(`/api/posts/${p.id}`, { content: 'Hijacked' }), 403);
    expect((await readPost(author.client, p.id)).content).toBe('Mine');
  });

  test('blank, missing or wrongly typed content answers 400 naming content; the post is unchanged', async () => {
    const m = await newMember();
    const p = await createPost(m, { content: 'Keep me' });
    for (const body of [{ content: '   ' }, {}, { content: 7 }, { content: null }]) {
      expectError(await m.client.patch(`/api/posts/${p.id}`, body), 400, 'content');
    }
    expect((await readPost(m.client, p.id)).content).toBe('Keep me');
  });

  test('an unknown post answers 404', async () => {
    const m = await newMember();
    expectError(await m.client.patch(`/api/posts/${MISSING_UUID}`, { content: 'x' }), 404);
  });
});

describe('DELETE /api/posts/{id}', () => {
  test('another member gets 403 and the post stays', async () => {
    const [author, other] = await Promise.all([newMember(), newMember('Mallory', 'Evil')]);
    const p = await createPost(author);
    expectError(await other.client.delete(`/api/posts/${p.id}`), 403);
    expect((await author.client.get(`/api/posts/${p.id}`)).status).toBe(200);
  });

  test('the author deletes: 204 with no body, then the post answers 404 and leaves the feed', async () => {
    const m = await newMember();
    const p = await createPost(m);
    const res = await m.client.delete(`/api/posts/${p.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectError(await m.client.get(`/api/posts/${p.id}`), 404);
    expect((await postsBy(m)).map((x: any) => x.id)).not.toContain(p.id);
    expectError(await m.client.delete(`/api/posts/${p.id}`), 404);
  });
});

// ----------------------------------------------------------------------------------------------- reactions

describe('reactions: GET, GET me, POST, DELETE /api/posts/{id}/reactions', () => {
  test('one reaction per member: a different one replaces it; likes count them; DELETE removes only mine', async () => {
    const [author, a, b] = await Promise.all([
      newMember(),
      newMember('Sipho', 'Dlamini'),
      newMember('Annelie', 'Botha'),
    ]);
    const p = await createPost(author);

    expect((await a.client.get(`/api/posts/${p.id}/reactions/me`)).json).toEqual({ reactionType: null });
    expect((await a.client.get(`/api/posts/${p.id}/reactions`)).json).toEqual([]);

    const set = await a.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 'lekker' });
    expect(set.status, set.text).toBeLessThan(300);
    expect(set.json).toMatchObject({ reactionType: 'lekker' });
    expect((await a.client.get(`/api/posts/${p.id}/reactions/me`)).json).toEqual({ reactionType: 'lekker' });

    const replaced = await a.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 'shocked' });
    expect(replaced.status).toBeLessThan(300);
    const list = await a.client.get(`/api/posts/${p.id}/reactions`);
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ reactionType: 'shocked' });
    expect((await a.client.get(`/api/posts/${p.id}/reactions/me`)).json).toEqual({ reactionType: 'shocked' });
    expect((await readPost(author.client, p.id)).likes).toBe(1);

    expect((await b.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 'care' })).status).toBeLessThan(300);
    expect(
      (await author.client.get(`/api/posts/${p.id}/reactions`)).json.map((r: any) => r.reactionType).sort(),
    ).toEqual(['care', 'shocked']);
    const inFeed = (await author.client.get('/api/posts?limit=100')).json.find((x: any) => x.id === p.id);
    expect(inFeed.likes).toBe(2);

    const removed = await a.client.delete(`/api/posts/${p.id}/reactions`);
    expect(removed.status).toBe(204);
    expect((await a.client.get(`/api/posts/${p.id}/reactions/me`)).json).toEqual({ reactionType: null });
    expect((await b.client.get(`/api/posts/${p.id}/reactions/me`)).json).toEqual({ reactionType: 'care' });
    expect((await readPost(author.client, p.id)).likes).toBe(1);
    expect((await a.client.delete(`/api/posts/${p.id}/reactions`)).status).toBe(204);
  });

  test('every documented kind is accepted', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    for (const kind of REACTIONS) {
      const res = await m.client.post(`/api/posts/${p.id}/reactions`, { reactionType: kind });
      expect(res.status, `${kind}: ${res.text}`).toBeLessThan(300);
      expect((await m.client.get(`/api/posts/${p.id}/reactions/me`)).json).toEqual({ reactionType: kind });
    }
    expect((await readPost(author.client, p.id)).likes).toBe(1);
  });

  test('an unknown kind, a missing or a wrongly typed reactionType answers 400 and changes nothing', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    expect((await m.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 'sad' })).status).toBeLessThan(300);
    expectError(await m.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 'love' }), 400, /reactionType/i);
    expectError(await m.client.post(`/api/posts/${p.id}/reactions`, {}), 400, 'reactionType');
    expectError(await m.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 3 }), 400, 'reactionType');
    expect((await m.client.get(`/api/posts/${p.id}/reactions/me`)).json).toEqual({ reactionType: 'sad' });
    expect((await readPost(author.client, p.id)).likes).toBe(1);
  });

  test('an unknown post answers 404 on every reactions path', async () => {
    const m = await newMember();
    const base = `/api/posts/${MISSING_UUID}/reactions`;
    expectError(await m.client.get(base), 404);
    expectError(await m.client.get(`${base}/me`), 404);
    expectError(await m.client.post(base, { reactionType: 'lekker' }), 404);
    expectError(await m.client.delete(base), 404);
  });
});

// ------------------------------------------------------------------------------------------------ comments

describe('comments: GET and POST /api/posts/{id}/comments', () => {
  test('a comment retried with the same Idempotency-Key answers the first and adds one comment, one notification', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    const send = () =>
      m.client.post(
        `/api/posts/${p.id}/comments`,
        { text: 'Once only' },
        { headers: { 'idempotency-key': 'comment-retry' } },
      );
    const first = await send();
    expect(first.status, first.text).toBe(201);
    const retry = await send();
    expect(retry.status, retry.text).toBe(201);
    expect(retry.json.id).toBe(first.json.id);
    expect((await commentsOf(author.client, p.id)).length).toBe(1);
    expect((await notificationsOf(author)).length).toBe(1);
  });

  test('201 with the comment; the list is oldest first with a nested user; comments count them', async () => {
    const [author, a, b] = await Promise.all([
      newMember('Author', 'One'),
      newMember('Sipho', 'Dlamini'),
      newMember('Annelie', 'Botha'),
    ]);
    const p = await createPost(author);
    const first = await a.client.post(`/api/posts/${p.id}/comments`, { text: '  Lekker!  ' });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      id: expect.any(String),
      text: 'Lekker!',
      user: { firstName: 'Sipho', lastName: 'Dlamini', email: a.input.email },
    });
    expect(Number.isNaN(Date.parse(first.json.createdAt))).toBe(false);
    const second = await b.client.post(`/api/posts/${p.id}/comments`, { text: 'Baie mooi' });
    expect(second.status).toBe(201);

    const list = await commentsOf(a.client, p.id);
    expect(list.map((c) => c.text)).toEqual(['Lekker!', 'Baie mooi']);
    for (const c of list) {
      expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'text', 'createdAt', 'user']));
      expect(Object.keys(c.user)).toEqual(
        expect.arrayContaining(['firstName', 'lastName', 'email', 'profileImageUrl']),
      );
    }
    expect(list[0].user).toMatchObject({
      firstName: 'Sipho',
      lastName: 'Dlamini',
      email: a.input.email,
      profileImageUrl: null,
    });
    expect(list[1].user).toMatchObject({ firstName: 'Annelie', lastName: 'Botha' });

    expect((await readPost(author.client, p.id)).comments).toBe(2);
    expect((await author.client.get('/api/posts?limit=100')).json.find((x: any) => x.id === p.id).comments).toBe(2);
  });

  test('blank, missing or wrongly typed text answers 400 naming text; nothing is added', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    for (const body of [{ text: '   ' }, {}, { text: 12 }, { text: { en: 'hi' } }]) {
      expectError(await m.client.post(`/api/posts/${p.id}/comments`, body), 400, 'text');
    }
    expect(await commentsOf(m.client, p.id)).toEqual([]);
    expect((await readPost(author.client, p.id)).comments).toBe(0);
  });

  test('an unknown post answers 404', async () => {
    const m = await newMember();
    expectError(await m.client.get(`/api/posts/${MISSING_UUID}/comments`), 404);
    expectError(await m.client.post(`/api/posts/${MISSING_UUID}/comments`, { text: 'hi' }), 404);
  });
});

// ------------------------------------------------------------------------------------------- saved check-ins

describe('saved check-ins: POST, GET, DELETE /api/saved-checkins', () => {
  test('201 with the saved check-in; listed with the documented shape; a second save answers 409 "already saved"', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author, { ...CHECKIN, imageUrl: dataUrl('image/png', PNG_BYTES) });
    const res = await m.client.post('/api/saved-checkins', { postId: p.id });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ id: expect.any(String), post: { location: CHECKIN.location } });

    const list = await savedOf(m);
    expect(list).toHaveLength(1);
    const s = list[0];
    expect(s.id).toBe(res.json.id);
    expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
    expect(s.post).toMatchObject({
      imageUrl: p.imageUrl,
      location: CHECKIN.location,
      content: CHECKIN.content,
      latitude: '-33.9875',
      longitude: '18.4327',
    });

    const again = await m.client.post('/api/saved-checkins', { postId: p.id });
    expectError(again, 409, 'already saved');
    expect(await savedOf(m)).toHaveLength(1);
  });

  test("GET lists only the caller's saved check-ins", async () => {
    const [author, a, b] = await Promise.all([newMember(), newMember(), newMember()]);
    const p1 = await createPost(author, CHECKIN);
    const p2 = await createPost(author, { ...CHECKIN, location: 'Table Mountain' });
    expect((await a.client.post('/api/saved-checkins', { postId: p1.id })).status).toBe(201);
    expect((await b.client.post('/api/saved-checkins', { postId: p2.id })).status).toBe(201);
    expect((await savedOf(a)).map((s) => s.post.location)).toEqual([CHECKIN.location]);
    expect((await savedOf(b)).map((s) => s.post.location)).toEqual(['Table Mountain']);
    expect(await savedOf(author)).toEqual([]);
  });

  test('a post without coordinates answers 400; missing or wrongly typed postId answers 400; unknown post 404', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const plain = await createPost(author, { content: 'No place here' });
    const placeOnly = await createPost(author, { content: 'Somewhere', location: 'Soweto' });
    expectError(await m.client.post('/api/saved-checkins', { postId: plain.id }), 400, 'postId');
    expectError(await m.client.post('/api/saved-checkins', { postId: placeOnly.id }), 400, 'postId');
    expectError(await m.client.post('/api/saved-checkins', {}), 400, 'postId');
    expectError(await m.client.post('/api/saved-checkins', { postId: 42 }), 400, 'postId');
    expectError(await m.client.post('/api/saved-checkins', { postId: MISSING_UUID }), 404);
    expect(await savedOf(m)).toEqual([]);
  });

  test("DELETE of another member's saved check-in answers 404 and it stays saved; the owner's DELETE answers 204", async () => {
    const [author, owner, other] = await Promise.all([newMember(), newMember(), newMember('Mallory', 'Evil')]);
    const p = await createPost(author, CHECKIN);
    const saved = (await owner.client.post('/api/saved-checkins', { postId: p.id })).json;
    expectError(await other.client.delete(`/api/saved-checkins/${saved.id}`), 404);
    expect((await savedOf(owner)).map((s) => s.id)).toEqual([saved.id]);

    const res = await owner.client.delete(`/api/saved-checkins/${saved.id}`);
    expect(res.status).toBe(204);
    expect(await savedOf(owner)).toEqual([]);
    expectError(await owner.client.delete(`/api/saved-checkins/${saved.id}`), 404);
    expectError(await owner.client.delete('/api/saved-checkins/not-a-uuid'), 400);
    // Removed, it can be saved again.
    expect((await owner.client.post('/api/saved-checkins', { postId: p.id })).status).toBe(201);
  });
});

// ------------------------------------------------------------------------------------------------- reports

describe('POST /api/reported-posts', () => {
  test('each of the six reasons is accepted with 201', async () => {
    const [author, reporter] = await Promise.all([newMember(), newMember()]);
    for (const reason of REPORT_REASONS) {
      const p = await createPost(author, { content: `report me for ${reason}` });
      const res = await reporter.client.post('/api/reported-posts', { postId: p.id, reason });
      expect(res.status, `${reason}: ${res.text}`).toBe(201);
      expect(res.json).toMatchObject({ postId: p.id, reason });
    }
  });

  test('a second report by the same member answers 409; another member may still report', async () => {
    const [author, a, b] = await Promise.all([newMember(), newMember(), newMember()]);
    const p = await createPost(author);
    expect((await a.client.post('/api/reported-posts', { postId: p.id, reason: 'spam' })).status).toBe(201);
    expectError(
      await a.client.post('/api/reported-posts', { postId: p.id, reason: 'other' }),
      409,
      /already reported/i,
    );
    expect((await b.client.post('/api/reported-posts', { postId: p.id, reason: 'spam' })).status).toBe(201);
  });

  test("reporting one's own post answers 403", async () => {
    const author = await newMember();
    const p = await createPost(author);
    expectError(await author.client.post('/api/reported-posts', { postId: p.id, reason: 'spam' }), 403);
    // Nothing was recorded: a later, allowed-looking retry is still refused the same way, not as a duplicate.
    expectError(await author.client.post('/api/reported-posts', { postId: p.id, reason: 'spam' }), 403);
  });

  test('unknown reason, missing or wrongly typed fields answer 400 naming the field; nothing is recorded', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    expectError(await m.client.post('/api/reported-posts', { postId: p.id, reason: 'boring' }), 400, /reason/i);
    expectError(await m.client.post('/api/reported-posts', { postId: p.id }), 400, 'reason');
    expectError(await m.client.post('/api/reported-posts', { reason: 'spam' }), 400, 'postId');
    expectError(await m.client.post('/api/reported-posts', { postId: p.id, reason: 1 }), 400, 'reason');
    expectError(await m.client.post('/api/reported-posts', { postId: 1, reason: 'spam' }), 400, 'postId');
    expectError(await m.client.post('/api/reported-posts', { postId: MISSING_UUID, reason: 'spam' }), 404);
    // None of the refused calls counted as this member's report.
    expect((await m.client.post('/api/reported-posts', { postId: p.id, reason: 'spam' })).status).toBe(201);
  });
});

// ------------------------------------------------------------------------------------------- notifications

describe('notifications: GET, GET unread-count, PATCH read', () => {
  test("a reaction and a comment on my post notify me, newest first; my own actions don't", async () => {
    const [author, fan] = await Promise.all([newMember('Author', 'One'), newMember('Sipho', 'Dlamini')]);
    const p = await createPost(author);
    expect(await notificationsOf(author)).toEqual([]);
    expect(await unreadCount(author)).toBe(0);

    expect((await fan.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 'lekker' })).status).toBeLessThan(
      300,
    );
    expect((await fan.client.post(`/api/posts/${p.id}/comments`, { text: 'Sharp sharp' })).status).toBe(201);
    // The author's own reaction and comment are not news to them.
    expect((await author.client.post(`/api/posts/${p.id}/reactions`, { reactionType: 'care' })).status).toBeLessThan(
      300,
    );
    expect((await author.client.post(`/api/posts/${p.id}/comments`, { text: 'Thanks' })).status).toBe(201);

    const list = await notificationsOf(author);
    expect(list).toHaveLength(2);
    for (const n of list) {
      expect(Object.keys(n)).toEqual(expect.arrayContaining(['id', 'type', 'title', 'message', 'isRead', 'createdAt']));
      expect(['info', 'warning', 'success']).toContain(n.type);
      expect(n.isRead).toBe(false);
      expect(n.message).toContain('Sipho');
    }
    expect(list[0].message).toContain('Sharp sharp');
    expect(list[1].title).toMatch(/reaction/i);
    expect(Date.parse(list[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(list[1].createdAt));
    expect(await unreadCount(author)).toBe(2);
    expect(await notificationsOf(fan)).toEqual([]);
    expect((await fan.client.get('/api/notifications/unread-count')).json).toEqual({ count: 0 });
  });

  test('PATCH read, sent with a JSON content type and no body, marks it read and lowers the count', async () => {
    const [author, fan] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    await fan.client.post(`/api/posts/${p.id}/comments`, { text: 'one' });
    await fan.client.post(`/api/posts/${p.id}/comments`, { text: 'two' });
    const [newest, older] = await notificationsOf(author);
    expect(await unreadCount(author)).toBe(2);

    const res = await author.client.patch(`/api/notifications/${older.id}/read`, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: older.id, isRead: true });
    expect(await unreadCount(author)).toBe(1);
    const after = await notificationsOf(author);
    expect(after.find((n) => n.id === older.id)?.isRead).toBe(true);
    expect(after.find((n) => n.id === newest.id)?.isRead).toBe(false);

    // Marking it again is harmless.
    expect(
      (
        await author.client.patch(`/api/notifications/${older.id}/read`, undefined, {
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(200);
    expect(await unreadCount(author)).toBe(1);
  });

  test("another member's notification answers 404 and stays unread; unknown and malformed ids are refused", async () => {
    const [author, fan, other] = await Promise.all([newMember(), newMember(), newMember('Mallory', 'Evil')]);
    const p = await createPost(author);
    await fan.client.post(`/api/posts/${p.id}/comments`, { text: 'hello' });
    const [n] = await notificationsOf(author);
    const json = { headers: { 'content-type': 'application/json' } };
    expectError(await other.client.patch(`/api/notifications/${n.id}/read`, undefined, json), 404);
    expect((await notificationsOf(author))[0]).toMatchObject({ id: n.id, isRead: false });
    expect(await unreadCount(author)).toBe(1);
    expect(await notificationsOf(other)).toEqual([]);
    expectError(await author.client.patch(`/api/notifications/${MISSING_UUID}/read`, undefined, json), 404);
    expectError(await author.client.patch('/api/notifications/not-a-uuid/read', undefined, json), 400);
  });

  test("an admin's broadcast is listed and counted for every member who had joined; PATCH read marks it for that member only", async () => {
    const [reader, other] = await Promise.all([newMember(), newMember()]);
    const admin = await signedUpClient(app.url, { email: BROADCASTER });
    expect(admin.user.role).toBe('admin');
    const sent = await admin.client.graphql(
      `mutation($input: BroadcastInput!) { broadcastNotification(input: $input) }`,
      {
        input: { title: 'Braai on Saturday', message: 'Everyone welcome', type: 'success' },
      },
    );
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.data.broadcastNotification).toBeGreaterThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 5));
    const later = await newMember();

    const [n] = await notificationsOf(reader);
    expect(n).toMatchObject({
      title: 'Braai on Saturday',
      message: 'Everyone welcome',
      type: 'success',
      isRead: false,
      link: null,
    });
    expect((await notificationsOf(other))[0].id).toBe(n.id);
    expect(await unreadCount(reader)).toBe(1);

    const json = { headers: { 'content-type': 'application/json' } };
    const res = await reader.client.patch(`/api/notifications/${n.id}/read`, undefined, json);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: n.id, title: 'Braai on Saturday', isRead: true });
    expect((await notificationsOf(reader))[0]).toMatchObject({ id: n.id, isRead: true });
    expect(await unreadCount(reader)).toBe(0);
    expect((await notificationsOf(other))[0]).toMatchObject({ id: n.id, isRead: false });
    expect(await unreadCount(other)).toBe(1);

    // A member who joined after it neither sees it nor may mark it.
    expect(await notificationsOf(later)).toEqual([]);
    expect(await unreadCount(later)).toBe(0);
    expectError(await later.client.patch(`/api/notifications/${n.id}/read`, undefined, json), 404);
  });
});

// ------------------------------------------------------------------------------------------------ tutorial

describe('POST /api/user/tutorial', () => {
  test('saves the step and completion and answers the user', async () => {
    const m = await newMember();
    const step = await m.client.post('/api/user/tutorial', { tutorialStep: 3 });
    expect(step.status, step.text).toBe(200);
    expect(Object.keys(step.json)).toEqual(expect.arrayContaining(USER_FIELDS));
    expect(step.json).toMatchObject({ id: m.user.id, email: m.input.email, tutorialStep: 3, tutorialCompleted: false });
    expect((await m.client.get('/api/auth/user')).json).toMatchObject({ tutorialStep: 3, tutorialCompleted: false });

    const done = await m.client.post('/api/user/tutorial', { tutorialCompleted: true, tutorialStep: 9 });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ tutorialStep: 9, tutorialCompleted: true });
    expect((await m.client.get('/api/auth/user')).json).toMatchObject({ tutorialStep: 9, tutorialCompleted: true });

    // A restart (the start action) goes back to step 0.
    const restart = await m.client.post('/api/user/tutorial', { tutorialStep: 0, tutorialCompleted: false });
    expect(restart.json).toMatchObject({ tutorialStep: 0, tutorialCompleted: false });
  });

  test('completing alone stores step 9', async () => {
    const m = await newMember();
    const res = await m.client.post('/api/user/tutorial', { tutorialCompleted: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ tutorialStep: 9, tutorialCompleted: true });
  });

  test('a step outside 0..9, neither field, or wrongly typed fields answer 400; nothing changes', async () => {
    const m = await newMember();
    expect((await m.client.post('/api/user/tutorial', { tutorialStep: 4 })).status).toBe(200);
    for (const body of [{ tutorialStep: 10 }, { tutorialStep: -1 }]) {
      expectError(await m.client.post('/api/user/tutorial', body), 400, 'tutorialStep');
    }
    expectError(await m.client.post('/api/user/tutorial', {}), 400, /tutorialStep|tutorialCompleted/);
    for (const body of [{ tutorialStep: '5' }, { tutorialCompleted: 'yes' }, { tutorialStep: 2.5 }]) {
      expectError(await m.client.post('/api/user/tutorial', body), 400);
    }
    expect((await m.client.get('/api/auth/user')).json).toMatchObject({ tutorialStep: 4, tutorialCompleted: false });
  });
});

// --------------------------------------------------------------------------------------------------- share

describe('POST /api/posts/{id}/share', () => {
  test('a share raises the shares count once per member: sharing again answers the count as it is', async () => {
    const [author, m, other] = await Promise.all([newMember(), newMember(), newMember()]);
    const p = await createPost(author);
    const first = await m.client.post(`/api/posts/${p.id}/share`, { target: 'link' });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ shares: 1 });
    const again = await m.client.post(`/api/posts/${p.id}/share`, { target: 'messaging' });
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual({ shares: 1 });
    const second = await other.client.post(`/api/posts/${p.id}/share`, { target: 'messaging' });
    expect(second.json).toEqual({ shares: 2 });
    // the Instagram notice is no share
    expectError(await other.client.post(`/api/posts/${p.id}/share`, { target: 'photo' }), 400, 'target');
    expect((await readPost(author.client, p.id)).shares).toBe(2);
    expect((await author.client.get('/api/posts?limit=100')).json.find((x: any) => x.id === p.id).shares).toBe(2);
  });

  test('a missing, unknown or wrongly typed target answers 400; an unknown post 404; the count stays', async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    expectError(await m.client.post(`/api/posts/${p.id}/share`, {}), 400, 'target');
    expectError(await m.client.post(`/api/posts/${p.id}/share`, { target: 'fax' }), 400, 'target');
    expectError(await m.client.post(`/api/posts/${p.id}/share`, { target: 5 }), 400, 'target');
    expectError(await m.client.post(`/api/posts/${MISSING_UUID}/share`, { target: 'link' }), 404);
    expect((await readPost(author.client, p.id)).shares).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------- cross-site

describe('cross-site writes', () => {
  test(`a comment sent with Origin ${EVIL} answers 403 and adds nothing`, async () => {
    const [author, m] = await Promise.all([newMember(), newMember()]);
    const p = await createPost(author);
    const res = await m.client.post(`/api/posts/${p.id}/comments`, { text: 'forged' }, { headers: { origin: EVIL } });
    expectError(res, 403);
    expect(await commentsOf(author.client, p.id)).toEqual([]);
    expect(await notificationsOf(author)).toEqual([]);
    // The same call from the app's own origin goes through.
    expect(
      (await m.client.post(`/api/posts/${p.id}/comments`, { text: 'real' }, { headers: { origin: app.url } })).status,
    ).toBe(201);
  });
});
