import type { Viewer } from '../../kernel/context';
import { ListingStatus, type MarketplaceListing } from './marketplace-listing.entity';

/** Who may do what with a marketplace listing (spec 002 sections 4 and 6, enforced on the server here). */
export const listingPolicy = {
  /** Edit, change the status and delete: the seller only. */
  canManage: (viewer: Viewer | null, listing: Pick<MarketplaceListing, 'sellerId'>) =>
    !!viewer && viewer.id === listing.sellerId,
  /** Message Seller: someone else's listing that is still available. */
  canMessageSeller: (viewer: Viewer | null, listing: Pick<MarketplaceListing, 'sellerId' | 'status'>) =>
    !!viewer && viewer.id !== listing.sellerId && listing.status === ListingStatus.available,
};
