import { badInput } from './errors';
import { UUID } from './ids';

/**
 * Radius queries over earthdistance (cube) and a GiST index on a stored earth point: the pieces every module with
 * a "within R km, nearest first" list shares (business directory, groups).
 */

/** Checks a position: latitude in [-90, 90], longitude in [-180, 180], both finite. */
export function checkPosition(latitude: unknown, longitude: unknown, fields: [string, string] = ['latitude', 'longitude']): { latitude: number; longitude: number } {
  if (typeof latitude !== 'number' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) throw badInput(fields[0], 'must be between -90 and 90');
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) throw badInput(fields[1], 'must be between -180 and 180');
  return { latitude, longitude };
}

/**
 * The cursor of a nearest-first page: the chord distance (metres through the earth between the two points, which
 * orders exactly as the great-circle distance does and is what the GiST index orders by) and the id.
 */
export const encodeDistanceCursor = (chord: number, id: string) => Buffer.from(`${chord}|${id}`).toString('base64url');

/** Only a cursor `encodeDistanceCursor` wrote passes; anything else is BAD_USER_INPUT before SQL sees it. */
export function decodeDistanceCursor(cursor: string): { chord: number; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const chord = Number(parts[0]);
  if (parts.length !== 2 || !/^\d+(\.\d+)?(e[+-]?\d+)?$/.test(parts[0]) || !Number.isFinite(chord) || !UUID.test(parts[1])) {
    throw badInput('after', 'is not a valid cursor');
  }
  return { chord, id: parts[1] };
}

/**
 * A nearest-first page from rows that carry their `chord` (one more than `size` asked, to know whether more
 * follows): the nodes without the extra row, and the cursor of the last.
 */
export function distancePage<T extends { id: string }>(nodes: T[], chords: number[], size: number) {
  const hasNextPage = nodes.length > size;
  if (hasNextPage) nodes.pop();
  const last = nodes.length - 1;
  return { nodes, pageInfo: { hasNextPage, endCursor: last >= 0 ? encodeDistanceCursor(chords[last], nodes[last].id) : null } };
}

/** SQL: whether stored earth point `place` lies within `$radius` metres of `ll_to_earth($lat, $lng)` (through the GiST index). */
export const withinRadiusSql = (place: string, lat: string, lng: string, radius: string) =>
  `earth_box(ll_to_earth(${lat}, ${lng}), ${radius}) @> ${place}
        AND ${place} <-> ll_to_earth(${lat}, ${lng}) <= 2 * earth() * sin(${radius} / (2 * earth()))`;
