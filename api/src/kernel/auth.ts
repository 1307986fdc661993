import type { AuthChecker } from 'type-graphql';
import type { Context } from './context';
import type { User } from '../modules/users/user.entity';
import { forbidden, unauthenticated } from './errors';

/** The viewer, or UNAUTHENTICATED. Services call this first when an operation needs a member. */
export function requireViewer(viewer: User | null): User {
  if (!viewer) throw unauthenticated();
  return viewer;
}

export function requireAdmin(viewer: User | null): User {
  const v = requireViewer(viewer);
  if (v.role !== 'admin') throw forbidden('Only administrators may do that.');
  return v;
}

/**
 * `@Authorized()` needs a signed-in viewer; `@Authorized('admin')` an admin.
 * Throws the domain errors itself so both transports report the right code.
 */
export const authChecker: AuthChecker<Context> = ({ context }, roles) => {
  const viewer = requireViewer(context.viewer);
  if (roles.length > 0 && !roles.includes(viewer.role)) throw forbidden();
  return true;
};
