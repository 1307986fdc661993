import { ReelLike } from '../../modules/reels/reel-like.entity';
import { Reel } from '../../modules/reels/reel.entity';
import { insert, insertByKey, next, memberRef } from './core';

export async function buildReel(overrides: Partial<Reel> = {}): Promise<Reel> {
  return insert(Reel, {
    title: `Reel ${next()}`,
    caption: null,
    ...overrides,
    authorId: await memberRef(overrides.authorId),
  });
}

/** A like of a reel (keyed by reel and member, no id). */
export async function buildReelLike(overrides: Partial<ReelLike> = {}): Promise<ReelLike> {
  const key = { reelId: overrides.reelId ?? (await buildReel()).id, memberId: await memberRef(overrides.memberId) };
  return insertByKey(ReelLike, key, overrides);
}
