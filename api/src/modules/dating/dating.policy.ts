/** Who may do what with dating matches. */
export const datingPolicy = {
  /** A match's chat takes messages until the match ends (unmatch, a block between the aliases) or is gone. */
  isOpen: (match: { endedAt: Date | null } | null): match is { endedAt: null } => !!match && !match.endedAt,
  /** Dating (discover, react, matches) needs the viewer's alias. */
  hasAlias: <A>(alias: A | null): alias is A => !!alias,
  /** A match belongs to the members behind its two aliases. */
  isInMatch: (viewerAliasId: string | null, match: { firstAliasId: string; secondAliasId: string }) =>
    !!viewerAliasId && (match.firstAliasId === viewerAliasId || match.secondAliasId === viewerAliasId),
};
