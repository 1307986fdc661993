/**
 * The reels' and events' lists (issue 10) over real HTTP at 1 connection, as the web app asks for them (its own
 * documents, with like counts, the viewer's like and every card's host facts): a page deep in each list against its
 * page 1 (keyset: it must cost what page 1 costs), a prolific member's profile grid (one reel in ten of the whole
 * table) against the /reels page, and one category of events against all of them.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApp, type App } from '../support/app';
import { checkedP50Row } from './support/measure';
import { QUICK } from './support/results';
import { sessionToken } from './support/seed';
import {
  PROLIFIC_MEMBER,
  REELS_EVENTS_FULL,
  REELS_EVENTS_SMALL,
  seedReelsAndEvents,
} from './support/seed-reels-events';
import { httpLinkBody, webOperation } from './support/web-document';

const ROUNDS = 3;
const LATENCY_MS = QUICK ? 2_000 : 6_000;
const WARMUP_MS = QUICK ? 500 : 1_000;
const SIZE = QUICK ? REELS_EVENTS_SMALL : REELS_EVENTS_FULL;
const DEPTH = QUICK ? 15_000 : 80_000;
const HEADERS = { 'content-type': 'application/json', cookie: `saffa.sid=${sessionToken(1)}` };
const REELS = webOperation('web/src/features/reels/reels.graphql', 'Reels');
const REELS_BY = webOperation('web/src/features/reels/reels.graphql', 'ReelsBy');
const EVENTS = webOperation('web/src/features/events/events.graphql', 'Events');
const reels = (v: Record<string, unknown>) => httpLinkBody('Reels', REELS, { first: 20, ...v });
const events = (v: Record<string, unknown>) => httpLinkBody('Events', EVENTS, { first: 20, ...v });

let app: App;
let seeded: Record<string, number>;
const deep: { reel?: string; event?: string } = {};
/** Member n of seed.ts: md5('member-' || n)::uuid. */
const memberId = (n: number) =>
  createHash('md5')
    .update(`member-${n}`)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
/** A cursor as the app writes them (kernel/pagination.ts). */
const cursor = (row: { created_at: Date; id: string }) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

beforeAll(async () => {
  const url = inject('benchDatabaseUrl');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    seeded = await seedReelsAndEvents(db, SIZE);
    const reel = await db.query(
      `SELECT created_at, id FROM reels ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [DEPTH],
    );
    const event = await db.query(
      `SELECT created_at, id FROM events WHERE NOT is_cancelled ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [DEPTH / 2],
    );
    deep.reel = cursor(reel.rows[0]);
    deep.event = cursor(event.rows[0]);
  } finally {
    await db.end();
  }
  app = await startApp({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
}, 300_000);
afterAll(() => app?.stop());

/** A row whose two answers are both full pages of 20 (checked before anything is timed). */
const row = (opts: {
  expect: string;
  baseline: { label: string; body: string };
  other: { label: string; body: string };
  budget: number;
}) =>
  checkedP50Row({
    rounds: ROUNDS,
    request: {
      url: `${app.url}/graphql`,
      method: 'POST',
      headers: HEADERS,
      durationMs: LATENCY_MS,
      warmupMs: WARMUP_MS,
      expect: opts.expect,
    },
    baseline: opts.baseline,
    other: opts.other,
    budget: opts.budget,
    check: (data) => expect((Object.values(data)[0] as { nodes: unknown[] }).nodes).toHaveLength(20),
  });

it(`keyset: /reels ${DEPTH.toLocaleString('en')} reels deep vs page 1`, async () => {
  await row({
    expect: '"likeCount"',
    baseline: { label: '/reels page 1', body: reels({}) },
    other: {
      label: `keyset: /reels ${DEPTH.toLocaleString('en')} deep (${seeded.reels.toLocaleString('en')} reels)`,
      body: reels({ after: deep.reel }),
    },
    budget: 1.5,
  });
}, 120_000);

it('a prolific member’s profile reels vs the /reels page', async () => {
  await row({
    expect: '"likeCount"',
    baseline: { label: '/reels page 1', body: reels({}) },
    other: {
      label: `profile reels of a member with ${(seeded.reels / 10).toLocaleString('en')}`,
      body: httpLinkBody('ReelsBy', REELS_BY, { authorId: memberId(PROLIFIC_MEMBER), first: 20 }),
    },
    budget: 1.5,
  });
}, 120_000);

it(`keyset: events ${(DEPTH / 2).toLocaleString('en')} deep, and one category, vs page 1`, async () => {
  await row({
    expect: '"ticketsAvailable"',
    baseline: { label: 'events page 1', body: events({}) },
    other: {
      label: `keyset: events ${(DEPTH / 2).toLocaleString('en')} deep (${seeded.events.toLocaleString('en')} events)`,
      body: events({ after: deep.event }),
    },
    budget: 1.5,
  });
  await row({
    expect: '"ticketsAvailable"',
    baseline: { label: 'events page 1', body: events({}) },
    other: { label: 'events in Music (one category in seven)', body: events({ category: 'Music' }) },
    budget: 1.5,
  });
}, 240_000);
