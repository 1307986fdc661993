/**
 * Marketplace listings for the marketplace bench, in SQL (generate_series), next to seed.ts's data and without
 * touching it: two clusters far apart, each inside the largest radius (50 km) around its centre, so one search sees
 * SMALL_MARKET listings and the other LARGE_MARKET listings. Sellers are the seeded members 2 to 201 (member 1, the
 * viewer, sells every 50th item), categories cycle through the seven, statuses are mostly available. Idempotent: a
 * second call (another bench file, a rerun) finds the rows and returns.
 */
import type pg from 'pg';

export const SMALL_MARKET = { size: 1_000, latitude: 25, longitude: -30 } as const; // mid-Atlantic
export const LARGE_MARKET = { size: 100_000, latitude: -50, longitude: 90 } as const; // southern Indian Ocean
/**
 * Half the side of a cluster's square in degrees of latitude (about 22 km): every item lies within 35 km of the centre.
 */
const SPREAD = 0.2;

/** Deterministic ids: listing n of a cluster is md5('listing-<cluster>-<n>')::uuid. */
export async function seedMarketplace(db: pg.Client): Promise<Record<string, number>> {
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM marketplace_listings WHERE name LIKE 'Bench %'`))
    .rows;
  if (n >= SMALL_MARKET.size + LARGE_MARKET.size) return { listings: n };
  await db.query('BEGIN');
  try {
    for (const [label, c] of [
      ['small', SMALL_MARKET],
      ['large', LARGE_MARKET],
    ] as const) {
      // Two co-prime strides spread the items over the square: no two at one spot. Longitude degrees shrink with
      // the latitude, so the square's east-west side is widened by 1/cos(latitude) to stay about as wide in km.
      await db.query(
        `INSERT INTO marketplace_listings (id, seller_id, name, price, condition, category, description, ` +
          `location_name, latitude, longitude, status, created_at)
         SELECT md5('listing-' || $1 || '-' || g)::uuid,
                CASE WHEN g % 50 = 0 THEN md5('member-1')::uuid ELSE md5('member-' || (2 + g % 200))::uuid END,
                'Bench ' || $1 || ' item ' || g, 50 + (g % 5000), (ARRAY['new','like-new','good','fair','poor'])[1 + ` +
          `g % 5],
                (ARRAY['electronics','furniture','clothing','books','sports','toys','other'])[1 + g % 7],
                'An item for the marketplace bench.', 'Bench suburb ' || (g % 40),
                $2::float8 + ((g::bigint * 7919) % 1000) / 1000.0 * 2 * $5::float8 - $5::float8,
                $3::float8 + (((g::bigint * 104729) % 997) / 997.0 * 2 * $5::float8 - $5::float8) / ` +
          `cos(radians($2::float8)),
                CASE WHEN g % 10 = 0 THEN 'sold' WHEN g % 10 = 1 THEN 'pending' ELSE 'available' END,
                now() - g * interval '1 minute'
           FROM generate_series(1, $4::int) g`,
        [label, c.latitude, c.longitude, c.size, SPREAD],
      );
    }
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
  await db.query('VACUUM ANALYZE marketplace_listings');
  const [{ l }] = (await db.query(`SELECT count(*)::int AS l FROM marketplace_listings WHERE name LIKE 'Bench %'`))
    .rows;
  return { listings: l };
}
