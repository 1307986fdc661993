import { useEventCategoriesQuery } from './events.generated';

/**
 * The event categories the server serves (Query.eventCategories), in the order the filter shows them: fetched once,
 * then read from Apollo's cache. Empty until the first answer.
 */
export function useEventCategories(): readonly string[] {
  const { data } = useEventCategoriesQuery({ fetchPolicy: 'cache-first' });
  return data?.eventCategories ?? [];
}
