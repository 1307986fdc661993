import type { PostCard_PostFragment } from './post.generated';
import type { ReactionType } from '../../gql/graphql';

interface ReactionKind {
  type: ReactionType;
  label: string;
  emoji: string;
}

/**
 * How each reaction of the schema's ReactionType enum looks, in picker order (spec 000 section 3). Keyed by the
 * generated enum type, so a kind the server adds or drops fails the type check after codegen instead of being
 * silently missing or left over here.
 */
const REACTION_LOOKS: { readonly [type in ReactionType]: Omit<ReactionKind, 'type'> } = {
  lekker: { label: 'Lekker', emoji: '👍' },
  shocked: { label: 'Shocked', emoji: '😮' },
  sad: { label: 'Sad', emoji: '😢' },
  care: { label: 'Care', emoji: '🤗' },
  angry: { label: 'Angry', emoji: '😡' },
};

/** The reactions, in picker order. */
export const REACTIONS: readonly ReactionKind[] = (Object.keys(REACTION_LOOKS) as ReactionType[]).map((type) => ({
  type,
  ...REACTION_LOOKS[type],
}));

export function reactionKind(type: ReactionType | null | undefined): ReactionKind | null {
  return REACTIONS.find((r) => r.type === type) ?? null;
}

/** Spec 000 section 9: the floating animation lasts about a second. */
export const REACTION_ANIMATION_MS = 1000;

/** The most chosen kinds, most first (ties keep picker order), only those with at least one reaction. */
export function topReactions(
  counts: PostCard_PostFragment['reactionCounts'],
  limit = 3,
): Array<ReactionKind & { count: number }> {
  return REACTIONS.map((r) => ({ ...r, count: counts[r.type] }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}
