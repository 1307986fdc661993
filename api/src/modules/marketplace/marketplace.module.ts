import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { listingOrigin } from './listing.conversation';
import {
  ConversationListingResolver,
  MarketplaceListingConnectionResolver,
  MarketplaceListingResolver,
} from './listing.resolver';
import { marketplaceDemo } from './listing.demo';
import { MarketplaceListing } from './marketplace-listing.entity';
import { listingLoaders } from './listing.loaders';
import { listingReportable } from './listing.reportable';

/** The marketplace: listings and Message Seller. */
export const marketplaceModule = defineModule({
  name: 'marketplace',
  resolvers: [MarketplaceListingResolver, MarketplaceListingConnectionResolver, ConversationListingResolver],
  entities: [MarketplaceListing],
  loaders: { listings: listingLoaders },
  reportables: { [ReportKind.listing]: listingReportable },
  // Message Seller: someone else's available listing, a conversation with its seller about it.
  conversationOrigins: { listing: { origin: listingOrigin } },
  // A marketplace listing's photo, its thumbnail and every file it stored (the variants).
  mediaColumns: [
    ['marketplace_listings', 'image_url'],
    ['marketplace_listings', 'thumbnail_url'],
    ['marketplace_listings', 'files'],
  ],
  demo: [marketplaceDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    marketplace_listings: { member: ['seller_id'], media: ['files', 'image_url', 'thumbnail_url'] },
  },
});
