/**
 * Dating aliases for the Discover bench, in SQL (generate_series), next to seed.ts's members and without touching
 * them: two clusters far apart, each within about 80 km of its centre, one with SMALL aliases and one with LARGE,
 * and the viewer's alias (member 1 at the small centre, member 2 at the large one, radius 100 km, everyone 18-99).
 * Seeded members 3 and up own the cluster aliases (one alias per member). Idempotent.
 */
import type pg from 'pg';

export const DATING_SMALL = { size: 100, latitude: 10, longitude: -30, viewer: 1 } as const; // mid-Atlantic
export const DATING_LARGE = { latitude: -50, longitude: 90, viewer: 2 } as const; // southern Indian Ocean

export async function seedDating(db: pg.Client, largeSize: number): Promise<Record<string, number>> {
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM dating_aliases`)).rows;
  if (n >= DATING_SMALL.size + largeSize + 2) return { aliases: n };
  await db.query('BEGIN');
  try {
    const clusters = [
      { c: DATING_SMALL, first: 3, size: DATING_SMALL.size },
      { c: DATING_LARGE, first: 3 + DATING_SMALL.size, size: largeSize },
    ];
    for (const { c, first, size } of clusters) {
      await db.query(
        `INSERT INTO dating_aliases (member_id, alias_name, age, bio, interests, looking_for, gender, interested_in, ` +
          `latitude, longitude)
         VALUES (md5('member-' || $1)::uuid, 'Bench viewer ' || $1, 30, 'The viewer', '{hiking,jazz,braai}', ` +
          `'friend', 'other', 'everyone', $2, $3)`,
        [c.viewer, c.latitude, c.longitude],
      );
      // A spread of about ±0.5° around the centre (under 80 km), from two co-prime strides.
      await db.query(
        `INSERT INTO dating_aliases (member_id, alias_name, age, bio, interests, looking_for, gender, interested_in, ` +
          `latitude, longitude)
         SELECT md5('member-' || ($1::int + g))::uuid, 'Bench alias ' || g, 18 + g % 60, 'A bench alias.',
                CASE g % 3 WHEN 0 THEN '{hiking,coffee}' WHEN 1 THEN '{jazz,braai,surfing}' ELSE '{}' END::text[],
                'friend', CASE g % 3 WHEN 0 THEN 'male' WHEN 1 THEN 'female' ELSE 'other' END, 'everyone',
                $2::float8 + ((g * 7919) % 1000) / 1000.0 - 0.5, $3::float8 + ((g * 104729) % 997) / 997.0 - 0.5
           FROM generate_series(0, $4::int - 1) g`,
        [first, c.latitude, c.longitude, size],
      );
    }
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
  await db.query('VACUUM ANALYZE dating_aliases');
  const [{ a }] = (await db.query(`SELECT count(*)::int AS a FROM dating_aliases`)).rows;
  return { aliases: a };
}
