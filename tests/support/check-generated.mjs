#!/usr/bin/env node
/**
 * Fails when the committed generated code is stale: regenerates schema/schema.graphql from the built API
 * (`node api/dist/cli/emit-schema.js`) and the typed hooks (`graphql-codegen --config codegen.yml`), then
 * compares each file with its content before the run. The regenerated files are left in place, ready to commit.
 * Needs the API built first (`npm run build -w api`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCHEMA = 'schema/schema.graphql';
const EMITTER = 'api/dist/cli/emit-schema.js';

/** The output files codegen.yml declares (the keys under `generates:`). */
function codegenOutputs() {
  const lines = fs.readFileSync(path.join(root, 'codegen.yml'), 'utf8').split(/\r?\n/);
  const outputs = [];
  let inGenerates = false;
  for (const line of lines) {
    if (/^generates:\s*$/.test(line)) {
      inGenerates = true;
      continue;
    }
    if (inGenerates && /^\S/.test(line)) inGenerates = false;
    const m = inGenerates && line.match(/^ {2}(["']?)([^\s"':][^"']*?)\1:\s*$/);
    if (m) outputs.push(m[2]);
  }
  return outputs;
}

const read = (file) => {
  const p = path.join(root, file);
  return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : null;
};

function run(label, command, args) {
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (res.error || res.status !== 0) {
    console.error(`\ncheck-generated: ${label} failed (${res.error?.message ?? `exit ${res.status}`})`);
    process.exit(1);
  }
}

/** Where two versions of a file first differ, for the message. */
function firstDifference(before, after) {
  if (before === null) return 'the file did not exist';
  if (after === null) return 'the file is gone';
  const a = before.split('\n');
  const b = after.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return `first difference at line ${i + 1}:\n      before:      ${JSON.stringify(
        a[i] ?? '<end of ' + 'file>',
      )}\n      regenerated: ${JSON.stringify(b[i] ?? '<end of file>')}`;
    }
  }
  return 'line endings differ';
}

if (!fs.existsSync(path.join(root, EMITTER))) {
  console.error(`check-generated: ${EMITTER} is missing; build the API first (npm run build -w api).`);
  process.exit(1);
}

/** The files a near-operation-file output (a folder key ending in "/") holds: every <name>.generated.tsx below it. */
function generatedBeside(dir) {
  const found = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.generated.tsx')) found.push(child);
    }
  };
  walk(dir.replace(/\/$/, ''));
  return found;
}

const expand = () => [SCHEMA, ...codegenOutputs().flatMap((o) => (o.endsWith('/') ? generatedBeside(o) : [o]))];
const files = expand();
const before = new Map(files.map((f) => [f, read(f)]));

run('emitting the schema', process.execPath, [EMITTER]);
run('graphql-codegen', process.platform === 'win32' ? 'npx.cmd' : 'npx', [
  '--no-install',
  'graphql-codegen',
  '--config',
  'codegen.yml',
]);

for (const f of expand()) if (!files.includes(f)) files.push(f);
const stale = files.filter((f) => read(f) !== before.get(f));
// A generated file whose .graphql is gone is never rewritten by codegen: it is stale too.
const orphans = files.filter(
  (f) => f.endsWith('.generated.tsx') && !fs.existsSync(path.join(root, f.replace(/[.]generated[.]tsx$/, '.graphql'))),
);
if (stale.length || orphans.length) {
  console.error('\nstale generated code: run npm run codegen and commit');
  for (const f of stale) console.error(`  ${f}: ${firstDifference(before.get(f), read(f))}`);
  for (const f of orphans) console.error(`  ${f}: no .graphql file beside it any more (delete it)`);
  console.error('(the regenerated files are now in your working tree)');
  process.exit(1);
}
console.log(`check-generated: up to date (${files.length} files: ${SCHEMA}, ${codegenOutputs().join(', ')})`);
