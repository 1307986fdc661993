/**
 * Business pages for the directory bench, in SQL (generate_series), next to seed.ts's data and without touching it:
 * two clusters far apart, each inside a radius of about 330 km around its centre, so one directory search sees
 * SMALL_CLUSTER pages and the other LARGE_CLUSTER pages. Every page has 0 to 2 reviews by the seeded members 2 and
 * 3, and member 1 (the viewer) follows every third page, so a page of cards carries real facts. Idempotent:
 * a second call (another bench file, a rerun) finds the rows and returns.
 */
import type pg from 'pg';

export const SMALL_CLUSTER = { size: 100, latitude: 30, longitude: -40 } as const; // mid-Atlantic
export const LARGE_CLUSTER = { size: 10_000, latitude: -45, longitude: 70 } as const; // southern Indian Ocean

/** Deterministic ids: business n of a cluster is md5('business-<cluster>-<n>')::uuid. */
export async function seedBusinesses(db: pg.Client): Promise<Record<string, number>> {
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM businesses WHERE name LIKE 'Bench %'`)).rows;
  if (n >= SMALL_CLUSTER.size + LARGE_CLUSTER.size) return { businesses: n };
  await db.query('BEGIN');
  try {
    for (const [label, c] of [
      ['small', SMALL_CLUSTER],
      ['large', LARGE_CLUSTER],
    ] as const) {
      // A spread of about ±3° (≈ 330 km) around the centre, from two co-prime strides: no two pages at one spot.
      await db.query(
        `INSERT INTO businesses (id, name, category, description, address, phone, website, latitude, longitude, ` +
          `owner_id, created_at)
         SELECT md5('business-' || $1 || '-' || g)::uuid, 'Bench ' || $1 || ' business ' || g, 'Category ' || (g % 12),
                'A business for the directory bench.', g || ' Bench Street', '+27 21 555 ' || lpad((g % ` +
          `10000)::text, 4, '0'),
                'https://bench-' || g || '.example',
                $2::float8 + ((g * 7919) % 1000) / 1000.0 * 6 - 3, $3::float8 + ((g * 104729) % 997) / 997.0 * 6 - 3,
                CASE WHEN g % 50 = 0 THEN md5('member-1')::uuid END, now() - g * interval '1 minute'
           FROM generate_series(1, $4::int) g`,
        [label, c.latitude, c.longitude, c.size],
      );
      await db.query(
        `INSERT INTO business_reviews (business_id, member_id, rating, comment)
         SELECT md5('business-' || $1 || '-' || g)::uuid, md5('member-' || m)::uuid, 1 + (g + m) % 5, 'Bench review'
           FROM generate_series(1, $2::int) g, generate_series(2, 3) m
          WHERE (g + m) % 3 <> 0`,
        [label, c.size],
      );
      await db.query(
        `INSERT INTO business_follows (business_id, member_id)
         SELECT md5('business-' || $1 || '-' || g)::uuid, md5('member-1')::uuid FROM generate_series(1, $2::int) g ` +
          `WHERE g % 3 = 0`,
        [label, c.size],
      );
    }
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
  await db.query('VACUUM ANALYZE businesses, business_reviews, business_follows');
  const [{ b }] = (await db.query(`SELECT count(*)::int AS b FROM businesses WHERE name LIKE 'Bench %'`)).rows;
  return { businesses: b };
}
