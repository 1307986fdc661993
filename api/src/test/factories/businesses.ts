import { BusinessFollow } from '../../modules/businesses/business-follow.entity';
import { BusinessReview } from '../../modules/businesses/business-review.entity';
import { Business } from '../../modules/businesses/business.entity';
import { ListingStatus, MarketplaceListing } from '../../modules/marketplace/marketplace-listing.entity';
import { insert, next, memberRef } from './core';

export function buildBusiness(overrides: Partial<Business> = {}): Promise<Business> {
  return insert(Business, {
    name: `Business ${next()}`,
    category: 'Food & Drink',
    description: null,
    imageUrl: null,
    ...overrides,
  });
}

/** A marketplace listing in Cape Town's city centre, available, in electronics (a new seller unless given). */
export async function buildListing(overrides: Partial<MarketplaceListing> = {}): Promise<MarketplaceListing> {
  return insert(MarketplaceListing, {
    name: `Item ${next()}`,
    price: 100,
    condition: 'good',
    category: 'electronics',
    description: 'Works well.',
    latitude: -33.9249,
    longitude: 18.4241,
    status: ListingStatus.available,
    ...overrides,
    sellerId: await memberRef(overrides.sellerId),
  });
}

/** A follow of a business page (a new member and page unless given). */
export async function buildBusinessFollow(overrides: Partial<BusinessFollow> = {}): Promise<BusinessFollow> {
  return insert(BusinessFollow, {
    ...overrides,
    memberId: await memberRef(overrides.memberId),
    businessId: overrides.businessId ?? (await buildBusiness()).id,
  });
}

/** A review of a business page, 4 stars by default (a new member and page unless given). */
export async function buildBusinessReview(overrides: Partial<BusinessReview> = {}): Promise<BusinessReview> {
  return insert(BusinessReview, {
    rating: 4,
    comment: `Review ${next()}`,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
    businessId: overrides.businessId ?? (await buildBusiness()).id,
  });
}
