interface Page<T extends { id: string }> {
  nodes: T[];
  pageInfo: { endCursor?: string | null; hasNextPage: boolean };
}

/** Keyset paging: the next page goes after the ones held (skipping any already there), with the new page's pageInfo. */
export function appendPage<P extends Page<{ id: string }>>(previous: P, next: P): P {
  const seen = new Set(previous.nodes.map((node) => node.id));
  return { ...next, nodes: [...previous.nodes, ...next.nodes.filter((node) => !seen.has(node.id))] };
}
