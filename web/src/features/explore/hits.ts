import type { ExploreHitFragment } from './explore.generated';
import type { SearchKind } from '../../gql/graphql';
import { businessHref, eventHref, jobHref } from '../../lib/links';

export type Hit = ExploreHitFragment;
export type PersonHit = Extract<Hit, { __typename: 'User' }>;
export type BusinessHit = Extract<Hit, { __typename: 'Business' }>;
export type EventHit = Extract<Hit, { __typename: 'Event' }>;
export type JobHit = Extract<Hit, { __typename: 'JobVacancy' }>;

/** Explore's tabs, in the spec's order; the tab is in the URL (?tab=). */
export const EXPLORE_TABS = [
  { value: 'people', label: 'People', kind: 'people' },
  { value: 'businesses', label: 'Businesses', kind: 'businesses' },
  { value: 'events', label: 'Events', kind: 'events' },
  { value: 'groups', label: 'Groups', kind: 'groups' },
  { value: 'jobs', label: 'Jobs', kind: 'jobs' },
] as const satisfies ReadonlyArray<{ value: string; label: string; kind: SearchKind | null }>;
export type ExploreTab = (typeof EXPLORE_TABS)[number]['value'];

/** /explore with a query (and a tab); an empty query is left out. */
export function exploreHref(query: string, tab?: ExploreTab): string {
  const params = new URLSearchParams();
  if (tab && tab !== 'people') params.set('tab', tab);
  if (query.trim()) params.set('q', query.trim());
  const s = params.toString();
  return s ? `/explore?${s}` : '/explore';
}

/** The words a hit is shown by in lists and suggestions. */
export function hitTitle(hit: Hit): string {
  switch (hit.__typename) {
    case 'User':
      return hit.displayName;
    case 'Business':
    case 'Group':
      return hit.name;
    case 'Event':
    case 'JobVacancy':
      return hit.title;
  }
}

/**
 * Where a suggestion leads: a member or a group on its Explore tab, a business's page, an event's or a job's details.
 */
export function hitHref(hit: Hit): string {
  switch (hit.__typename) {
    case 'User':
      return exploreHref(hit.displayName, 'people');
    case 'Business':
      return businessHref(hit.name);
    case 'Event':
      return eventHref(hit.id);
    case 'JobVacancy':
      return jobHref(hit.id);
    case 'Group':
      return exploreHref(hit.name, 'groups');
  }
}
