/**
 * The documented business-page paths (spec 001 section 7), called the way an external client calls them: plain
 * HTTP with a cookie jar against the built server. Errors answer with the ARCHITECTURE.md status and a plain-text
 * body; the follow conflict's body says "Already following" (spec 001 section 8).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, type HttpResponse } from '../support/app';
import { dataUrl, ELF_BYTES, fetchMedia, PDF_BYTES, PNG_BYTES, pngOfSize } from '../support/files';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const PAGE_FIELDS = [
  'id',
  'name',
  'category',
  'description',
  'address',
  'phone',
  'website',
  'imageUrl',
  'coverPhotoUrl',
  'buttonColor',
  'buttonTextColor',
  'gradientBorder',
  'userId',
];
const PNG = dataUrl('image/png', PNG_BYTES);
const STELLENBOSCH = { latitude: -33.9366, longitude: 18.8614 };

let app: App;
beforeAll(async () => {
  app = await startApp({
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    GEOCODER_URL: 'http://127.0.0.1:9/reverse',
  }); // no geocoder: a refused connection
});
afterAll(async () => {
  await app?.stop();
});

type Member = Awaited<ReturnType<typeof signedUpClient>>;
const newMember = (firstName = 'Thandi') => signedUpClient(app.url, { firstName, lastName: 'Contract' });
let n = 0;
const pageName = () => `Contract Biz ${Date.now()}-${++n}`;

function expectError(res: HttpResponse, status: number, text?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^text\/plain/);
  expect(res.text).not.toMatch(/\bat \S+ \(/);
  if (text) expect(res.text).toContain(text);
}

async function createPage(m: Member, body: Record<string, unknown> = {}) {
  const res = await m.client.post('/api/business-pages', {
    name: pageName(),
    category: 'Café',
    ...STELLENBOSCH,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as Record<string, any>;
}

describe('requires authentication', () => {
  test('every business path answers 401 without a session and changes nothing', async () => {
    const owner = await newMember();
    const page = await createPage(owner);
    const anon = client(app.url);
    for (const [method, path, body] of [
      ['GET', '/api/business-pages/my-pages'],
      ['GET', '/api/business-pages/followed'],
      ['GET', '/api/business-pages/directory?lat=-33.9&lng=18.4&radius=100'],
      ['GET', `/api/business-pages/${page.id}/reviews`],
      ['POST', '/api/business-pages', { name: 'Anon', category: 'X' }],
      ['PATCH', `/api/business-pages/${page.id}`, { name: 'Anon' }],
      ['DELETE', `/api/business-pages/${page.id}`],
      ['POST', `/api/business-pages/${page.id}/reviews`, { rating: 5 }],
      ['POST', `/api/business-pages/${page.id}/follow`],
      ['POST', `/api/business-pages/${page.id}/unfollow`],
    ] as const) {
      expectError(await anon.request(method, path, body), 401);
    }
    const after = await owner.client.get(`/api/business-pages/${page.id}`);
    expect(after.json).toMatchObject({ name: page.name, followerCount: 0 });
  });
});

describe('POST /api/business-pages', () => {
  test('creates a page with its logo and cover from data URLs and the default colours', async () => {
    const owner = await newMember();
    const res = await owner.client.post('/api/business-pages', {
      name: pageName(),
      category: 'Café',
      description: 'Rooibos and rusks',
      address: '8 Church Street, Stellenbosch',
      phone: '+27 21 555 0123',
      website: 'https://rooibos.example',
      imageUrl: PNG,
      coverPhotoUrl: PNG,
      ...STELLENBOSCH,
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.json)).toEqual(expect.arrayContaining(PAGE_FIELDS));
    expect(res.json).toMatchObject({
      userId: owner.user.id,
      buttonColor: '#1877f2',
      buttonTextColor: '#ffffff',
      ...STELLENBOSCH,
    });
    expect(res.json.gradientBorder).toMatch(/^conic-gradient\(/);
    for (const url of [res.json.imageUrl, res.json.coverPhotoUrl]) {
      const media = await fetchMedia(app.url, url);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toMatch(/^image\//);
    }
    const mine = await owner.client.get('/api/business-pages/my-pages');
    expect(mine.status).toBe(200);
    expect(mine.json.map((p: { id: string }) => p.id)).toEqual([res.json.id]);
  });

  test("missing name or category: 400 with the spec's message", async () => {
    const owner = await newMember();
    for (const body of [{ category: 'Café' }, { name: '', category: 'Café' }, { name: 'Named' }]) {
      expectError(
        await owner.client.post('/api/business-pages', body),
        400,
        'Please fill in business name and category',
      );
    }
    expect((await owner.client.get('/api/business-pages/my-pages')).json).toEqual([]);
  });

  test('wrong types: 400; images checked by their bytes and size', async () => {
    const owner = await newMember();
    expectError(await owner.client.post('/api/business-pages', { name: 5, category: 'Café' }), 400);
    expectError(
      await owner.client.post('/api/business-pages', {
        name: pageName(),
        category: 'Café',
        latitude: 'north',
        longitude: 18,
      }),
      400,
    );
    expectError(
      await owner.client.post('/api/business-pages', {
        name: pageName(),
        category: 'Café',
        imageUrl: dataUrl('image/png', ELF_BYTES),
      }),
      400,
    );
    expectError(
      await owner.client.post('/api/business-pages', {
        name: pageName(),
        category: 'Café',
        coverPhotoUrl: dataUrl('image/png', PDF_BYTES),
      }),
      400,
    );
    expectError(
      await owner.client.post('/api/business-pages', {
        name: pageName(),
        category: 'Café',
        imageUrl: dataUrl('image/png', pngOfSize(5 * 1024 * 1024 + 1)),
      }),
      413,
    );
    expectError(
      await owner.client.post('/api/business-pages', {
        name: pageName(),
        category: 'Café',
        gradientBorder: 'url(https://evil.example/x.png)',
      }),
      400,
    );
    expect((await owner.client.get('/api/business-pages/my-pages')).json).toEqual([]);
  });

  test('a name already in use: 409', async () => {
    const [a, b] = await Promise.all([newMember(), newMember()]);
    const page = await createPage(a);
    expectError(await b.client.post('/api/business-pages', { name: page.name, category: 'Café' }), 409);
  });
});

describe('PATCH and DELETE /api/business-pages/{id}', () => {
  test('the owner edits the fields, then customises the colours with the second payload', async () => {
    const owner = await newMember();
    const page = await createPage(owner);
    const edited = await owner.client.patch(`/api/business-pages/${page.id}`, {
      name: page.name,
      category: 'Bakery',
      description: 'Fresh rusks',
      address: 'Dorp Street',
      phone: '021 555 0000',
      website: 'bakery.example',
      imageUrl: PNG,
      coverPhotoUrl: '',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({
      category: 'Bakery',
      description: 'Fresh rusks',
      website: 'https://bakery.example',
      coverPhotoUrl: null,
    });
    const style = {
      buttonColor: '#ff5733',
      buttonTextColor: '#000000',
      gradientBorder: 'conic-gradient(from 0deg, #00c6ff, #0072ff, #00c6ff)',
    };
    const styled = await owner.client.patch(`/api/business-pages/${page.id}`, style);
    expect(styled.status, styled.text).toBe(200);
    expect(styled.json).toMatchObject({ ...style, category: 'Bakery' });
    expectError(await owner.client.patch(`/api/business-pages/${page.id}`, { buttonColor: 'red' }), 400);
    expectError(
      await owner.client.patch(`/api/business-pages/${page.id}`, { name: '' }),
      400,
      'Please fill in business name and category',
    );
  });

  test('anyone else: 403 and nothing changes; an unknown page: 404; a bad id: 400', async () => {
    const [owner, other] = await Promise.all([newMember(), newMember('Other')]);
    const page = await createPage(owner);
    expectError(await other.client.patch(`/api/business-pages/${page.id}`, { name: 'Hijacked', category: 'X' }), 403);
    expectError(await other.client.patch(`/api/business-pages/${page.id}`, { buttonColor: '#000000' }), 403);
    expectError(await other.client.delete(`/api/business-pages/${page.id}`), 403);
    expect((await owner.client.get(`/api/business-pages/${page.id}`)).json).toMatchObject({
      name: page.name,
      buttonColor: '#1877f2',
    });
    expectError(await owner.client.delete(`/api/business-pages/${MISSING_UUID}`), 404);
    expectError(await owner.client.delete('/api/business-pages/not-an-id'), 400);
  });

  test('the owner deletes the page: 204, and it is gone', async () => {
    const owner = await newMember();
    const page = await createPage(owner, { imageUrl: PNG });
    const res = await owner.client.delete(`/api/business-pages/${page.id}`);
    expect(res.status).toBe(204);
    expectError(await owner.client.get(`/api/business-pages/${page.id}`), 404);
    expect((await fetchMedia(app.url, page.imageUrl)).status).toBe(404);
  });
});

describe('follow, unfollow and reviews', () => {
  test('follow twice: 409 whose body says "Already following"; unfollow; followed list', async () => {
    const [owner, fan] = await Promise.all([newMember(), newMember('Fan')]);
    const page = await createPage(owner);
    const res = await fan.client.post(`/api/business-pages/${page.id}/follow`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ businessId: page.id, following: true, followerCount: 1 });
    expectError(await fan.client.post(`/api/business-pages/${page.id}/follow`), 409, 'Already following');
    expect((await fan.client.get('/api/business-pages/followed')).json.map((p: { id: string }) => p.id)).toEqual([
      page.id,
    ]);
    const off = await fan.client.post(`/api/business-pages/${page.id}/unfollow`);
    expect(off.json).toEqual({ businessId: page.id, following: false, followerCount: 0 });
    expect((await fan.client.get('/api/business-pages/followed')).json).toEqual([]);
    expectError(await fan.client.post(`/api/business-pages/${MISSING_UUID}/follow`), 404);
  });

  test('reviews: followers who do not own the page, 1 to 5 stars, one per member (editing updates it)', async () => {
    const [owner, fan, stranger] = await Promise.all([newMember(), newMember('Fan'), newMember('Stranger')]);
    const page = await createPage(owner);
    expectError(await stranger.client.post(`/api/business-pages/${page.id}/reviews`, { rating: 5 }), 403);
    await owner.client.post(`/api/business-pages/${page.id}/follow`);
    expectError(await owner.client.post(`/api/business-pages/${page.id}/reviews`, { rating: 5 }), 403);
    await fan.client.post(`/api/business-pages/${page.id}/follow`);
    expectError(
      await fan.client.post(`/api/business-pages/${page.id}/reviews`, { comment: 'no stars' }),
      400,
      'Please select a star rating before submitting.',
    );
    expectError(
      await fan.client.post(`/api/business-pages/${page.id}/reviews`, { rating: 6 }),
      400,
      'Please select a star rating before submitting.',
    );
    expectError(await fan.client.post(`/api/business-pages/${page.id}/reviews`, { rating: '5' }), 400);
    const first = await fan.client.post(`/api/business-pages/${page.id}/reviews`, { rating: 3, comment: 'Decent' });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ businessId: page.id, userId: fan.user.id, rating: 3, comment: 'Decent' });
    const again = await fan.client.post(`/api/business-pages/${page.id}/reviews`, { rating: 5, comment: 'Better now' });
    expect(again.json).toMatchObject({ id: first.json.id, rating: 5, comment: 'Better now' });
    const list = await fan.client.get(`/api/business-pages/${page.id}/reviews`);
    expect(list.json).toHaveLength(1);
    expect((await fan.client.get(`/api/business-pages/${page.id}`)).json).toMatchObject({
      rating: 5,
      reviewCount: 1,
      followerCount: 2,
    });
  });
});

describe('GET /api/business-pages/directory', () => {
  test('pages within the radius, nearest first, with distance, the count header and keyset pages', async () => {
    const owner = await newMember();
    const here = { lat: 10.5, lng: -40.5 }; // mid-Atlantic: only this test's pages
    const pages = [];
    for (const km of [2, 8, 30, 120])
      pages.push(await createPage(owner, { latitude: here.lat + km / 111.2, longitude: here.lng }));
    await createPage(owner, { latitude: null, longitude: null, address: 'Nowhere' });
    const near = await owner.client.get(`/api/business-pages/directory?lat=${here.lat}&lng=${here.lng}&radius=50`);
    expect(near.status, near.text).toBe(200);
    expect(near.headers.get('x-total-count')).toBe('3');
    expect(near.json.map((p: { id: string }) => p.id)).toEqual(pages.slice(0, 3).map((p) => p.id));
    expect(near.json.map((p: { distanceKm: number }) => p.distanceKm)).toEqual([2, 8, 30]);
    const first = await owner.client.get(
      `/api/business-pages/directory?lat=${here.lat}&lng=${here.lng}&radius=200&limit=2`,
    );
    const next = first.headers.get('x-next-cursor');
    expect(next).toBeTruthy();
    const second = await owner.client.get(
      `/api/business-pages/directory?lat=${here.lat}&lng=${here.lng}&radius=200&limit=2&after=${next}`,
    );
    expect(second.json.map((p: { id: string }) => p.id)).toEqual(pages.slice(2).map((p) => p.id));
    expectError(await owner.client.get(`/api/business-pages/directory?lat=${here.lat}&lng=${here.lng}&radius=25`), 400);
    expectError(
      await owner.client.get(`/api/business-pages/directory?lat=${here.lat}&lng=${here.lng}&radius=50&after=Zm9yZ2Vk`),
      400,
    );
  });
});
