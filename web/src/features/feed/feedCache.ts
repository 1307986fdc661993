import type { ApolloCache, Reference } from '@apollo/client';

interface CachedConnection {
  __typename?: string;
  nodes: Reference[];
  pageInfo?: { endCursor?: string | null; hasNextPage: boolean };
}

function refKey(node: Reference | { __ref?: string }): string | undefined {
  return (node as { __ref?: string }).__ref;
}

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
