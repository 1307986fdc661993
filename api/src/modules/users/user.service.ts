import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { text } from '../../kernel/input';
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

export function checkName(value: unknown, field: string): string {
  const v = text(value, field, { max: 50, required: true });
  // A name goes into mail headers, notifications and other members' screens: no line breaks, terminal escapes or
  // right-to-left overrides that would make it read as something else.
  if (NAME_CONTROL.test(v)) throw badInput(field, 'must not contain control characters');
  return v;
}

/** C0 and C1 control characters (line breaks and escapes among them) and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The name a member chooses, e.g. at first sign-in when their Google or Facebook account gave none. */
export async function chooseName(viewer: Viewer | null, input: { firstName: string; lastName: string }): Promise<User> {
  const v = requireViewer(viewer);
  const firstName = checkName(input.firstName, 'firstName');
  const lastName = checkName(input.lastName, 'lastName');
  await users().update({ id: v.id }, { firstName, lastName });
  return users().findOneByOrFail({ id: v.id });
}

/** A member's display name, for messages that name who did something (the context's viewer holds only id and role). */
export async function displayNameOfMember(id: string): Promise<string> {
  return (await users().findOneByOrFail({ id })).displayName;
}

/** The tutorial has nine steps (0 to 8); completing it stores step 9. */
export const TUTORIAL_STEPS = 9;

export async function updateTutorial(
  viewer: Viewer | null,
  input: { tutorialStep?: number | null; tutorialCompleted?: boolean | null },
): Promise<User> {
  const v = requireViewer(viewer);
  const step = input.tutorialStep;
  const completed = input.tutorialCompleted;
  if ((step === undefined || step === null) && (completed === undefined || completed === null)) {
    throw badInput('tutorialStep', 'or tutorialCompleted is required');
  }
  const patch: Partial<User> = {};
  if (step !== undefined && step !== null) {
    if (!Number.isInteger(step) || step < 0 || step > TUTORIAL_STEPS)
      throw badInput('tutorialStep', `must be between 0 and ${TUTORIAL_STEPS}`);
    patch.tutorialStep = step;
  }
  if (completed !== undefined && completed !== null) {
    patch.tutorialCompleted = completed;
    if (completed && patch.tutorialStep === undefined) patch.tutorialStep = TUTORIAL_STEPS;
  }
  await users().update({ id: v.id }, patch);
  return users().findOneByOrFail({ id: v.id });
}
