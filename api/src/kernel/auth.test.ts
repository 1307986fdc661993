import type { GraphQLResolveInfo } from 'graphql';
import type { ResolverData } from 'type-graphql';
import { describe, expect, test } from 'vitest';
import { authChecker, requireAdmin } from './auth';
import type { Context, Viewer } from './context';

const member = { id: 'm', role: 'user', mustEnrolTwoFactor: false } as unknown as Viewer;
const admin = { id: 'a', role: 'admin', mustEnrolTwoFactor: false } as unknown as Viewer;
const call = (viewer: Viewer | null, roles: string[]) =>
  authChecker(
    {
      root: {},
      args: {},
      context: { viewer } as Context,
      info: { parentType: { name: 'Mutation' }, fieldName: 'op' } as unknown as GraphQLResolveInfo,
    } as ResolverData<Context>,
    roles,
  );

describe('admin operations have one gate (requireAdmin in the service)', () => {
  test('@Authorized() asks only for a signed-in viewer', () => {
    expect(call(member, [])).toBe(true);
    expect(() => call(null, [])).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });

  test("@Authorized('admin') is refused even for an admin: roles are not a second way of checking admins", () => {
    expect(() => call(admin, ['admin'])).toThrow(/Mutation\.op: roles are not checked here; call requireAdmin/);
  });

  test('requireAdmin refuses members (FORBIDDEN) and unenrolled admins (TWO_FACTOR_REQUIRED)', () => {
    expect(requireAdmin(admin)).toBe(admin);
    expect(() => requireAdmin(member)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => requireAdmin({ ...admin, mustEnrolTwoFactor: true })).toThrow(
      expect.objectContaining({
        code: 'FORBIDDEN',
        extensions: expect.objectContaining({ reason: 'TWO_FACTOR_REQUIRED' }),
      }),
    );
  });
});
