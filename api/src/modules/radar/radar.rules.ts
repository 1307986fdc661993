/** Radar's constants (spec 002 section 9). Positions are stored coarsened by kernel/geo `coarsePosition`. */

/** The radius options of the radar screen, in km; the default is 50. */
export const RADAR_RADII_KM = [1, 5, 10, 25, 50, 100] as const;
export const RADAR_DEFAULT_RADIUS_KM = 50;

/** A position older than this is ignored: its member does not appear and cannot search from it. */
export const RADAR_FRESH_HOURS = 24;

/** A member's radar position may move at most once in this many seconds (RATE_LIMITED with the wait otherwise). */
export const RADAR_MOVE_SECONDS = 60;
