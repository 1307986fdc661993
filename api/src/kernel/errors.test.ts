import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, badInput, conflict, restStatus, statusOf } from './errors';

const FILE = path.join(__dirname, 'errors.ts');

/** Type-checks errors.ts as it is, or with its source changed by `edit`; answers the error messages. */
function typeErrors(edit: (source: string) => string = (s) => s): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === FILE
      ? ts.createSourceFile(name, edit(ts.sys.readFile(FILE)!), version)
      : read(name, version, ...rest);
  const program = ts.createProgram([FILE], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(FILE))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('REST error mapping', () => {
  it('maps every domain code to the status of the architecture table; other codes are left to the caller', () => {
    expect(Object.fromEntries(ERROR_CODES.map((c) => [c, restStatus(c)]))).toEqual({
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      BAD_USER_INPUT: 400,
      CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      RATE_LIMITED: 429,
      UPSTREAM_FAILED: 502,
      UNAVAILABLE: 503,
    });
    expect(statusOf('GRAPHQL_VALIDATION_FAILED')).toBeNull();
    expect(statusOf(undefined)).toBeNull();
  });

  it('does not compile when a code is added without a status', () => {
    expect(typeErrors()).toEqual([]);
    const withNewCode = typeErrors((s) =>
      s.replace("'UNAVAILABLE',\n] as const", "'UNAVAILABLE',\n  'TEAPOT',\n] as const"),
    );
    expect(withNewCode).toEqual([expect.stringMatching(/Type '"TEAPOT"' is not assignable to type 'never'/)]);
  }, 30_000);
});

describe('errors caused by the database being away', () => {
  it('leave as UNAVAILABLE with the path kept; any other error passes unchanged', async () => {
    const { GraphQLError } = await import('graphql');
    const { unavailableIfDatabaseAway } = await import('./database');
    const away = new GraphQLError('Connection terminated unexpectedly', {
      path: ['feed'],
      originalError: Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined }),
    });
    const mapped = unavailableIfDatabaseAway(away);
    expect(mapped.extensions.code).toBe('UNAVAILABLE');
    expect(mapped.path).toEqual(['feed']);
    const refused = new GraphQLError('x', {
      originalError: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect(unavailableIfDatabaseAway(refused).extensions.code).toBe('UNAVAILABLE');
    const bug = new GraphQLError('boom', { originalError: new TypeError('x is undefined') });
    expect(unavailableIfDatabaseAway(bug)).toBe(bug);
    const domain = new GraphQLError('Post not found', { extensions: { code: 'NOT_FOUND' } });
    expect(unavailableIfDatabaseAway(domain)).toBe(domain);
  });
});

/** Every hand-written .ts file under api/src (tests included: a test may build errors too). */
function sourceFiles(dir = path.join(__dirname, '..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('errors the web can switch on', () => {
  it('a conflict carries its reason and a bad input its field (and a reason when given)', () => {
    expect(conflict('ALREADY_FOLLOWING', 'Already following this business').extensions).toEqual({
      code: 'CONFLICT',
      reason: 'ALREADY_FOLLOWING',
    });
    expect(badInput('price', 'must be a number').extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'price' });
    expect(badInput('url', 'is taken', { reason: 'URL_TAKEN' }).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'url',
      reason: 'URL_TAKEN',
    });
    expect(badInput('title', 'is required', { label: 'Title' })).toMatchObject({
      message: 'Title is required',
      extensions: { code: 'BAD_USER_INPUT', field: 'title' },
    });
  });

  it('every conflict( call site names an UPPER_SNAKE reason first', () => {
    const calls = sourceFiles()
      .filter((file) => !file.endsWith(path.join('kernel', 'errors.test.ts')))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\bconflict\(\s*([^,)]*)/g)].map((m) => ({
          at: `${path.relative(path.join(__dirname, '..'), file)}: conflict(${m[1]}`,
          reason: m[1],
        })),
      );
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.filter((c) => !/^'[A-Z][A-Z0-9_]*'$/.test(c.reason)).map((c) => c.at)).toEqual([]);
    const handMade = sourceFiles().filter(
      (file) =>
        !file.includes(`${path.sep}kernel${path.sep}`) && /DomainError\(\s*'CONFLICT'/.test(readFileSync(file, 'utf8')),
    );
    expect(handMade, 'a CONFLICT is made with conflict(reason, message)').toEqual([]);
  });

  it('a reason that is not UPPER_SNAKE does not compile', () => {
    const lower = typeErrors((s) => `${s}\nexport const wrong = conflict('alreadyFollowing', 'x');\n`);
    expect(lower).toEqual([expect.stringMatching(/not assignable to parameter of type 'Uppercase<string>'/)]);
  }, 30_000);
});
