import type { PostCard_PostFragment, ReactionType } from '../../gql/graphql';

export interface ReactionKind {
  type: ReactionType;
  label: string;
  emoji: string;
}

/** The five reactions, in picker order (spec 000 section 3). */
export const REACTIONS: readonly ReactionKind[] = [
  { type: 'lekker', label: 'Lekker', emoji: '👍' },
  { type: 'shocked', label: 'Shocked', emoji: '😮' },
  { type: 'sad', label: 'Sad', emoji: '😢' },
  { type: 'care', label: 'Care', emoji: '🤗' },
  { type: 'angry', label: 'Angry', emoji: '😡' },
];

export function reactionKind(type: ReactionType | null | undefined): ReactionKind | null {
  return REACTIONS.find((r) => r.type === type) ?? null;
}

/** Spec 000 section 9: the floating animation lasts about a second. */
export const REACTION_ANIMATION_MS = 1000;

/** The most chosen kinds, most first (ties keep picker order), only those with at least one reaction. */
export function topReactions(counts: PostCard_PostFragment['reactionCounts'], limit = 3): Array<ReactionKind & { count: number }> {
  return REACTIONS.map((r) => ({ ...r, count: counts[r.type] }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}
