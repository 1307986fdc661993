import { InMemoryCache } from '@apollo/client';
import { keysetConnectionPolicy } from './connection';

/**
 * Every Query field that answers a keyset connection (`...Connection!` in schema/schema.graphql); a test checks
 * this list against the schema, so a new connection cannot miss its paging policy.
 */
export const CONNECTION_FIELDS = [
  'adminAuditLog',
  'adminUsers',
  'blockedMembers',
  'braggingChampionships',
  'braggingEvents',
  'businessDirectory',
  'businessReviews',
  'businessJobVacancies',
  'businesses',
  'comments',
  'conversations',
  'datingMatches',
  'discoverCheckins',
  'events',
  'feed',
  'followedBusinesses',
  'groupJoinRequests',
  'groupMembers',
  'groupMessages',
  'groups',
  'groupsNear',
  'myGroups',
  'myBusinessPages',
  'myEvents',
  'jobListings',
  'marketplaceListings',
  'moderationQueue',
  'myJobApplications',
  'myTickets',
  'nearbyUsers',
  'nootPendingSongs',
  'notifications',
  'postsBy',
  'recipeComments',
  'recipes',
  'reels',
  'reelsBy',
  'search',
  'savedCheckins',
  'supportMessages',
  'supportThreadMessages',
  'supportThreads',
  'vacancyApplications',
  'vaultDocuments',
  'webhookDeliveries',
] as const;

/** Connections read backwards from the newest (`before` instead of `after`): a conversation's history. */
export const BACKWARD_CONNECTION_FIELDS = ['messages'] as const;

/**
 * The members of every union and interface of the schema, so the cache matches a fragment on one (`fragment
 * ExploreHit on SearchHit`) to the object types it holds; a test checks this against the schema.
 */
export const POSSIBLE_TYPES: Record<string, string[]> = {
  SearchHit: ['Business', 'Event', 'Group', 'JobVacancy', 'User'],
};

/** The Apollo cache of the web app, built in one place for the app and for its tests. */
export function createCache(): InMemoryCache {
  const fields = {
    ...Object.fromEntries(CONNECTION_FIELDS.map((name) => [name, keysetConnectionPolicy()])),
    ...Object.fromEntries(BACKWARD_CONNECTION_FIELDS.map((name) => [name, keysetConnectionPolicy('before')])),
  };
  return new InMemoryCache({ possibleTypes: POSSIBLE_TYPES, typePolicies: { Query: { fields } } });
}
