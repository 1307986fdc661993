import { useBraggingCategoriesQuery } from './bragging.generated';

/**
 * The categories of Bragging Rights the server serves (Query.braggingCategories), in the order of the tabs: fetched
 * once, then read from Apollo's cache. `categories` is undefined until the first answer.
 */
export function useBraggingCategories() {
  const { data, error, refetch } = useBraggingCategoriesQuery({ fetchPolicy: 'cache-first' });
  return { categories: data?.braggingCategories, error, refetch };
}
