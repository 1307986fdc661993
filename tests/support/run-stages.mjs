#!/usr/bin/env node
/**
 * `npm test`: runs the stages below in order (each an npm script), stops at the first that fails, and prints how
 * long each took at the end, also when one failed. A new stage is one line in STAGES.
 *
 *   node tests/support/run-stages.mjs            every stage
 *   node tests/support/run-stages.mjs unit e2e   only stages whose script name contains one of the words
 */
import { spawn } from 'node:child_process';

/**
 * The npm scripts `npm test` runs, in order: the quick checks first, so a type or lint error fails in seconds.
 */
const STAGES = [
  'typecheck',
  'lint',
  'format:check',
  'build',
  'lint:deps',
  'check:generated',
  'check:schema',
  'test:unit',
  'test:contract',
  'test:reliability',
  'test:e2e',
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

const only = process.argv.slice(2);
const stages = only.length ? STAGES.filter((s) => only.some((w) => s.includes(w))) : STAGES;
const results = [];
let failed = null;
let current = null;

function report() {
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  const width = Math.max(...STAGES.map((s) => s.length));
  const lines = results.map((r) => `  ${r.stage.padEnd(width)} ${seconds(r.ms)}  ${r.ok ? 'ok' : 'FAILED'}`);
  for (const s of stages.slice(results.length)) lines.push(`  ${s.padEnd(width)} ${'-'.padStart(9)}  not run`);
  console.log(
    `\nStages (npm test):\n${lines.join('\n')}\n  ${'total'.padEnd(width)} ${seconds(total)}  (${minutes(total)})`,
  );
}

// Ctrl-C: the stage in progress gets the signal too; report what ran so far.
process.on('SIGINT', () => {
  if (current) results.push({ stage: current.stage, ms: Date.now() - current.start, ok: false });
  report();
  process.exit(130);
});

for (const stage of stages) {
  current = { stage, start: Date.now() };
  console.log(`\n=== ${stage} ===`);
  const code = await run(stage);
  results.push({ stage, ms: Date.now() - current.start, ok: code === 0 });
  current = null;
  if (code !== 0) {
    failed = stage;
    break;
  }
}
report();
if (failed) {
  console.error(`\nnpm test: stage "${failed}" failed.`);
  process.exit(1);
}
