import { DatingAlias } from '../../modules/dating/dating-alias.entity';
import { DatingMatch } from '../../modules/dating/dating-match.entity';
import { DatingReaction } from '../../modules/dating/dating-reaction.entity';
import { insert, memberRef, next } from './core';

const aliasRef = async (id?: string) => id ?? (await buildDatingAlias()).id;

/** A dating alias of a member (a new one unless given): 30, looking for friendship with anyone, in Cape Town. */
export async function buildDatingAlias(overrides: Partial<DatingAlias> = {}): Promise<DatingAlias> {
  return insert(DatingAlias, {
    aliasName: `Alias ${next()}`,
    age: 30,
    bio: 'Braais and long walks on the beach.',
    interests: [],
    photos: [],
    lookingFor: 'friend',
    gender: 'female',
    interestedIn: 'everyone',
    latitude: -33.9249,
    longitude: 18.4241,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A like from one alias to another (new ones unless given); give `kind` for a wink, a pass or a block. */
export async function buildDatingReaction(overrides: Partial<DatingReaction> = {}): Promise<DatingReaction> {
  return insert(DatingReaction, {
    kind: 'like',
    ...overrides,
    fromAliasId: await aliasRef(overrides.fromAliasId),
    toAliasId: await aliasRef(overrides.toAliasId),
  });
}

/**
 * A match between two aliases (new ones unless given), stored in its canonical order (the smaller id first, as
 * the service stores it). The likes that made it are not stored: add them with `buildDatingReaction` if needed.
 */
export async function buildDatingMatch(overrides: Partial<DatingMatch> = {}): Promise<DatingMatch> {
  const a = await aliasRef(overrides.firstAliasId);
  const b = await aliasRef(overrides.secondAliasId);
  const [firstAliasId, secondAliasId] = a < b ? [a, b] : [b, a];
  return insert(DatingMatch, { endedAt: null, ...overrides, firstAliasId, secondAliasId });
}
