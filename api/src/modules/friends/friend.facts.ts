import type { FactSql } from '../../kernel/facts';

/** What friendships add to a page of members (one statement per page: see kernel/facts.ts). */
export interface MemberFriendFacts {
  friendCount: number;
}

export const memberFriendFacts: FactSql<MemberFriendFacts> = {
  // Accepted only: a pending request is no friend yet. The unique (low, high) index serves the first side,
  // IDX on user_high_id the second.
  friendCount:
    `SELECT count(*)::int FROM friendships WHERE status = 'accepted' AND (user_low_id = t.id OR ` +
    `user_high_id = t.id)`,
};
