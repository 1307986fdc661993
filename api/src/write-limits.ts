/**
 * The mutations a signed-in member may call without counting against their write limit (kernel/rate-limit.ts,
 * `limitMutations`), each with the reason. Every other mutation counts, and one added later counts unless it is
 * named here: keep this list short. `write-limits.test.ts` calls every mutation of the schema as a member whose
 * write limit is spent and fails for one that is neither refused nor listed here.
 */
export const UNLIMITED_MUTATIONS: Readonly<Record<string, string>> = {
  // Signing in and out, and the links mailed to a member: each has its own limits per IP and per account
  // (RATE_SIGNIN_*, RATE_SIGNUP_PER_IP, RATE_RESET_PER_IP), and a member locked out of writing must still sign out.
  signUp: 'own limit per IP (RATE_SIGNUP_PER_IP)',
  signIn: 'own limits per IP and per account (RATE_SIGNIN_*)',
  signOut: 'ends the session; creates nothing',
  completeSignIn: 'the second step of a sign-in: own limits per member and per IP (RATE_SIGNIN_*)',
  passkeySignInOptions: 'a sign-in challenge: own limit per IP (RATE_SIGNIN_PER_IP)',
  signInWithPasskey: 'a sign-in: own limit per IP (RATE_SIGNIN_PER_IP)',
  // Ending one's sessions must work even when a stolen session has spent the write limit.
  endSession: 'ends a session; creates nothing',
  endOtherSessions: 'ends sessions; creates nothing',
  requestPasswordReset: 'own limit per IP (RATE_RESET_PER_IP)',
  resetPassword: 'single-use link; creates nothing',
  verifyEmail: 'single-use link; creates nothing',
  resendVerificationEmail: 'own limit per member (RATE_RESET_PER_IP a window)',
  // Read markers: the screens call them by themselves as messages and notifications arrive; they create no row
  // and only move the member's own "read up to" marks.
  markConversationRead: 'read marker; creates nothing',
  markGroupRead: 'read marker; creates nothing',
  markNotificationRead: 'read marker; creates nothing',
  markAllNotificationsRead: 'read marker; creates nothing',
  markSupportRead: 'read marker; creates nothing',
  markSupportThreadRead: 'read marker; creates nothing',
  markJobsSeen: 'read marker; creates nothing',
  // Locking the vault must always work: it only forgets the unlocked key.
  lockVault: 'forgets the unlocked vault key; creates nothing',
};
