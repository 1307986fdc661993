import { DomainError, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import type { ConversationOrigin } from '../messages/conversation-origins';
import { ListingStatus, MarketplaceListing } from './marketplace-listing.entity';
import { NOT_AVAILABLE_MESSAGE, OWN_LISTING_MESSAGE } from './listing.service';

/** The key of the conversation between one buyer and the seller about one listing. */
export const listingConversationKey = (listingId: string, buyerId: string) => `listing:${listingId}:${buyerId}`;

/** The listing a conversation's origin key names, when it was started with Message Seller. */
export function listingOfConversationKey(key: string): string | null {
  const m = /^listing:([0-9a-f-]{36}):/.exec(key);
  return m ? m[1] : null;
}

/**
 * Message Seller (spec 002 section 4): a conversation between the viewer and the seller about one listing, one per
 * buyer and listing. Offered only for someone else's listing that is available: one's own listing, or one that is
 * pending or sold, is refused (BAD_USER_INPUT naming `listingId`). Both sides appear as themselves. The listing row
 * is read FOR SHARE so that a status change racing the start waits for it.
 */
export const listingOrigin: ConversationOrigin = async (viewerId, id, manager) => {
  const listingId = checkUuid(id, 'listingId');
  const listing = await manager
    .getRepository(MarketplaceListing)
    .createQueryBuilder('l')
    .where('l.id = :id', { id: listingId })
    .setLock('pessimistic_read')
    .getOne();
  if (!listing) throw notFound('Listing');
  if (listing.sellerId === viewerId)
    throw new DomainError('BAD_USER_INPUT', OWN_LISTING_MESSAGE, { field: 'listingId' });
  if (listing.status !== ListingStatus.available)
    throw new DomainError('BAD_USER_INPUT', NOT_AVAILABLE_MESSAGE, { field: 'listingId' });
  return {
    key: listingConversationKey(listing.id, viewerId),
    sides: [{ memberId: viewerId }, { memberId: listing.sellerId }],
  };
};
