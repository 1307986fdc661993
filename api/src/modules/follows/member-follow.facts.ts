import type { FactSql } from '../../kernel/facts';

/** What member follows add to a page of members (one statement per page: see kernel/facts.ts). */
export interface MemberFollowFacts {
  followingCount: number;
  followerCount: number;
  viewerFollows: boolean;
}

export const memberFollowFacts: FactSql<MemberFollowFacts> = {
  // The primary key (follower_id, followee_id) serves the first, IDX_member_follows_followee the second.
  followingCount: 'SELECT count(*)::int FROM member_follows WHERE follower_id = t.id',
  followerCount: 'SELECT count(*)::int FROM member_follows WHERE followee_id = t.id',
  viewerFollows: 'SELECT EXISTS (SELECT 1 FROM member_follows WHERE follower_id = $2 AND followee_id = t.id)',
};
