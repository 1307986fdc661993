import { badInput } from './errors';
import { UUID } from './ids';

/** A position on the earth, in degrees. */
export interface Position {
  latitude: number;
  longitude: number;
}

/** A latitude from -90 to 90 and a longitude from -180 to 180, or BAD_USER_INPUT naming the field. */
export function checkPosition(p: { latitude?: number | null; longitude?: number | null }): Position {
  const { latitude: lat, longitude: lng } = p;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) throw badInput('latitude', 'must be between -90 and 90');
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) throw badInput('longitude', 'must be between -180 and 180');
  return { latitude: lat, longitude: lng };
}

/**
 * The cursor of a nearest-first page: the chord distance (metres straight through the earth between the two points,
 * which orders exactly as the great-circle distance does and is what a GiST index on `ll_to_earth` orders by) and
 * the id. Only a cursor we wrote passes.
 */
export const encodeDistanceCursor = (chord: number, id: string) => Buffer.from(`${chord}|${id}`).toString('base64url');

export function decodeDistanceCursor(cursor: string): { chord: number; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const chord = Number(parts[0]);
  if (parts.length !== 2 || !/^\d+(\.\d+)?(e[+-]?\d+)?$/.test(parts[0]) || !Number.isFinite(chord) || !UUID.test(parts[1])) {
    throw badInput('after', 'is not a valid cursor');
  }
  return { chord, id: parts[1] };
}

/** A page of `size` from rows fetched with `size + 1` and their chords: the extra row only says a next page exists. */
export function distancePage<T extends { id: string }>(nodes: T[], chords: number[], size: number) {
  const hasNextPage = nodes.length > size;
  if (hasNextPage) nodes.pop();
  const last = nodes.length - 1;
  return { nodes, pageInfo: { hasNextPage, endCursor: last >= 0 ? encodeDistanceCursor(chords[last], nodes[last].id) : null } };
}
