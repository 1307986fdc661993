import { createLoader } from '../../kernel/loaders';
import { byIds } from '../../kernel/rows';
import { MarketplaceListing } from './marketplace-listing.entity';

/** Per request: listings by id (the listing a conversation is about), one statement per batch. */
export function listingLoaders() {
  return {
    byId: createLoader<string, MarketplaceListing>(
      (ids) => byIds(MarketplaceListing, ids),
      (l) => l.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    listings: ReturnType<typeof listingLoaders>;
  }
}
