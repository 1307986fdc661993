import type { AuthChecker } from 'type-graphql';
import type { Context, Viewer } from './context';
import { forbidden, unauthenticated } from './errors';

/** The viewer, or UNAUTHENTICATED. Services call this first when an operation needs a member. */
export function requireViewer<V extends Viewer>(viewer: V | null): V {
  if (!viewer) throw unauthenticated();
  return viewer;
}

export function requireAdmin<V extends Viewer>(viewer: V | null): V {
  const v = requireViewer(viewer);
  authorize(v.role === 'admin', 'Only administrators may do that.');
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
 * `@Authorized()` needs a signed-in viewer; `@Authorized('admin')` an admin.
 * Throws the domain errors itself so both transports report the right code.
 */
export const authChecker: AuthChecker<Context> = ({ context }, roles) => {
  const viewer = requireViewer(context.viewer);
  authorize(roles.length === 0 || roles.includes(viewer.role));
  return true;
};
