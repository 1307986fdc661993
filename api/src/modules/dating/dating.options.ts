/** The dating feature's choices and limits (spec 001 sections 5, 6 and 9). */
export const LOOKING_FOR = ['nsa', 'long-term', 'friend'] as const;
export const GENDERS = ['male', 'female', 'other'] as const;
export const INTERESTED_IN = ['male', 'female', 'everyone'] as const;
export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const MIN_RADIUS_KM = 5;
export const MAX_RADIUS_KM = 100;
export const RADIUS_STEP_KM = 5;
export const DEFAULT_RADIUS_KM = 50;
export const MAX_PHOTOS = 5;
export const MAX_INTERESTS = 20;
/** Like and Wink both say "I am interested": a match is two of them, one each way. Pass says no. */
export const REACTIONS = ['like', 'wink', 'pass'] as const;
export type DatingReactionKind = (typeof REACTIONS)[number];
/**
 * An alias's position is stored only as the centre of its grid cell, about CELL_KM on each side (finding 1 of issue
 * 24: a precise position could be trilaterated to 20 m from Discover's distances), and Discover shows (and sorts by)
 * distances between cell centres in steps of DISTANCE_STEP_KM, never less than one step.
 */
export const CELL_KM = 5;
export const DISTANCE_STEP_KM = 5;
/** How often a member may move their alias to another cell: each move lets them measure again from elsewhere. */
export const MOVES_PER_DAY = 3;
