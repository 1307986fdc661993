/** Radar's constants (spec 002 section 9) and the coarsening of stored positions. */

/** The radius options of the radar screen, in km; the default is 50. */
export const RADAR_RADII_KM = [1, 5, 10, 25, 50, 100] as const;
export const RADAR_DEFAULT_RADIUS_KM = 50;

/** A position older than this is ignored: its member does not appear and cannot search from it. */
export const RADAR_FRESH_HOURS = 24;

/**
 * Positions are stored rounded to 3 decimals of a degree: 0.001° of latitude is 111 m, of longitude 111 m at the
 * equator and less towards the poles (about 93 m in Johannesburg, 70 m in London), so a stored position is never
 * more precise than a city block, and a distance between two members is off by at most about 100 m.
 */
export const coarsen = (degrees: number) => Math.round(degrees * 1000) / 1000;

/** A member's radar position may move at most once in this many seconds (RATE_LIMITED with the wait otherwise). */
export const RADAR_MOVE_SECONDS = 60;

/**
 * The distance others are shown: whole km, rounded to the nearest, and 0 ("< 1 km") under 1 km. Together with the
 * once-a-minute limit on moving one's own position, it keeps a member's spot from being solved from distances
 * measured from several places (trilateration): a distance says no more than which 1 km ring someone is in.
 */
export const shownDistanceKm = (metres: number) => (metres < 1000 ? 0 : Math.round(metres / 1000));
