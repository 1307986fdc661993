import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings } from '../../kernel/settings';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import type { User } from '../users/user.entity';
import { RadarPosition } from './radar-position.entity';
import { shownDistanceKm } from './radar.rules';

const SETTINGS = `mutation($on: Boolean!, $lat: Float, $lng: Float) {
  updateRadarSettings(radarEnabled: $on, latitude: $lat, longitude: $lng) { id radarEnabled } }`;
const NEARBY = `query($r: Int, $first: Int, $after: String) {
  nearbyUsers(radiusKm: $r, first: $first, after: $after) { nodes { id displayName initials firstName distanceKm } pageInfo { endCursor hasNextPage } } }`;

/** earthdistance's sphere: one degree of latitude is 111.195 km. */
const KM_PER_DEGREE = 111.195;
/** A place of its own for each test (tests share one database), far from any other test's. */
function spot() {
  return { latitude: Math.round((Math.random() * 120 - 60) * 1e3) / 1e3, longitude: Math.round((Math.random() * 340 - 170) * 1e3) / 1e3 };
}
const northOf = (p: { latitude: number; longitude: number }, km: number) => ({ latitude: p.latitude + km / KM_PER_DEGREE, longitude: p.longitude });

async function radarOn(user: User, at: { latitude: number; longitude: number }) {
  const r = await gql(SETTINGS, { on: true, lat: at.latitude, lng: at.longitude }, { as: user });
  expect(r.errors).toBeUndefined();
  return r.data.updateRadarSettings;
}
async function nearby(user: User, radiusKm?: number, first?: number, after?: string) {
  const r = await gql(NEARBY, { r: radiusKm ?? null, first: first ?? null, after: after ?? null }, { as: user });
  expect(r.errors).toBeUndefined();
  return r.data.nearbyUsers as { nodes: { id: string; distanceKm: number; displayName: string }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

describe('radar', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(SETTINGS, { on: true, lat: 1, lng: 1 }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(NEARBY, {}))).toBe('UNAUTHENTICATED');
  });

  it('stores the position coarsened to 3 decimals (about 100 m) with the time, and answers the updated member', async () => {
    const me = await buildUser();
    const before = Date.now();
    const answer = await radarOn(me, { latitude: -33.924868, longitude: 18.424055 });
    expect(answer).toEqual({ id: me.id, radarEnabled: true });
    const row = await db().getRepository(RadarPosition).findOneByOrFail({ userId: me.id });
    expect([row.latitude, row.longitude]).toEqual([-33.925, 18.424]);
    expect(row.locatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('finds members with radar on within the radius, nearest first, with their distance and never the searcher', async () => {
    const here = spot();
    const [me, near, far, outside] = await Promise.all([buildUser(), buildUser(), buildUser(), buildUser()]);
    await radarOn(me, here);
    await radarOn(far, northOf(here, 20));
    await radarOn(near, northOf(here, 3));
    await radarOn(outside, northOf(here, 60));
    const page = await nearby(me);
    expect(page.nodes.map((n) => n.id)).toEqual([near.id, far.id]);
    expect(page.nodes[0].distanceKm).toBeCloseTo(3, 0);
    expect(page.nodes[1].distanceKm).toBeCloseTo(20, 0);
    expect(page.nodes[0].displayName).toBe(`${near.firstName} ${near.lastName}`);
    // The other side sees the searcher too.
    expect((await nearby(near, 5)).nodes.map((n) => n.id)).toEqual([me.id]);
  });

  it("tells only the member (and admins) whether their radar is on", async () => {
    const [me, other] = await Promise.all([buildUser(), buildUser()]);
    await radarOn(me, spot());
    const q = `query($id: ID!) { user(id: $id) { id radarEnabled } }`;
    expect((await gql(q, { id: me.id }, { as: me })).data.user.radarEnabled).toBe(true);
    expect((await gql(q, { id: me.id }, { as: other })).data.user.radarEnabled).toBeNull();
  });

  it('never exposes e-mail addresses', async () => {
    const r = await gql(`query { nearbyUsers { nodes { email } } }`, {}, { as: await buildUser() });
    expect(r.errors?.[0].message).toContain('Cannot query field "email"');
  });

  it('keeps members with radar off out, and hides a member the moment they turn it off (their position is deleted)', async () => {
    const here = spot();
    const [me, other, never] = await Promise.all([buildUser(), buildUser(), buildUser({ radarEnabled: false })]);
    await radarOn(me, here);
    await radarOn(other, northOf(here, 1));
    expect((await nearby(me, 5)).nodes.map((n) => n.id)).toEqual([other.id]);
    const off = await gql(SETTINGS, { on: false }, { as: other });
    expect(off.data.updateRadarSettings).toEqual({ id: other.id, radarEnabled: false });
    expect(await db().getRepository(RadarPosition).countBy({ userId: other.id })).toBe(0);
    expect((await nearby(me, 5)).nodes).toEqual([]);
    // A position sent while turning it off is not stored.
    await gql(SETTINGS, { on: false, ...{ lat: here.latitude, lng: here.longitude } }, { as: never });
    expect(await db().getRepository(RadarPosition).countBy({ userId: never.id })).toBe(0);
    expect((await nearby(me, 5)).nodes).toEqual([]);
    // A member whose flag is off but who somehow still has a row never appears either.
    await db().query(`INSERT INTO radar_positions (user_id, latitude, longitude) VALUES ($1, $2, $3)`, [never.id, here.latitude, here.longitude]);
    expect((await nearby(me, 5)).nodes).toEqual([]);
  });

  it('ignores positions older than 24 hours, and refuses to search from a stale one', async () => {
    const here = spot();
    const [me, stale, fresh] = await Promise.all([buildUser(), buildUser(), buildUser()]);
    await radarOn(me, here);
    await radarOn(stale, northOf(here, 1));
    await radarOn(fresh, northOf(here, 2));
    await db().query(`UPDATE radar_positions SET located_at = now() - interval '24 hours 1 minute' WHERE user_id = $1`, [stale.id]);
    await db().query(`UPDATE radar_positions SET located_at = now() - interval '23 hours 59 minutes' WHERE user_id = $1`, [fresh.id]);
    expect((await nearby(me, 5)).nodes.map((n) => n.id)).toEqual([fresh.id]);
    const r = await gql(NEARBY, { r: 5 }, { as: stale });
    expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(r.errors![0].message).toContain('location');
    // Posting a new position brings the member back.
    await radarOn(stale, northOf(here, 1));
    expect((await nearby(me, 5)).nodes.map((n) => n.id)).toEqual([stale.id, fresh.id]);
  });

  it('lets only a member with radar on search', async () => {
    const me = await buildUser();
    const r = await gql(NEARBY, {}, { as: me });
    expect(codeOf(r)).toBe('FORBIDDEN');
    await radarOn(me, spot());
    await gql(SETTINGS, { on: false }, { as: me });
    expect(codeOf(await gql(NEARBY, {}, { as: me }))).toBe('FORBIDDEN');
    // On without ever sending a position: no place to search from.
    await gql(SETTINGS, { on: true }, { as: me });
    expect(codeOf(await gql(NEARBY, {}, { as: me }))).toBe('BAD_USER_INPUT');
  });

  it('offers exactly the radii 1, 5, 10, 25, 50 and 100 km (default 50), with their edges', async () => {
    const here = spot();
    const [me, at49, at51, at99] = await Promise.all([buildUser(), buildUser(), buildUser(), buildUser()]);
    await radarOn(me, here);
    await radarOn(at49, northOf(here, 49.8));
    await radarOn(at51, northOf(here, 50.3));
    await radarOn(at99, northOf(here, 99.7));
    expect((await nearby(me)).nodes.map((n) => n.id)).toEqual([at49.id]);
    expect((await nearby(me, 50)).nodes.map((n) => n.id)).toEqual([at49.id]);
    expect((await nearby(me, 100)).nodes.map((n) => n.id)).toEqual([at49.id, at51.id, at99.id]);
    expect((await nearby(me, 1)).nodes).toEqual([]);
    for (const r of [0, 2, 20, 51, 101, -5, 1000]) {
      const answer = await gql(NEARBY, { r }, { as: me });
      expect(codeOf(answer), `${r} km`).toBe('BAD_USER_INPUT');
      expect(answer.errors![0].message).toContain('radius must be one of 1, 5, 10, 25, 50, 100');
    }
  });

  it('pages nearest first with a cursor, without repeats', async () => {
    const here = spot();
    const me = await buildUser();
    await radarOn(me, here);
    const others = await Promise.all(Array.from({ length: 5 }, () => buildUser()));
    for (const [i, o] of others.entries()) await radarOn(o, northOf(here, i + 1));
    const first = await nearby(me, 10, 2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await nearby(me, 10, 2, first.pageInfo.endCursor!);
    const third = await nearby(me, 10, 2, second.pageInfo.endCursor!);
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect([...first.nodes, ...second.nodes, ...third.nodes].map((n) => n.id)).toEqual(others.map((o) => o.id));
    expect(codeOf(await gql(NEARBY, { after: 'bm9wZQ' }, { as: me }))).toBe('BAD_USER_INPUT');
  });

  it('refuses bad positions and missing or wrong-typed fields, storing nothing', async () => {
    const me = await buildUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ on: true, lat: 91, lng: 0 }, 'latitude must be between -90 and 90'],
      [{ on: true, lat: 0, lng: -181 }, 'longitude must be between -180 and 180'],
      [{ on: true, lat: 10 }, 'longitude must be given with latitude'],
      [{ on: true, lng: 10 }, 'latitude must be given with longitude'],
    ];
    for (const [vars, message] of cases) {
      const r = await gql(SETTINGS, vars, { as: me });
      expect(codeOf(r), message).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain(message);
    }
    // A missing or wrong-typed radarEnabled never reaches the service: GraphQL refuses the variables.
    expect((await gql(SETTINGS, { lat: 1, lng: 1 }, { as: me })).errors![0].message).toContain('$on');
    expect((await gql(SETTINGS, { on: 'yes' }, { as: me })).errors![0].message).toContain('$on');
    expect(await db().getRepository(RadarPosition).countBy({ userId: me.id })).toBe(0);
    expect((await db().query(`SELECT radar_enabled FROM users WHERE id = $1`, [me.id]))[0].radar_enabled).toBe(false);
  });

  it('keeps one position per member under parallel updates: one move wins, the others wait their minute', async () => {
    const me = await buildUser();
    const here = spot();
    const answers = await Promise.all([here, northOf(here, 1), northOf(here, 2)].map((p) => gql(SETTINGS, { on: true, lat: p.latitude, lng: p.longitude }, { as: me })));
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.filter((a) => a.errors).map(codeOf)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect(await db().getRepository(RadarPosition).countBy({ userId: me.id })).toBe(1);
  });

  it('moves a position at most once a minute, also across turning radar off and on (429 with the wait)', async () => {
    const me = await buildUser();
    const here = spot();
    await radarOn(me, here);
    const stored = async () => db().getRepository(RadarPosition).findOneBy({ userId: me.id });
    const move = (p: { latitude: number; longitude: number }) => gql(SETTINGS, { on: true, lat: p.latitude, lng: p.longitude }, { as: me });

    const fast = await move(northOf(here, 1));
    expect(codeOf(fast)).toBe('RATE_LIMITED');
    expect(fast.errors![0].message).toMatch(/^Your radar position can change once a minute\. Please try again in \d+ seconds?\.$/);
    const retryAfter = fast.errors![0].extensions!.retryAfter as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await stored()).toMatchObject({ latitude: here.latitude, longitude: here.longitude });
    // The same spot again (the screen reopened, a few metres off) is no move.
    expect((await move({ latitude: here.latitude + 0.0002, longitude: here.longitude })).errors).toBeUndefined();
    // Off and on again somewhere else within the minute is a move too: refused, and radar stays off.
    expect((await gql(SETTINGS, { on: false }, { as: me })).errors).toBeUndefined();
    expect(codeOf(await move(northOf(here, 2)))).toBe('RATE_LIMITED');
    expect(await stored()).toBeNull();
    expect((await db().query('SELECT radar_enabled FROM users WHERE id = $1', [me.id]))[0].radar_enabled).toBe(false);
    // A minute later the move goes through.
    await db().query(`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = $1`, [`radar-move:${me.id}`]);
    expect((await move(northOf(here, 2))).errors).toBeUndefined();
    expect(await stored()).toMatchObject({ latitude: Math.round(northOf(here, 2).latitude * 1000) / 1000 });
    expect(codeOf(await move(here))).toBe('RATE_LIMITED');
  });

  it('shows others whole km only ("< 1 km" as 0), and its page cursor does not carry the distance', async () => {
    const here = spot();
    const me = await buildUser();
    await radarOn(me, here);
    const kms = [0.5, 1.2, 1.8, 12.3];
    const others = await Promise.all(kms.map(() => buildUser()));
    for (const [i, o] of others.entries()) await radarOn(o, northOf(here, kms[i]));
    const page = await nearby(me, 25);
    expect(page.nodes.map((n) => [n.id, n.distanceKm])).toEqual([
      [others[0].id, 0],
      [others[1].id, 1],
      [others[2].id, 2],
      [others[3].id, 12],
    ]);
    const first = await nearby(me, 25, 1);
    expect(Buffer.from(first.pageInfo.endCursor!, 'base64url').toString('utf8')).toBe(`radar|${others[0].id}`);
    expect((await nearby(me, 25, 2, first.pageInfo.endCursor!)).nodes.map((n) => n.id)).toEqual([others[1].id, others[2].id]);
    // The cursor's member left the radar: scan again.
    await gql(SETTINGS, { on: false }, { as: others[0] });
    expect(codeOf(await gql(NEARBY, { r: 25, first: 1, after: first.pageInfo.endCursor }, { as: me }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(NEARBY, { after: Buffer.from(`12.5|${others[1].id}`).toString('base64url') }, { as: me }))).toBe('BAD_USER_INPUT');
  });

  it('rounds distances to whole km at the half, under 1 km to 0', () => {
    expect([0, 999, 1000, 1499, 1500, 2499, 49_600].map(shownDistanceKm)).toEqual([0, 0, 1, 1, 2, 2, 50]);
  });

  it('counts each settings change against the member\'s writes per minute', async () => {
    const me = await buildUser();
    for (let i = 0; i < settings().limits.writesPerMinute; i++) expect((await gql(SETTINGS, { on: false }, { as: me })).errors).toBeUndefined();
    expect(codeOf(await gql(SETTINGS, { on: false }, { as: me }))).toBe('RATE_LIMITED');
  });
});
