/** The radar's texts and constants (spec 002 sections 2, 8 and 9), verbatim. */
export const RADAR_TEXT = {
  enabled: 'Radar Enabled',
  disabled: 'Radar Disabled',
  toggleFailed: 'Failed to update radar settings. Please try again.',
  fetchFailed: 'Failed to fetch nearby users',
  locationError: 'Could not get your location. Please enable location services.',
  scanning: 'Scanning for nearby users...',
  noUsers: 'No Users Found',
  locationRequired: 'Location Access Required',
} as const;

/** The radius options in km; the server accepts exactly these. */
export const RADAR_RADII_KM = [1, 5, 10, 25, 50, 100] as const;
export const RADAR_DEFAULT_RADIUS_KM = 50;
