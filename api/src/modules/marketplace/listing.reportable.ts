import { entityReportable } from '../reports/reportables';
import { MarketplaceListing } from './marketplace-listing.entity';
import { deleteListingIn } from './listing.service';

/**
 * Marketplace listings: seen unless a block stands between the viewer and the seller; removed as the seller deletes
 * them (photos too).
 */
export const listingReportable = entityReportable(
  MarketplaceListing,
  'Listing',
  (l) => ({
    id: l.id,
    authorId: l.sellerId,
    text: [l.name, l.description].filter(Boolean).join('\n'),
    mediaUrls: [l.thumbnailUrl ?? l.imageUrl].filter((u): u is string => !!u),
    url: `/marketplace?item=${l.id}`,
  }),
  deleteListingIn,
);
