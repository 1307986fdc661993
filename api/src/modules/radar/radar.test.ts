import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { coarsePosition, KM_PER_DEGREE } from '../../kernel/geo';
import { settings } from '../../kernel/settings';
import { buildRadarPosition, buildUser, buildUserBlock } from '../../test/factories';
import { codeOf, countQueries, gql } from '../../test/helpers';
import { Role, type User } from '../users/user.entity';
import { RadarPosition } from './radar-position.entity';

const SETTINGS = `mutation($on: Boolean!, $lat: Float, $lng: Float) {
  updateRadarSettings(radarEnabled: $on, latitude: $lat, longitude: $lng) { id radarEnabled } }`;
const NEARBY =
  `query($r: Int, $first: Int, $after: String) {
  nearbyUsers(radiusKm: $r, first: $first, after: $after) { nodes { id displayName initials firstName distanceKm } ` +
  `pageInfo { endCursor hasNextPage } } }`;

/** A place of its own for each test (tests share one database), far from any other test's. */
function spot() {
  return {
    latitude: Math.round((Math.random() * 120 - 60) * 1e3) / 1e3,
    longitude: Math.round((Math.random() * 340 - 170) * 1e3) / 1e3,
  };
}
const northOf = (p: { latitude: number; longitude: number }, km: number) => ({
  latitude: p.latitude + km / KM_PER_DEGREE,
  longitude: p.longitude,
});

async function radarOn(user: User, at: { latitude: number; longitude: number }) {
  const r = await gql(SETTINGS, { on: true, lat: at.latitude, lng: at.longitude }, { as: user });
  expect(r.errors).toBeUndefined();
  return r.data.updateRadarSettings;
}
/** Radar on at exactly `at` (written as stored, bypassing the service's cell and its once-a-minute limit). */
async function placeAt(user: User, at: { latitude: number; longitude: number }) {
  await db().query(`UPDATE users SET radar_enabled = true WHERE id = $1`, [user.id]);
  await db().getRepository(RadarPosition).delete({ memberId: user.id });
  await buildRadarPosition({ memberId: user.id, latitude: at.latitude, longitude: at.longitude });
}
async function nearby(user: User, radiusKm?: number, first?: number, after?: string) {
  const r = await gql(NEARBY, { r: radiusKm ?? null, first: first ?? null, after: after ?? null }, { as: user });
  expect(r.errors).toBeUndefined();
  return r.data.nearbyUsers as {
    nodes: { id: string; distanceKm: number; displayName: string }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

describe('radar', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(SETTINGS, { on: true, lat: 1, lng: 1 }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(NEARBY, {}))).toBe('UNAUTHENTICATED');
  });

  it('stores the position coarsened to its 1 km cell with the time, and answers the updated member', async () => {
    const me = await buildUser();
    const before = Date.now();
    const answer = await radarOn(me, { latitude: -33.924868, longitude: 18.424055 });
    expect(answer).toEqual({ id: me.id, radarEnabled: true });
    const row = await db().getRepository(RadarPosition).findOneByOrFail({ memberId: me.id });
    expect({ latitude: row.latitude, longitude: row.longitude }).toEqual(coarsePosition(-33.924868, 18.424055));
    expect([row.latitude, row.longitude]).not.toEqual([-33.924868, 18.424055]);
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
    // Positions are 1 km cells: a distance is the true one give or take a km.
    expect(Math.abs(page.nodes[0].distanceKm - 3)).toBeLessThanOrEqual(1);
    expect(Math.abs(page.nodes[1].distanceKm - 20)).toBeLessThanOrEqual(1);
    expect(page.nodes[0].displayName).toBe(`${near.firstName} ${near.lastName}`);
    // The other side sees the searcher too.
    expect((await nearby(near, 5)).nodes.map((n) => n.id)).toEqual([me.id]);
  });

  it('tells only the member (and admins) whether their radar is on', async () => {
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
    expect(await db().getRepository(RadarPosition).countBy({ memberId: other.id })).toBe(0);
    expect((await nearby(me, 5)).nodes).toEqual([]);
    // A position sent while turning it off is not stored.
    await gql(SETTINGS, { on: false, ...{ lat: here.latitude, lng: here.longitude } }, { as: never });
    expect(await db().getRepository(RadarPosition).countBy({ memberId: never.id })).toBe(0);
    expect((await nearby(me, 5)).nodes).toEqual([]);
    // A member whose flag is off but who somehow still has a row never appears either.
    await buildRadarPosition({ memberId: never.id, latitude: here.latitude, longitude: here.longitude });
    expect((await nearby(me, 5)).nodes).toEqual([]);
  });

  it('ignores positions older than 24 hours, and refuses to search from a stale one', async () => {
    const here = spot();
    const [me, stale, fresh] = await Promise.all([buildUser(), buildUser(), buildUser()]);
    await radarOn(me, here);
    await radarOn(stale, northOf(here, 1));
    await radarOn(fresh, northOf(here, 4));
    await db().query(
      `UPDATE radar_positions SET located_at = now() - interval '24 hours 1 minute' WHERE member_id = $1`,
      [stale.id],
    );
    await db().query(
      `UPDATE radar_positions SET located_at = now() - interval '23 hours 59 minutes' WHERE member_id = $1`,
      [fresh.id],
    );
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
    // 1 km cells: each lies within a km of where it was posted.
    await radarOn(at49, northOf(here, 48.9));
    await radarOn(at51, northOf(here, 51.1));
    await radarOn(at99, northOf(here, 98.9));
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
    for (const [i, o] of others.entries()) await radarOn(o, northOf(here, 4 * (i + 1)));
    const first = await nearby(me, 25, 2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await nearby(me, 25, 2, first.pageInfo.endCursor!);
    const third = await nearby(me, 25, 2, second.pageInfo.endCursor!);
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
    expect(await db().getRepository(RadarPosition).countBy({ memberId: me.id })).toBe(0);
    expect((await db().query(`SELECT radar_enabled FROM users WHERE id = $1`, [me.id]))[0].radar_enabled).toBe(false);
  });

  it('keeps one position per member under parallel updates: one move wins, the others wait their minute', async () => {
    const me = await buildUser();
    const here = spot();
    const answers = await Promise.all(
      [here, northOf(here, 1), northOf(here, 2)].map((p) =>
        gql(SETTINGS, { on: true, lat: p.latitude, lng: p.longitude }, { as: me }),
      ),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.filter((a) => a.errors).map(codeOf)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect(await db().getRepository(RadarPosition).countBy({ memberId: me.id })).toBe(1);
  });

  it('moves a position at most once a minute, also across turning radar off and on (429 with the wait)', async () => {
    const me = await buildUser();
    const here = spot();
    await radarOn(me, here);
    const stored = async () => db().getRepository(RadarPosition).findOneBy({ memberId: me.id });
    const move = (p: { latitude: number; longitude: number }) =>
      gql(SETTINGS, { on: true, lat: p.latitude, lng: p.longitude }, { as: me });

    const fast = await move(northOf(here, 1));
    expect(codeOf(fast)).toBe('RATE_LIMITED');
    expect(fast.errors![0].message).toMatch(
      /^Your radar position can change once a minute\. Please try again in \d+ seconds?\.$/,
    );
    const retryAfter = fast.errors![0].extensions!.retryAfter as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const cell = coarsePosition(here.latitude, here.longitude);
    expect(await stored()).toMatchObject(cell);
    // The same spot again (the screen reopened, somewhere in the same cell) is no move.
    expect((await move(cell)).errors).toBeUndefined();
    // Off and on again somewhere else within the minute is a move too: refused, and radar stays off.
    expect((await gql(SETTINGS, { on: false }, { as: me })).errors).toBeUndefined();
    expect(codeOf(await move(northOf(here, 2)))).toBe('RATE_LIMITED');
    expect(await stored()).toBeNull();
    expect((await db().query('SELECT radar_enabled FROM users WHERE id = $1', [me.id]))[0].radar_enabled).toBe(false);
    // A minute later the move goes through.
    await db().query(`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = $1`, [
      `radar-move:${me.id}`,
    ]);
    expect((await move(northOf(here, 2))).errors).toBeUndefined();
    expect(await stored()).toMatchObject(coarsePosition(northOf(here, 2).latitude, northOf(here, 2).longitude));
    expect(codeOf(await move(here))).toBe('RATE_LIMITED');
  });

  it('shows others whole km only ("< 1 km" as 0), rounded at the half', async () => {
    const here = spot();
    const me = await buildUser();
    await placeAt(me, here);
    const kms = [0.4, 0.999, 1.001, 1.499, 1.501, 12.3];
    const others = await Promise.all(kms.map(() => buildUser()));
    for (const [i, o] of others.entries()) await placeAt(o, northOf(here, kms[i]));
    const page = await nearby(me, 25);
    const shown = new Map(page.nodes.map((n) => [n.id, n.distanceKm]));
    expect(others.map((o) => shown.get(o.id))).toEqual([0, 0, 1, 1, 2, 12]);
  });

  it('orders members of one ring not by their true distance, and the same way on every page (trilateration by order)', async () => {
    const here = spot();
    const me = await buildUser();
    await placeAt(me, here);
    // Twelve members between 3.05 and 3.45 km, each farther than the one before: all shown as 3 km.
    const ring = await Promise.all(Array.from({ length: 12 }, () => buildUser()));
    for (const [i, o] of ring.entries()) await placeAt(o, northOf(here, 3.05 + i * 0.035));
    const whole = await nearby(me, 5);
    expect(whole.nodes.map((n) => n.distanceKm)).toEqual(ring.map(() => 3));
    const order = whole.nodes.map((n) => n.id);
    expect(new Set(order)).toEqual(new Set(ring.map((o) => o.id)));
    // Nearest first would be `ring` as placed: the order inside a ring follows something else (1 chance in 12!).
    expect(order).not.toEqual(ring.map((o) => o.id));
    expect(order).not.toEqual(ring.map((o) => o.id).reverse());
    // The same order again, and page by page.
    expect((await nearby(me, 5)).nodes.map((n) => n.id)).toEqual(order);
    const paged: string[] = [];
    let after: string | undefined;
    do {
      const page = await nearby(me, 5, 5, after);
      paged.push(...page.nodes.map((n) => n.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor! : undefined;
    } while (after);
    expect(paged).toEqual(order);
    // Another viewer at the same spot sees its own order (a per-viewer key), still nothing about distance.
    const other = await buildUser();
    await placeAt(other, here);
    const theirs = (await nearby(other, 5)).nodes.map((n) => n.id).filter((id) => id !== me.id);
    expect(new Set(theirs)).toEqual(new Set(order));
  });

  it('takes only a cursor the server issued to this viewer: a cursor naming a member, a foreign or a changed one is 400', async () => {
    const here = spot();
    const [me, other, a, b, c] = await Promise.all([buildUser(), buildUser(), buildUser(), buildUser(), buildUser()]);
    await placeAt(me, here);
    await placeAt(other, here);
    for (const [i, o] of [a, b, c].entries()) await placeAt(o, northOf(here, 2 + 3 * i));
    const first = await nearby(me, 25, 1);
    const cursor = first.pageInfo.endCursor!;
    // The cursor names nobody and carries no exact distance.
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    for (const u of [me, other, a, b, c]) expect(text).not.toContain(u.id);
    expect(text).not.toMatch(/\d\.\d/);
    const refused = async (as: User, after: string) => {
      const r = await gql(NEARBY, { r: 25, first: 1, after }, { as });
      expect(codeOf(r), after).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain('after is not a valid cursor');
    };
    // The old attack: a cursor naming the member to locate (today's format, and the shape of a distance cursor).
    await refused(me, Buffer.from(`radar|${b.id}`).toString('base64url'));
    await refused(me, Buffer.from(`12.5|${b.id}`).toString('base64url'));
    // Issued to another viewer.
    await refused(other, cursor);
    // Changed: another ring or tie-break under the same signature, or no signature.
    const [ring, tie, mac] = text.split('|');
    await refused(me, Buffer.from(`${Number(ring) + 1}|${tie}|${mac}`).toString('base64url'));
    await refused(me, Buffer.from(`${ring}|${'0'.repeat(32)}|${mac}`).toString('base64url'));
    await refused(me, Buffer.from(`${ring}|${tie}`).toString('base64url'));
    // The issued one goes on.
    expect((await nearby(me, 25, 5, cursor)).nodes.map((n) => n.id)).toEqual([a.id, b.id, c.id]);
  });

  it('applies blocks on every page: a member who blocked the searcher is never shown nor reachable through a cursor', async () => {
    const here = spot();
    const [me, blocker, blocked, x, y] = await Promise.all([
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
    ]);
    await placeAt(me, here);
    for (const [i, o] of [x, blocker, blocked, y].entries()) await placeAt(o, northOf(here, 2 + 3 * i));
    await buildUserBlock({ blockerId: blocker.id, blockedId: me.id });
    await buildUserBlock({ blockerId: me.id, blockedId: blocked.id });
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await nearby(me, 25, 1, after);
      seen.push(...page.nodes.map((n) => n.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor! : undefined;
    } while (after);
    expect(seen).toEqual([x.id, y.id]);
    // The cursor lookup of the old page read the blocker's exact distance, block or not: no cursor names a member now.
    expect(
      codeOf(await gql(NEARBY, { r: 25, after: Buffer.from(`radar|${blocker.id}`).toString('base64url') }, { as: me })),
    ).toBe('BAD_USER_INPUT');
    // Neither side of either block sees the other.
    expect((await nearby(blocker, 25)).nodes.map((n) => n.id)).not.toContain(me.id);
    expect((await nearby(blocked, 25)).nodes.map((n) => n.id)).not.toContain(me.id);
  });

  it('drops a suspended member from the radar at once: their position is deleted with the suspension', async () => {
    const here = spot();
    const [me, them, admin] = await Promise.all([buildUser(), buildUser(), buildUser({ role: Role.admin })]);
    await placeAt(me, here);
    await placeAt(them, northOf(here, 2));
    expect((await nearby(me, 5)).nodes.map((n) => n.id)).toEqual([them.id]);
    const r = await gql(
      `mutation($id: ID!) { adminSetUserSuspended(id: $id, suspended: true) { id suspended } }`,
      { id: them.id },
      { as: admin },
    );
    expect(r.errors).toBeUndefined();
    expect((await nearby(me, 5)).nodes).toEqual([]);
    expect(await db().getRepository(RadarPosition).countBy({ memberId: them.id })).toBe(0);
  });

  it('answers a page, cursor or not, in the same few statements', async () => {
    const here = spot();
    const me = await buildUser();
    await placeAt(me, here);
    const others = await Promise.all(Array.from({ length: 6 }, () => buildUser()));
    for (const [i, o] of others.entries()) await placeAt(o, northOf(here, 1 + i));
    const first = await countQueries(() => gql(NEARBY, { r: 25, first: 2 }, { as: me }));
    const next = await countQueries(() =>
      gql(NEARBY, { r: 25, first: 2, after: first.result.data.nearbyUsers.pageInfo.endCursor }, { as: me }),
    );
    expect(next.result.errors).toBeUndefined();
    // The viewer's own position, then the page (server keys are read once per process).
    expect(first.queries.length).toBeLessThanOrEqual(2);
    expect(next.queries.length).toBeLessThanOrEqual(2);
  });

  it("counts each settings change against the member's writes per minute", async () => {
    const me = await buildUser();
    for (let i = 0; i < settings().limits.writesPerMinute; i++)
      expect((await gql(SETTINGS, { on: false }, { as: me })).errors).toBeUndefined();
    expect(codeOf(await gql(SETTINGS, { on: false }, { as: me }))).toBe('RATE_LIMITED');
  });
});
