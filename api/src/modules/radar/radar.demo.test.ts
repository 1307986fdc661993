import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildUser } from '../../test/factories';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { DEMO_RADAR, radarDemo } from './radar.demo';

const SETTINGS =
  `mutation($on: Boolean!, $lat: Float, $lng: Float) { updateRadarSettings(radarEnabled: $on, ` +
  `latitude: $lat, longitude: $lng) { id } }`;
const NEARBY = `{ nearbyUsers(radiusKm: 10) { nodes { id displayName distanceKm } } }`;
const CAPE_TOWN = { lat: -33.9249, lng: 18.4241 };

describe('the radar demo part', () => {
  it('puts demo members with radar on near Cape Town, renews their positions at later starts, and keeps what a member changed', async () => {
    await loadDemoMembers();
    await radarDemo.load(silentLog);
    await radarDemo.load(silentLog);
    const ids = new Map<string, string>();
    for (const d of DEMO_RADAR)
      ids.set(d.email, (await db().query(`SELECT id FROM users WHERE email = $1`, [d.email]))[0].id);
    expect(
      Number(
        (
          await db().query(`SELECT count(*) FROM radar_positions WHERE member_id = ANY($1::uuid[])`, [
            [...ids.values()],
          ])
        )[0].count,
      ),
    ).toBe(DEMO_RADAR.length);

    // A newcomer in Cape Town turns radar on and sees them, a few km apart.
    const me = await buildUser();
    expect((await gql(SETTINGS, { on: true, ...CAPE_TOWN }, { as: me })).errors).toBeUndefined();
    const seen = (await gql(NEARBY, {}, { as: me })).data.nearbyUsers.nodes as Array<{
      id: string;
      distanceKm: number;
    }>;
    expect(seen.map((n) => n.id).sort()).toEqual([...ids.values()].sort());
    for (const n of seen) expect(n.distanceKm).toBeLessThanOrEqual(6);

    // A day later the positions are stale; the next start renews them, but not for a member who turned radar off.
    const [first, second] = [...ids.values()];
    await db().query(
      `UPDATE radar_positions SET located_at = now() - interval '25 hours' WHERE member_id = ANY($1::uuid[])`,
      [[...ids.values()]],
    );
    expect((await gql(NEARBY, {}, { as: me })).data.nearbyUsers.nodes).toEqual([]);
    expect(
      (await gql(SETTINGS, { on: false }, { as: await db().getRepository(User).findOneByOrFail({ id: first }) }))
        .errors,
    ).toBeUndefined();
    await radarDemo.refresh!(silentLog);
    const renewed = (await gql(NEARBY, {}, { as: me })).data.nearbyUsers.nodes.map((n: { id: string }) => n.id);
    expect(renewed).toContain(second);
    expect(renewed).not.toContain(first);
    expect((await db().query(`SELECT radar_enabled FROM users WHERE id = $1`, [first]))[0].radar_enabled).toBe(false);
  });
});
