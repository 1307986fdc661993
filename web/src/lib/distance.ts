/** A distance as the screens show it (docs UI.md): km with one decimal under 10 km, whole km from there. */
export function formatDistanceKm(km: number): string {
  if (km < 10) return `${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `${Math.round(km).toLocaleString('en-ZA')} km`;
}
