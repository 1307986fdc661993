import DataLoader from 'dataloader';
import { queryRows } from '../../kernel/rows';

/** A member's blocks: whom they blocked, and everyone on either side of a block with them. */
export interface BlockedPairs {
  byMe: Set<string>;
  eitherWay: Set<string>;
}

/** The blocks of each member asked about, in one statement (the primary key and IDX_user_blocks_blocked serve it). */
export async function blockedPairsOf(memberIds: readonly string[]): Promise<BlockedPairs[]> {
  const rows = await queryRows<{ memberId: string; otherId: string; byMe: boolean }>(
    `SELECT blocker_id AS "memberId", blocked_id AS "otherId", true AS "byMe" FROM user_blocks WHERE blocker_id = ANY($1::uuid[])
     UNION ALL
     SELECT blocked_id, blocker_id, false FROM user_blocks WHERE blocked_id = ANY($1::uuid[])`,
    [memberIds],
  );
  const byMember = new Map<string, BlockedPairs>(memberIds.map((id) => [id, { byMe: new Set(), eitherWay: new Set() }]));
  for (const r of rows) {
    const pairs = byMember.get(r.memberId)!;
    pairs.eitherWay.add(r.otherId);
    if (r.byMe) pairs.byMe.add(r.otherId);
  }
  return memberIds.map((id) => byMember.get(id)!);
}

export function blockLoaders() {
  return {
    /** A member's blocks (keyed by member id; in practice the viewer's), read once per request. */
    pairs: new DataLoader<string, BlockedPairs>(blockedPairsOf, { maxBatchSize: 500 }),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    blocks: ReturnType<typeof blockLoaders>;
  }
}
