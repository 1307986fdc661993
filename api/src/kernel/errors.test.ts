import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, restStatus, statusOf } from './errors';

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
