import type { AuthChecker } from 'type-graphql';
import type { Context, Viewer } from './context';
import { DomainError, forbidden, unauthenticated } from './errors';

/** The viewer, or UNAUTHENTICATED. Services call this first when an operation needs a member. */
export function requireViewer<V extends Viewer>(viewer: V | null): V {
  if (!viewer) throw unauthenticated();
  return viewer;
}

/** An admin without a second factor while "require two-factor sign-in for admins" is on: FORBIDDEN with this reason. */
export const ADMIN_NEEDS_TWO_FACTOR =
  'Administrators must turn on two-factor sign-in first: Settings > Two-factor sign-in.';

function refuseUnenrolledAdmin(v: Viewer): void {
  if (v.mustEnrolTwoFactor)
    throw new DomainError('FORBIDDEN', ADMIN_NEEDS_TWO_FACTOR, { reason: 'TWO_FACTOR_REQUIRED' });
}

/**
 * Whether the viewer has an admin's powers: the admin role, and, while "require two-factor sign-in for admins" is on,
 * a second factor. The one test of admin powers: policies that let admins do more use it, never the role alone.
 */
export function isAdmin(viewer: Pick<Viewer, 'role' | 'mustEnrolTwoFactor'> | null | undefined): boolean {
  return viewer?.role === 'admin' && !viewer.mustEnrolTwoFactor;
}

/**
 * The admin role alone, with or without a second factor: only to decide whether the admins' second-factor gate
 * applies to a viewer (the composition root, two-factor), never as a gate (that is `requireAdmin` or `isAdmin`).
 */
export function hasAdminRole(viewer: Pick<Viewer, 'role'>): boolean {
  return viewer.role === 'admin';
}

export function requireAdmin<V extends Viewer>(viewer: V | null): V {
  const v = requireViewer(viewer);
  authorize(hasAdminRole(v), 'Only administrators may do that.');
  refuseUnenrolledAdmin(v);
  return v;
}

/**
 * The one way a service applies a rule: pass a policy's answer; a refusal is FORBIDDEN with `message`.
 * `if (!allowed) throw forbidden(...)` is not written anywhere else.
 */
export function authorize(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw forbidden(message);
}

/**
 * `@Authorized()` needs a signed-in viewer; that is all it checks. Admin operations have one gate, `requireAdmin` in
 * the service (the same for GraphQL, REST and jobs): a role given to `@Authorized(...)` is refused, so a second way of
 * checking admins cannot come back. Throws the domain errors itself so both transports report the right code.
 */
export const authChecker: AuthChecker<Context> = ({ context, info }, roles) => {
  if (roles.length)
    throw new Error(
      `@Authorized(${roles.map((r) => `'${r}'`).join(', ')}) on ${info.parentType.name}.${info.fieldName}: ` +
        'roles are not checked here; call requireAdmin in the service and use @Authorized()',
    );
  requireViewer(context.viewer);
  return true;
};
