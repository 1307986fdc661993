import type { FieldPolicy, Reference } from '@apollo/client';

/** A connection as the cache holds it: its nodes are references to normalized objects (or plain objects). */
interface CachedConnection {
  __typename?: string;
  nodes: ReadonlyArray<Reference | { id?: string }>;
  pageInfo?: { endCursor?: string | null; hasNextPage: boolean };
}

/**
 * The one cache policy for every keyset connection field (`{ nodes, pageInfo { endCursor hasNextPage } }`):
 * - a list is keyed by its arguments except `after` (so `first: 3` in a side panel and `first: 20` on a
 *   screen stay two lists, and the pages of one list are one entry);
 * - a page fetched with `after` (`before` for a history read backwards, such as a conversation's messages) is appended
 *   to the pages held, skipping nodes already there (by id), and its pageInfo says where to go next;
 * - a fetch without `after` (the first load, a refetch, a cache write after a mutation) starts the list again.
 */
export function keysetConnectionPolicy(cursorArg: 'after' | 'before' = 'after'): FieldPolicy<CachedConnection> {
  return {
    keyArgs: (args) =>
      args
        ? Object.keys(args)
            .filter((name) => name !== cursorArg)
            .sort()
        : undefined,
    merge(existing, incoming, { args, readField }) {
      if (!existing || !args?.[cursorArg]) return incoming;
      const idOf = (node: Reference | { id?: string }) => readField<string>('id', node as Reference);
      const seen = new Set(existing.nodes.map(idOf));
      return { ...incoming, nodes: [...existing.nodes, ...incoming.nodes.filter((node) => !seen.has(idOf(node)))] };
    },
  };
}

/**
 * A node the member just created, put at the start (newest first lists) or the end (oldest first lists) of a
 * connection held in a query's data, once: undefined (no change) when the data is missing or already holds it.
 */
export function withNode<C extends { nodes: ReadonlyArray<{ id: string }> }>(
  connection: C | undefined,
  node: C['nodes'][number],
  at: 'start' | 'end',
): C | undefined {
  if (!connection || connection.nodes.some((n) => n.id === node.id)) return undefined;
  return { ...connection, nodes: at === 'start' ? [node, ...connection.nodes] : [...connection.nodes, node] };
}
