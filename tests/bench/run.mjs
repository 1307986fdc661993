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
// --attempts N: a file whose budget was missed (or that failed) runs again, up to N runs in all; its rows in the table
// are those of its last run. On a shared machine one burst of load can sink one run; a real regression misses every
// time.
const attemptsAt = args.indexOf('--attempts');
const attempts = attemptsAt >= 0 ? Math.max(1, Number(args[attemptsAt + 1]) || 1) : 1;
// optional: only these bench files
const files = args.filter((a, i) => a !== '--quick' && a !== '--attempts' && (attemptsAt < 0 || i !== attemptsAt + 1));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-bench-results-'));
const seedFile = path.join(dir, 'seed.json');

/**
 * One vitest run of `only` (all bench files when empty): its exit status, the rows it recorded, and the files that
 * failed (from vitest's JSON report: a file that crashed before recording a row is named too).
 */
function runOnce(only, attempt) {
  const results = path.join(dir, `results-${attempt}.jsonl`);
  const report = path.join(dir, `report-${attempt}.json`);
  fs.writeFileSync(results, '');
  const vitest = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      'tests/vitest.bench.config.mts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...only,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_QUICK: quick ? '1' : '0', BENCH_RESULTS: results, BENCH_SEED_FILE: seedFile },
    },
  );
  const rows = fs
    .readFileSync(results, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const fileResults = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')).testResults : [];
  const failedFiles = fileResults.filter((t) => t.status !== 'passed').map((t) => path.relative(root, t.name));
  // How long each file took (its app start, its own seed and its rounds), to see where a run's time goes.
  for (const t of fileResults)
    durations.push({ file: path.relative(root, t.name), attempt, seconds: (t.endTime - t.startTime) / 1000 });
  return { failed: vitest.status !== 0, status: vitest.status ?? vitest.signal, rows, failedFiles };
}

const durations = [];
const started = performance.now();
let run = runOnce(files, 1);
let rows = run.rows;
let vitestFailed = run.failed;
let failedFiles = run.failedFiles;
for (let attempt = 2; attempt <= attempts && (vitestFailed || rows.some((r) => !r.pass)); attempt++) {
  // Re-run the files that missed a budget or failed (a file that crashed is re-run even when another file's budget
  // was missed in the same run: it must not be forgotten); when vitest failed naming no file, re-run them all.
  const missed = [
    ...new Set([
      ...rows
        .filter((r) => !r.pass)
        .map((r) => r.file)
        .filter(Boolean),
      ...failedFiles,
    ]),
  ];
  const again = missed.length ? missed : files;
  console.log(
    `\nA budget was missed or a bench file failed (run ${attempt - 1} of at most ${attempts}): ` +
      `running ${again.length ? again.join(', ') : 'every bench file'} again\n`,
  );
  run = runOnce(again, attempt);
  rows = again.length ? [...rows.filter((r) => !again.includes(r.file)), ...run.rows] : run.rows;
  vitestFailed = run.failed;
  failedFiles = run.failedFiles;
}
const seconds = (performance.now() - started) / 1000;
const seed = fs.existsSync(seedFile) ? JSON.parse(fs.readFileSync(seedFile, 'utf8')) : null;
fs.rmSync(dir, { recursive: true, force: true });

const header = ['figure', 'baseline', 'value', 'ratio', 'budget', 'result'];
const table = rows.map((r) => [
  r.figure,
  r.baseline,
  r.value,
  r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`,
  r.budget,
  r.pass ? 'PASS' : 'FAIL',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => (i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
    .join('  ')
    .trimEnd();
const failed = rows.filter((r) => !r.pass).length;

console.log(
  `\nnpm run bench${quick ? ' -- --quick' : ''}: ${rows.length} figures in ${seconds.toFixed(0)} s` +
    (seed ? ` (seeding ${seed.seconds.toFixed(1)} s)` : ''),
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const t of table) console.log(line(t));
console.log(
  `\nSeconds per bench file (#n: the nth attempt): ${durations
    .map(
      (d) => `${path.basename(d.file, '.bench.ts')}${d.attempt > 1 ? ` (#${d.attempt})` : ''} ${d.seconds.toFixed(0)}`,
    )
    .join(', ')}`,
);
if (vitestFailed) console.log(`\nA bench file failed (vitest exited ${run.status}): see its output above.`);
if (!rows.length) console.log('\nNo figure was recorded.');
console.log(
  failed || vitestFailed || !rows.length
    ? `\nFAIL: ${failed} of ${rows.length} budgets missed`
    : `\nPASS: all ${rows.length} budgets met`,
);
process.exit(failed || vitestFailed || !rows.length ? 1 : 0);
