import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');

function entityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? entityFiles(join(dir, e.name)) : e.name.endsWith('.entity.ts') ? [join(dir, e.name)] : [],
  );
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

describe('entity files', () => {
  it('hold one table each and are named after its class in kebab-case (CostBudget in cost-budget.entity.ts)', () => {
    const odd = entityFiles(root).flatMap((file) => {
      const classes = [...readFileSync(file, 'utf8').matchAll(/@Entity\([^)]*\)[\s\S]*?export class (\w+)/g)].map(
        (m) => m[1],
      );
      const name = relative(root, file);
      if (classes.length > 1) return [`${name}: ${classes.join(', ')}`];
      return classes.length === 1 && !file.endsWith(`/${kebab(classes[0])}.entity.ts`)
        ? [`${name}: ${classes[0]}`]
        : [];
    });
    expect(odd).toEqual([]);
  });
});
