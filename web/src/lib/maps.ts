/** The maps link of spec 002 ('Open in Google Maps'): a search for the coordinates, opened in a new tab. */
export function googleMapsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** Coordinates as the check-in dialog shows them: five decimals (about a metre), latitude first. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** Driving directions to an address in Google Maps (spec 001 section 2.2: the detail dialog's address link). */
export function drivingDirectionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}
