import { InMemoryCache } from '@apollo/client';
import { keysetConnectionPolicy } from './connection';

/**
 * Every Query field that answers a keyset connection (`...Connection!` in schema/schema.graphql); a test checks
 * this list against the schema, so a new connection cannot miss its paging policy.
 */
export const CONNECTION_FIELDS = [
  'businessDirectory',
  'businessReviews',
  'businessJobVacancies',
  'businesses',
  'comments',
  'datingMatches',
  'discoverCheckins',
  'events',
  'feed',
  'followedBusinesses',
  'myBusinessPages',
  'myEvents',
  'jobListings',
  'myJobApplications',
  'myTickets',
  'notifications',
  'reels',
  'reelsBy',
  'reportedPosts',
  'savedCheckins',
  'vacancyApplications',
] as const;

/** The Apollo cache of the web app, built in one place for the app and for its tests. */
export function createCache(): InMemoryCache {
  const fields = Object.fromEntries(CONNECTION_FIELDS.map((name) => [name, keysetConnectionPolicy()]));
  return new InMemoryCache({ typePolicies: { Query: { fields } } });
}
