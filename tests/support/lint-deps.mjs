#!/usr/bin/env node
/**
 * `npm run lint:deps`: runs dependency-cruiser with .dependency-cruiser.cjs over api/src and web/src, each with
 * its own tsconfig (so imports resolve as tsc and Vite resolve them), prints every violation and exits 1 when
 * there is one. An optional argument names another root holding api/src and/or web/src (the self-test in
 * tests/deps runs it on fixture trees).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const root = path.resolve(process.argv[2] ?? repo);
const config = path.join(repo, '.dependency-cruiser.cjs');
const depcruise = path.join(repo, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

let failed = false;
for (const tree of ['api', 'web']) {
  const src = path.join(root, tree, 'src');
  if (!fs.existsSync(src)) continue;
  const args = [depcruise, `${tree}/src`, '--config', config, '--output-type', 'err'];
  // The tsconfig path must be absolute: depcruise reads its `include` relative to the working directory.
  const tsconfig = path.join(root, tree, 'tsconfig.json');
  if (fs.existsSync(tsconfig)) args.push('--ts-config', tsconfig);
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  process.stdout.write(`== ${tree}/src\n${(run.stdout + run.stderr).trim() || 'no dependency violations'}\n`);
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
