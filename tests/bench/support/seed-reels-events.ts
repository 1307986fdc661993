/**
 * The reels' and events' bench rows, in SQL with generate_series, next to seed.ts's members: reels (every tenth one
 * by one prolific member, so their profile grid is long) with 0 to 4 likes each, and events in the spec's seven
 * categories with 0 to 2 bookings each (tickets_sold agrees with the bookings). Seeding twice changes nothing.
 */
import type pg from 'pg';

export interface ReelEventSeedSize {
  reels: number;
  events: number;
  /** Members of seed.ts to draw authors, hosts, likers and bookers from. */
  members: number;
}
export const REELS_EVENTS_FULL: ReelEventSeedSize = { reels: 200_000, events: 100_000, members: 10_000 };
export const REELS_EVENTS_SMALL: ReelEventSeedSize = { reels: 40_000, events: 20_000, members: 2_000 };
/** The member (seed.ts's numbering) who posted every tenth reel. */
export const PROLIFIC_MEMBER = 7;

/** Reel n is md5('reel-' || n)::uuid and event n md5('event-' || n)::uuid; n is newer than n - 1 (a minute apart). */
export async function seedReelsAndEvents(db: pg.Client, size: ReelEventSeedSize): Promise<Record<string, number>> {
  const done = await db.query(
    `SELECT (SELECT count(*) FROM reels)::int AS reels, (SELECT count(*) FROM events)::int AS events`,
  );
  if (done.rows[0].reels > 0 && done.rows[0].events > 0) return done.rows[0];
  const { reels: R, events: E, members: M } = size;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO reels (id, author_id, title, caption, image_url, thumbnail_url, created_at)
     SELECT md5('reel-' || n)::uuid, md5('member-' || CASE WHEN n % 10 = 0 THEN $3 ELSE 1 + n % $2 END)::uuid,
            'Bench reel ' || n, 'A reel of the bench', '/media/bench/reel-' || n || '.jpg', '/media/bench/reel-' || ` +
      `n || '-thumb.jpg',
            date_trunc('milliseconds', now()) - make_interval(mins => $1 - n)
       FROM generate_series(1, $1) n`,
    [R, M, PROLIFIC_MEMBER],
  );
  await db.query(
    `INSERT INTO reel_likes (reel_id, member_id)
     SELECT md5('reel-' || n)::uuid, md5('member-' || (1 + (n * 13 + k * 97) % $2))::uuid
       FROM generate_series(1, $1) n, generate_series(0, 3) k WHERE k < n % 5
     ON CONFLICT DO NOTHING`,
    [R, M],
  );
  await db.query(
    `INSERT INTO events (id, host_id, title, description, date, time, location, category, ticket_price_cents, ` +
      `total_tickets, tickets_sold, created_at)
     SELECT md5('event-' || n)::uuid, md5('member-' || (1 + n % $2))::uuid, 'Bench event ' || n, 'An event of the ` +
      `bench',
            current_date + (n % 90), '18:30', (ARRAY['Cape Town','London','Perth','Toronto','Dubai'])[1 + n % 5],
            (ARRAY['Networking','Technology','Arts & Culture','Business','Sports','Music','Other'])[1 + n % 7],
            (n % 4) * 1000, 50, 2 * (n % 3), date_trunc('milliseconds', now()) - make_interval(mins => $1 - n)
       FROM generate_series(1, $1) n`,
    [E, M],
  );
  await db.query(
    `INSERT INTO event_bookings (event_id, member_id, quantity, ticket_code, created_at)
     SELECT md5('event-' || n)::uuid, md5('member-' || (1 + (n * 11 + k * 89) % $2))::uuid, 2, 'B' || n || '-' || k,
            date_trunc('milliseconds', now()) - make_interval(mins => $1 - n) + interval '1 minute'
       FROM generate_series(1, $1) n, generate_series(0, 1) k WHERE k < n % 3`,
    [E, M],
  );
  await db.query('COMMIT');
  await db.query('VACUUM ANALYZE reels, reel_likes, events, event_bookings');
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM reels)::int AS reels, (SELECT count(*) FROM reel_likes)::int AS likes,
            (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM event_bookings)::int AS bookings`,
  );
  return counts.rows[0];
}
