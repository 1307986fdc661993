import { applicationsForArchive } from '../jobs/job-application.export';
import { conversationsForArchive, messagesForArchive } from '../messages/message.export';

/**
 * What a member's data is, table by table: the one list that the export ("download my data") and account deletion
 * read. Each table that references `users` appears here with the columns that name the member; the completeness test
 * (account.test.ts) compares these columns to the database's foreign keys, so a new feature's table fails the test
 * until it has a rule here. Deletion itself follows the foreign keys (ON DELETE CASCADE / SET NULL); this list says
 * which columns hold stored files so their files go too.
 */
export interface TableRule {
  /** The columns that name the member (each a foreign key to users.id): rows where any of them is the member are theirs. */
  member: string[];
  /** Columns that name the member in rows that belong to someone else: not exported, and the foreign key's rule applies. */
  mentions?: string[];
  /** More rows that belong in the member's archive (SQL over the table's own columns, `$1` the member's id). */
  alsoWhere?: string;
  /** Columns left out of the archive: secrets that only verify something (password hashes, token hashes). */
  omit?: string[];
  /**
   * Columns left out because someone else writes them and the API never shows them to this member (an employer's
   * notes and pipeline stage on the member's application, the admin who resolved their report, the other side's
   * member id in a conversation): the archive holds only what the member may read through the API.
   */
  hidden?: string[];
  /**
   * Turns a page of the member's rows into what the member sees of them, before `omit` and `hidden` apply (the
   * owning module's function: a conversation's sides as the chat shows them, an alias never as its member).
   */
  shape?: (rows: Array<Record<string, unknown>>, memberId: string) => Promise<Array<Record<string, unknown>>>;
  /** Why the table's rows are not in the archive at all (short-lived secrets); they are still deleted with the member. */
  notExported?: string;
  /** Columns holding public media URLs (`/media/...`), as text or inside JSON: these files are exported and deleted. */
  media?: string[];
  /** Columns holding private store keys (CVs, vault files): exported as stored unless `filesLeftOut`, and deleted. */
  private?: string[];
  /** Why the files of the `private` columns are not in the archive as stored (vault files: sealed under a key it does not carry). */
  filesLeftOut?: string;
}

/** The member's conversations, as a condition over a table with a `conversation_id` column. */
const IN_MY_CONVERSATIONS = `conversation_id IN (SELECT conversation_id FROM conversation_members WHERE member_id = $1)`;

export const ACCOUNT_TABLES: Record<string, TableRule> = {
  users: { member: ['id'], omit: ['password_hash'], media: ['profile_image_url', 'cover_image_url', 'profile_media'] },
  identities: { member: ['member_id'] },
  sessions: { member: ['member_id'], omit: ['token_hash'] },
  // Personal access tokens: their names, scopes and dates are the member's; the secret's hash only verifies one.
  access_tokens: { member: ['member_id'], omit: ['token_hash'] },
  // Webhooks: their URLs, events and dates are the member's; the signing secret only signs deliveries.
  webhooks: { member: ['member_id'], omit: ['secret'] },
  email_verifications: { member: ['member_id'], notExported: 'a single-use sign-up link, secret and short-lived' },
  password_resets: { member: ['member_id'], notExported: 'a single-use reset link, secret and short-lived' },
  // Two-factor sign-in: that an authenticator app is on and since when, and the passkeys' names and dates; the app's
  // secret, the passkeys' keys and the recovery codes' hashes only verify a sign-in.
  member_totp: { member: ['member_id'], omit: ['secret', 'last_step'] },
  recovery_codes: { member: ['member_id'], notExported: 'single-use recovery codes, kept only as hashes' },
  passkeys: { member: ['member_id'], omit: ['credential_id', 'public_key', 'counter'] },
  pending_sign_ins: {
    member: ['member_id'],
    notExported: 'a sign-in waiting for its second step, secret and short-lived',
  },
  webauthn_challenges: { member: ['member_id'], notExported: 'a passkey challenge, single-use and short-lived' },
  member_feature_choices: { member: ['member_id'] },
  radar_positions: { member: ['member_id'] },
  friendships: { member: ['user_low_id', 'user_high_id', 'requester_id'] },
  member_follows: { member: ['follower_id', 'followee_id'] },
  // Members the member blocked are theirs; who blocked them is not (the archive must not reveal it).
  user_blocks: { member: ['blocker_id'], mentions: ['blocked_id'] },
  job_board_visits: { member: ['member_id'] },
  // Bragging Rights: an admin's championships and events stay for the game (SET NULL), their logos with them.
  bragging_championships: { member: ['created_by_id'] },
  bragging_events: { member: ['created_by_id'], media: ['team1_logo', 'team2_logo', 'files'] },
  bragging_predictions: { member: ['member_id'] },
  bragging_standings: { member: ['member_id'] },
  bragging_badges: { member: ['member_id'] },
  // Who caused a notification is in its words; the actor's member id is not shown through the API.
  notifications: { member: ['recipient_id'], mentions: ['actor_id'], hidden: ['actor_id'] },
  notification_reads: { member: ['member_id'] },
  // The support inbox: the member's thread and every message in it (their words and the admins' answers); the
  // answers an admin wrote are theirs too, and stay in the member's thread (author_id SET NULL) when the admin goes.
  // When the team read the thread is theirs; which admin answered is not shown to the member (`mine` says whose).
  support_threads: { member: ['member_id'], hidden: ['support_read_at'] },
  support_messages: {
    member: ['author_id'],
    alsoWhere: `thread_id IN (SELECT id FROM support_threads WHERE member_id = $1)`,
    hidden: ['author_id'],
    shape: async (rows, memberId) => rows.map((r) => ({ ...r, mine: r.author_id === memberId })),
  },
  // The admin actions an admin took are theirs; on deletion the rows stay (the log is append-only) with actor_id NULL.
  admin_audit_log: { member: ['actor_id'] },
  posts: { member: ['author_id'], media: ['images', 'video_url', 'document_url'] },
  post_shares: { member: ['member_id'] },
  // A member's reports are theirs; the reports an admin resolved stay (resolved_by SET NULL).
  // How a report was handled, and by which admin, is the moderators' (the API shows a reporter none of it).
  reports: { member: ['reporter_id'], mentions: ['resolved_by'], hidden: ['status', 'resolved_at', 'resolved_by'] },
  comments: { member: ['author_id'] },
  reactions: { member: ['member_id'] },
  saved_checkins: { member: ['member_id'] },
  reels: { member: ['author_id'], media: ['files', 'video_url', 'image_url', 'thumbnail_url'] },
  reel_likes: { member: ['member_id'] },
  recipes: { member: ['author_id'], media: ['images'] },
  recipe_comments: { member: ['author_id'] },
  recipe_reactions: { member: ['member_id'] },
  recipe_shares: { member: ['member_id'] },
  businesses: { member: ['owner_id'], media: ['media', 'image_url', 'cover_photo_url'] },
  business_follows: { member: ['member_id'] },
  business_reviews: { member: ['member_id'] },
  job_vacancies: { member: ['poster_id'] },
  // The employer's notes and pipeline stage (and when they last touched the row) are theirs: the applicant reads
  // `status` and `feedback` through the API, both from is_rejected, rejection_reason and the stage's outcome.
  job_applications: {
    member: ['applicant_id'],
    private: ['cv_key'],
    hidden: ['notes', 'stage', 'updated_at'],
    shape: applicationsForArchive,
  },
  events: { member: ['host_id'], media: ['image_url', 'media'] },
  event_bookings: { member: ['member_id'] },
  // The two sides as the chat shows them (`me`, `peer`); the origin key names members, so it stays out.
  conversations: {
    member: [],
    alsoWhere: `id IN (SELECT conversation_id FROM conversation_members WHERE member_id = $1)`,
    hidden: ['origin_key'],
    shape: conversationsForArchive,
  },
  conversation_members: { member: ['member_id'], media: ['persona_photo_url'] },
  /** Messages they sent and those they received, each with `mine` and its `sender` as the chat shows them (an alias, never the member behind it). */
  messages: { member: ['sender_id'], alsoWhere: IN_MY_CONVERSATIONS, hidden: ['sender_id'], shape: messagesForArchive },
  dating_aliases: { member: ['member_id'], media: ['media', 'photos'] },
  groups: { member: ['creator_id'], media: ['image_url', 'media'] },
  group_members: { member: ['member_id'] },
  group_favorites: { member: ['member_id'] },
  group_join_requests: { member: ['member_id'] },
  group_messages: { member: ['sender_id'] },
  marketplace_listings: { member: ['seller_id'], media: ['files', 'image_url', 'thumbnail_url'] },
  noot_playlists: { member: ['created_by_id'] },
  noot_songs: { member: ['uploader_id'], media: ['files', 'song_file_url', 'cover_image_url'] },
  noot_song_likes: { member: ['member_id'] },
  noot_monthly_likes: { member: ['member_id'] },
  vault_keys: {
    member: ['member_id'],
    notExported:
      "the vault's password verifier, salt and wrapped key: with them the vault password could be guessed offline",
  },
  vault_unlocks: { member: ['member_id'], notExported: "a session's unlocked vault key, for minutes only" },
  // Names, types and dates; the files only decrypted, when the vault is unlocked in the session that downloads.
  vault_documents: {
    member: ['owner_id'],
    private: ['file_key'],
    hidden: ['file_key'],
    filesLeftOut:
      'sealed under the vault password: the archive has them decrypted (vault/) when the vault is unlocked as you download',
  },
};

/** A table or column name quoted for SQL. */
export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The member's rows of a table, as a condition with `$1` the member's id. */
export function memberCondition(rule: TableRule): string {
  const parts = rule.member.map((c) => `"${c}" = $1`);
  if (rule.alsoWhere) parts.push(`(${rule.alsoWhere})`);
  return parts.join(' OR ');
}

/** Every string under a column's value (text or JSON) that names a stored file. */
export function filesIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) filesIn(v, into);
  else if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !(value instanceof Date))
    for (const v of Object.values(value)) filesIn(v, into);
  return into;
}
