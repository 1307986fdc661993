import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house's restricted patterns (eslint.config.mjs) on small fixture files, through ESLint's Node API with the
 * repository's own config: each pattern fails where it is forbidden and passes where the house allows it. The
 * fixtures are linted without type information (they exist only here), which these rules do not need.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RESTRICTED = ['no-restricted-syntax', 'no-restricted-properties'];

const eslint = new ESLint({
  cwd: repo,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      ...tseslint.configs.disableTypeChecked,
      languageOptions: { parserOptions: { project: false, projectService: false } },
    },
  ],
});

/** The restricted-pattern rules that fail `code` as the file at `file` (relative to the repository). */
async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, `${file} should parse`).toEqual([]);
  return result.messages.filter((m) => RESTRICTED.includes(m.ruleId ?? '')).map((m) => m.ruleId ?? '');
}

const THROW_FORBIDDEN =
  "import { forbidden } from '../../kernel/errors';\n" +
  'export function remove(mine: boolean): void {\n  if (!mine) throw forbidden();\n}\n';
const NEW_FORBIDDEN =
  "import { DomainError } from '../../kernel/errors';\n" +
  "export function remove(mine: boolean): void {\n  if (!mine) throw new DomainError('FORBIDDEN', 'Not yours.');\n}\n";
const ADMIN_ROLE =
  "export const canDelete = (viewer: { role: string }, mine: boolean) => mine || viewer.role === 'admin';\n";
const ADMIN_ROLE_REVERSED = "export const isNotAdmin = (viewer: { role: string }) => 'admin' !== viewer.role;\n";
const GEOLOCATION =
  'export function locate(done: (p: GeolocationPosition) => void): void {\n' +
  '  navigator.geolocation.getCurrentPosition(done);\n}\n';

const CASES: { what: string; code: string; rule: string; forbiddenIn: string[]; allowedIn: string[] }[] = [
  {
    what: 'throw forbidden()',
    code: THROW_FORBIDDEN,
    rule: 'no-restricted-syntax',
    forbiddenIn: [
      'api/src/modules/posts/post.service.ts',
      'api/src/modules/posts/post.resolver.ts',
      'api/src/context.ts',
    ],
    allowedIn: ['api/src/modules/posts/post.policy.ts', 'api/src/kernel/auth.ts'],
  },
  {
    what: "new DomainError('FORBIDDEN', ...)",
    code: NEW_FORBIDDEN,
    rule: 'no-restricted-syntax',
    forbiddenIn: ['api/src/modules/vault/vault.service.ts', 'api/src/rest/runner.ts'],
    allowedIn: ['api/src/modules/vault/vault.policy.ts', 'api/src/kernel/errors.ts'],
  },
  {
    what: "a .role compared with 'admin'",
    code: ADMIN_ROLE,
    rule: 'no-restricted-syntax',
    forbiddenIn: ['api/src/modules/posts/post.service.ts', 'api/src/context.ts'],
    allowedIn: ['api/src/modules/posts/post.policy.ts', 'api/src/kernel/auth.ts'],
  },
  {
    what: "'admin' compared with a .role",
    code: ADMIN_ROLE_REVERSED,
    rule: 'no-restricted-syntax',
    forbiddenIn: ['api/src/modules/twofactor/two-factor.service.ts'],
    allowedIn: ['api/src/modules/admin/admin.policy.ts'],
  },
  {
    what: 'navigator.geolocation',
    code: GEOLOCATION,
    rule: 'no-restricted-properties',
    forbiddenIn: ['web/src/features/feed/CheckInDialog.tsx', 'web/src/ui/usePlace.ts', 'web/src/app/App.tsx'],
    allowedIn: ['web/src/lib/position.ts'],
  },
];

describe('the restricted patterns of eslint.config.mjs', () => {
  for (const c of CASES) {
    for (const file of c.forbiddenIn) {
      it(`fails ${c.what} in ${file}`, async () => {
        expect(await restricted(file, c.code)).toEqual([c.rule]);
      });
    }
    for (const file of c.allowedIn) {
      it(`passes ${c.what} in ${file}`, async () => {
        expect(await restricted(file, c.code)).toEqual([]);
      });
    }
  }

  it('passes the allowed ways: authorize in a service, a returned forbidden, other roles and codes', async () => {
    const code =
      "import { authorize } from '../../kernel/auth';\n" +
      "import { DomainError, forbidden } from '../../kernel/errors';\n" +
      'export function check(viewer: { role: string }, mine: boolean) {\n' +
      "  authorize(mine, 'Not yours.');\n" +
      "  if (viewer.role === 'member') throw new DomainError('NOT_FOUND', 'No such post.');\n" +
      '  return forbidden;\n}\n';
    expect(await restricted('api/src/modules/posts/post.service.ts', code)).toEqual([]);
  });
});
