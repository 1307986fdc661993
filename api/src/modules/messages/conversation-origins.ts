import type { EntityManager } from 'typeorm';
import { badInput } from '../../kernel/errors';

/**
 * One side of a conversation: a member, optionally shown under a persona (a dating alias) instead of their real
 * identity.
 */
export interface ConversationSide {
  memberId: string;
  persona?: { name: string; photoUrl: string | null };
}

/**
 * Given the viewer and the id from the start input, the two sides (viewer first) and a stable key: the same key never
 * makes a second conversation. Throws the kernel's typed errors (NotFound/Forbidden/BadInput) when the viewer may not
 * start it.
 */
export type ConversationOrigin = (
  viewerId: string,
  id: string,
  manager: EntityManager,
) => Promise<{ key: string; sides: [ConversationSide, ConversationSide] }>;

/** Where a conversation can be started from: each is one field of StartConversationInput. */
export type ConversationOriginKind = 'member' | 'datingMatch' | 'listing';

/** How the conversations of one kind behave once started (the origin's module decides; messages applies it). */
export interface ConversationRules {
  /**
   * Whether a block between the two members' accounts stops the conversation (the default). False where the sides
   * appear under personas (a dating alias): a member's own block must not tell them who is behind an alias, so
   * only the origin's own safety applies (`assertOpen`).
   */
  memberBlocks: boolean;
  /**
   * Throws (the kernel's FORBIDDEN, with the reason) when the conversation of `key` takes no new message, e.g. an ended
   * match.
   */
  assertOpen?(viewerId: string, key: string): Promise<void>;
}

declare module '../../kernel/module' {
  interface ModuleRoles {
    /**
     * Where this module lets conversations start (registered by the root), with their rules (the default's if none).
     */
    conversationOrigins?: {
      readonly [K in ConversationOriginKind]?: { origin: ConversationOrigin; rules?: ConversationRules };
    };
  }
}

const origins = new Map<ConversationOriginKind, ConversationOrigin>();
const rules = new Map<ConversationOriginKind, ConversationRules>();
const DEFAULT_RULES: ConversationRules = { memberBlocks: true };

/**
 * Makes a kind of start possible. The messages module registers 'member' itself; other modules (dating's 'datingMatch',
 * marketplace's 'listing') declare theirs in their manifests (`conversationOrigins`), registered by the composition
 * root, so the messages module never imports them. Registering a kind again replaces it (tests register their own).
 */
export function registerConversationOrigin(
  kind: ConversationOriginKind,
  origin: ConversationOrigin,
  kindRules: ConversationRules = DEFAULT_RULES,
): void {
  origins.set(kind, origin);
  rules.set(kind, kindRules);
}

/** The rules of a conversation, by its kind or its origin key (`datingMatch:<id>` is of kind datingMatch). */
export function conversationRules(kindOrKey: string): ConversationRules {
  return rules.get(kindOrKey.split(':')[0] as ConversationOriginKind) ?? DEFAULT_RULES;
}

/** The origin of a kind; BAD_USER_INPUT naming the input's field when nothing can start from that kind yet. */
export function conversationOrigin(kind: ConversationOriginKind, field: string): ConversationOrigin {
  const origin = origins.get(kind);
  if (!origin) throw badInput(field, 'cannot start a conversation yet');
  return origin;
}
