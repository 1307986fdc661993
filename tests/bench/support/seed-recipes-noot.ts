/**
 * The recipes' and Noot vir Noot's bench rows (issue 11), in SQL with generate_series, next to seed.ts's members:
 * recipes with one photo, 0 to 4 reactions, 0 to 2 comments and a share now and then; and two monthly playlists,
 * this month's with a long chart (likes and plays spread, one song in twenty still pending) and last month's with
 * a short one. Likes agree with like_count. Seeding twice changes nothing.
 */
import type pg from 'pg';

export interface RecipeNootSeedSize {
  recipes: number;
  /** Songs in this month's playlist; last month's has SHORT_CHART. */
  songs: number;
  /** Members of seed.ts to draw authors, reactors, commenters and likers from. */
  members: number;
}
export const RECIPES_NOOT_FULL: RecipeNootSeedSize = { recipes: 200_000, songs: 50_000, members: 10_000 };
export const RECIPES_NOOT_SMALL: RecipeNootSeedSize = { recipes: 40_000, songs: 10_000, members: 2_000 };
/** Songs in last month's playlist: one chart's worth. */
export const SHORT_CHART = 100;
export const PLAYLIST_THIS_MONTH = 'b0000000-0000-4000-8000-000000000001';
export const PLAYLIST_LAST_MONTH = 'b0000000-0000-4000-8000-000000000002';

const REACTIONS = `(ARRAY['lekker','shocked','sad','care','angry'])`;

/** Recipe n is md5('recipe-' || n)::uuid; n is newer than n - 1 (a minute apart). */
export async function seedRecipesAndNoot(db: pg.Client, size: RecipeNootSeedSize): Promise<Record<string, number>> {
  const counts = () =>
    db.query(
      `SELECT (SELECT count(*) FROM recipes)::int AS recipes, (SELECT count(*) FROM recipe_reactions)::int AS reactions,
              (SELECT count(*) FROM recipe_comments)::int AS comments, (SELECT count(*) FROM noot_songs)::int AS songs,
              (SELECT count(*) FROM noot_song_likes)::int AS "songLikes"`,
    );
  const done = (await counts()).rows[0];
  if (done.recipes > 0 && done.songs > 0) return done;
  const { recipes: R, songs: S, members: M } = size;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO recipes (id, author_id, recipe_name, prep_time, servings, ingredients, instructions, images, ` +
      `created_at)
     SELECT md5('recipe-' || n)::uuid, md5('member-' || (1 + n % $2))::uuid, 'Bench bobotie ' || n, '45 min', '4',
            E'500 g mince\\n2 onions\\n1 slice bread', E'Brown the mince\\nAdd the custard\\nBake for 35 minutes',
            jsonb_build_array(jsonb_build_object('url', '/media/bench/recipe-' || n || '.jpg', 'thumbnailUrl', ` +
      `'/media/bench/recipe-' || n || '-thumb.jpg', 'width', 1200, 'height', 800)),
            date_trunc('milliseconds', now()) - make_interval(mins => $1 - n)
       FROM generate_series(1, $1) n`,
    [R, M],
  );
  await db.query(
    `INSERT INTO recipe_reactions (recipe_id, member_id, reaction_type)
     SELECT md5('recipe-' || n)::uuid, md5('member-' || (1 + (n * 13 + k * 97) % $2))::uuid, ${REACTIONS}[1 + (n + ` +
      `k) % 5]
       FROM generate_series(1, $1) n, generate_series(0, 3) k WHERE k < n % 5
     ON CONFLICT DO NOTHING`,
    [R, M],
  );
  await db.query(
    `INSERT INTO recipe_comments (recipe_id, author_id, text, created_at)
     SELECT md5('recipe-' || n)::uuid, md5('member-' || (1 + (n * 7 + k * 31) % $2))::uuid, 'Lekker, thanks for ` +
      `sharing',
            date_trunc('milliseconds', now()) - make_interval(mins => $1 - n) + make_interval(secs => k + 1)
       FROM generate_series(1, $1) n, generate_series(0, 1) k WHERE k < n % 3`,
    [R, M],
  );
  await db.query(
    `INSERT INTO recipe_shares (recipe_id, member_id, target)
     SELECT md5('recipe-' || n)::uuid, md5('member-' || (1 + n % $2))::uuid, 'link' FROM generate_series(1, $1) n ` +
      `WHERE n % 10 = 0`,
    [R, M],
  );
  const month = `date_trunc('month', now())`;
  await db.query(
    `INSERT INTO noot_playlists (id, name, month, year)
     VALUES ($1, 'Bench this month', extract(month FROM ${month}), extract(year FROM ${month})),
            ($2, 'Bench last month', extract(month FROM ${month} - interval '1 month'), extract(year FROM ${month} - ` +
      `interval '1 month'))
     ON CONFLICT DO NOTHING`,
    [PLAYLIST_THIS_MONTH, PLAYLIST_LAST_MONTH],
  );
  // Song n of this month's playlist is md5('song-' || n)::uuid, of last month's md5('old-song-' || n)::uuid.
  // Last month's songs are all approved, so its chart is SHORT_CHART songs long for every member.
  for (const [playlist, prefix, count, allApproved] of [
    [PLAYLIST_THIS_MONTH, 'song-', S, false],
    [PLAYLIST_LAST_MONTH, 'old-song-', SHORT_CHART, true],
  ] as const) {
    await db.query(
      `INSERT INTO noot_songs (id, playlist_id, uploader_id, title, artist, song_file_url, is_admin_approved, ` +
        `play_count, created_at)
       SELECT md5($4 || n)::uuid, $1, md5('member-' || (1 + n % $3))::uuid, 'Bench song ' || n, 'Bench artist ' || ` +
        `(n % 500),
              '/media/bench/song-' || n || '.mp3', $5 OR n % 20 <> 0, (n * 37) % 1000,
              date_trunc('milliseconds', now()) - make_interval(mins => $2 - n)
         FROM generate_series(1, $2) n`,
      [playlist, count, M, prefix, allApproved],
    );
    await db.query(
      `INSERT INTO noot_song_likes (song_id, member_id)
       SELECT md5($3 || n)::uuid, md5('member-' || (1 + (n * 17 + k * 101) % $2))::uuid
         FROM generate_series(1, $1) n, generate_series(0, 9) k WHERE ($4 OR n % 20 <> 0) AND k < (n * 7) % 11
       ON CONFLICT DO NOTHING`,
      [count, M, prefix, allApproved],
    );
  }
  await db.query(
    `UPDATE noot_songs s SET like_count = l.n FROM (SELECT song_id, count(*)::int AS n FROM noot_song_likes GROUP BY ` +
      `song_id) l WHERE l.song_id = s.id`,
  );
  await db.query('COMMIT');
  await db.query(
    'VACUUM ANALYZE recipes, recipe_reactions, recipe_comments, recipe_shares, noot_playlists, noot_songs, ' +
      'noot_song_likes',
  );
  return (await counts()).rows[0];
}
