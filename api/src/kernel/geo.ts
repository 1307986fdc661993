import { badInput } from './errors';
import { UUID } from './ids';

/**
 * Radius queries over earthdistance (cube) and a GiST index on a stored earth point: the pieces every module with
 * a "within R km, nearest first" list shares (business directory, groups).
 */

/** earthdistance's sphere (earth(), 6,378,168 m): one degree of latitude is this many km along the surface. */
export const KM_PER_DEGREE = (6378.168 * Math.PI) / 180;

/**
 * The side of the grid cell a stored position is snapped to (`coarsePosition`), in km: the radar's 1 km ring, a
 * marketplace listing's and a group's place. Nothing the server stores or answers of a member's position is finer.
 */
export const COARSE_CELL_KM = 1;

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The one coarsening of positions (radar, marketplace, groups; any module that keeps where a member is): the centre
 * of the grid cell of about `cellKm` × `cellKm` the position lies in. Rows of `cellKm` of latitude; within a row,
 * columns of `cellKm` of longitude at the row's centre (wider in degrees towards the poles, one cell at the pole).
 * Every position in a cell gives the same answer, so the answer tells only the cell, and coarsening a coarse
 * position changes nothing. Migration LocationPrecision does the same in SQL for rows stored before it.
 */
export function coarsePosition(
  latitude: number,
  longitude: number,
  cellKm = COARSE_CELL_KM,
): { latitude: number; longitude: number } {
  const latStep = cellKm / KM_PER_DEGREE;
  const lat = Math.min(90, Math.max(-90, (Math.floor(latitude / latStep) + 0.5) * latStep));
  const lngStep = Math.min(360, latStep / Math.max(Math.cos((lat * Math.PI) / 180), 1e-9));
  const lng = Math.min(180, -180 + (Math.floor((longitude + 180) / lngStep) + 0.5) * lngStep);
  return { latitude: round6(lat), longitude: round6(lng) };
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
  if (
    parts.length !== 2 ||
    !/^\d+(\.\d+)?(e[+-]?\d+)?$/.test(parts[0]) ||
    !Number.isFinite(chord) ||
    !UUID.test(parts[1])
  ) {
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
  return {
    nodes,
    pageInfo: { hasNextPage, endCursor: last >= 0 ? encodeDistanceCursor(chords[last], nodes[last].id) : null },
  };
}

/**
 * SQL: whether stored earth point `place` lies within `$radius` metres of `ll_to_earth($lat, $lng)` (through the GiST
 * index).
 */
export const withinRadiusSql = (place: string, lat: string, lng: string, radius: string) =>
  `earth_box(ll_to_earth(${lat}, ${lng}), ${radius}) @> ${place}
        AND ${place} <-> ll_to_earth(${lat}, ${lng}) <= 2 * earth() * sin(${radius} / (2 * earth()))`;
