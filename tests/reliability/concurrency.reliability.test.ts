/**
 * Concurrency (issue 15, item 8): 50 simultaneous identical requests by one member for the same pair (a double
 * click, a retrying client, a script) for every "once" write of the product: a like (setReaction, and the toggling
 * react), a follow (member and business page), a saved check-in, a Bragging Rights prediction, a Noot vir Noot song
 * like, a friend request and a group join (open, and one that needs approval). Each leaves exactly one row, the
 * counters the screens show agree with the rows, nobody is notified twice, and no answer is a 500. Bookings follow
 * the product's rule (every booking is a purchase of its own, no payment taken): 50 parallel bookings of one ticket
 * by one member make as many bookings as the stock allows, with the stock moved exactly once for each; 50
 * different members racing for the last tickets never oversell. Prints the figures of every race.
 */
import { Client as PgClient } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedUpClient, startApp, type App, type Client, type HttpResponse, ROOMY_WRITES } from '../support/app';
import { dataUrl, MP3_BYTES } from '../support/files';

const N = 50;
const ADMIN = 'race.admin@example.test';
const DAY = 86_400_000;

let app: App;
let pg: PgClient;
type Member = Awaited<ReturnType<typeof signedUpClient>>;
let admin: Member;
let owner: Member;
let actor: Member;

beforeAll(async () => {
  app = await startApp({
    ADMIN_EMAILS: ADMIN,
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    ...ROOMY_WRITES,
    RATE_UPLOADS_PER_HOUR: '100000',
  });
  [admin, owner, actor] = await Promise.all([
    signedUpClient(app.url, { email: ADMIN, firstName: 'Annelie', lastName: 'Admin' }),
    signedUpClient(app.url, { firstName: 'Olwethu', lastName: 'Owner' }),
    signedUpClient(app.url, { firstName: 'Ruan', lastName: 'Racer' }),
  ]);
  pg = new PgClient({ connectionString: app.databaseUrl });
  await pg.connect();
});
afterAll(async () => {
  await pg?.end();
  await app?.stop();
});

/** Runs a GraphQL operation and answers its data, failing the test on any error. */
async function ok<T = any>(c: Client, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await c.graphql(query, variables);
  expect(res.json?.errors, `${query}: ${res.text}`).toBeUndefined();
  return res.json.data as T;
}

/** One value of a single-row, single-column SQL query. */
async function sql<T = number>(text: string, params: unknown[]): Promise<T> {
  const { rows } = await pg.query(text, params);
  return Object.values(rows[0])[0] as T;
}

interface RaceResult {
  ok: number;
  /** Refusals by error code (CONFLICT for "already", ...). */
  refused: Record<string, number>;
  statuses: number[];
  answers: any[];
}

/** Fires `n` copies of one operation at once (no request waits for another) and classifies the answers. */
async function race(c: Client, query: string, variables: Record<string, unknown>, n = N): Promise<RaceResult> {
  return classify(await Promise.all(Array.from({ length: n }, () => c.graphql(query, variables))));
}

/** Answers counted: successes, and refusals by error code. */
function classify(answers: HttpResponse[]): RaceResult {
  const refused: Record<string, number> = {};
  let succeeded = 0;
  for (const a of answers) {
    const code = a.json?.errors?.[0]?.extensions?.code as string | undefined;
    if (a.json?.errors) refused[code ?? `HTTP ${a.status}`] = (refused[code ?? `HTTP ${a.status}`] ?? 0) + 1;
    else succeeded += 1;
  }
  return {
    ok: succeeded,
    refused,
    statuses: [...new Set(answers.map((a) => a.status))].sort(),
    answers: answers.map((a) => a.json),
  };
}

/** Common to every race: never a 5xx or an internal error, and the figures printed. */
function report(name: string, r: RaceResult, figures: Record<string, unknown>) {
  console.log(
    JSON.stringify({
      race: name,
      requests: N,
      succeeded: r.ok,
      refused: r.refused,
      httpStatuses: r.statuses,
      ...figures,
    }),
  );
  expect(
    r.statuses.every((s) => s < 500),
    `${name}: HTTP ${r.statuses.join(', ')}`,
  ).toBe(true);
  expect(r.refused.INTERNAL_SERVER_ERROR ?? 0, `${name}: internal errors`).toBe(0);
}

/** No notification was sent twice for one write: (recipient, actor, title) is unique among the recent ones. */
async function duplicateNotifications(recipientId: string, actorId: string): Promise<number> {
  return sql(
    `SELECT count(*)::int FROM (SELECT title FROM notifications WHERE recipient_id = $1 AND actor_id = $2 GROUP BY ` +
      `title, message HAVING count(*) > 1) d`,
    [recipientId, actorId],
  );
}

async function newPost(author: Member, extra: Record<string, unknown> = {}): Promise<string> {
  const d = await ok(author.client, 'mutation($input: CreatePostInput!) { createPost(input: $input) { id } }', {
    input: { content: 'Race day', ...extra },
  });
  return d.createPost.id;
}

describe('50 identical requests at once leave exactly one row', () => {
  test('like a post (setReaction): one reaction, the post counts one', async () => {
    const postId = await newPost(owner);
    const r = await race(actor.client, 'mutation($p: ID!) { setReaction(postId: $p, type: lekker) { reactionType } }', {
      p: postId,
    });
    const rows = await sql('SELECT count(*)::int FROM reactions WHERE post_id = $1', [postId]);
    const counts = (
      await ok(actor.client, 'query($id: ID!) { post(id: $id) { reactionCounts { lekker total } } }', { id: postId })
    ).post.reactionCounts;
    report('setReaction', r, { rows, reactionCount: counts.total });
    expect(r.ok).toBeGreaterThanOrEqual(1);
    expect(rows).toBe(1);
    expect(counts).toEqual({ lekker: 1, total: 1 });
  });

  test('react (the toggle): whatever the order, at most one row and the count agrees with the rows', async () => {
    const postId = await newPost(owner);
    const r = await race(actor.client, 'mutation($p: ID!) { react(postId: $p, type: lekker) { id } }', { p: postId });
    const rows = await sql('SELECT count(*)::int FROM reactions WHERE post_id = $1', [postId]);
    const counts = (
      await ok(actor.client, 'query($id: ID!) { post(id: $id) { reactionCounts { total } } }', { id: postId })
    ).post.reactionCounts;
    report('react (toggle)', r, { rows, reactionCount: counts.total });
    expect(rows).toBeLessThanOrEqual(1);
    expect(counts.total).toBe(rows);
  });

  test('follow a member: one follow, the counts move by one, one notification at most', async () => {
    const target = await signedUpClient(app.url, { firstName: 'Fiona', lastName: 'Followed' });
    const actorId = actor.user.id ?? (await ok(actor.client, '{ me { id } }')).me.id;
    const targetId = (await ok(target.client, '{ me { id } }')).me.id;
    const r = await race(actor.client, 'mutation($u: ID!) { followMember(userId: $u) { id } }', { u: targetId });
    const rows = await sql('SELECT count(*)::int FROM member_follows WHERE follower_id = $1 AND followee_id = $2', [
      actorId,
      targetId,
    ]);
    const t = (
      await ok(actor.client, 'query($id: ID!) { user(id: $id) { followerCount viewerFollows } }', { id: targetId })
    ).user;
    const me = (await ok(actor.client, '{ me { followingCount } }')).me;
    const dupes = await duplicateNotifications(targetId, actorId);
    report('followMember', r, {
      rows,
      followerCount: t.followerCount,
      followingCount: me.followingCount,
      duplicateNotifications: dupes,
    });
    expect(rows).toBe(1);
    expect(t).toEqual({ followerCount: 1, viewerFollows: true });
    expect(me.followingCount).toBe(1);
    expect(dupes).toBe(0);
  });

  test('follow a business page: one follow, its follower count one', async () => {
    const page = (
      await ok(owner.client, 'mutation($input: BusinessPageInput!) { createBusinessPage(input: $input) { id } }', {
        input: { name: 'Race Braai Co', category: 'Restaurant', description: 'Braai every day' },
      })
    ).createBusinessPage;
    const r = await race(actor.client, 'mutation($id: ID!) { followBusiness(id: $id) { id } }', { id: page.id });
    const rows = await sql('SELECT count(*)::int FROM business_follows WHERE business_id = $1', [page.id]);
    const b = (
      await ok(actor.client, 'query($id: ID!) { business(id: $id) { followerCount viewerFollows } }', { id: page.id })
    ).business;
    report('followBusiness', r, { rows, followerCount: b.followerCount });
    expect(rows).toBe(1);
    expect(b).toEqual({ followerCount: 1, viewerFollows: true });
  });

  test('save a check-in: one saved row, the others CONFLICT', async () => {
    const postId = await newPost(owner, { location: 'Kirstenbosch', latitude: -33.9875, longitude: 18.4327 });
    const r = await race(actor.client, 'mutation($p: ID!) { saveCheckin(postId: $p) { id } }', { p: postId });
    const rows = await sql('SELECT count(*)::int FROM saved_checkins WHERE post_id = $1', [postId]);
    report('saveCheckin', r, { rows });
    expect(r.ok).toBe(1);
    expect(r.refused).toEqual({ CONFLICT: N - 1 });
    expect(rows).toBe(1);
  });

  test('predict a Bragging Rights event: one prediction, the others refused', async () => {
    const ev = (
      await ok(
        admin.client,
        'mutation($input: CreateBraggingEventInput!) { createBraggingEvent(input: $input) { id } }',
        {
          input: {
            title: 'Bulls vs Sharks',
            category: 'Rugby',
            team1Name: 'Bulls',
            team2Name: 'Sharks',
            eventDate: new Date(Date.now() + 3 * DAY).toISOString(),
            closingDate: new Date(Date.now() + 2 * DAY).toISOString(),
          },
        },
      )
    ).createBraggingEvent;
    const r = await race(
      actor.client,
      'mutation($input: BraggingPredictionInput!) { predictBraggingEvent(input: $input) { id } }',
      {
        input: { eventId: ev.id, predictedWinner: 'team1', predictedMargin: 7 },
      },
    );
    const rows = await sql('SELECT count(*)::int FROM bragging_predictions WHERE event_id = $1', [ev.id]);
    report('predictBraggingEvent', r, { rows });
    expect(r.ok).toBe(1);
    expect(rows).toBe(1);
  });

  test('like a Noot vir Noot song: one like, its like count one, one of the monthly likes used', async () => {
    const now = new Date();
    const playlist = (
      await ok(
        admin.client,
        'mutation($input: CreateNootPlaylistInput!) { createNootPlaylist(input: $input) { id } }',
        {
          input: { name: 'Race Chart', month: now.getUTCMonth() + 1, year: now.getUTCFullYear() },
        },
      )
    ).createNootPlaylist;
    const song = (
      await ok(
        admin.client,
        'mutation($input: UploadNootSongInput!) { uploadNootSong(input: $input) { id isAdminApproved } }',
        {
          input: {
            playlistId: playlist.id,
            title: 'Sarie Marais',
            artist: 'Volk',
            songFile: dataUrl('audio/mpeg', MP3_BYTES),
          },
        },
      )
    ).uploadNootSong;
    expect(song.isAdminApproved).toBe(true);
    const before = (await ok(actor.client, '{ nootMonthlyLikes { likesRemaining } }')).nootMonthlyLikes.likesRemaining;
    const r = await race(actor.client, 'mutation($id: ID!) { likeNootSong(id: $id) { likeCount } }', { id: song.id });
    const rows = await sql('SELECT count(*)::int FROM noot_song_likes WHERE song_id = $1', [song.id]);
    const stored = await sql('SELECT like_count FROM noot_songs WHERE id = $1', [song.id]);
    const after = (await ok(actor.client, '{ nootMonthlyLikes { likesRemaining } }')).nootMonthlyLikes.likesRemaining;
    report('likeNootSong', r, { rows, likeCount: stored, monthlyLikesUsed: before - after });
    expect(r.ok).toBe(1);
    expect(rows).toBe(1);
    expect(stored).toBe(1);
    expect(before - after, 'the monthly allowance moves once').toBe(1);
  });

  test('send a friend request: one request, one notification, the badge counts one', async () => {
    const target = await signedUpClient(app.url, { firstName: 'Vusi', lastName: 'Vriend' });
    const targetId = (await ok(target.client, '{ me { id } }')).me.id;
    const actorId = (await ok(actor.client, '{ me { id } }')).me.id;
    const r = await race(actor.client, 'mutation($u: ID!) { sendFriendRequest(userId: $u) { id } }', { u: targetId });
    const rows = await sql(
      'SELECT count(*)::int FROM friendships WHERE $1 IN (user_low_id, user_high_id) AND $2 IN (user_low_id, ' +
        'user_high_id)',
      [actorId, targetId],
    );
    const notes = await sql('SELECT count(*)::int FROM notifications WHERE recipient_id = $1 AND actor_id = $2', [
      targetId,
      actorId,
    ]);
    const badge = (await ok(target.client, '{ pendingFriendRequestCount }')).pendingFriendRequestCount;
    report('sendFriendRequest', r, { rows, notifications: notes, pendingFriendRequestCount: badge });
    expect(r.ok).toBe(1);
    expect(r.refused).toEqual({ CONFLICT: N - 1 });
    expect(rows).toBe(1);
    expect(notes).toBe(1);
    expect(badge).toBe(1);
  });

  test('join an open group: one membership, its member count moves by one', async () => {
    const group = (
      await ok(owner.client, 'mutation($input: CreateGroupInput!) { createGroup(input: $input) { id memberCount } }', {
        input: {
          name: 'Race Runners',
          description: 'Parkrun every Saturday',
          locationName: 'Cape Town',
          latitude: -33.92,
          longitude: 18.42,
        },
      })
    ).createGroup;
    const r = await race(actor.client, 'mutation($id: ID!) { joinGroup(id: $id) { id } }', { id: group.id });
    const rows = await sql('SELECT count(*)::int FROM group_members WHERE group_id = $1', [group.id]);
    const g = (
      await ok(actor.client, 'query($id: ID!) { group(id: $id) { memberCount viewerStatus } }', { id: group.id })
    ).group;
    report('joinGroup (open)', r, { rows, memberCountBefore: group.memberCount, memberCountAfter: g.memberCount });
    expect(rows).toBe(group.memberCount + 1);
    expect(g.memberCount).toBe(rows);
    expect(String(g.viewerStatus).toLowerCase()).toBe('member');
  });

  test('join a group that needs approval: one pending request, no membership', async () => {
    const group = (
      await ok(owner.client, 'mutation($input: CreateGroupInput!) { createGroup(input: $input) { id memberCount } }', {
        input: {
          name: 'Race Committee',
          description: 'By invitation',
          locationName: 'Durban',
          latitude: -29.85,
          longitude: 31.02,
          requiresApproval: true,
        },
      })
    ).createGroup;
    const r = await race(actor.client, 'mutation($id: ID!) { joinGroup(id: $id) { id } }', { id: group.id });
    const requests = await sql('SELECT count(*)::int FROM group_join_requests WHERE group_id = $1', [group.id]);
    const members = await sql('SELECT count(*)::int FROM group_members WHERE group_id = $1', [group.id]);
    report('joinGroup (approval)', r, { joinRequests: requests, members });
    expect(requests).toBe(1);
    expect(members).toBe(group.memberCount);
  });
});

describe('event bookings under a race', () => {
  const CREATE = 'mutation($input: CreateEventInput!) { createEvent(input: $input) { id } }';
  const BOOK = 'mutation($e: ID!, $q: Int!) { bookEventTickets(eventId: $e, quantity: $q) { id quantity } }';
  const date = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);

  test('50 parallel bookings of one ticket by one member: each a booking of its own, the stock moved once per booking, never past the total', async () => {
    const total = 30;
    const ev = (
      await ok(owner.client, CREATE, {
        input: { title: 'Race Night', date, location: 'Stellenbosch', totalTickets: total },
      })
    ).createEvent;
    const r = await race(actor.client, BOOK, { e: ev.id, q: 1 });
    const rows = await sql('SELECT count(*)::int FROM event_bookings WHERE event_id = $1', [ev.id]);
    const booked = await sql('SELECT coalesce(sum(quantity), 0)::int FROM event_bookings WHERE event_id = $1', [ev.id]);
    const e = (
      await ok(actor.client, 'query($id: ID!) { event(id: $id) { ticketsSold totalTickets status viewerTickets } }', {
        id: ev.id,
      })
    ).event;
    report('bookEventTickets (one member, 1 ticket each)', r, {
      totalTickets: total,
      bookings: rows,
      ticketsInBookings: booked,
      ticketsSold: e.ticketsSold,
      status: e.status,
    });
    expect(r.ok).toBe(total);
    expect(r.refused).toEqual({ CONFLICT: N - total });
    expect(rows).toBe(r.ok);
    expect(booked).toBe(rows);
    expect(e.ticketsSold).toBe(booked);
    expect(e.viewerTickets).toBe(booked);
    expect(e.status).toBe('Sold Out');
  });

  test('50 members racing for the last 7 tickets (some asking for 2): never oversold, the stock equals the bookings', async () => {
    const total = 12;
    const ev = (
      await ok(owner.client, CREATE, {
        input: { title: 'Last Tickets', date, location: 'Franschhoek', totalTickets: total },
      })
    ).createEvent;
    await ok(owner.client, BOOK, { e: ev.id, q: total - 7 }); // the host's party takes all but the last 7
    const members = await Promise.all(
      Array.from({ length: N }, (_, i) => signedUpClient(app.url, { firstName: 'Racer', lastName: `No${i}` })),
    );
    const answers = await Promise.all(members.map((m, i) => m.client.graphql(BOOK, { e: ev.id, q: i % 2 ? 2 : 1 })));
    const r = classify(answers);
    const rows = await sql('SELECT count(*)::int FROM event_bookings WHERE event_id = $1', [ev.id]);
    const booked = await sql('SELECT coalesce(sum(quantity), 0)::int FROM event_bookings WHERE event_id = $1', [ev.id]);
    const sold = await sql('SELECT tickets_sold FROM events WHERE id = $1', [ev.id]);
    const acknowledged = answers.reduce((s, a) => s + (a.json?.data?.bookEventTickets?.quantity ?? 0), 0);
    report('bookEventTickets (50 members, last 7 tickets)', r, {
      totalTickets: total,
      bookings: rows,
      ticketsInBookings: booked,
      ticketsSold: sold,
      ticketsAcknowledged: acknowledged,
    });
    expect(sold).toBe(total);
    expect(booked).toBe(total);
    expect(acknowledged + (total - 7)).toBe(total);
    expect(rows).toBe(r.ok + 1);
    expect(Object.keys(r.refused)).toEqual(['CONFLICT']);
  });
});
