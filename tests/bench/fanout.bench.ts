/**
 * Notification fan-out (issue 8, item 3; not part of npm test: `npm run bench` after `npm run build`). The built app
 * with 10,000 members seeded in SQL (quick: 2,000), 1,000 of them connected over websockets (quick: 300), each with
 * the two subscriptions the web app opens (notificationAdded, unreadNotificationCountChanged). The clients live in a
 * child process pinned to one core (`taskset -c 1`, when present) that times every delivery from just before it
 * sends the mutation. Figures, each the median of three rounds, the rounds alternating one process and two:
 *   (a) an admin broadcast to every member: p99 over the connected clients of the notificationAdded delivery;
 *   (b) one-recipient notifications (a comment on a connected member's post, one event at a time): p99;
 *   (c) heap per connection: the app's `process.memoryUsage().heapUsed` after a full GC (through the inspector,
 *       which only this bench turns on) with the clients connected, minus the same before, over the clients;
 *   (d) the broadcast of (a) sent to app A with the clients on app B (same database, events through NOTIFY):
 *       p99, against (a)'s.
 * Full runs add the SQL transactions the database ran for one broadcast with every client connected
 * (pg_stat_database): a handful, where a lookup per subscriber made it more than a thousand.
 * BENCH_QUICK=1: the small version (under a minute).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT, ROOMY_WRITES, startApp, type App } from '../support/app';
import { QUICK, record, type BenchRow } from './support/results';

const MEMBERS = QUICK ? 2_000 : 10_000;
const CONNECTED = QUICK ? 300 : 1_000;
const BROADCASTS_PER_ROUND = QUICK ? 2 : 3;
const SINGLES_PER_ROUND = QUICK ? 20 : 100;
const ROUNDS = 3;
const BUDGET = {
  broadcastP99Ms: 250,
  singleP99Ms: 50,
  heapPerConnection: 64 * 1024,
  twoProcessRatio: 1.5,
  broadcastTransactions: 20,
};
const ADMIN_TOKEN = 'bench-fanout-admin';
const tokenOf = (n: number) => `bench-fanout-${n}`;
const ENV = { LOG_LEVEL: 'warn', ...ROOMY_WRITES, RATE_WRITES_PER_MINUTE: '1000000', DB_QUERY_TIMEOUT_MS: '30000' };

let a: App;
let b: App;
let load: ChildProcess;
let pinned = false;
let posts: string[] = [];

// ------------------------------------------------------------------------------------------------ the load process

let nextId = 0;
const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
function ask<T = any>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
  const id = ++nextId;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    load.send({ id, cmd, args });
  });
}

async function startLoad(): Promise<void> {
  const script = path.join(REPO_ROOT, 'tests', 'bench', 'support', 'fanout-load.mjs');
  pinned = fs.existsSync('/usr/bin/taskset') || fs.existsSync('/bin/taskset');
  const [cmd, args] = pinned ? ['taskset', ['-c', '1', process.execPath, script]] : [process.execPath, [script]];
  load = spawn(cmd, args, { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    load.once('error', reject);
    load.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
    load.on('message', (msg: { ready?: boolean; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
      if (msg.ready) return resolve();
      const p = pending.get(msg.id!);
      pending.delete(msg.id!);
      if (msg.ok) p?.resolve(msg.result);
      else p?.reject(new Error(msg.error));
    });
  });
}

// ---------------------------------------------------------------------------------------------------- the data

/** Members, their sessions (the cookie value is the token; the row keeps its SHA-256), one post each, one admin. */
async function seed(databaseUrl: string): Promise<void> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO users (first_name, last_name, email, role, email_verified_at)
       SELECT 'Bench', 'Member ' || n, 'fanout' || n || '@bench.test', 'user', now() FROM generate_series(1, $1) n`,
      [MEMBERS],
    );
    await c.query(
      `INSERT INTO users (first_name, last_name, email, role, email_verified_at) VALUES ('Bench', 'Admin', ` +
        `'fanout-admin@bench.test', 'admin', now())`,
    );
    await c.query(
      `INSERT INTO sessions (token_hash, member_id, expires_at)
       SELECT encode(sha256(convert_to('bench-fanout-' || n, 'UTF8')), 'hex'), u.id, now() + interval '1 day'
       FROM generate_series(1, $1) n JOIN users u ON u.email = 'fanout' || n || '@bench.test'`,
      [CONNECTED],
    );
    await c.query(
      `INSERT INTO sessions (token_hash, member_id, expires_at)
       SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex'), id, now() + interval '1 day' FROM users WHERE email = ` +
        `'fanout-admin@bench.test'`,
      [ADMIN_TOKEN],
    );
    const { rows } = await c.query(
      `INSERT INTO posts (author_id, content)
       SELECT u.id, 'Who is coming to the braai on Saturday?' FROM generate_series(1, $1) n JOIN users u ON u.email ` +
        `= 'fanout' || n || '@bench.test'
       ORDER BY n RETURNING id`,
      [CONNECTED],
    );
    posts = rows.map((r: { id: string }) => r.id);
    await c.query('VACUUM ANALYZE');
  } finally {
    await c.end();
  }
}

/**
 * The transactions the database committed while `work` ran (pg_stat_database). A backend reports its statistics
 * when it idles, but at most about every ten seconds when it has just reported: the reading waits that long on both
 * sides, so the figure holds every statement of the work (and a few of the pools' and the listener probes' own).
 */
async function transactionsDuring(databaseUrl: string, work: () => Promise<unknown>): Promise<number> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  const read = async () => {
    await new Promise((r) => setTimeout(r, 11_000));
    await c.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await c.query(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0].n);
  };
  try {
    const before = await read();
    await work();
    return (await read()) - before;
  } finally {
    await c.end();
  }
}

// ----------------------------------------------------------------------------------------------------- the heap

/** A DevTools protocol session with the app (its inspector is on for this bench only). */
async function inspector(app: App) {
  const m = app.logs().match(/Debugger listening on (ws:\/\/\S+)/);
  if (!m) throw new Error(`the app has no inspector:\n${app.logs().slice(-1000)}`);
  const ws = new WebSocket(m[1]);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<any>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const msg = JSON.parse(String(data));
        if (msg.id !== mine) return;
        ws.off('message', onMessage);
        if (msg.error) reject(new Error(JSON.stringify(msg.error)));
        else resolve(msg.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  return { call, close: () => ws.close() };
}

/** The app's heap after a full garbage collection. */
async function heapAfterGc(app: App): Promise<number> {
  const { call, close } = await inspector(app);
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const r = await call('Runtime.evaluate', { expression: 'process.memoryUsage().heapUsed', returnByValue: true });
    return Number(r.result.value);
  } finally {
    close();
  }
}

/** BENCH_PROFILE=<file>: a CPU profile of app A while `work` runs (for finding where the time goes). */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_PROFILE;
  if (!file) return work();
  const { call, close } = await inspector(a);
  try {
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 200 });
    await call('Profiler.start');
    const result = await work();
    fs.writeFileSync(file, JSON.stringify((await call('Profiler.stop')).profile));
    return result;
  } finally {
    close();
  }
}

// ------------------------------------------------------------------------------------------------------ figures

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const median = (xs: number[]) => percentile(xs, 50);
const ms = (x: number) => `${x.toFixed(1)} ms`;
const tokens = Array.from({ length: CONNECTED }, (_, i) => tokenOf(i + 1));

beforeAll(async () => {
  a = await startApp({ ...ENV, NODE_OPTIONS: '--inspect=127.0.0.1:0' }, { timeoutMs: 120_000 });
  await seed(a.databaseUrl);
  b = await startApp({ ...ENV, DATABASE_URL: a.databaseUrl }, { timeoutMs: 120_000 });
  await startLoad();
}, 300_000);

afterAll(async () => {
  if (process.env.BENCH_DEBUG)
    console.log(
      (a?.logs() ?? '')
        .split('\n')
        .filter((l) => l.includes('listener'))
        .join('\n'),
    );
  load?.kill();
  await Promise.all([b?.stop(), a?.stop()]);
});

it(`fans out to ${CONNECTED.toLocaleString('en')} connected of ${MEMBERS.toLocaleString('en')} members within budget`, async () => {
  const rounds = {
    one: [] as number[],
    two: [] as number[],
    single: [] as number[],
    heap: [] as number[],
    counts: [] as number[],
  };
  let broadcastNo = 0;
  const broadcasts = async (): Promise<number[]> => {
    // One broadcast to warm up (not timed), then the timed ones: p99 over every delivery of the round.
    await ask('broadcast', { url: a.url, adminToken: ADMIN_TOKEN, title: `Warm-up ${++broadcastNo}` });
    const added: number[] = [];
    for (let k = 0; k < BROADCASTS_PER_ROUND; k++) {
      const r = await ask('broadcast', { url: a.url, adminToken: ADMIN_TOKEN, title: `Broadcast ${++broadcastNo}` });
      expect(r.sent).toBe(MEMBERS + 1);
      added.push(...r.added);
      if (process.env.BENCH_DEBUG) {
        const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
        console.log(
          `broadcast answered ${r.answeredMs.toFixed(1)} ms; added min ${p(r.added, 0.1)} p50 ${p(r.added, 50)} ` +
            `p99 ${p(r.added, 99)}; counts min ${p(r.counts, 0.1)} p50 ${p(r.counts, 50)} p99 ${p(r.counts, 99)}`,
        );
      }
      rounds.counts.push(percentile(r.counts, 99));
    }
    return added;
  };
  let transactionsPerBroadcast = NaN; // full runs only: the statistics need two quiet stretches of ten seconds
  for (let round = 0; round < ROUNDS; round++) {
    // One process: the clients on A, where the mutations go. (The previous round's sockets are closed: let the
    // server finish releasing them before the heap is read.)
    await new Promise((r) => setTimeout(r, 1_000));
    const before = await heapAfterGc(a);
    await ask('connect', { url: a.url, tokens });
    const after = await heapAfterGc(a);
    rounds.heap.push((after - before) / CONNECTED);
    rounds.one.push(percentile(await (round === 0 ? profiled(broadcasts) : broadcasts()), 99));
    if (round === 0 && !QUICK) {
      transactionsPerBroadcast = await transactionsDuring(a.databaseUrl, () =>
        ask('broadcast', { url: a.url, adminToken: ADMIN_TOKEN, title: `Counted ${++broadcastNo}` }),
      );
    }
    const events = Array.from({ length: SINGLES_PER_ROUND }, (_, k) => {
      const i = (k * 7919 + round * 31) % CONNECTED;
      return { i, postId: posts[i] };
    });
    rounds.single.push(percentile((await ask('single', { url: a.url, adminToken: ADMIN_TOKEN, events })).times, 99));
    await ask('disconnect');
    // Two processes: the clients on B, the mutations to A; events cross through NOTIFY.
    await ask('connect', { url: b.url, tokens });
    rounds.two.push(percentile(await broadcasts(), 99));
    await ask('disconnect');
  }

  const one = median(rounds.one);
  const two = median(rounds.two);
  const single = median(rounds.single);
  const heap = median(rounds.heap);
  const load = pinned ? 'clients pinned to core 1' : 'clients not pinned (no taskset)';
  const rows: BenchRow[] = [
    {
      figure:
        `fan-out: broadcast to ${MEMBERS.toLocaleString('en')} members, ${CONNECTED.toLocaleString('en')} ` +
        `connected, one process: p99 delivery from the mutation (${load})`,
      baseline: `budget ${BUDGET.broadcastP99Ms} ms`,
      value:
        `${ms(one)} (rounds ${rounds.one.map((x) => x.toFixed(0)).join(', ')}; unread count ` +
        `p99 ${ms(median(rounds.counts))})`,
      ratio: BUDGET.broadcastP99Ms / one,
      budget: `≤ ${BUDGET.broadcastP99Ms} ms`,
      pass: one <= BUDGET.broadcastP99Ms,
    },
    {
      figure:
        `fan-out: one-recipient notification (a comment), ${CONNECTED.toLocaleString('en')} connected: p99 ` +
        `from the mutation over ${SINGLES_PER_ROUND} events`,
      baseline: `budget ${BUDGET.singleP99Ms} ms`,
      value: `${ms(single)} (rounds ${rounds.single.map((x) => x.toFixed(1)).join(', ')})`,
      ratio: BUDGET.singleP99Ms / single,
      budget: `≤ ${BUDGET.singleP99Ms} ms`,
      pass: single <= BUDGET.singleP99Ms,
    },
    {
      figure: 'fan-out: heap per connection (two subscriptions each; heapUsed after a full GC, connected minus not)',
      baseline: `budget ${BUDGET.heapPerConnection / 1024} KB`,
      value: `${(heap / 1024).toFixed(1)} KB`,
      ratio: BUDGET.heapPerConnection / heap,
      budget: `≤ ${BUDGET.heapPerConnection / 1024} KB`,
      pass: heap <= BUDGET.heapPerConnection,
    },
    {
      figure: `fan-out: the broadcast with the clients on a second API process (through NOTIFY): p99`,
      baseline: `one process: ${ms(one)}`,
      value: `${ms(two)} (rounds ${rounds.two.map((x) => x.toFixed(0)).join(', ')})`,
      ratio: one / two,
      budget: `≥ ${(1 / BUDGET.twoProcessRatio).toFixed(2)}× (≤ ${BUDGET.twoProcessRatio}× one process)`,
      pass: two <= BUDGET.twoProcessRatio * one,
    },
  ];
  if (!QUICK) {
    rows.push({
      figure:
        `fan-out: SQL transactions in the database for one broadcast, ${CONNECTED.toLocaleString('en')} ` +
        `subscribers`,
      baseline: `budget ${BUDGET.broadcastTransactions}`,
      value: String(transactionsPerBroadcast),
      ratio: null,
      budget: `≤ ${BUDGET.broadcastTransactions} (no SQL per subscriber)`,
      pass: transactionsPerBroadcast <= BUDGET.broadcastTransactions,
    });
  }
  record(rows);
  expect(rows.filter((r) => !r.pass).map((r) => `${r.figure}: ${r.value} (${r.budget})`)).toEqual([]);
});
