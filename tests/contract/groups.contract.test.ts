/**
 * The documented group paths (spec 002 section 7), called the way an external client calls them: plain HTTP with a
 * cookie jar against the built server. Errors answer with the ARCHITECTURE.md status and a plain-text body, never a
 * 500: no session, the wrong member, missing fields, bad ids and NUL bytes are all the caller's mistakes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, type HttpResponse } from '../support/app';
import { dataUrl, PNG_BYTES } from '../support/files';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const GROUP_FIELDS = [
  'id',
  'name',
  'description',
  'locationName',
  'latitude',
  'longitude',
  'groupType',
  'requiresApproval',
  'imageUrl',
  'memberInfo',
  'memberCount',
];
const PNG = dataUrl('image/png', PNG_BYTES);
const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

let app: App;
beforeAll(async () => {
  app = await startApp({ RATE_SIGNUP_PER_IP: '1000', RATE_SIGNIN_PER_IP: '1000' });
});
afterAll(async () => {
  await app?.stop();
});

type Member = Awaited<ReturnType<typeof signedUpClient>>;
const newMember = (firstName = 'Thandi') => signedUpClient(app.url, { firstName, lastName: 'Contract' });
let n = 0;
const groupName = () => `Contract Group ${Date.now()}-${++n}`;

function expectError(res: HttpResponse, status: number, text?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^text\/plain/);
  expect(res.text).not.toMatch(/\bat \S+ \(/);
  if (text) expect(res.text).toContain(text);
}

async function createGroup(m: Member, body: Record<string, unknown> = {}) {
  const res = await m.client.post('/api/groups', {
    name: groupName(),
    locationName: 'Sea Point',
    groupType: 'Braai',
    ...CAPE_TOWN,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as Record<string, any>;
}

describe('requires authentication', () => {
  test('every group path answers 401 without a session and changes nothing', async () => {
    const owner = await newMember();
    const group = await createGroup(owner);
    const anon = client(app.url);
    for (const [method, path, body] of [
      ['GET', '/api/groups/my-groups'],
      ['GET', '/api/groups'],
      ['POST', '/api/groups/search', { ...CAPE_TOWN, radiusKm: 50 }],
      ['POST', '/api/groups', { name: 'Anon', locationName: 'X', ...CAPE_TOWN }],
      ['POST', `/api/groups/${group.id}/join`],
      ['POST', `/api/groups/${group.id}/leave`],
      ['POST', `/api/groups/${group.id}/favorite`],
    ] as const) {
      expectError(await anon.request(method, path, body), 401);
    }
    const mine = await owner.client.get('/api/groups/my-groups');
    expect(mine.json.find((g: { id: string }) => g.id === group.id)).toMatchObject({ memberCount: 1 });
  });
});

describe('POST /api/groups', () => {
  test("creates a group with the spec's fields; the creator is its admin", async () => {
    const owner = await newMember();
    const name = groupName();
    const res = await owner.client.post('/api/groups', {
      name,
      description: 'Weekend braais',
      locationName: 'Sea Point',
      groupType: 'Braai',
      requiresApproval: true,
      imageUrl: PNG,
      latitude: String(CAPE_TOWN.latitude),
      longitude: String(CAPE_TOWN.longitude),
    });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.json)).toEqual(expect.arrayContaining(GROUP_FIELDS));
    expect(res.json).toMatchObject({
      name,
      groupType: 'Braai',
      requiresApproval: true,
      memberCount: 1,
      memberInfo: { role: 'admin', isFavorite: false },
    });
    expect(res.json.imageUrl).toMatch(/^\/media\//);
    // The creator's position is published only as its 1 km cell.
    expect(Math.abs(res.json.latitude - CAPE_TOWN.latitude)).toBeLessThan(0.005);
    expect([res.json.latitude, res.json.longitude]).not.toEqual([CAPE_TOWN.latitude, CAPE_TOWN.longitude]);
  });

  test("missing fields answer 400 with the spec's texts; bad types, positions, images and NUL bytes 400; nothing is stored", async () => {
    const owner = await newMember();
    for (const [body, text] of [
      [{ locationName: 'Sea Point', ...CAPE_TOWN }, 'Please fill in all required fields'],
      [{ name: 'A', ...CAPE_TOWN }, 'Please fill in all required fields'],
      [{ name: 'A', locationName: 'B' }, 'Please enable location services'],
      [{ name: 'A', locationName: 'B', groupType: 'Knitting', ...CAPE_TOWN }, 'type'],
      [{ name: 'A', locationName: 'B', latitude: 'north', longitude: 18 }, 'latitude'],
      [{ name: 'A', locationName: 'B', latitude: 123, longitude: 18 }, 'latitude'],
      [{ name: 'A', locationName: 'B', imageUrl: 'data:image/png;base64,TVqQ', ...CAPE_TOWN }, 'imageUrl'],
      [{ name: 'a\u0000b', locationName: 'B', ...CAPE_TOWN }, 'NUL'],
      [{ name: 42, locationName: 'B', ...CAPE_TOWN }, 'name'],
    ] as const) {
      expectError(await owner.client.post('/api/groups', body), 400, text);
    }
    expect((await owner.client.get('/api/groups/my-groups')).json).toEqual([]);
  });
});

describe('GET /api/groups and /api/groups/my-groups', () => {
  test("list every group and the member's own, with memberInfo for their groups only", async () => {
    const [owner, other] = [await newMember(), await newMember('Pieter')];
    const group = await createGroup(owner);
    const all = await other.client.get('/api/groups');
    expect(all.status, all.text).toBe(200);
    expect(all.json.find((g: { id: string }) => g.id === group.id)).toMatchObject({ memberInfo: null, memberCount: 1 });
    const mine = await owner.client.get('/api/groups/my-groups');
    expect(mine.json).toMatchObject([{ id: group.id, memberInfo: { role: 'admin' } }]);
    expect((await other.client.get('/api/groups/my-groups')).json).toEqual([]);
    expectError(await owner.client.get('/api/groups?limit=0'), 400, 'first');
    expectError(await owner.client.get('/api/groups?after=%00'), 400);
  });
});

describe('POST /api/groups/search', () => {
  test('finds groups within the radius by type, nearest first, with the total in X-Total-Count', async () => {
    const owner = await newMember();
    // Far from the other tests' groups: the middle of the Indian Ocean.
    const spot = { latitude: -40, longitude: 70 };
    const near = await createGroup(owner, { ...spot, groupType: 'Sport' });
    const far = await createGroup(owner, {
      latitude: spot.latitude + 0.5,
      longitude: spot.longitude,
      groupType: 'Jokes',
    });
    const res = await owner.client.post('/api/groups/search', { ...spot, radiusKm: 100, groupType: '' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.map((g: { id: string }) => g.id)).toEqual([near.id, far.id]);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(
      (await owner.client.post('/api/groups/search', { ...spot, radiusKm: 10 })).json.map((g: { id: string }) => g.id),
    ).toEqual([near.id]);
    expect(
      (await owner.client.post('/api/groups/search', { ...spot, radiusKm: 100, groupType: 'Jokes' })).json.map(
        (g: { id: string }) => g.id,
      ),
    ).toEqual([far.id]);
  });

  test('missing or bad fields answer 400, never 500', async () => {
    const m = await newMember();
    for (const [body, text] of [
      [{}, 'lat'],
      [{ latitude: -33.9 }, 'lon'],
      [{ ...CAPE_TOWN, radiusKm: 5000 }, 'radiusKm'],
      [{ ...CAPE_TOWN, radiusKm: 'far' }, 'radiusKm'],
      [{ ...CAPE_TOWN, radiusKm: 50, groupType: 'Knitting' }, 'type'],
      [{ ...CAPE_TOWN, radiusKm: 50, groupType: 'Br\u0000ai' }, 'NUL'],
      [{ ...CAPE_TOWN, radiusKm: 50, after: 'garbage' }, 'after'],
    ] as const) {
      const res = await m.client.post('/api/groups/search', body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(res.text).toContain(text);
    }
  });
});

describe('POST /api/groups/{id}/join, /leave and /favorite', () => {
  test('join answers requiresApproval false for an open group and true (a request) where approval is required', async () => {
    const [owner, member] = [await newMember(), await newMember('Lerato')];
    const open = await createGroup(owner);
    const closed = await createGroup(owner, { requiresApproval: true });
    const joined = await member.client.post(`/api/groups/${open.id}/join`);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.json).toMatchObject({
      success: true,
      requiresApproval: false,
      status: 'member',
      group: { memberCount: 2, memberInfo: { role: 'member' } },
    });
    const asked = await member.client.post(`/api/groups/${closed.id}/join`);
    expect(asked.json).toMatchObject({
      success: true,
      requiresApproval: true,
      status: 'requested',
      group: { memberCount: 1, memberInfo: null },
    });
  });

  test('favorite toggles for a member, is 403 for anyone else; leave ends the membership and its favourite', async () => {
    const [owner, member, outsider] = [await newMember(), await newMember('Sipho'), await newMember('Naledi')];
    const group = await createGroup(owner);
    await member.client.post(`/api/groups/${group.id}/join`);
    expectError(await outsider.client.post(`/api/groups/${group.id}/favorite`), 403);
    expect((await member.client.post(`/api/groups/${group.id}/favorite`)).json).toMatchObject({
      success: true,
      isFavorite: true,
    });
    expect((await member.client.get('/api/groups/my-groups')).json[0].memberInfo).toEqual({
      isFavorite: true,
      role: 'member',
    });
    expect((await member.client.post(`/api/groups/${group.id}/favorite`)).json).toMatchObject({ isFavorite: false });
    await member.client.post(`/api/groups/${group.id}/favorite`);
    const left = await member.client.post(`/api/groups/${group.id}/leave`);
    expect(left.status, left.text).toBe(200);
    expect(left.json).toMatchObject({ success: true, group: { memberCount: 1, memberInfo: null } });
    expect((await member.client.get('/api/groups/my-groups')).json).toEqual([]);
    // Back in: the favourite went with the membership.
    expect((await member.client.post(`/api/groups/${group.id}/join`)).json.group.memberInfo).toEqual({
      isFavorite: false,
      role: 'member',
    });
  });

  test('bad and unknown ids answer 400 and 404, never 500', async () => {
    const m = await newMember();
    for (const action of ['join', 'leave', 'favorite']) {
      expectError(await m.client.post(`/api/groups/not-a-uuid/${action}`), 400, 'id');
      expectError(await m.client.post(`/api/groups/${MISSING_UUID}/${action}`), 404, 'Group not found');
      expectError(await m.client.post(`/api/groups/a%00b/${action}`), 400);
    }
  });
});
