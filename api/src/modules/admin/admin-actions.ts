/**
 * Every action the admin audit log can hold, with the label the Audit Log tab shows and its filter offers: the one
 * list. `recordAdminAction` takes only these names (a new admin action that is not listed here does not compile),
 * and the `adminAuditActions` query hands the list to the web app, so the filter always offers every action.
 */
export const ADMIN_ACTIONS = {
  'user.update': 'User updated',
  'user.suspend': 'User suspended',
  'user.unsuspend': 'User unsuspended',
  'user.delete': 'User deleted',
  'notification.broadcast': 'Notification sent',
  'support.reply': 'Support reply sent',
  'report.dismiss': 'Report dismissed',
  'report.remove': 'Reported content removed',
  'report.suspendAuthor': 'Reported author suspended',
  'noot.song.approve': 'Song approved',
  'noot.song.reject': 'Song rejected',
  'bragging.championship.create': 'Championship created',
  'bragging.event.create': 'Match created',
  'bragging.event.score': 'Match scored',
  'token.admin.create': 'Admin token created',
  'token.admin.revoke': 'Admin token revoked',
  'settings.requireTwoFactorForAdmins': 'Two-factor sign-in for admins changed',
} as const satisfies Record<string, string>;

export type AdminAction = keyof typeof ADMIN_ACTIONS;

export const isAdminAction = (action: string): action is AdminAction => Object.hasOwn(ADMIN_ACTIONS, action);

/** What each kind of target is called in the log ("Member: Thandi Mokoena", "Recipe: Bobotie"). */
export const TARGET_LABELS: Record<string, string> = {
  user: 'Member',
  notification: 'Notification',
  support_thread: 'Support conversation',
  song: 'Song',
  championship: 'Championship',
  event: 'Match',
  post: 'Post',
  comment: 'Comment',
  reel: 'Reel',
  recipe: 'Recipe',
  recipeComment: 'Recipe comment',
  review: 'Review',
  listing: 'Listing',
  group: 'Group',
  groupMessage: 'Group message',
  directMessage: 'Direct message',
  alias: 'Dating alias',
  token: 'Admin token',
  settings: 'Security settings',
};

/** A target kind's label; an unknown one reads as words ("support_thread" -> "Support thread"). */
export function targetLabel(targetType: string): string {
  const known = TARGET_LABELS[targetType];
  if (known) return known;
  const words = targetType
    .replace(/[_.]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
