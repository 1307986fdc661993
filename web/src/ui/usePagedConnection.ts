import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The next page starts loading this far before the end of the list comes into view. */
export const PRELOAD_MARGIN = '600px 0px';

/** A keyset connection as every list of the schema answers it: `{ nodes, pageInfo { endCursor hasNextPage } }`. */
export interface Connection<T> {
  nodes: readonly T[];
  pageInfo: { endCursor?: string | null; hasNextPage: boolean };
}

export interface PagedConnectionOptions<T> {
  /** The connection of the query's data (undefined while the first page loads). */
  connection: Connection<T> | null | undefined;
  /**
   * The query's fetchMore. It is called with `{ variables: { after } }`; the cache's keyset field policy
   * (`keysetConnectionPolicy`, ui/connection.ts) appends the page, so no updateQuery. A rejection marks the page
   * as failed.
   */
  fetchMore: (options: { variables: { after: string } }) => Promise<unknown>;
  /**
   * Infinite scroll: load the next page when the sentinel nears the viewport. Default on; off: the "Load more" button
   * only.
   */
  auto?: boolean;
}

export interface PagedList {
  /** Goes on an element after the last item; watched only with `auto`. */
  sentinelRef: RefObject<HTMLDivElement | null>;
  loadMore: () => Promise<void>;
  loadingMore: boolean;
  moreFailed: boolean;
}

export interface PagedConnection<T> extends PagedList {
  /** The items of every page loaded so far. */
  nodes: readonly T[];
  hasNextPage: boolean;
}

const NO_NODES: readonly never[] = [];

/**
 * The one paging hook of the web app, for every keyset connection: one page at a time (a second request waits
 * for the first), with the "Load more" state, and with `auto` an IntersectionObserver on a sentinel that loads
 * the next page as the end of the list comes near.
 */
export function usePagedConnection<T>({
  connection,
  fetchMore,
  auto = true,
}: PagedConnectionOptions<T>): PagedConnection<T> {
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor;
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const busy = useRef(false);
  const sentinelRef = useRef<HTMLDivElement>(null);
  // The latest fetchMore, so a caller's inline function does not make a new loadMore (and observer) every render.
  const fetchMoreRef = useRef(fetchMore);
  useEffect(() => {
    fetchMoreRef.current = fetchMore;
  });

  const loadMore = useCallback(async () => {
    if (!hasNextPage || !endCursor || busy.current) return;
    busy.current = true;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      await fetchMoreRef.current({ variables: { after: endCursor } });
    } catch {
      setMoreFailed(true);
    } finally {
      busy.current = false;
      setLoadingMore(false);
    }
  }, [hasNextPage, endCursor]);

  // A new observer per page: it reports at once whether the sentinel is still in view after the last page.
  // After a failure, loading waits for the button so a broken connection does not loop.
  useEffect(() => {
    const el = sentinelRef.current;
    if (!auto || !el || !hasNextPage || moreFailed || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto, loadMore, hasNextPage, moreFailed]);

  return { nodes: connection?.nodes ?? NO_NODES, hasNextPage, sentinelRef, loadMore, loadingMore, moreFailed };
}
