import { authorize } from '../../kernel/auth';
import { db } from '../../kernel/database';
import { notFound } from '../../kernel/errors';
import { checkUuid, UUID } from '../../kernel/ids';
import type { ConversationOrigin, ConversationRules, ConversationSide } from '../messages/conversation-origins';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import { datingPolicy } from './dating.policy';

/** One side of a conversation started from a match: the member, shown to the other side only as their alias. */
const sideOf = (alias: DatingAlias): ConversationSide => ({
  memberId: alias.memberId,
  persona: { name: alias.aliasName, photoUrl: alias.photos[0] ?? null },
});

/**
 * Where a conversation from a dating match comes from: only the members behind the match's two aliases may start
 * it; it is keyed by the match (one conversation per match), and both sides carry their alias name and first photo
 * as their persona, so neither sees the other's real name, e-mail or profile photo.
 */
export const datingMatchOrigin: ConversationOrigin = async (viewerId, id, manager) => {
  const match = await manager.findOneBy(DatingMatch, { id: checkUuid(id, 'datingMatchId') });
  if (!match) throw notFound('Dating match');
  const mine = await manager.findOneBy(DatingAlias, { memberId: viewerId });
  authorize(
    datingPolicy.isInMatch(mine?.id ?? null, match),
    'Only the two matched aliases may start this conversation.',
  );
  const theirs = await manager.findOneByOrFail(DatingAlias, {
    id: match.firstAliasId === mine!.id ? match.secondAliasId : match.firstAliasId,
  });
  return { key: `datingMatch:${match.id}`, sides: [sideOf(mine!), sideOf(theirs)] };
};

/** The match id of a conversation's origin key, or null when it was not started from a dating match. */
export function matchOfConversationKey(key: string): string | null {
  const [kind, id] = key.split(':');
  return kind === 'datingMatch' && id && UUID.test(id) ? id : null;
}

/**
 * How a match's conversation behaves: the two sides appear as aliases, so a block between the members' accounts
 * does not touch it (it would tell a member who is behind the alias); the aliases' own safety does: once the match
 * ends (unmatch, or a block between the aliases) or an alias is gone, the chat is closed for both sides.
 */
export const datingMatchRules: ConversationRules = {
  memberBlocks: false,
  async assertOpen(_viewerId, key) {
    const id = matchOfConversationKey(key);
    const match = id ? await db().getRepository(DatingMatch).findOneBy({ id }) : null;
    authorize(datingPolicy.isOpen(match), CHAT_CLOSED);
  },
};

export const CHAT_CLOSED = 'This chat is closed: the match has ended.';
