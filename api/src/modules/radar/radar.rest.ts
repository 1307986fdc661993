import { restTable } from '../../rest/route';
import { USER_FIELDS } from '../users/user.fields';

const NEARBY_FIELDS = 'id firstName lastName profileImageUrl displayName initials distanceKm';

/** A query parameter as the number GraphQL's Int expects; anything that is not a whole number stays text (400). */
const intOf = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

export const radarRest = restTable([
  {
    method: 'POST',
    path: '/api/radar/settings',
    operation:
      `mutation RadarSettingsRest($radarEnabled: Boolean!, $latitude: Float, $longitude: Float) {
      updateRadarSettings(radarEnabled: $radarEnabled, latitude: $latitude, longitude: $longitude) { ${USER_FIELDS} ` +
      `} }`,
    body: { radarEnabled: 'boolean', latitude: 'numeric?', longitude: 'numeric?' },
    variables: ({ body }) => ({
      radarEnabled: body.radarEnabled,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
    }),
  },
  {
    // Nearby users (spec 002 section 3, "Nearby user") without the e-mail, which stays private; with each one's
    // distance. A page of at most `limit` (default 100); X-Next-Cursor names the next page for `after`.
    method: 'GET',
    path: '/api/radar/nearby',
    operation:
      `query RadarNearbyRest($radius: Int, $limit: Int, $after: String) {
      nearbyUsers(radiusKm: $radius, first: $limit, after: $after) { nodes { ${NEARBY_FIELDS} } pageInfo { endCursor ` +
      `hasNextPage } } }`,
    variables: ({ query }) => ({
      radius: query.radius === undefined ? null : intOf(query.radius),
      limit: query.limit === undefined ? 100 : intOf(query.limit),
      after: query.after ?? null,
    }),
    result: (d) => d.nearbyUsers.nodes,
    headers: (d) => ({ 'X-Next-Cursor': d.nearbyUsers.pageInfo.hasNextPage ? d.nearbyUsers.pageInfo.endCursor : null }),
  },
]);
