import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The dependency rules (.dependency-cruiser.cjs) on small fixture trees, through the very runner `npm run
 * lint:deps` uses: a tree that keeps every allowed arrow passes, and the same tree plus one forbidden import
 * fails with the rule that names it.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const runner = path.join(repo, 'tests', 'support', 'lint-deps.mjs');
const made: string[] = [];

/** Every allowed arrow of the architecture, once. */
const CLEAN: Record<string, string> = {
  'api/src/config.ts': 'export const config = { port: 3000 };\n',
  'api/src/kernel/errors.ts': 'export class NotFound extends Error {}\n',
  'api/src/kernel/settings.ts': "import { config } from '../config';\nexport const settings = { ...config };\n",
  'api/src/modules/users/user.entity.ts': "export class User { id = ''; }\n",
  'api/src/modules/users/user.service.ts':
    "import { NotFound } from '../../kernel/errors';\nimport { User } from './user.entity';\n" +
    'export const find = (id: string): User => { if (!id) throw new NotFound(); return new User(); };\n',
  'api/src/modules/posts/post.service.ts':
    "import { find } from '../users/user.service';\nexport const author = (id: string) => find(id);\n",
  'api/src/modules/posts/post.rest.ts': "export const postRest = [{ path: '/api/posts' }];\n",
  'api/src/rest/runner.ts': "import { settings } from '../kernel/settings';\nexport const run = () => settings;\n",
  'api/src/rest/table.ts':
    "import { postRest } from '../modules/posts/post.rest';\nexport const table = [...postRest];\n",
  'api/src/db/demo/index.ts':
    "import { User } from '../../modules/users/user.entity';\nexport const demo = [new User()];\n",
  'api/src/context.ts':
    "import { find } from './modules/users/user.service';\nimport { NotFound } from './kernel/errors';\n" +
    'export const context = { find, NotFound };\n',
  'web/src/gql/graphql.ts': 'export type Post = { id: string };\n',
  'web/src/lib/time.ts': 'export const ago = (d: Date) => d.toISOString();\n',
  'web/src/ui/Screen.tsx':
    "import type { Post } from '../gql/graphql';\nimport { ago } from '../lib/time';\n" +
    'export const Screen = (p: Post) => ago(new Date(p.id));\n',
  'web/src/features/posts/PostCard.tsx': "import { Screen } from '../../ui/Screen';\nexport const PostCard = Screen;\n",
  'web/src/features/posts/index.ts': "export { PostCard } from './PostCard';\n",
  'web/src/features/posts/post.generated.tsx':
    "import type { Post } from '../../gql/graphql';\nexport type PostFields = Post;\n",
  'web/src/features/feed/feed.generated.tsx':
    "import type { PostFields } from '../posts/post.generated';\nexport type FeedPage = PostFields[];\n",
  'web/src/features/feed/FeedScreen.tsx':
    "import { PostCard } from '../posts';\nimport { ago } from '../../lib/time';\nimport type { PostFields } from " +
    "'../posts/post.generated';\n" +
    'export const FeedScreen = [PostCard, ago];\nexport type Shown = PostFields;\n',
  'web/src/features/feed/index.ts': "export { FeedScreen } from './FeedScreen';\n",
  'web/src/shell/Layout.tsx': "import { PostCard } from '../features/posts/index';\nexport const Layout = PostCard;\n",
  'web/src/app/routes.tsx':
    "import { Layout } from '../shell/Layout';\nimport { FeedScreen } from '../features/feed';\nexport const routes " +
    '= [Layout, FeedScreen];\n',
};

/** One forbidden import per case: the files added to the clean tree, and the rule that must fail. */
const WRONG: { rule: string; what: string; files: Record<string, string> }[] = [
  {
    rule: 'feature-imports-no-shell-or-app',
    what: 'a feature importing the shell',
    files: {
      'web/src/features/feed/Header.tsx': "import { Layout } from '../../shell/Layout';\nexport const H = Layout;\n",
    },
  },
  {
    rule: 'feature-imports-no-shell-or-app',
    what: 'a feature importing the app',
    files: {
      'web/src/features/feed/Nav.tsx': "import { routes } from '../../app/routes';\nexport const N = routes;\n",
    },
  },
  {
    rule: 'kernel-imports-no-module',
    what: 'the kernel importing a module',
    files: {
      'api/src/kernel/auth.ts':
        "import type { User } from '../modules/users/user.entity';\nexport type Viewer = User;\n",
    },
  },
  {
    rule: 'kernel-imports-no-module',
    what: 'the kernel importing the composition root',
    files: { 'api/src/kernel/http.ts': "import { context } from '../context';\nexport const c = context;\n" },
  },
  {
    rule: 'ui-imports-only-lib-and-gql',
    what: 'a ui file importing a feature',
    files: { 'web/src/ui/Card.tsx': "import { PostCard } from '../features/posts';\nexport const Card = PostCard;\n" },
  },
  {
    rule: 'feature-imports-only-index-of-another-feature',
    what: "a feature importing another feature's internals",
    files: {
      'web/src/features/feed/List.tsx': "import { PostCard } from '../posts/PostCard';\nexport const L = PostCard;\n",
    },
  },
  {
    rule: 'shell-imports-only-index-of-a-feature',
    what: "the shell importing a feature's internals",
    files: {
      'web/src/shell/Bell.tsx': "import { PostCard } from '../features/posts/PostCard';\nexport const B = PostCard;\n",
    },
  },
  {
    rule: 'rest-uses-no-service-or-repository',
    what: 'the REST adapter calling a service',
    files: {
      'api/src/rest/extra.ts': "import { find } from '../modules/users/user.service';\nexport const x = find;\n",
    },
  },
  {
    rule: 'web-imports-no-api-source',
    what: 'the web app importing api source',
    files: {
      'web/src/lib/user.ts':
        "import { User } from '../../../api/src/modules/users/user.entity';\nexport const u = User;\n",
    },
  },
  {
    rule: 'gql-is-generated',
    what: 'generated code importing hand-written code',
    files: { 'web/src/gql/extra.ts': "import { ago } from '../lib/time';\nexport const a = ago;\n" },
  },
  {
    rule: 'gql-is-generated',
    what: "a feature's generated documents importing hand-written code",
    files: {
      'web/src/features/feed/more.generated.tsx': "import { PostCard } from '../posts';\nexport const m = PostCard;\n",
    },
  },
  {
    rule: 'no-circular',
    what: 'an import cycle (demo index <-> a module demo part)',
    files: {
      'api/src/db/demo/parts.ts':
        "import { posts } from '../../modules/posts/post.demo';\nexport const parts = { posts };\nexport const seed " +
        '= 1;\n',
      'api/src/modules/posts/post.demo.ts':
        "import { seed } from '../../db/demo/parts';\nexport const posts = [seed];\n",
    },
  },
];

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-deps-'));
  made.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The violations the runner reports, as `rule: from-file` (the first file of a cycle). */
function lint(root: string) {
  const run = spawnSync(process.execPath, [runner, root], { encoding: 'utf8' });
  const errors = [...run.stdout.matchAll(/^\s*error ([a-z-]+): (\S+)/gm)].map((m) => `${m[1]}: ${m[2]}`);
  return { status: run.status, output: run.stdout + run.stderr, errors };
}

afterAll(() => {
  for (const root of made) fs.rmSync(root, { recursive: true, force: true });
});

describe('dependency rules', () => {
  it('pass a tree that keeps every allowed arrow', () => {
    const result = lint(tree(CLEAN));
    expect(result.errors, result.output).toEqual([]);
    expect(result.status, result.output).toBe(0);
  });

  // One tree holding every wrong import (each in files of its own) keeps this to one run of the tools.
  const result = lint(tree(Object.assign({ ...CLEAN }, ...WRONG.map((w) => w.files))));

  it.each(WRONG)('fail $what ($rule)', ({ rule, files }) => {
    expect(result.status, result.output).toBe(1);
    const found = result.errors.filter((e) => Object.keys(files).some((f) => e === `${rule}: ${f}`));
    expect(found.length, result.output).toBeGreaterThan(0);
  });

  it('report nothing beyond the wrong imports', () => {
    const expected = WRONG.flatMap(({ rule, files }) => Object.keys(files).map((f) => `${rule}: ${f}`));
    for (const error of result.errors) expect(expected, result.output).toContain(error);
  });
});
