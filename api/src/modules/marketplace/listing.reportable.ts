import { byIds } from '../../kernel/rows';
import { seenBy, type Reportable, type ReportedItem } from '../reports/reportables';
import { MarketplaceListing } from './listing.entity';
import { deleteListingIn } from './listing.service';

const item = (l: MarketplaceListing): ReportedItem => ({
  id: l.id,
  authorId: l.sellerId,
  text: [l.name, l.description].filter(Boolean).join('\n'),
  mediaUrls: [l.thumbnailUrl ?? l.imageUrl].filter((u): u is string => !!u),
  url: `/marketplace?item=${l.id}`,
});

/** Marketplace listings: seen unless a block stands between the viewer and the seller; removed as the seller deletes them (photos too). */
export const listingReportable: Reportable = {
  load: async (ids) => (await byIds(MarketplaceListing, ids)).map(item),
  async reportable(viewer, id) {
    const [listing] = await byIds(MarketplaceListing, [id]);
    return seenBy(viewer, 'Listing', listing && item(listing));
  },
  remove: deleteListingIn,
};
