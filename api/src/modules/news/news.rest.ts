import { restTable, type RestRequest } from '../../rest/route';

const NEWS = `query News($region: NewsRegion!, $latitude: Float, $longitude: Float) {
  news(region: $region, latitude: $latitude, longitude: $longitude) { title link source pubDate description imageUrl }
}`;

const coordinate = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;

/** Spec 002 section 7: the three news paths, refetched by the client every 5 minutes. */
export const newsRest = restTable([
  {
    method: 'GET',
    path: '/api/news/local',
    operation: NEWS,
    variables: (req: RestRequest) => ({
      region: 'local',
      latitude: coordinate(req.query.lat),
      longitude: coordinate(req.query.lon),
    }),
  },
  { method: 'GET', path: '/api/news/sa', operation: NEWS, variables: () => ({ region: 'sa' }) },
  { method: 'GET', path: '/api/news/international', operation: NEWS, variables: () => ({ region: 'international' }) },
]);
