import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { acceptedPaths, breakingChanges } from '../support/schema-diff.mjs';

const V1 = `
type Query { post(id: ID!): Post, feed(first: Int): [Post!]! }
type Post { id: ID!, content: String!, likes: Int! @deprecated(reason: "Use reactionCount."), reactionCount: Int! }
enum Kind { POST REEL GONE @deprecated(reason: "No longer used.") }
`;

describe('the breaking-change check of schema/schema.graphql (tests/support/schema-diff.mjs)', () => {
  it('fails on a removed field or a changed type that was not deprecated first', async () => {
    const removed = V1.replace('content: String!, ', '');
    expect(await breakingChanges(V1, removed)).toEqual([expect.objectContaining({ path: 'Post.content' })]);
    const retyped = V1.replace('post(id: ID!): Post', 'post(id: ID!, kind: Kind!): Post');
    expect((await breakingChanges(V1, retyped)).map((b: { path: string }) => b.path)).toEqual(['Query.post.kind']);
    const enumValue = V1.replace('REEL ', '');
    expect((await breakingChanges(V1, enumValue)).map((b: { path: string }) => b.path)).toEqual(['Kind.REEL']);
  });

  it('lets a field or enum value go that was deprecated first', async () => {
    const next = V1.replace(' likes: Int! @deprecated(reason: "Use reactionCount."),', '').replace(
      ' GONE @deprecated(reason: "No longer used.")',
      '',
    );
    expect(await breakingChanges(V1, next)).toEqual([]);
  });

  it('passes additive changes: new types, fields, optional arguments, enum values', async () => {
    const next = V1.replace('reactionCount: Int! }', 'reactionCount: Int!, title: String }\ntype Reel { id: ID! }')
      .replace('feed(first: Int)', 'feed(first: Int, after: String)')
      .replace('REEL', 'REEL RECIPE');
    expect(await breakingChanges(V1, next)).toEqual([]);
  });

  it('reads the accepted list with its comments', () => {
    expect([...acceptedPaths('# why\nQuery.a # gone on purpose\n\n  Post.b\n')]).toEqual(['Query.a', 'Post.b']);
  });

  it('exits 1 naming the change, and 0 without one, when run on two files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-diff-'));
    const [oldFile, newFile] = [path.join(dir, 'old.graphql'), path.join(dir, 'new.graphql')];
    fs.writeFileSync(oldFile, V1);
    fs.writeFileSync(newFile, V1.replace('content: String!, ', ''));
    const script = path.join(__dirname, '..', 'support', 'schema-diff.mjs');
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [script, oldFile, newFile], { encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      failure = err as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('Post.content');
    fs.writeFileSync(newFile, V1);
    expect(execFileSync(process.execPath, [script, oldFile, newFile], { encoding: 'utf8' })).toContain(
      'no breaking change',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
