// `npm run bench [-- --quick]`: every tests/bench/**/*.bench.ts, one file after another, against one seeded
// PostgreSQL (tests/vitest.bench.config.mts), then ONE table of every row the files recorded (support/results.ts).
// Exits 1 when a row missed its budget, when a bench file failed, or when no row was recorded at all.
// Build first (`npm run build`): the benchmarks run the built app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const files = args.filter((a) => a !== '--quick'); // optional: only these bench files
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-bench-results-'));
const results = path.join(dir, 'results.jsonl');
const seedFile = path.join(dir, 'seed.json');
fs.writeFileSync(results, '');

const started = performance.now();
const vitest = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'tests/vitest.bench.config.mts', ...files],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_QUICK: quick ? '1' : '0', BENCH_RESULTS: results, BENCH_SEED_FILE: seedFile },
  },
);
const seconds = (performance.now() - started) / 1000;

const rows = fs
  .readFileSync(results, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
const seed = fs.existsSync(seedFile) ? JSON.parse(fs.readFileSync(seedFile, 'utf8')) : null;
fs.rmSync(dir, { recursive: true, force: true });

const header = ['figure', 'baseline', 'value', 'ratio', 'budget', 'result'];
const table = rows.map((r) => [r.figure, r.baseline, r.value, r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`, r.budget, r.pass ? 'PASS' : 'FAIL']);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) => cells.map((c, i) => (i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
const failed = rows.filter((r) => !r.pass).length;
const vitestFailed = vitest.status !== 0;

console.log(`\nnpm run bench${quick ? ' -- --quick' : ''}: ${rows.length} figures in ${seconds.toFixed(0)} s` + (seed ? ` (seeding ${seed.seconds.toFixed(1)} s)` : ''));
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const t of table) console.log(line(t));
if (vitestFailed) console.log(`\nA bench file failed (vitest exited ${vitest.status ?? vitest.signal}): see its output above.`);
if (!rows.length) console.log('\nNo figure was recorded.');
console.log(failed || vitestFailed || !rows.length ? `\nFAIL: ${failed} of ${rows.length} budgets missed` : `\nPASS: all ${rows.length} budgets met`);
process.exit(failed || vitestFailed || !rows.length ? 1 : 0);
