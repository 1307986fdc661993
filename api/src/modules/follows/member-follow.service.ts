import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { queryRows } from '../../kernel/rows';
import { assertNotBlocked } from '../blocks/block.service';
import { enqueueWebhooks, memberSummary, WebhookEvent } from '../webhooks/webhook.outbox';
import { memberFollowPolicy } from './member-follow.policy';

async function otherMember(viewer: Viewer, userId: string): Promise<string> {
  const id = checkUuid(userId, 'userId');
  if (!memberFollowPolicy.canFollow(viewer, id))
    throw badInput('userId', 'must be another member: you cannot follow yourself');
  const [row] = await queryRows<{ id: string }>('SELECT id FROM users WHERE id = $1', [id]);
  if (!row) throw notFound('Member');
  return id;
}

/**
 * The viewer follows a member. Idempotent: following again (or fifty clicks at once) keeps the one row that the
 * primary key allows, and answers as the first did. The followed member's webhooks hear of it in the same
 * transaction, once: only the follow that made the row enqueues.
 */
export async function followMember(viewer: Viewer | null, userId: string): Promise<void> {
  const v = requireViewer(viewer);
  const id = await otherMember(v, userId);
  await assertNotBlocked(v.id, id);
  await db().transaction(async (tx) => {
    const made = (await tx.query(
      'INSERT INTO member_follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ' +
        'created_at',
      [v.id, id],
    )) as Array<{ created_at: Date }>;
    if (made.length) {
      await enqueueWebhooks(tx, WebhookEvent.newFollower, { memberId: id }, async () => ({
        follower: await memberSummary(tx, v.id),
        followedAt: made[0].created_at,
      }));
    }
  });
}

/** The viewer stops following a member; idempotent (not following is already the answer). */
export async function unfollowMember(viewer: Viewer | null, userId: string): Promise<void> {
  const v = requireViewer(viewer);
  const id = await otherMember(v, userId);
  await db().query('DELETE FROM member_follows WHERE follower_id = $1 AND followee_id = $2', [v.id, id]);
}
