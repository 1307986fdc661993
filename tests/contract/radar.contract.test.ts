/**
 * The documented radar paths (spec 002 section 7), called the way an external client calls them: plain HTTP with a
 * cookie jar against the built server. Errors answer with the ARCHITECTURE.md status and a plain-text body, never a
 * 500. Nearby users carry id, names, photo and distance: the spec's "Nearby user" also lists the e-mail, which stays
 * private (no member's e-mail is shown to another).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, type HttpResponse } from '../support/app';

let app: App;
beforeAll(async () => {
  app = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' });
});
afterAll(async () => {
  await app?.stop();
});

type Member = Awaited<ReturnType<typeof signedUpClient>>;
const newMember = (firstName = 'Thandi') => signedUpClient(app.url, { firstName, lastName: 'Radar' });
/** A place of its own per test, so the tests' members never see each other. */
let spots = 0;
const spot = () => ({ latitude: -50 + ++spots * 7, longitude: -150 + spots * 13 });
const northOf = (p: { latitude: number; longitude: number }, km: number) => ({
  latitude: p.latitude + km / 111.195,
  longitude: p.longitude,
});

function expectError(res: HttpResponse, status: number, text?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^text\/plain/);
  expect(res.text).not.toMatch(/\bat \S+ \(/);
  if (text) expect(res.text).toContain(text);
}

async function radarOn(m: Member, at: { latitude: number; longitude: number }) {
  const res = await m.client.post('/api/radar/settings', { radarEnabled: true, ...at });
  expect(res.status, res.text).toBe(200);
  return res.json as Record<string, any>;
}

describe('requires authentication', () => {
  test('both radar paths answer 401 without a session', async () => {
    const anon = client(app.url);
    expectError(await anon.post('/api/radar/settings', { radarEnabled: true, latitude: 1, longitude: 1 }), 401);
    expectError(await anon.get('/api/radar/nearby?radius=50'), 401);
  });
});

describe('POST /api/radar/settings', () => {
  test('{latitude, longitude, radarEnabled} turns radar on and answers the updated user; {radarEnabled} turns it off', async () => {
    const m = await newMember();
    const on = await radarOn(m, { latitude: String(-33.9249) as unknown as number, longitude: 18.4241 });
    expect(on).toMatchObject({ id: m.user.id, radarEnabled: true, firstName: 'Thandi', lastName: 'Radar' });
    const off = await m.client.post('/api/radar/settings', { radarEnabled: false });
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ id: m.user.id, radarEnabled: false });
    expect((await m.client.get('/api/auth/user')).json.radarEnabled).toBe(false);
  });

  test('missing or wrong-typed fields, bad positions and NUL bytes answer 400 and change nothing', async () => {
    const m = await newMember();
    for (const [body, text] of [
      [{}, 'radarEnabled'],
      [{ radarEnabled: 'yes' }, 'radarEnabled'],
      [{ radarEnabled: true, latitude: 91, longitude: 0 }, 'latitude must be between -90 and 90'],
      [{ radarEnabled: true, latitude: 0, longitude: 181 }, 'longitude must be between -180 and 180'],
      [{ radarEnabled: true, latitude: 'north', longitude: 0 }, 'latitude'],
      [{ radarEnabled: true, latitude: 10 }, 'longitude must be given with latitude'],
      [{ radarEnabled: true, latitude: '1\u0000', longitude: 1 }, 'latitude'],
    ] as const) {
      expectError(await m.client.post('/api/radar/settings', body), 400, text);
    }
    expect((await m.client.get('/api/auth/user')).json.radarEnabled).toBe(false);
  });
});

describe('POST /api/radar/settings, moving', () => {
  test('a second move within a minute answers 429 with Retry-After and the wait in words; the same spot again is 200', async () => {
    const m = await newMember();
    const here = spot();
    await radarOn(m, here);
    await radarOn(m, here);
    const res = await m.client.post('/api/radar/settings', { radarEnabled: true, ...northOf(here, 3) });
    expectError(res, 429, 'Your radar position can change once a minute. Please try again in');
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });
});

describe('GET /api/radar/nearby?radius={km}', () => {
  test('answers nearby users with radar on, nearest first, with their distance and without e-mail', async () => {
    const here = spot();
    const [me, near, far] = [await newMember('Me'), await newMember('Near'), await newMember('Far')];
    await radarOn(me, here);
    await radarOn(far, northOf(here, 8));
    await radarOn(near, northOf(here, 3));
    const res = await me.client.get('/api/radar/nearby?radius=10');
    expect(res.status, res.text).toBe(200);
    expect(res.json.map((u: { id: string }) => u.id)).toEqual([near.user.id, far.user.id]);
    expect(res.json[0]).toMatchObject({
      id: near.user.id,
      firstName: 'Near',
      lastName: 'Radar',
      profileImageUrl: null,
    });
    // Whole km only, between 1 km cells (positions cannot be solved from distances).
    expect(Number.isInteger(res.json[0].distanceKm) && Number.isInteger(res.json[1].distanceKm)).toBe(true);
    expect(Math.abs(res.json[0].distanceKm - 3)).toBeLessThanOrEqual(1);
    expect(Math.abs(res.json[1].distanceKm - 8)).toBeLessThanOrEqual(1);
    expect(res.json[0]).not.toHaveProperty('email');
    expect(res.text).not.toContain('@');
    // The default radius is 50 km; a smaller one leaves the farther member out.
    expect((await me.client.get('/api/radar/nearby')).json).toHaveLength(2);
    expect((await me.client.get('/api/radar/nearby?radius=5')).json.map((u: { id: string }) => u.id)).toEqual([
      near.user.id,
    ]);
    // Turning radar off hides the member at once.
    await near.client.post('/api/radar/settings', { radarEnabled: false });
    expect((await me.client.get('/api/radar/nearby?radius=10')).json.map((u: { id: string }) => u.id)).toEqual([
      far.user.id,
    ]);
  });

  test('pages with limit and X-Next-Cursor', async () => {
    const here = spot();
    const me = await newMember('Me');
    await radarOn(me, here);
    const others = [await newMember('A'), await newMember('B'), await newMember('C')];
    for (const [i, o] of others.entries()) await radarOn(o, northOf(here, 4 * i + 2));
    const first = await me.client.get('/api/radar/nearby?radius=25&limit=2');
    expect(first.json).toHaveLength(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await me.client.get(`/api/radar/nearby?radius=25&limit=2&after=${encodeURIComponent(cursor!)}`);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect([...first.json, ...second.json].map((u: { id: string }) => u.id)).toEqual(others.map((o) => o.user.id));
  });

  test("a cursor the server did not issue to this member answers 400: one naming a member to locate, another member's, a changed one", async () => {
    const here = spot();
    const [me, other, target] = [await newMember('Me'), await newMember('Other'), await newMember('Target')];
    await radarOn(me, here);
    await radarOn(other, here);
    await radarOn(target, northOf(here, 5));
    const first = await me.client.get('/api/radar/nearby?radius=10&limit=1');
    const cursor = first.headers.get('x-next-cursor')!;
    expect(cursor).toBeTruthy();
    const [ring, tie, mac] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const forged = [
      Buffer.from(`radar|${target.user.id}`).toString('base64url'),
      Buffer.from(`${Number(ring) + 1}|${tie}|${mac}`).toString('base64url'),
    ];
    for (const after of forged)
      expectError(
        await me.client.get(`/api/radar/nearby?radius=10&after=${encodeURIComponent(after)}`),
        400,
        'after is not a valid cursor',
      );
    expectError(
      await other.client.get(`/api/radar/nearby?radius=10&after=${encodeURIComponent(cursor)}`),
      400,
      'after is not a valid cursor',
    );
    const next = await me.client.get(`/api/radar/nearby?radius=10&after=${encodeURIComponent(cursor)}`);
    expect(next.status, next.text).toBe(200);
    expect(next.json.map((u: { id: string }) => u.id)).toEqual([target.user.id]);
  });

  test('a member with radar off is refused (403)', async () => {
    const m = await newMember();
    expectError(await m.client.get('/api/radar/nearby?radius=50'), 403, 'Turn on radar');
  });

  test('a radius other than 1, 5, 10, 25, 50 or 100, a bad cursor and NUL bytes answer 400', async () => {
    const m = await newMember();
    await radarOn(m, spot());
    for (const q of [
      'radius=2',
      'radius=0',
      'radius=1000',
      'radius=-5',
      'radius=abc',
      'radius=5.5',
      'radius=5%00',
      'radius=50&after=nope',
      'radius=50&after=a%00b',
      'radius=50&limit=0',
    ]) {
      expectError(await m.client.get(`/api/radar/nearby?${q}`), 400);
    }
    expectError(await m.client.get('/api/radar/nearby?radius=2'), 400, 'radius must be one of 1, 5, 10, 25, 50, 100');
  });
});
