import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

/** Every non-test source file of api/src with the files it imports (relative imports, type-only ones included). */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) files.push(p);
    }
  };
  walk(SRC);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const deps: string[] = [];
    for (const st of source.statements) {
      if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier) continue;
      const spec = (st.moduleSpecifier as ts.StringLiteral).text;
      if (!spec.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), spec);
      const target = [`${base}.ts`, path.join(base, 'index.ts')].find((p) => fs.existsSync(p));
      if (target) deps.push(path.relative(SRC, target));
    }
    graph.set(path.relative(SRC, file), deps);
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan), or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('api layering', () => {
  const graph = importGraph();

  it('has no import cycles anywhere in api/src (type-only imports count too)', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('keeps the kernel free of modules and of the composition root (config.ts, the settings shape, is no module)', () => {
    const wrong = [...graph]
      .filter(([file]) => file.startsWith('kernel/'))
      .flatMap(([file, deps]) =>
        deps.filter((d) => !d.startsWith('kernel/') && d !== 'config.ts').map((d) => `${file} -> ${d}`),
      );
    expect(wrong).toEqual([]);
  });

  it('lets the REST adapter import only the kernel', () => {
    const wrong = [...graph]
      .filter(([file]) => file.startsWith('rest/'))
      .flatMap(([file, deps]) =>
        deps.filter((d) => !d.startsWith('kernel/') && !d.startsWith('rest/')).map((d) => `${file} -> ${d}`),
      );
    expect(wrong).toEqual([]);
  });
});
