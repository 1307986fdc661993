/** A distance as the screens show it (docs UI.md): km with one decimal under 10 km, whole km from there. */
export function formatDistanceKm(km: number): string {
  if (km < 10) return `${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `${Math.round(km).toLocaleString('en-ZA')} km`;
}

/** A distance the server rounded to whole km (the radar, so positions cannot be solved): 0 reads "< 1 km". */
export function formatWholeKm(km: number): string {
  return km < 1 ? '< 1 km' : `${Math.round(km).toLocaleString('en-ZA')} km`;
}
