/**
 * The documented Noot vir Noot paths (spec 002 section 7), called the way an external client calls them: plain
 * HTTP with a cookie jar against the built server. Song files travel inline as data strings (songFileUrl,
 * coverImageUrl), as the spec's client sends them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, ROOMY_WRITES } from '../support/app';
import { dataUrl, fetchMedia, PNG_BYTES } from '../support/files';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const ADMIN = 'noot-admin@contract.example';
/** Silent MPEG-1 Layer III frames (128 kbps, 44.1 kHz): a small valid mp3. */
const MP3_BYTES = Buffer.concat(
  Array.from({ length: 6 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc4]), Buffer.alloc(413)])),
);
const mp3 = dataUrl('audio/mpeg', MP3_BYTES);

let app: App;
type Member = Awaited<ReturnType<typeof signedUpClient>>;
let admin: Member;
let member: Member;
let fan: Member;
let playlistId: string;

beforeAll(async () => {
  app = await startApp({
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    ...ROOMY_WRITES,
    ADMIN_EMAILS: ADMIN,
    NOOT_MONTHLY_LIKES: '2',
  });
  [admin, member, fan] = await Promise.all([
    signedUpClient(app.url, { email: ADMIN, firstName: 'Annelie', lastName: 'Admin' }),
    signedUpClient(app.url, { firstName: 'Sipho', lastName: 'Singer' }),
    signedUpClient(app.url, { firstName: 'Fanie', lastName: 'Fan' }),
  ]);
  const now = new Date();
  const res = await admin.client.post('/api/noot/playlists', {
    name: 'This Month',
    month: now.getUTCMonth() + 1,
    year: now.getUTCFullYear(),
  });
  expect(res.status, res.text).toBe(201);
  playlistId = res.json.id;
});
afterAll(async () => {
  await app?.stop();
});

const upload = (m: Member, body: Record<string, unknown>) =>
  m.client.post('/api/noot/songs', { playlistId, album: '', coverImageUrl: '', ...body });

describe('every noot path answers 401 without a session', () => {
  test.each([
    ['GET', '/api/noot/playlists/active'],
    ['GET', `/api/noot/playlists/${MISSING_UUID}/songs`],
    ['GET', '/api/noot/monthly-likes'],
    ['GET', `/api/noot/playlists/${MISSING_UUID}/liked-songs`],
    ['POST', `/api/noot/songs/${MISSING_UUID}/play`],
    ['POST', `/api/noot/songs/${MISSING_UUID}/like`],
    ['DELETE', `/api/noot/songs/${MISSING_UUID}/like`],
    ['POST', '/api/noot/songs'],
    ['POST', '/api/noot/playlists'],
  ])('%s %s', async (method, path) => {
    const res = await client(app.url).request(method, path, method === 'GET' ? undefined : {});
    expect(res.status, res.text).toBe(401);
  });
});

describe('playlists', () => {
  test('GET /api/noot/playlists/active answers {id, name}', async () => {
    const res = await member.client.get('/api/noot/playlists/active');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: playlistId, name: 'This Month' });
  });

  test("POST /api/noot/playlists: admins only (403), the spec's messages (400), one per month (409)", async () => {
    expect((await member.client.post('/api/noot/playlists', { name: 'Mine', month: 1, year: 2031 })).status).toBe(403);
    for (const [body, message] of [
      [{ name: '', month: 1, year: 2031 }, 'Playlist name is required'],
      [{ name: 'x', month: 13, year: 2031 }, 'Invalid month'],
      [{ name: 'x', month: 1, year: 2019 }, 'Invalid year'],
    ] as const) {
      const res = await admin.client.post('/api/noot/playlists', body);
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
    const now = new Date();
    expect(
      (
        await admin.client.post('/api/noot/playlists', {
          name: 'Again',
          month: now.getUTCMonth() + 1,
          year: now.getUTCFullYear(),
        })
      ).status,
    ).toBe(409);
  });
});

describe('songs', () => {
  test('a member uploads (201, pending), the mp3 is served with ranges; a fake mp3 is a 400', async () => {
    const res = await upload(member, {
      title: 'Vat jou goed',
      artist: 'Sipho',
      songFileUrl: mp3,
      coverImageUrl: dataUrl('image/png', PNG_BYTES),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      title: 'Vat jou goed',
      artist: 'Sipho',
      album: null,
      isAdminApproved: false,
      playCount: 0,
      likeCount: 0,
    });
    const file = await fetchMedia(app.url, res.json.songFileUrl);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(MP3_BYTES)).toBe(true);
    const part = await fetch(`${app.url}${res.json.songFileUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('audio/mpeg');
    const fake = await upload(member, { title: 't', artist: 'a', songFileUrl: dataUrl('audio/mpeg', PNG_BYTES) });
    expect(fake.status).toBe(400);
    expect(fake.text).toContain('mp3');
    expect((await upload(member, { title: '', artist: 'a', songFileUrl: mp3 })).text).toContain('Title is required');
  });

  test('GET songs, play, like over the limit ("limit"), unlike, liked-songs and monthly-likes', async () => {
    const songs = [];
    for (const title of ['Een', 'Twee', 'Drie']) {
      const res = await upload(admin, { title, artist: 'Admin', songFileUrl: mp3 });
      expect(res.json.isAdminApproved).toBe(true);
      songs.push(res.json);
    }
    const listed = await fan.client.get(`/api/noot/playlists/${playlistId}/songs`);
    expect(listed.status).toBe(200);
    // the member's pending one is hidden
    expect(listed.json.map((s: { title: string }) => s.title)).toEqual(['Een', 'Twee', 'Drie']);
    expect(Object.keys(listed.json[0])).toEqual(
      expect.arrayContaining([
        'id',
        'playlistId',
        'title',
        'artist',
        'album',
        'coverImageUrl',
        'songFileUrl',
        'isAdminApproved',
        'playCount',
        'likeCount',
      ]),
    );
    const played = await fan.client.post(`/api/noot/songs/${songs[2].id}/play`);
    expect(played.status).toBe(200);
    expect(played.json.playCount).toBe(1);
    expect((await fan.client.get('/api/noot/monthly-likes')).json).toEqual({ likesRemaining: 2 });
    expect((await fan.client.post(`/api/noot/songs/${songs[0].id}/like`)).status).toBe(200);
    expect((await fan.client.post(`/api/noot/songs/${songs[0].id}/like`)).status).toBe(409);
    expect((await fan.client.post(`/api/noot/songs/${songs[1].id}/like`)).json.likeCount).toBe(1);
    const over = await fan.client.post(`/api/noot/songs/${songs[2].id}/like`);
    expect(over.status).toBe(409);
    expect(over.text).toContain('limit');
    expect((await fan.client.get('/api/noot/monthly-likes')).json).toEqual({ likesRemaining: 0 });
    expect((await fan.client.get(`/api/noot/playlists/${playlistId}/liked-songs`)).json.sort()).toEqual(
      [songs[0].id, songs[1].id].sort(),
    );
    const unliked = await fan.client.delete(`/api/noot/songs/${songs[1].id}/like`);
    expect(unliked.status).toBe(200);
    expect(unliked.json.likeCount).toBe(0);
    expect((await fan.client.get('/api/noot/monthly-likes')).json).toEqual({ likesRemaining: 1 });
    expect((await fan.client.get(`/api/noot/playlists/${playlistId}/liked-songs`)).json).toEqual([songs[0].id]);
  });
});
