import { db } from '../../kernel/database';
import { notFound } from '../../kernel/errors';
import { Role, User } from './user.entity';

export const users = () => db().getRepository(User);

export async function findUserByEmail(email: string, withPassword = false): Promise<User | null> {
  const qb = users().createQueryBuilder('u').where('u.email = :email', { email: email.trim() });
  if (withPassword) qb.addSelect('u.passwordHash');
  return qb.getOne();
}

/** Promotes a member to admin (the `npm run admin -- grant` command and ADMIN_EMAILS use it). */
export async function grantAdmin(email: string): Promise<User> {
  const user = await findUserByEmail(email);
  if (!user) throw notFound(`User ${email}`);
  if (user.role !== Role.admin) {
    user.role = Role.admin;
    await users().save(user);
  }
  return user;
}

/** Whether the viewer may see this member's private fields (e-mail). */
export function canSeePrivate(viewer: User | null, user: User): boolean {
  return !!viewer && (viewer.id === user.id || viewer.role === Role.admin);
}

