import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSchema } from './schema';
import { undescribed } from './schema-descriptions';

/**
 * The types and fields still waiting for a description. It may only shrink: a new type or field without a
 * description fails the first test, and a name here that has got one fails the second (delete the line).
 */
const ALLOW_LIST = path.join(__dirname, 'schema-descriptions.allow.txt');
const allowed = new Set(
  fs
    .readFileSync(ALLOW_LIST, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')),
);

describe('the schema describes itself', () => {
  it('gives every public type and field a description (apart from the shrinking allow-list)', async () => {
    const missing = undescribed(await getSchema()).filter((name) => !allowed.has(name));
    expect(missing, `add a description (the decorator's description option) to: ${missing.join(', ')}`).toEqual([]);
  });

  it('keeps no name in the allow-list that has a description now (or no longer exists)', async () => {
    const missing = new Set(undescribed(await getSchema()));
    const stale = [...allowed].filter((name) => !missing.has(name));
    expect(stale, `remove from schema-descriptions.allow.txt: ${stale.join(', ')}`).toEqual([]);
  });
});
