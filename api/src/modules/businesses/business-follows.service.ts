import { authorize, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, DomainError } from '../../kernel/errors';
import { queryRows } from '../../kernel/rows';
import { BusinessFollow } from './business-follow.entity';
import { BusinessReview } from './business-review.entity';
import { Business } from './business.entity';
import { businessPolicy } from './business.policy';
import { enqueueWebhooks, memberSummary, WebhookEvent } from '../webhooks/webhook.outbox';
import { ALREADY_FOLLOWING_MESSAGE, RATING_REQUIRED_MESSAGE, findBusiness } from './business.service';

/** Follows a page; a second follow is a CONFLICT whose message says "Already following" (spec 001 section 8). */
export async function followBusiness(viewer: Viewer | null, id: string): Promise<Business> {
  const v = requireViewer(viewer);
  const business = await findBusiness(id);
  // The page's webhooks hear of the follow in its transaction: only the follow that made the row enqueues.
  const followed = await db().transaction(async (tx) => {
    const rows = (await tx.query(
      'INSERT INTO business_follows (member_id, business_id) VALUES ($1, $2) ON CONFLICT (member_id, business_id) DO ' +
        'NOTHING RETURNING id, created_at',
      [v.id, business.id],
    )) as Array<{ id: string; created_at: Date }>;
    if (!rows.length) return false;
    await enqueueWebhooks(tx, WebhookEvent.newFollower, { businessId: business.id }, async () => ({
      follower: await memberSummary(tx, v.id),
      business: { id: business.id, name: business.name },
      followedAt: rows[0].created_at,
    }));
    return true;
  });
  if (!followed) throw conflict('ALREADY_FOLLOWING', ALREADY_FOLLOWING_MESSAGE);
  return business;
}

/** Unfollows a page; unfollowing a page one does not follow changes nothing and answers the page. */
export async function unfollowBusiness(viewer: Viewer | null, id: string): Promise<Business> {
  const v = requireViewer(viewer);
  const business = await findBusiness(id);
  await queryRows('DELETE FROM business_follows WHERE member_id = $1 AND business_id = $2', [v.id, business.id]);
  return business;
}

/**
 * The viewer's review of a page they follow and do not own: 1 to 5 stars and an optional comment. One per member
 * and page: a second submission edits the first (one atomic upsert, so parallel submissions still make one row).
 */
export async function reviewBusiness(
  viewer: Viewer | null,
  id: string,
  rating: unknown,
  comment: string | null | undefined,
): Promise<BusinessReview> {
  const v = requireViewer(viewer);
  const business = await findBusiness(id);
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new DomainError('BAD_USER_INPUT', RATING_REQUIRED_MESSAGE, { field: 'rating' });
  }
  const text = (comment ?? '').trim();
  if (text.length > 2000) throw badInput('comment', 'must be at most 2000 characters');
  authorize(!businessPolicy.isOwnPage(v, business), 'You cannot review your own business page.');
  const follows = await db().getRepository(BusinessFollow).existsBy({ memberId: v.id, businessId: business.id });
  authorize(businessPolicy.canReview(v, business, follows), 'Follow this business to review it.');
  const rows = await queryRows<{ id: string }>(
    `INSERT INTO business_reviews (business_id, member_id, rating, comment) VALUES ($1, $2, $3, $4)
     ON CONFLICT (business_id, member_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, ` +
      `updated_at = now()
     RETURNING id`,
    [business.id, v.id, rating, text || null],
  );
  return db().getRepository(BusinessReview).findOneByOrFail({ id: rows[0].id });
}
