#!/usr/bin/env node
/**
 * The breaking-change check of the public contract: compares schema/schema.graphql with the version on main
 * (`git show main:schema/schema.graphql`) or, when this checkout is main itself (CI on a fresh clone), with the
 * version before the last commit that changed it, using @graphql-inspector/core. A breaking change fails unless
 * the field, argument, input field or enum value it removes or changes was already `@deprecated` in the old
 * schema (deprecate first, remove in a later change). With no history to compare with, it says so and passes.
 * A change the maintainers decided to make anyway is listed in schema/breaking-changes-accepted.txt (one
 * `Type.field` path a line, with a comment saying why); the list applies to the changes against the baseline only,
 * so empty it once main has the change.
 *
 *   node tests/support/schema-diff.mjs                 compare with main / the previous schema
 *   node tests/support/schema-diff.mjs OLD.graphql NEW.graphql
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

// Both through require: one graphql module for the inspector and the schemas, also under vitest's ESM loader.
const require = createRequire(import.meta.url);
const { CriticalityLevel, diff } = require('@graphql-inspector/core');
const { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } = require('graphql');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCHEMA = 'schema/schema.graphql';
const ACCEPTED = 'schema/breaking-changes-accepted.txt';

/** The paths of breaking changes accepted on purpose (comments after '#'). */
export function acceptedPaths(text) {
  return new Set(
    text
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/** Whether the schema element at `path` (Type.field, Type.field.arg, Enum.VALUE, Input.field) is deprecated. */
function deprecatedIn(schema, changePath) {
  const [typeName, member, argument] = (changePath ?? '').split('.');
  const type = typeName && schema.getType(typeName);
  if (!type || !member) return false;
  if (isEnumType(type)) return !!type.getValue(member)?.deprecationReason;
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    const field = type.getFields()[member];
    if (!field) return false;
    if (field.deprecationReason) return true; // a deprecated field may change or go, arguments and all
    return !!argument && !!field.args?.find((a) => a.name === argument)?.deprecationReason;
  }
  return false;
}

/** The breaking changes from `oldSdl` to `newSdl` that were not announced by a deprecation in `oldSdl`. */
export async function breakingChanges(oldSdl, newSdl) {
  const before = buildSchema(oldSdl);
  const after = buildSchema(newSdl);
  const changes = await diff(before, after);
  return changes
    .filter((c) => c.criticality.level === CriticalityLevel.Breaking)
    .filter((c) => !deprecatedIn(before, c.path))
    .map((c) => ({ path: c.path ?? '', message: c.message }));
}

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};

/** The old schema to compare with and what it is, or null when there is none. */
export function baseline() {
  const branch = tryGit('rev-parse', '--abbrev-ref', 'HEAD')?.trim();
  const head = tryGit('rev-parse', 'HEAD')?.trim();
  const main =
    tryGit('rev-parse', '--verify', '--quiet', 'main')?.trim() ??
    tryGit('rev-parse', '--verify', '--quiet', 'origin/main')?.trim();
  if (main && main !== head && branch !== 'main') {
    // Where this branch left main: a schema main gained since is not this branch's to remove.
    const fork = tryGit('merge-base', 'HEAD', main)?.trim() ?? main;
    const sdl = tryGit('show', `${fork}:${SCHEMA}`);
    if (sdl !== null)
      return { sdl, label: fork === main ? 'main' : `main (at ${fork.slice(0, 10)}, where this branch left it)` };
  }
  // This checkout is main: the schema as it was before the last commit that changed it.
  const commits = (tryGit('log', '-2', '--format=%H', '--', SCHEMA) ?? '').split('\n').filter(Boolean);
  if (commits.length < 2) return null;
  const sdl = tryGit('show', `${commits[1]}:${SCHEMA}`);
  return sdl === null ? null : { sdl, label: `${commits[1].slice(0, 10)} (the schema before the last change to it)` };
}

async function main() {
  const [oldFile, newFile] = process.argv.slice(2);
  let base;
  let current;
  if (oldFile && newFile) {
    base = { sdl: fs.readFileSync(oldFile, 'utf8'), label: oldFile };
    current = fs.readFileSync(newFile, 'utf8');
  } else {
    base = baseline();
    current = fs.readFileSync(path.join(root, SCHEMA), 'utf8');
    if (!base) {
      console.log(`schema-diff: no earlier ${SCHEMA} in this checkout's history to compare with; skipped.`);
      return;
    }
  }
  const accepted = fs.existsSync(path.join(root, ACCEPTED))
    ? acceptedPaths(fs.readFileSync(path.join(root, ACCEPTED), 'utf8'))
    : new Set();
  const all = await breakingChanges(base.sdl, current);
  const breaking = all.filter((b) => !accepted.has(b.path));
  for (const b of all.filter((b) => accepted.has(b.path)))
    console.log(`schema-diff: accepted in ${ACCEPTED}: ${b.path}: ${b.message}`);
  if (breaking.length === 0) {
    console.log(`schema-diff: no breaking change against ${base.label}.`);
    return;
  }
  console.error(
    `schema-diff: ${breaking.length} breaking change(s) against ${base.label}; deprecate first (@deprecated), remove ` +
      `later:`,
  );
  for (const b of breaking) console.error(`  - ${b.path}: ${b.message}`);
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 2;
  });
}
