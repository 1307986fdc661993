// Feed benchmark: starts the built app with demo data on loopback, signs up a member, then asks for feed pages
// (20 posts with every relation) from one client (latency) and from 8 concurrent clients (throughput), 8 s each.
// Prints figures against budgets and exits 1 when one is missed. Budgets are for this project's 2-core machines,
// where the app and PostgreSQL share the cores.
// Run: npm run build && npm run bench
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BUDGET = { p50: 15, p95: 40, reqPerSec: 50 }; // one client: ms per feed page; eight clients: pages per second
const DURATION_MS = 8_000;

const freePort = () => new Promise((resolve) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-bench-'));
fs.chmodSync(dataDir, 0o755);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []), path.join(root, 'api/dist/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), PUBLIC_URL: url, LOG_LEVEL: 'warn', DEMO_DATA: 'true', RATE_WRITES_PER_MINUTE: '100000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${url}/healthz`)).ok) break; } catch { /* not yet */ }
    if (i > 600) throw new Error('app did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const reg = await fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `bench${Date.now()}@example.com`, password: 'bench-password', firstName: 'Bench', lastName: 'Mark' }) });
  const cookie = reg.headers.get('set-cookie').split(';')[0];
  const gql = (query, variables) => fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) }).then((r) => r.json());
  // More posts than one page, so every request reads a full page.
  for (let i = 0; i < 40; i++) await gql('mutation($c: String) { createPost(input: { content: $c }) { id } }', { c: `Bench post ${i}` });
  const FEED = `query { feed(first: 20) { nodes { id content images { thumbnailUrl } author { displayName profileImageUrl } reactionCounts { lekker shocked sad care angry total } myReaction commentCount shareCount savedCheckinId viewerCanEdit } pageInfo { endCursor hasNextPage } } }`;
  async function run(concurrency) {
    const times = [];
    const end = Date.now() + DURATION_MS;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const r = await gql(FEED);
        if (r.errors || r.data.feed.nodes.length !== 20) throw new Error(JSON.stringify(r.errors ?? r.data));
        times.push(performance.now() - t);
      }
    }));
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
    return { n: times.length, perSec: times.length / (DURATION_MS / 1000), p50: pct(50), p95: pct(95) };
  }
  const one = await run(1);
  const eight = await run(8);
  console.log(`feed page of 20 posts, 1 client:  p50 ${one.p50.toFixed(1)} ms (budget ${BUDGET.p50}), p95 ${one.p95.toFixed(1)} ms (budget ${BUDGET.p95}), ${one.perSec.toFixed(0)} pages/s`);
  console.log(`feed page of 20 posts, 8 clients: ${eight.perSec.toFixed(0)} pages/s (budget ${BUDGET.reqPerSec}), p50 ${eight.p50.toFixed(1)} ms, p95 ${eight.p95.toFixed(1)} ms`);
  const over = one.p50 > BUDGET.p50 || one.p95 > BUDGET.p95 || eight.perSec < BUDGET.reqPerSec;
  console.log(over ? 'OVER BUDGET' : 'within budget');
  if (over) process.exitCode = 1;
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
