import { authorize } from '../../kernel/auth';
import { notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import type { ConversationOrigin, ConversationSide } from '../messages/conversation-origins';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import { datingPolicy } from './dating.policy';

/** One side of a conversation started from a match: the member, shown to the other side only as their alias. */
const sideOf = (alias: DatingAlias): ConversationSide => ({ memberId: alias.memberId, persona: { name: alias.aliasName, photoUrl: alias.photos[0] ?? null } });

/**
 * Where a conversation from a dating match comes from: only the members behind the match's two aliases may start
 * it; it is keyed by the match (one conversation per match), and both sides carry their alias name and first photo
 * as their persona, so neither sees the other's real name, e-mail or profile photo.
 */
export const datingMatchOrigin: ConversationOrigin = async (viewerId, id, manager) => {
  const match = await manager.findOneBy(DatingMatch, { id: checkUuid(id, 'datingMatchId') });
  if (!match) throw notFound('Dating match');
  const mine = await manager.findOneBy(DatingAlias, { memberId: viewerId });
  authorize(datingPolicy.isInMatch(mine?.id ?? null, match), 'Only the two matched aliases may start this conversation.');
  const theirs = await manager.findOneByOrFail(DatingAlias, { id: match.firstAliasId === mine!.id ? match.secondAliasId : match.firstAliasId });
  return { key: `datingMatch:${match.id}`, sides: [sideOf(mine!), sideOf(theirs)] };
};
