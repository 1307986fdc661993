import { coarsePosition as coarsePositionIn } from '../../kernel/geo';
import { CELL_KM, DISTANCE_STEP_KM } from './dating.options';

/**
 * The centre of the CELL_KM grid cell a position falls in (kernel/geo `coarsePosition`, the one coarsening of
 * positions): the only position an alias keeps. Migration DatingSafety coarsened the positions stored before it.
 */
export const coarsePosition = (latitude: number, longitude: number) => coarsePositionIn(latitude, longitude, CELL_KM);

/** A distance as Discover shows it: whole steps of DISTANCE_STEP_KM, rounded up, at least one step ("within 5 km"). */
export function coarseDistanceKm(metres: number): number {
  return Math.max(1, Math.ceil(metres / 1000 / DISTANCE_STEP_KM)) * DISTANCE_STEP_KM;
}

/** The same step in SQL, for sorting by what is shown: `metres` is an SQL expression in metres. */
export const coarseDistanceSql = (metres: string) => `GREATEST(1, ceil((${metres}) / ${DISTANCE_STEP_KM * 1000}.0))`;
