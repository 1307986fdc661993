/**
 * Multi-part writes while PostgreSQL is stopped (issue 15, item 8): members post photos and book tickets over
 * GraphQL, with their sessions, while the embedded database is stopped fast (sessions cut mid-transaction) and
 * started again by the server's supervisor. Afterwards every acknowledged write is whole and every refused one
 * wholly absent: a post is its row and its photo files, or neither (no file in DATA_DIR without its post), and a
 * booking is its row and its stock change, or neither (the event's tickets sold equal the tickets of its booking
 * rows, and each member has exactly the bookings they were answered). Prints the figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedUpClient, startApp, type App, ROOMY_WRITES } from '../support/app';
import sharp from 'sharp';
import { dataUrl } from '../support/files';
import { alive, health, stopPostgres, until } from '../support/postgres-faults';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CREATE_POST = 'mutation($input: CreatePostInput!) { createPost(input: $input) { id images { url } } }';
const BOOK = 'mutation($e: ID!) { bookEventTickets(eventId: $e, quantity: 1) { id quantity } }';

let app: App;
/** A 1600x1200 photo: rendering its sizes takes long enough that the outage catches posts between files and row. */
let PHOTO: string;
beforeAll(async () => {
  PHOTO = dataUrl(
    'image/png',
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 0, g: 122, b: 77 } } })
      .png()
      .toBuffer(),
  );
  app = await startApp({
    ...ROOMY_WRITES,
    RATE_UPLOADS_PER_HOUR: '100000',
    RATE_SIGNUP_PER_IP: '1000',
    DB_MAX_RETRY_DELAY_MS: '1000',
  });
});
afterAll(async () => {
  await app?.stop();
});

interface Attempt {
  worker: number;
  label: string;
  started: number;
  ended: number;
  status: number; // 0: no answer within 20 s
  code?: string;
  id?: string;
}

/** One member sending `op` in a loop until stopped, every attempt recorded with the id it was answered. */
function loop(
  cookie: string,
  worker: number,
  op: (i: number) => { query: string; variables: Record<string, unknown>; label: string },
  pick: (data: any) => string,
) {
  const attempts: Attempt[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const { query, variables, label } = op(i);
      const started = Date.now();
      try {
        const res = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = await res.json().catch(() => null);
        const ok = res.status === 200 && body?.data && !body.errors;
        attempts.push({
          worker,
          label,
          started,
          ended: Date.now(),
          status: res.status,
          code: body?.errors?.[0]?.extensions?.code,
          id: ok ? pick(body.data) : undefined,
        });
      } catch {
        attempts.push({ worker, label, started, ended: Date.now(), status: 0 });
      }
      await sleep(20);
    }
  })();
  return {
    attempts,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** Every file under the media store (DATA_DIR/media), as its /media URL. */
function mediaFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory() ? fs.readdirSync(path.join(root, d.name)).map((f) => `/media/${d.name}/${f}`) : [],
    );
}

function summary(kind: string, attempts: Attempt[], faultAt: number) {
  const acknowledged = attempts.filter((a) => a.id);
  const refused = attempts.filter((a) => !a.id);
  const firstError = refused.filter((a) => a.started >= faultAt - 1_000).sort((x, y) => x.ended - y.ended)[0];
  return {
    kind,
    attempted: attempts.length,
    acknowledged: acknowledged.length,
    refused: refused.length,
    refusedBy: Object.fromEntries(
      [...new Set(refused.map((a) => a.code ?? `HTTP ${a.status}`))].map((c) => [
        c,
        refused.filter((a) => (a.code ?? `HTTP ${a.status}`) === c).length,
      ]),
    ),
    timeToClearErrorMs: firstError ? firstError.ended - faultAt : null,
    slowestAnswerMs: Math.max(0, ...attempts.map((a) => a.ended - a.started)),
  };
}

test('PostgreSQL stopped fast under posts with photos and bookings: each write is whole or absent', async () => {
  const posters = await Promise.all([0, 1].map(() => signedUpClient(app.url)));
  const bookers = await Promise.all([0, 1, 2].map(() => signedUpClient(app.url)));
  const host = await signedUpClient(app.url, { firstName: 'Hanna', lastName: 'Host' });
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const ev = await host.client.graphql('mutation($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: { title: 'Outage Festival', date, location: 'Oudtshoorn', totalTickets: 100_000 },
  });
  const eventId = ev.json.data.createEvent.id as string;

  const postLoops = posters.map((m, w) =>
    loop(
      m.client.cookieHeader(),
      w,
      (i) => ({
        query: CREATE_POST,
        variables: { input: { content: `atomic ${w}.${i}`, images: [PHOTO] } },
        label: `atomic ${w}.${i}`,
      }),
      (d) => d.createPost.id,
    ),
  );
  const bookLoops = bookers.map((m, w) =>
    loop(
      m.client.cookieHeader(),
      w,
      () => ({ query: BOOK, variables: { e: eventId }, label: '' }),
      (d) => d.bookEventTickets.id,
    ),
  );
  // Every file that ever appears in the store, to count those written for a post that was then refused.
  const seen = new Set<string>();
  const watcher = setInterval(() => mediaFiles(app.dataDir).forEach((f) => seen.add(f)), 5);
  await sleep(1_500);

  const faultAt = Date.now();
  const pid = stopPostgres(app, 'fast');
  await until('PostgreSQL stopped', async () => !alive(pid), 10_000);
  const backAt = await until(
    'healthy again (the supervisor started PostgreSQL)',
    async () => ((await health(app)).status === 200 ? Date.now() : false),
    30_000,
  );
  const processUp = app.exitStatus() === null;
  await until(
    'a post and a booking succeed after the restart',
    async () => [...postLoops, ...bookLoops].every((l) => l.attempts.some((a) => a.started >= backAt && a.id)),
    20_000,
  );
  await Promise.all([...postLoops, ...bookLoops].map((l) => l.stop()));
  clearInterval(watcher);

  const pg = new PgClient({ connectionString: app.databaseUrl });
  await pg.connect();
  try {
    // Posts: acknowledged ones whole (row and files), refused ones absent (no row), and no file without a post.
    const posts = postLoops.flatMap((l) => l.attempts);
    const { rows: postRows } = await pg.query(
      `SELECT id, content, images::text AS images FROM posts WHERE content LIKE 'atomic %'`,
    );
    const byContent = new Map(postRows.map((r) => [r.content as string, r]));
    const ackedPosts = posts.filter((a) => a.id);
    const ackedMissing = ackedPosts.filter((a) => byContent.get(a.label)?.id !== a.id).length;
    const refusedPresent = posts.filter((a) => !a.id && byContent.has(a.label)).length;
    const referenced = postRows.map((r) => r.images as string).join('\n');
    const files = mediaFiles(app.dataDir);
    const orphanFiles = files.filter((f) => !referenced.includes(f));
    const postFilesMissing = postRows
      .flatMap((r) => (JSON.parse(r.images) as Array<{ url: string }>).map((i) => i.url))
      .filter((u) => !files.includes(u)).length;

    // Bookings: acknowledged ones are rows, each member has exactly the bookings they were answered, and the stock
    // moved exactly by the tickets of the rows.
    const bookings = bookLoops.flatMap((l) => l.attempts);
    const ackedIds = bookings.filter((a) => a.id).map((a) => a.id!);
    const { rows: bookingRows } = await pg.query(
      'SELECT id, member_id, quantity FROM event_bookings WHERE event_id = $1',
      [eventId],
    );
    const rowIds = new Set(bookingRows.map((r) => r.id as string));
    const ackedBookingsMissing = ackedIds.filter((id) => !rowIds.has(id)).length;
    const unacknowledgedBookingRows = bookingRows.filter((r) => !ackedIds.includes(r.id)).length;
    const ticketsInRows = bookingRows.reduce((s, r) => s + Number(r.quantity), 0);
    const { rows: ev2 } = await pg.query('SELECT tickets_sold FROM events WHERE id = $1', [eventId]);
    const ticketsSold = Number(ev2[0].tickets_sold);

    const postFigures = summary('post with a photo', posts, faultAt);
    const bookingFigures = summary('booking', bookings, faultAt);
    console.log(
      JSON.stringify({
        fault: 'PostgreSQL stopped fast (supervisor restarts it)',
        outageMs: backAt - faultAt,
        apiProcessStayedUp: processUp,
        posts: {
          ...postFigures,
          lost: ackedMissing,
          refusedButPresent: refusedPresent,
          mediaFiles: files.length,
          orphanFiles: orphanFiles.length,
          postFilesMissing,
          filesRemovedAfterRefusal: [...seen].filter((f) => !files.includes(f)).length,
        },
        bookings: {
          ...bookingFigures,
          lost: ackedBookingsMissing,
          refusedButPresent: unacknowledgedBookingRows,
          ticketsSold,
          ticketsInRows,
        },
      }),
    );

    const internal = app.logLines().filter((l) => Number(l.level) >= 50);
    if (internal.length) console.log(JSON.stringify(internal.slice(0, 5)));
    expect(processUp, 'the API process stays up').toBe(true);
    for (const f of [postFigures, bookingFigures]) {
      expect(f.refused, `${f.kind}: some writes met the outage`).toBeGreaterThan(0);
      expect(f.timeToClearErrorMs, `${f.kind}: a clear error within 5 s`).toBeLessThan(5_000);
      expect(
        Object.keys(f.refusedBy).every((c) => c === 'UNAVAILABLE'),
        `${f.kind}: refused as ${JSON.stringify(f.refusedBy)}`,
      ).toBe(true);
    }
    expect(ackedPosts.length).toBeGreaterThan(0);
    expect(ackedMissing, 'acknowledged posts lost').toBe(0);
    expect(refusedPresent, 'refused posts written anyway').toBe(0);
    expect(orphanFiles, 'files without their post').toEqual([]);
    expect(postFilesMissing, 'posts without their files').toBe(0);
    expect(ackedIds.length).toBeGreaterThan(0);
    expect(ackedBookingsMissing, 'acknowledged bookings lost').toBe(0);
    expect(unacknowledgedBookingRows, 'refused bookings written anyway').toBe(0);
    expect(ticketsSold, 'the stock moved exactly by the booked tickets').toBe(ticketsInRows);
  } finally {
    await pg.end();
  }
});
