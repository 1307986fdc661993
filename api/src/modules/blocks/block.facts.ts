import type { FactSql } from '../../kernel/facts';

/** What blocks add to a page of members (in the members' facts statement: no statement of its own). */
export interface MemberBlockFacts {
  blockedByMe: boolean;
}

export const memberBlockFacts: FactSql<MemberBlockFacts> = {
  // The primary key (blocker_id, blocked_id) serves it.
  blockedByMe: 'SELECT EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = $2 AND blocked_id = t.id)',
};
