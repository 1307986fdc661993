import { createHmac } from 'node:crypto';
import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db, type Tx } from '../../kernel/database';
import { badInput, DomainError } from '../../kernel/errors';
import { coarsePosition } from '../../kernel/geo';
import { position as checkedPosition } from '../../kernel/input';
import { pageSize, type Page } from '../../kernel/pagination';
import { count } from '../../kernel/rate-limit';
import { queryRows } from '../../kernel/rows';
import { serverKey, sign, verify } from '../../kernel/server-keys';
import { User } from '../users/user.entity';
import { displayNameOf, initialsOf } from '../users/user.rules';
import { radarPolicy } from './radar.policy';
import { RADAR_DEFAULT_RADIUS_KM, RADAR_FRESH_HOURS, RADAR_MOVE_SECONDS, RADAR_RADII_KM } from './radar.rules';

export interface RadarSettingsInput {
  radarEnabled: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

/**
 * Turns the viewer's radar on or off (POST /api/radar/settings). On: with a position, it is stored coarsened
 * (kernel/geo `coarsePosition`, a 1 km cell) with the time; without one, a position already stored is kept (and ignored
 * once stale). Off: the position is deleted in the same transaction, so the member leaves every search at once and
 * nothing of where they were is kept. A position sent with `radarEnabled: false` is not stored. Latitude and longitude
 * come together or not at all. Answers the updated member.
 *
 * A position may move at most once per RADAR_MOVE_SECONDS (RATE_LIMITED with the seconds to wait): posting the
 * stored spot again (the screen reopened) is not a move, but a new spot is, and so is any spot after radar was off,
 * so turning radar off and on cannot be used to move faster. With the rounded distances (radar.rules
 * `radar_ring`) it keeps others from walking their own position around to solve where a member is.
 */
export async function updateRadarSettings(viewer: Viewer | null, input: RadarSettingsInput): Promise<User> {
  const v = requireViewer(viewer);
  if (typeof input.radarEnabled !== 'boolean') throw badInput('radarEnabled', 'must be true or false');
  const hasLat = input.latitude !== undefined && input.latitude !== null;
  const hasLng = input.longitude !== undefined && input.longitude !== null;
  if (hasLat !== hasLng)
    throw badInput(hasLat ? 'longitude' : 'latitude', 'must be given with ' + (hasLat ? 'latitude' : 'longitude'));
  const position = hasLat ? checkedPosition(input.latitude, input.longitude) : null;
  const enabled = input.radarEnabled;
  await db().transaction(async (m) => {
    // The UPDATE locks the member's row: two settings calls of one member apply one after the other.
    await m.query(`UPDATE users SET radar_enabled = $2, updated_at = now() WHERE id = $1`, [v.id, enabled]);
    if (!enabled) {
      await m.query(`DELETE FROM radar_positions WHERE member_id = $1`, [v.id]);
    } else if (position) {
      const spot = coarsePosition(position.latitude, position.longitude);
      const [stored] = await m.query(`SELECT latitude, longitude FROM radar_positions WHERE member_id = $1`, [v.id]);
      if (!stored || stored.latitude !== spot.latitude || stored.longitude !== spot.longitude) await limitMoves(v.id);
      await m.query(
        `INSERT INTO radar_positions (member_id, latitude, longitude, located_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (member_id) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, ` +
          `located_at = EXCLUDED.located_at`,
        [v.id, spot.latitude, spot.longitude],
      );
    }
  });
  return db().getRepository(User).findOneByOrFail({ id: v.id });
}

/**
 * Counts a move of the member's radar position: the second within RADAR_MOVE_SECONDS is RATE_LIMITED, with the wait.
 */
async function limitMoves(memberId: string): Promise<void> {
  const w = await count(`radar-move:${memberId}`, RADAR_MOVE_SECONDS);
  if (w.hits > 1) {
    throw new DomainError(
      'RATE_LIMITED',
      `Your radar position can change once a minute. Please try again in ${w.retryAfter} ` +
        `second${w.retryAfter === 1 ? '' : 's'}.`,
      {
        retryAfter: w.retryAfter,
      },
    );
  }
}

/**
 * The radar's page cursor: the shown ring and the tie-break of the page's last member, signed for this viewer
 * (kernel/server-keys, key `radar-cursor`). It names no member, so it cannot look up anyone's distance; the server
 * accepts only a cursor it issued to this viewer, and anything else is BAD_USER_INPUT before SQL sees it.
 */
const cursorMessage = (viewerId: string, ring: number, tie: string) => `radar|${viewerId}|${ring}|${tie}`;

async function encodeRadarCursor(viewerId: string, ring: number, tie: string): Promise<string> {
  return Buffer.from(`${ring}|${tie}|${await sign('radar-cursor', cursorMessage(viewerId, ring, tie))}`).toString(
    'base64url',
  );
}

async function decodeRadarCursor(viewerId: string, cursor: string): Promise<{ ring: number; tie: string }> {
  const [ring, tie, mac, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const valid =
    !rest.length &&
    /^\d{1,5}$/.test(ring ?? '') &&
    /^[0-9a-f]{32}$/.test(tie ?? '') &&
    !!mac &&
    (await verify('radar-cursor', cursorMessage(viewerId, Number(ring), tie), mac));
  if (!valid) throw badInput('after', 'is not a valid cursor');
  return { ring: Number(ring), tie };
}

/**
 * The key of the viewer's tie-break: members in one ring are ordered by md5(key || member), which is fixed for the
 * viewer (pages do not shuffle) but says nothing of where anyone is, and differs from viewer to viewer.
 */
const tieKey = async (viewerId: string) =>
  createHmac('sha256', await serverKey('radar-order'))
    .update(viewerId)
    .digest('hex');

/** A member the radar found: names and photo (never the e-mail) and how far away they are. */
export interface NearbyMember {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  displayName: string;
  initials: string;
  distanceKm: number;
}

export function checkRadius(radiusKm: unknown): number {
  const r = radiusKm ?? RADAR_DEFAULT_RADIUS_KM;
  if (!(RADAR_RADII_KM as readonly unknown[]).includes(r))
    throw badInput('radius', `must be one of ${RADAR_RADII_KM.join(', ')} km`);
  return r as number;
}

/**
 * Members with radar on whose position is younger than RADAR_FRESH_HOURS, within `radiusKm` of the viewer's own
 * stored position, by shown distance (the 1 km ring, `radar_ring`) and then by the viewer's keyed tie-break (never
 * the exact distance, so the order says no more than the rings do), a keyset page at a time; never the viewer and
 * never a member either side of a block with them. Only a viewer whose radar is on may search (FORBIDDEN
 * otherwise), from a fresh position (BAD_USER_INPUT "location" otherwise: the screen posts the device's position
 * first). One statement for the page: `radar_nearby_page` (migration LocationPrecision) walks the GiST index on the
 * stored earth point nearest first, index only, to the ring of the page's last member, then sorts the members of
 * the rings up to it by (ring, tie-break).
 */
export async function nearbyUsers(
  viewer: Viewer | null,
  args: { radiusKm?: number | null; first?: number | null; after?: string | null },
): Promise<Page<NearbyMember>> {
  const v = requireViewer(viewer);
  const radiusKm = checkRadius(args.radiusKm);
  const size = pageSize(args.first);
  const after = args.after ? await decodeRadarCursor(v.id, args.after) : null;
  const [me] = await queryRows<{
    radarEnabled: boolean;
    latitude: number | null;
    longitude: number | null;
    fresh: boolean | null;
  }>(
    `SELECT u.radar_enabled AS "radarEnabled", r.latitude, r.longitude, r.located_at >= now() - make_interval(hours ` +
      `=> $2) AS fresh
       FROM users u LEFT JOIN radar_positions r ON r.member_id = u.id WHERE u.id = $1`,
    [v.id, RADAR_FRESH_HOURS],
  );
  authorize(!!me && radarPolicy.canSearch(me.radarEnabled), 'Turn on radar to see nearby members');
  if (me.latitude === null || !me.fresh)
    throw badInput('location', 'is not known: share your location to see nearby members');
  const key = await tieKey(v.id);
  const rows = await queryRows(
    `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.profile_image_url AS "profileImageUrl", ` +
      `d.ring, d.tie
       FROM radar_nearby_page($1::float8, $2::float8, $3::float8, now() - make_interval(hours => $4), $5::uuid, ` +
      `$6::text, $7::int, $8::text, $9::int) d
       JOIN users u ON u.id = d.id AND u.radar_enabled
      ORDER BY d.ring, d.tie`,
    [
      me.latitude,
      me.longitude,
      radiusKm * 1000,
      RADAR_FRESH_HOURS,
      v.id,
      key,
      after?.ring ?? null,
      after?.tie ?? null,
      size + 1,
    ],
  );
  const nodes: NearbyMember[] = rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    profileImageUrl: r.profileImageUrl,
    displayName: displayNameOf(r),
    initials: initialsOf(r),
    distanceKm: r.ring,
  }));
  const hasNextPage = rows.length > size;
  if (hasNextPage) {
    nodes.pop();
    rows.pop();
  }
  const last = rows.at(-1);
  return {
    nodes,
    pageInfo: { hasNextPage, endCursor: last ? await encodeRadarCursor(v.id, last.ring, last.tie) : null },
  };
}

/**
 * A suspended member leaves the radar at once (a suspension hook, registered at the composition root): their
 * position is deleted in the suspension's transaction, and without a session they cannot post a new one until the
 * suspension is lifted and they sign in again.
 */
export async function leaveRadarOnSuspension(tx: Tx, _admin: Viewer, memberId: string): Promise<{ files: string[] }> {
  await tx.query(`DELETE FROM radar_positions WHERE member_id = $1`, [memberId]);
  return { files: [] };
}
