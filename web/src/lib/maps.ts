/** The maps link of spec 002 ('Open in Google Maps'): a search for the coordinates, opened in a new tab. */
export function googleMapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** Coordinates as the check-in dialog shows them: five decimals (about a metre), latitude first. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}
