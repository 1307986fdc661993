import { CELL_KM, DISTANCE_STEP_KM } from './dating.options';

const KM_PER_DEGREE = 111.32;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The centre of the grid cell a position falls in: rows CELL_KM high; in each row, columns CELL_KM wide at the row's
 * centre (so cells stay about CELL_KM square away from the equator too). The only position an alias keeps. The
 * migration CoarseDatingPositions computes the same in SQL for the positions stored before it.
 */
export function coarsePosition(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const latStep = CELL_KM / KM_PER_DEGREE;
  const lat = Math.min(90, -90 + (Math.floor((latitude + 90) / latStep) + 0.5) * latStep);
  const lngStep = Math.min(360, CELL_KM / (KM_PER_DEGREE * Math.max(Math.cos((lat * Math.PI) / 180), 1e-6)));
  let lng = -180 + (Math.floor((longitude + 180) / lngStep) + 0.5) * lngStep;
  if (lng > 180) lng -= 360;
  return { latitude: round6(lat), longitude: round6(lng) };
}

/** A distance as Discover shows it: whole steps of DISTANCE_STEP_KM, rounded up, at least one step ("within 5 km"). */
export function coarseDistanceKm(metres: number): number {
  return Math.max(1, Math.ceil(metres / 1000 / DISTANCE_STEP_KM)) * DISTANCE_STEP_KM;
}

/** The same step in SQL, for sorting by what is shown: `metres` is an SQL expression in metres. */
export const coarseDistanceSql = (metres: string) => `GREATEST(1, ceil((${metres}) / ${DISTANCE_STEP_KM * 1000}.0))`;
