/** The member fields the documented /api answers carry (spec 000 section 3). */
export const USER_FIELDS =
  `id firstName lastName email profileImageUrl role tutorialCompleted tutorialStep ` +
  `radarEnabled displayName initials createdAt`;
