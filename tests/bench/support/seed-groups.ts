/**
 * The groups' bench rows, in SQL with generate_series: two "worlds" of the same size on the map, one holding 1,000
 * groups and one 100,000, spread evenly (by a hash) over a 10° × 10° square at the same distance from the equator
 * (so both have the same shape on the sphere): the same radius query in each compares a page at 1,000 groups with
 * a page at 100,000. Each group has its creator as admin (members of seed.ts). Seeding twice changes nothing.
 */
import type pg from 'pg';

export interface GroupWorld {
  name: string;
  groups: number;
  /** The square's south-west corner; the query point is its centre. */
  lat: number;
  lon: number;
}
export const SQUARE_DEGREES = 10;
export const SMALL_WORLD: GroupWorld = { name: 'small', groups: 1_000, lat: -20, lon: 20 };
export const LARGE_WORLD: GroupWorld = { name: 'large', groups: 100_000, lat: 10, lon: 20 };
export const centreOf = (w: GroupWorld) => ({ lat: w.lat + SQUARE_DEGREES / 2, lon: w.lon + SQUARE_DEGREES / 2 });

/** Group n of world w is md5('group-' || w || '-' || n)::uuid; its position is hashed from the same key. */
export async function seedGroups(db: pg.Client, members: number): Promise<Record<string, number>> {
  const done = await db.query(`SELECT count(*)::int AS n FROM groups WHERE name LIKE 'Bench group %'`);
  if (done.rows[0].n > 0) return { groups: done.rows[0].n };
  await db.query('BEGIN');
  for (const w of [SMALL_WORLD, LARGE_WORLD]) {
    // A hash of the key in [0, 1): the first 8 hex digits of md5 over 2^32.
    const unit = (salt: string) =>
      `(('x' || substr(md5('${salt}-${w.name}-' || n), 1, 8))::bit(32)::bigint / 4294967296.0)`;
    await db.query(
      `INSERT INTO groups (id, name, description, type, location_name, latitude, longitude, creator_id, ` +
        `member_count, created_at)
       SELECT md5('group-${w.name}-' || n)::uuid, 'Bench group ${w.name} ' || n, 'A group of the bench',
              (ARRAY['Favourites','SAFFA Local Community','Jokes','Sport','Braai','Other'])[1 + n % 6], 'Bench town ` +
        `' || n,
              $2::float8 + ${SQUARE_DEGREES} * ${unit('lat')}, $3::float8 + ${SQUARE_DEGREES} * ${unit('lon')},
              md5('member-' || (1 + n % $4))::uuid, 1, date_trunc('milliseconds', now()) - make_interval(mins => $1 - n)
         FROM generate_series(1, $1) n`,
      [w.groups, w.lat, w.lon, members],
    );
    await db.query(
      `INSERT INTO group_members (group_id, member_id, role, created_at)
       SELECT id, creator_id, 'admin', created_at FROM groups WHERE name LIKE 'Bench group ${w.name} %'`,
    );
  }
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE groups, group_members');
  return (
    await db.query(
      `SELECT (SELECT count(*) FROM groups)::int AS groups, (SELECT count(*) FROM group_members)::int AS members`,
    )
  ).rows[0];
}
