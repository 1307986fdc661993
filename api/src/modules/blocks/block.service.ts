import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { afterCursorSql, pageOfRows, pageSize, type Page } from '../../kernel/pagination';
import { queryRows } from '../../kernel/rows';
import { blockPolicy } from './block.policy';

/**
 * Blocking, and the small API every other module uses to honour it:
 * - `notBlockedSql(viewerParam, userColumn)`: a SQL condition for list queries (feed, comments, reels, radar, ...),
 *   so a blocked pair is filtered inside the keyset query and pages stay full;
 * - `assertNotBlocked(a, b)`: FORBIDDEN when either member blocked the other (messages, friend requests, follows,
 *   comments on the blocker's post);
 *
 * What each feature does with a blocked pair (the rule: lists leave the other out; counts agree with the lists
 * when that costs no statement per item, otherwise they stay totals and say so here):
 * - posts, reels, recipes: the other's are left out of every list; acting on one (react, comment, share, like)
 *   is FORBIDDEN; so is reading the comments or who reacted on the other's post or recipe;
 * - comments and reactions on a third member's post or recipe: the other's are left out of the lists AND of
 *   `commentCount` and `reactionCounts`, which are facts computed for a whole page in one statement
 *   (kernel/facts.ts), so excluding them costs no statement (comment.facts.ts, reaction.facts.ts, recipe.facts.ts);
 * - marketplace: the other's listings leave browsing (inside `marketplace_listing_page`, migration
 *   BlocksInMarketplace) and the "Showing X of Y" count; their detail is null; Message Seller is refused because
 *   every conversation start, whatever its origin, asserts it (message.service.ts);
 * - events: the other's events leave browsing and search; the event link is null; booking their event is FORBIDDEN
 *   (tickets already held stay: "My Tickets" is the member's own record);
 * - business reviews: the other's review leaves the Reviews tab; the page's rating and review count stay its
 *   totals (the business's public standing, the same for every visitor);
 * - group chats (Klets): both may stay members of a group they share; each one's messages are hidden from the other
 *   (left out, not collapsed) in the history (inside the keyset query), live (each message's event names the members
 *   it must not reach, worked out once when it is sent) and in the Klets unread count; groups have no invitations,
 *   so an admin's approving the join request of a member either side of a block with them is FORBIDDEN (declining
 *   stays possible);
 * - jobs: NOT filtered. Vacancies stay in the board and search, and an application between a blocked pair keeps
 *   working both ways: the manager still sees, moves and rejects it, and the applicant still sees its stage and
 *   feedback in their Jobs tab. An application is a record both sides hold (the applicant's CV and the outcome
 *   owed to them); blocking must not let a manager hide an outcome from an applicant, nor let either side make
 *   the other's application vanish. Only the bell notification of a step follows the rule of notifications
 *   (none between a blocked pair); the Jobs tab shows the step (job-application.test.ts).
 */

/** The message of every refusal between a blocked pair: it does not say who blocked whom. */
export const BLOCKED_MESSAGE = 'You cannot interact with this member.';

/**
 * A condition true when neither the member `viewerParam` nor the member in `userColumn` blocked the other, and the
 * member in `userColumn` is not suspended: two anti-joins, each a lookup by the primary key (blocker_id, blocked_id),
 * and one lookup of the member by primary key, so it stays cheap per row of any list. `viewerParam` is a bound
 * parameter (`$2`, `:viewerId`), never a value: the caller binds the viewer's id.
 *
 * Suspension (issue 24, finding 20): every list and lookup that honours blocks goes through here (or through
 * `isBlockedEitherWay`/`assertNotBlocked`, which use it), so a suspended member's posts, comments, reels, recipes,
 * reviews, events, group messages, profile... leave every other member's lists and lookups while the suspension
 * stands, and come back, untouched, when it is lifted. An admin's own tools (the moderation queue's `load`, the
 * members tab) read rows without it.
 */
export function notBlockedSql(viewerParam: string, userColumn: string): string {
  return (
    `(NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${viewerParam} AND ub.blocked_id ` +
    `= ${userColumn})
      AND NOT EXISTS (SELECT 1 FROM user_blocks ub WHERE ub.blocker_id = ${userColumn} AND ub.blocked_id ` +
    `= ${viewerParam})
      AND NOT ${suspendedSql(userColumn)})`
  );
}

/** SQL: true when the member in `userColumn` is suspended (a primary-key lookup; NULL, no member: false). */
export function suspendedSql(userColumn: string): string {
  return `EXISTS (SELECT 1 FROM users su WHERE su.id = ${userColumn} AND su.suspended_at IS NOT NULL)`;
}

/**
 * SQL: the suspended members, as one `id` column (the partial index IDX_users_suspended: as many rows as there are
 * suspended members), for statements that subtract the members the viewer must not see from a count.
 */
export const SUSPENDED_MEMBERS_SQL = 'SELECT id FROM users WHERE suspended_at IS NOT NULL';

/**
 * SQL: the members either side of a block with the member `userParam` (a bound parameter), as one `id` column: for
 * working out once, when something is published, whom it must not reach (a group chat's message).
 */
export function blockedEitherWaySql(userParam: string): string {
  return `SELECT blocked_id AS id FROM user_blocks WHERE blocker_id = ${userParam}
    UNION SELECT blocker_id FROM user_blocks WHERE blocked_id = ${userParam}`;
}

/** Where a statement runs: the pool (default), or a transaction's manager when the caller holds one. */
type Runner = { query: (sql: string, parameters: unknown[]) => Promise<unknown> };
const pool: Runner = { query: (sql, parameters) => queryRows(sql, parameters) };

/**
 * Whether either of two members blocked the other, or `b` is suspended: one statement (inside `runner`'s transaction if
 * given).
 */
export async function isBlockedEitherWay(a: string, b: string, runner: Runner = pool): Promise<boolean> {
  if (a === b) return false;
  const [row] = (await runner.query(`SELECT NOT ${notBlockedSql('$1::uuid', '$2::uuid')} AS blocked`, [
    a,
    b,
  ])) as Array<{ blocked: boolean }>;
  return row.blocked;
}

/**
 * Refuses (FORBIDDEN) anything between two members when either blocked the other (or `b` is suspended). Inside a
 * transaction, pass its manager: a check on the pool while the transaction holds a connection could wait for a free one
 * forever.
 */
export async function assertNotBlocked(a: string, b: string, runner: Runner = pool): Promise<void> {
  authorize(!(await isBlockedEitherWay(a, b, runner)), BLOCKED_MESSAGE);
}

async function otherMember(viewer: Viewer, userId: unknown): Promise<string> {
  const id = checkUuid(userId, 'userId');
  if (!blockPolicy.canBlock(viewer, id)) throw badInput('userId', 'must be another member: you cannot block yourself');
  const [row] = await queryRows<{ id: string }>('SELECT id FROM users WHERE id = $1', [id]);
  if (!row) throw notFound('Member');
  return id;
}

/**
 * The viewer blocks a member. In one transaction: the block (once per pair: a retry or parallel clicks keep one
 * row), and whatever tied the two ends: their friendship or pending request, and their follows either way.
 * Idempotent: blocking again answers as the first did.
 */
export async function blockMember(viewer: Viewer | null, userId: string): Promise<void> {
  const v = requireViewer(viewer);
  const id = await otherMember(v, userId);
  await db().transaction(async (m) => {
    await m.query('INSERT INTO user_blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      v.id,
      id,
    ]);
    await m.query(
      `DELETE FROM friendships WHERE user_low_id = LEAST($1::uuid, $2::uuid) AND user_high_id = GREATEST($1::uuid, ` +
        `$2::uuid)`,
      [v.id, id],
    );
    await m.query(
      'DELETE FROM member_follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id ' +
        '= $1)',
      [v.id, id],
    );
  });
}

/**
 * The viewer unblocks a member; idempotent (not blocked is already the answer). Nothing that blocking ended returns.
 */
export async function unblockMember(viewer: Viewer | null, userId: string): Promise<void> {
  const v = requireViewer(viewer);
  const id = await otherMember(v, userId);
  await db().query('DELETE FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2', [v.id, id]);
}

/**
 * The members the viewer blocked, most recently blocked first, a page at a time (keyset on (created_at,
 * blocked_id), served by IDX_user_blocks_blocker_created). Answers the member ids; the resolver loads them.
 */
export async function blockedMembers(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<{ id: string; createdAt: Date }>> {
  const v = requireViewer(viewer);
  const size = pageSize(args.first);
  const params: unknown[] = [v.id, size + 1];
  const after = afterCursorSql(args.after, 'created_at', 'blocked_id', params);
  const rows = await queryRows<{ id: string; createdAt: Date }>(
    `SELECT blocked_id AS id, created_at AS "createdAt" FROM user_blocks WHERE blocker_id = $1 ${after}
     ORDER BY created_at DESC, blocked_id DESC LIMIT $2`,
    params,
  );
  return pageOfRows(rows, size, (r) => [r.createdAt, r.id]);
}
