import type { ApolloCache, FieldPolicy, Reference } from '@apollo/client';

interface CachedConnection {
  __typename?: string;
  nodes: Reference[];
  pageInfo?: { endCursor?: string | null; hasNextPage: boolean };
}

function refKey(node: Reference | { __ref?: string }): string | undefined {
  return (node as { __ref?: string }).__ref;
}

/** Appends `incoming` after `existing`, skipping posts already present (by cache reference). */
function appendNodes(existing: readonly Reference[], incoming: readonly Reference[]): Reference[] {
  const seen = new Set(existing.map(refKey).filter(Boolean));
  return [...existing, ...incoming.filter((node) => !seen.has(refKey(node)))];
}

/**
 * Query.feed is one list whatever its arguments: each page fetched with `after` is appended to the pages
 * already held, and the latest page's pageInfo says where to go next. A fetch without `after` (the first
 * load or a refetch) starts the list again.
 */
export const feedFieldPolicy: FieldPolicy<CachedConnection> = {
  keyArgs: false,
  merge(existing, incoming, { args }) {
    if (!existing || !args?.after) return incoming;
    return { ...incoming, nodes: appendNodes(existing.nodes, incoming.nodes) };
  },
};

/** Puts a newly created post at the top of the cached feed, so it shows at once. */
export function prependToFeed(cache: ApolloCache, post: { __typename?: 'Post'; id: string }): void {
  const id = cache.identify({ __typename: 'Post', id: post.id });
  if (!id) return;
  cache.modify({
    fields: {
      feed(value, { toReference }) {
        const existing = value as unknown as CachedConnection | undefined;
        const ref = toReference(id);
        if (!existing?.nodes || !ref || existing.nodes.some((node) => refKey(node) === id)) return value;
        return { ...existing, nodes: [ref, ...existing.nodes] } as unknown as typeof value;
      },
    },
  });
}
