import { createFactsLoader } from '../../kernel/facts';
import { groupFacts, type GroupFacts } from './group.facts';

/** Per request: the viewer's role, request and favourite for every group a response shows, one statement per page. */
export function groupLoaders(viewerId: string | null) {
  return { facts: createFactsLoader<GroupFacts>(groupFacts, viewerId) };
}

declare module '../../kernel/context' {
  interface Loaders {
    groups: ReturnType<typeof groupLoaders>;
  }
}
