/**
 * The bench data set, written in SQL with generate_series (no round trip per row). Ids are deterministic UUIDs
 * (md5 of a label and a number), so reactions, comments and shares name their post and member without joins.
 * Timestamps are whole milliseconds, like the app's (timestamptz(3) and the cursor's ISO instant).
 */
import type pg from 'pg';

export interface SeedSize {
  members: number;
  posts: number;
  /** About this many reactions (at most one per member and post: the unique index holds). */
  reactions: number;
  comments: number;
  shares: number;
}

export const FULL: SeedSize = {
  members: 10_000,
  posts: 500_000,
  reactions: 2_000_000,
  comments: 500_000,
  shares: 50_000,
};
export const SMALL: SeedSize = { members: 2_000, posts: 40_000, reactions: 160_000, comments: 40_000, shares: 4_000 };

/** Members 1..SESSIONS have a session whose cookie value is `sessionToken(n)`; member 1 is the benchmarks' viewer. */
export const SESSIONS = 20;
export const sessionToken = (n: number) => `bench-session-token-${n}`;

/** The SQL id of member n / post n (1-based). */
const uid = (n: string) => `md5('member-' || (${n}))::uuid`;
const pid = (n: string) => `md5('post-' || (${n}))::uuid`;

/** Seeds an empty, migrated database; answers the counts it wrote. */
export async function seed(db: pg.Client, size: SeedSize): Promise<Record<string, number>> {
  const { members: M, posts: P, comments: C, shares: S } = size;
  // Reactions per post vary from 0 to 2·avg (mean avg), from distinct members: (i·37 + k) mod M for k < n_i.
  const avg = Math.round(size.reactions / P);
  await db.query('SET session_replication_role = replica'); // no foreign-key triggers while loading
  await db.query('SET synchronous_commit = off');
  await db.query(`SET maintenance_work_mem = '256MB'`);
  await db.query('BEGIN');
  // The bulk tables' plain indexes (not those behind a constraint) are dropped and built again after the load: one
  // sort per index instead of 2 million random inserts. Rebuilding the unique ones proves the data keeps them.
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [['posts', 'reactions', 'comments', 'post_shares', 'saved_checkins']],
  );
  for (const i of indexes) await db.query(`DROP INDEX "${i.name}"`);
  // Members: names of varying shape (some without a last name), some with a photo.
  await db.query(
    `INSERT INTO users (id, first_name, last_name, email, profile_image_url, created_at, updated_at)
     SELECT ${uid('i')}, 'Member' || i, CASE WHEN i % 7 = 0 THEN NULL ELSE 'Surname' || (i % 977) END,
            'member' || i || '@bench.test', CASE WHEN i % 3 = 0 THEN '/media/avatars/' || i || '.webp' END,
            timestamp with time zone '2024-01-01T00:00:00Z' + i * interval '1 minute', now()
     FROM generate_series(1, $1::int) AS i`,
    [M],
  );
  // Posts: one every 30 s up to now, newest = P; every 10th a check-in, every 4th with a photo and its variants.
  await db.query(
    `INSERT INTO posts (id, author_id, content, images, location, latitude, longitude, created_at, updated_at)
     SELECT ${pid('i')}, ${uid('(i::bigint * 7919) % $2 + 1')},
            'Post ' || i || ': ' || repeat('lekker day in the sun ', 1 + i % 6),
            CASE WHEN i % 4 = 0 THEN jsonb_build_array(jsonb_build_object(
              'url', '/media/posts/' || i || '.jpg', 'thumbnailUrl', '/media/posts/' || i || '-t.jpg', 'width', ` +
      `1600, 'height', 1200,
              'variants', jsonb_build_array(
                jsonb_build_object('url', '/media/posts/' || i || '-480.webp', 'width', 480, 'height', 360, ` +
      `'mimeType', 'image/webp'),
                jsonb_build_object('url', '/media/posts/' || i || '-480.jpg', 'width', 480, 'height', 360, ` +
      `'mimeType', 'image/jpeg'))))
            ELSE '[]'::jsonb END,
            CASE WHEN i % 10 = 0 THEN 'Camps Bay ' || i END,
            CASE WHEN i % 10 = 0 THEN -33.95 + (i % 100) / 1000.0 END,
            CASE WHEN i % 10 = 0 THEN 18.37 + (i % 100) / 1000.0 END,
            date_trunc('milliseconds', now()) - ($1::int - i) * interval '30 seconds' - (i % 1000) * interval '1 ` +
      `millisecond',
            date_trunc('milliseconds', now()) - ($1::int - i) * interval '30 seconds'
     FROM generate_series(1, $1::int) AS i`,
    [P, M],
  );
  await db.query(
    `INSERT INTO reactions (post_id, member_id, reaction_type, created_at)
     SELECT ${pid('i')}, ${uid('(i * 37 + k) % $2 + 1')},
            (ARRAY['lekker','lekker','lekker','shocked','sad','care','angry'])[1 + (i + k) % 7],
            date_trunc('milliseconds', now()) - ($1::int - i) * interval '30 seconds' + k * interval '1 second'
     FROM generate_series(1, $1::int) AS i, generate_series(0, (i * 7) % ($3::int * 2 + 1) - 1) AS k`,
    [P, M, avg],
  );
  // The viewer (member 1) reacts to every third post it has not reacted to above (member 1 is k = (M - 37i mod M)
  // mod M there, present when that k < n_i), and saves every other check-in.
  await db.query(
    `INSERT INTO reactions (post_id, member_id, reaction_type)
     SELECT ${pid('i')}, ${uid('1')}, 'care' FROM generate_series(3, $1::int, 3) AS i
     WHERE ($2::int - (i::bigint * 37) % $2) % $2 >= (i * 7) % ($3::int * 2 + 1)`,
    [P, M, avg],
  );
  await db.query(
    `INSERT INTO saved_checkins (member_id, post_id, created_at)
     SELECT ${uid('1')}, ${pid('i')}, now() FROM generate_series(20, $1::int, 20) AS i`,
    [P],
  );
  await db.query(
    `INSERT INTO comments (post_id, author_id, text, created_at)
     SELECT ${pid('(j * 13) % $1 + 1')}, ${uid('(j * 31) % $2 + 1')}, 'Comment ' || j, now() - j * interval '1 second'
     FROM generate_series(1, $3::int) AS j`,
    [P, M, C],
  );
  // Shares: distinct posts (17 is prime to P), so (post, member) is unique.
  await db.query(
    `INSERT INTO post_shares (post_id, member_id, target, created_at)
     SELECT ${pid('(j * 17) % $1 + 1')}, ${uid('j % $2 + 1')}, (ARRAY['messaging','social','link'])[1 + j % 3], now()
     FROM generate_series(1, $3::int) AS j`,
    [P, M, S],
  );
  // The viewer's friends: members 2..51 (user_low_id < user_high_id).
  await db.query(
    `INSERT INTO friendships (user_low_id, user_high_id, requester_id, status, accepted_at)
     SELECT least(a, b), greatest(a, b), a, 'accepted', now()
     FROM (SELECT ${uid('1')} AS a, ${uid('i')} AS b FROM generate_series(2, 51) AS i) f`,
  );
  await db.query(
    `INSERT INTO sessions (token_hash, member_id, expires_at)
     SELECT encode(sha256(convert_to('bench-session-token-' || i, 'UTF8')), 'hex'), ${uid('i')}, now() + interval ` +
      `'30 days'
     FROM generate_series(1, $1::int) AS i`,
    [SESSIONS],
  );
  for (const i of indexes) await db.query(i.def);
  await db.query('COMMIT');
  await db.query('SET session_replication_role = origin');
  await db.query('VACUUM ANALYZE');
  const counts: Record<string, number> = {};
  for (const t of ['users', 'posts', 'reactions', 'comments', 'post_shares', 'saved_checkins', 'sessions']) {
    counts[t] = (await db.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  }
  return counts;
}
