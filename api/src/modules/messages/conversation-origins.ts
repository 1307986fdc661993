import type { EntityManager } from 'typeorm';
import { badInput } from '../../kernel/errors';

/** One side of a conversation: a member, optionally shown under a persona (a dating alias) instead of their real identity. */
export interface ConversationSide {
  memberId: string;
  persona?: { name: string; photoUrl: string | null };
}

/** Given the viewer and the id from the start input, the two sides (viewer first) and a stable key: the same key never makes a second conversation. Throws the kernel's typed errors (NotFound/Forbidden/BadInput) when the viewer may not start it. */
export type ConversationOrigin = (viewerId: string, id: string, manager: EntityManager) => Promise<{ key: string; sides: [ConversationSide, ConversationSide] }>;

/** Where a conversation can be started from: each is one field of StartConversationInput. */
export type ConversationOriginKind = 'member' | 'datingMatch' | 'listing';

const origins = new Map<ConversationOriginKind, ConversationOrigin>();

/**
 * Makes a kind of start possible. The messages module registers 'member' itself; other modules (dating's
 * 'datingMatch', marketplace's 'listing') register theirs from the composition root (api/src/schema.ts), so the
 * messages module never imports them. Registering a kind again replaces it (tests register their own).
 */
export function registerConversationOrigin(kind: ConversationOriginKind, origin: ConversationOrigin): void {
  origins.set(kind, origin);
}

/** The origin of a kind; BAD_USER_INPUT naming the input's field when nothing can start from that kind yet. */
export function conversationOrigin(kind: ConversationOriginKind, field: string): ConversationOrigin {
  const origin = origins.get(kind);
  if (!origin) throw badInput(field, 'cannot start a conversation yet');
  return origin;
}
