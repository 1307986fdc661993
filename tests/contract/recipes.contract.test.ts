/**
 * The documented recipe paths (spec 002 section 7: GET /api/recipes and POST /api/recipes), called the way an
 * external client calls them: plain HTTP with a cookie jar against the built server. The spec's client sends the
 * five texts (its photos are selected but not sent); photos may travel as `images`, inline data URLs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, ROOMY_WRITES } from '../support/app';
import { dataUrl, ELF_BYTES, fetchMedia, PNG_BYTES } from '../support/files';

let app: App;
type Member = Awaited<ReturnType<typeof signedUpClient>>;
let author: Member;
let other: Member;

const RECIPE = {
  recipeName: 'Bobotie',
  prepTime: '1 hour',
  servings: '6',
  ingredients: '500g mince\n2 slices bread',
  instructions: 'Soak the bread\nBake',
};

beforeAll(async () => {
  app = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000', ...ROOMY_WRITES });
  [author, other] = await Promise.all([
    signedUpClient(app.url, { firstName: 'Annelie', lastName: 'Cook' }),
    signedUpClient(app.url, { firstName: 'Pieter', lastName: 'Eater' }),
  ]);
});
afterAll(async () => {
  await app?.stop();
});

describe('every recipe path answers 401 without a session', () => {
  test.each([
    ['GET', '/api/recipes'],
    ['POST', '/api/recipes'],
  ])('%s %s', async (method, path) => {
    const c = client(app.url);
    const res = method === 'GET' ? await c.get(path) : await c.post(path, RECIPE);
    expect(res.status, res.text).toBe(401);
  });
});

describe('posting and listing', () => {
  test("the spec's payload answers 201 with the documented fields and is listed first for every member", async () => {
    const res = await author.client.post('/api/recipes', RECIPE);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ ...RECIPE, userId: author.user.id, images: [], likes: 0, comments: 0, shares: 0 });
    expect(typeof res.json.id).toBe('string');
    const list = await other.client.get('/api/recipes');
    expect(list.status).toBe(200);
    expect(list.json[0]).toMatchObject({
      id: res.json.id,
      ...RECIPE,
      userId: author.user.id,
      likes: 0,
      comments: 0,
      shares: 0,
    });
    expect(Object.keys(list.json[0])).toEqual(
      expect.arrayContaining([
        'id',
        'userId',
        'recipeName',
        'prepTime',
        'servings',
        'ingredients',
        'instructions',
        'images',
        'likes',
        'comments',
        'shares',
      ]),
    );
  });

  test('photos as data URLs are stored with thumbnails and served from /media', async () => {
    const res = await author.client.post('/api/recipes', {
      ...RECIPE,
      recipeName: 'Melktert',
      images: [dataUrl('image/png', PNG_BYTES), dataUrl('image/png', PNG_BYTES)],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.images).toHaveLength(2);
    expect(res.json.thumbnails).toHaveLength(2);
    for (const url of [...res.json.images, ...res.json.thumbnails])
      expect((await fetchMedia(app.url, url)).status).toBe(200);
  });

  test('each of the five texts is required: 400 naming the field, nothing stored', async () => {
    const before = (await author.client.get('/api/recipes?limit=100')).json.length;
    for (const field of Object.keys(RECIPE)) {
      const res = await author.client.post('/api/recipes', { ...RECIPE, [field]: '  ' });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toBe(`${field} is required`);
    }
    expect((await author.client.get('/api/recipes?limit=100')).json.length).toBe(before);
  });

  test('more than five photos, or a file that is not an image by its bytes, answers 400', async () => {
    const six = await author.client.post('/api/recipes', {
      ...RECIPE,
      images: Array(6).fill(dataUrl('image/png', PNG_BYTES)),
    });
    expect(six.status, six.text).toBe(400);
    expect(six.text).toContain('at most 5 photos');
    const fake = await author.client.post('/api/recipes', { ...RECIPE, images: [dataUrl('image/png', ELF_BYTES)] });
    expect(fake.status, fake.text).toBe(400);
    expect(fake.text).toContain('must be an image');
  });

  test('wrong types in the body answer 400', async () => {
    for (const body of [
      { ...RECIPE, recipeName: 42 },
      { ...RECIPE, images: 'x' },
    ]) {
      const res = await author.client.post('/api/recipes', body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
    }
  });

  test('the list pages with ?limit and the X-Next-Cursor header', async () => {
    const first = await other.client.get('/api/recipes?limit=1');
    expect(first.json).toHaveLength(1);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await other.client.get(`/api/recipes?limit=1&after=${encodeURIComponent(cursor!)}`);
    expect(second.json).toHaveLength(1);
    expect(second.json[0].id).not.toBe(first.json[0].id);
  });
});
