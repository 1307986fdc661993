import { graphql } from 'graphql';
import pino from 'pino';
import { buildContext, type Context } from '../kernel/context';
import { db } from '../kernel/database';
import { hashPassword } from '../modules/auth/auth.service';
import { Role, User } from '../modules/users/user.entity';
import { getSchema } from '../schema';

export const silentLog = pino({ level: 'silent' });

let counter = 0;
let passwordHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'correct horse battery';

/** Factory: a member with overrides; the password is TEST_PASSWORD. */
export async function createUser(overrides: Partial<User> = {}): Promise<User> {
  counter += 1;
  const repo = db().getRepository(User);
  const inserted = await repo.insert({
    firstName: 'Test',
    lastName: `Member${counter}`,
    email: `member${counter}.${Date.now()}@example.com`,
    role: Role.user,
    passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
    ...overrides,
  });
  return repo.findOneByOrFail({ id: inserted.identifiers[0].id });
}

export interface GqlResult<T = any> {
  data?: T;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
  /** Cookie operations the transport would have done. */
  cookies: Array<{ op: 'set' | 'clear'; token?: string }>;
  context: Context;
}

/**
 * Runs a GraphQL operation as an HTTP request would: `as` a member (context viewer), or with a
 * session `token` as if read from the cookie, or signed out.
 */
export async function gql<T = any>(
  source: string,
  variables: Record<string, unknown> = {},
  opts: { as?: User | null; token?: string | null; ip?: string } = {},
): Promise<GqlResult<T>> {
  const cookies: GqlResult['cookies'] = [];
  const context = await buildContext({
    token: opts.token ?? null,
    meta: { ip: opts.ip ?? '10.0.0.1', userAgent: 'vitest' },
    cookies: { set: (token) => cookies.push({ op: 'set', token }), clear: () => cookies.push({ op: 'clear' }) },
    log: silentLog,
  });
  if (opts.as !== undefined) context.viewer = opts.as;
  const result = await graphql({ schema: await getSchema(), source, variableValues: variables, contextValue: context });
  return {
    data: (result.data ?? undefined) as T | undefined,
    errors: result.errors?.map((e) => ({ message: e.message, extensions: e.extensions })),
    cookies,
    context,
  };
}

/** The code of the first error, for `expect(codeOf(r)).toBe('FORBIDDEN')`. */
export const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
