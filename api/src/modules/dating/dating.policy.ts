/** Who may do what with dating matches. */
export const datingPolicy = {
  /** A match belongs to the members behind its two aliases. */
  isInMatch: (viewerAliasId: string | null, match: { firstAliasId: string; secondAliasId: string }) =>
    !!viewerAliasId && (match.firstAliasId === viewerAliasId || match.secondAliasId === viewerAliasId),
};
