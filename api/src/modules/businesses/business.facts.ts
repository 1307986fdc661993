import type { FactSql } from '../../kernel/facts';

/**
 * What follows and reviews add to a page of businesses (one statement for the page: see kernel/facts.ts). The review
 * count and rating are the page's totals for every viewer, a blocked pair's reviews included
 * (business-queries.service.ts).
 */
export interface BusinessFacts {
  followerCount: number;
  reviewCount: number;
  /** The mean of the reviews' stars; null without reviews. */
  rating: number | null;
  viewerFollows: boolean;
  /** The viewer's own review as JSON (id, rating, comment, dates), or null. */
  viewerReview: {
    id: string;
    businessId: string;
    memberId: string;
    rating: number;
    comment: string | null;
    createdAt: string;
    updatedAt: string;
  } | null;
}

export const businessFacts: FactSql<BusinessFacts> = {
  followerCount: 'SELECT count(*)::int FROM business_follows WHERE business_id = t.id',
  reviewCount: 'SELECT count(*)::int FROM business_reviews WHERE business_id = t.id',
  rating: 'SELECT avg(rating)::float8 FROM business_reviews WHERE business_id = t.id',
  viewerFollows: 'SELECT EXISTS (SELECT 1 FROM business_follows WHERE member_id = $2 AND business_id = t.id)',
  viewerReview:
    `SELECT json_build_object('id', r.id, 'businessId', r.business_id, 'memberId', r.member_id, ` +
    `'rating', r.rating,
       'comment', r.comment, 'createdAt', r.created_at, 'updatedAt', r.updated_at)
       FROM business_reviews r WHERE r.business_id = t.id AND r.member_id = $2`,
};
