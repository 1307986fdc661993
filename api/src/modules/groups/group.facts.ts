import type { FactSql } from '../../kernel/facts';
import type { GroupRole } from './group-member.entity';

/** The viewer's standing in each group of a page (one statement for the page: see kernel/facts.ts). */
export interface GroupFacts {
  viewerRole: GroupRole | null;
  viewerRequested: boolean;
  isFavorite: boolean;
}

export const groupFacts: FactSql<GroupFacts> = {
  viewerRole: 'SELECT role FROM group_members WHERE group_id = t.id AND member_id = $2',
  viewerRequested:
    `SELECT EXISTS (SELECT 1 FROM group_join_requests WHERE group_id = t.id AND member_id = $2 AND ` +
    `status = 'pending')`,
  isFavorite: 'SELECT EXISTS (SELECT 1 FROM group_favorites WHERE member_id = $2 AND group_id = t.id)',
};

/** What group memberships add to a page of members (one statement per page: see kernel/facts.ts). */
export interface MemberGroupFacts {
  groupCount: number;
}

export const memberGroupFacts: FactSql<MemberGroupFacts> = {
  // The (member_id, created_at, id) index serves it.
  groupCount: 'SELECT count(*)::int FROM group_members WHERE member_id = t.id',
};
