/**
 * SECURITY.md states the limits with their numbers (issue 15 item 9): each row that names a setting must give the
 * default api/src/config.ts gives it, so the document cannot drift from the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from '../support/app';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

test("SECURITY.md's limits are config.ts's defaults", () => {
  const config = read('api/src/config.ts');
  const defaults = new Map(
    [...config.matchAll(/int\('([A-Z0-9_]+)', ([\d_]+)\)/g)].map((m) => [m[1], Number(m[2].replace(/_/g, ''))]),
  );
  const security = read('SECURITY.md');
  const limits = security.slice(security.indexOf('## Limits'));
  const rows = [...limits.matchAll(/^\| (.+) \| (.+) \| (.+) \|$/gm)].slice(2);
  const checked: string[] = [];
  for (const [, , limit, variables] of rows) {
    const names = [...variables.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]);
    const numbers = [...limit.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replace(/,/g, '')));
    for (const name of names) {
      expect(defaults.has(name), `${name} is read in config.ts`).toBe(true);
      expect(numbers, `${name}: the default ${defaults.get(name)} is stated`).toContain(defaults.get(name));
      checked.push(name);
    }
  }
  expect(checked.length).toBeGreaterThanOrEqual(20);
  // The README links the document.
  expect(read('README.md')).toContain('(SECURITY.md)');
});

test('every file SECURITY.md names exists, and every threat it lists names the test that performs the attack', () => {
  const security = read('SECURITY.md');
  const files = [...security.matchAll(/`((?:api|web|tests|docs)\/[\w./-]+\.\w+)`/g)].map((m) => m[1]);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) expect(fs.existsSync(path.join(REPO_ROOT, file)), `${file} exists`).toBe(true);
  const threats = security.slice(security.indexOf('## Threats'), security.indexOf('## Limits'));
  const entries = threats.split(/\n(?=- \*\*)/).filter((entry) => entry.startsWith('- **'));
  expect(entries.length).toBeGreaterThanOrEqual(15);
  for (const entry of entries) expect(entry, 'a threat names its test').toMatch(/`[\w./-]+\.test\.ts`/);
});
