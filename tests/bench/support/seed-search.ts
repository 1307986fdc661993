/**
 * The search bench's members, in SQL with generate_series: `n` members with names made of a first name (one of 40)
 * and a surname of three syllables (one of 8,000), so a full name is rare and a first name common (1 in 40), as in
 * a real directory; member 1 is "Thandeka Mokoena" (the name the bench looks for) and has the viewer's session.
 * E-mail addresses hold words no name has, so the privacy check can look for one. Seeding twice changes nothing.
 */
import type pg from 'pg';

export const SEARCH_SMALL = 1_000;
export const SEARCH_LARGE = 100_000;
export const SEARCH_SESSION = 'bench-search-session';

const FIRST = [
  'Thandeka', 'Sipho', 'Lerato', 'Pieter', 'Anele', 'Johan', 'Naledi', 'Kagiso', 'Zanele', 'Riaan', 'Ayanda', 'Chantal', 'Bongani', 'Elize',
  'Themba', 'Karabo', 'Marike', 'Lwazi', 'Nomsa', 'Francois', 'Palesa', 'Tshepo', 'Annelie', 'Mandla', 'Refilwe', 'Gert', 'Busisiwe', 'Kyle',
  'Mpho', 'Liezl', 'Sibusiso', 'Nandi', 'Willem', 'Dineo', 'Jabu', 'Carla', 'Vusi', 'Hendrik', 'Lindiwe', 'Tumelo',
];
const SYLLABLES = ['ba', 'ko', 'ne', 'ma', 'thu', 'le', 'si', 'ra', 'ndi', 'we', 'zo', 'pha', 'ge', 'lu', 'mo', 'sha', 'ti', 'vi', 'de', 'ka'];

/** Seeds `n` members and the viewer's session into an empty, migrated database; answers the member count. */
export async function seedSearchMembers(db: pg.Client, n: number): Promise<number> {
  const done = await db.query('SELECT count(*)::int AS n FROM users');
  if (done.rows[0].n >= n) return done.rows[0].n;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO users (id, first_name, last_name, email, created_at)
     SELECT md5('search-member-' || i)::uuid,
            CASE WHEN i = 1 THEN 'Thandeka' ELSE ($2::text[])[1 + (i * 7) % 40] END,
            CASE WHEN i = 1 THEN 'Mokoena'
                 ELSE initcap(($3::text[])[1 + i % 20] || ($3::text[])[1 + (i / 20) % 20] || ($3::text[])[1 + (i / 400) % 20]) END,
            'quagga' || i || '@bench.example',
            date_trunc('milliseconds', now()) - make_interval(secs => $1 - i)
       FROM generate_series(1, $1::int) AS i`,
    [n, FIRST, SYLLABLES],
  );
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     VALUES (encode(sha256(convert_to($1, 'UTF8')), 'hex'), md5('search-member-1')::uuid, now() + interval '30 days')`,
    [SEARCH_SESSION],
  );
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE users');
  return (await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
}
