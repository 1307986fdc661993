import { createFactsLoader } from '../../kernel/facts';
import { businessFacts, type BusinessFacts } from './business.facts';

/** Per request: the follow and review facts of every business a response shows, one statement per page. */
export function businessLoaders(viewerId: string | null) {
  return { facts: createFactsLoader<BusinessFacts>(businessFacts, viewerId) };
}

declare module '../../kernel/context' {
  interface Loaders {
    businesses: ReturnType<typeof businessLoaders>;
  }
}
