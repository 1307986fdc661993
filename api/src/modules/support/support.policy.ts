import type { Viewer } from '../../kernel/context';
import { isAdmin } from '../../kernel/auth';

/**
 * Who sits on which side of the support inbox: admins answer every member's thread (reading and answering are
 * admin operations through `requireAdmin`), a member writes in their own thread only.
 */
export const supportPolicy = {
  /** The viewer sits on the team's side: their unread count and live events are the team's. */
  onTeamSide: (viewer: Viewer | null): boolean => isAdmin(viewer),
  /** An answer shows under the answering admin's full name to admins, under the team's name to the member. */
  seesAnswerersFullName: (viewer: Viewer | null): boolean => isAdmin(viewer),
};
