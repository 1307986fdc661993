/** The radar's texts (spec 002 sections 2 and 8), verbatim. Its radius options come from the server (appConfig). */
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
