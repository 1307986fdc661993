import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { DEMO_LISTINGS, marketplaceDemo } from './listing.demo';

const CAPE_TOWN = { lat: -33.9249, lng: 18.4241 };

describe('the marketplace demo part', () => {
  it('puts the sample items of every category near Cape Town, with photos, sellers and each status', async () => {
    await loadDemoMembers();
    await marketplaceDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const r = await gql(
      `query($lat: Float!, $lng: Float!) { marketplaceListings(latitude: $lat, longitude: $lng, first: 100) {
        nodes { name category condition status thumbnailUrl imageUrl distanceKm isOwnListing canMessageSeller seller ` +
        `{ id } } } }`,
      CAPE_TOWN,
      { as: thandi },
    );
    expect(r.errors).toBeUndefined();
    const demoIds = new Set(
      (await db().getRepository(User).find()).filter((u) => u.email?.endsWith('@demo.saffa.local')).map((u) => u.id),
    );
    const demo = r.data.marketplaceListings.nodes.filter((n: { seller: { id: string } }) => demoIds.has(n.seller.id));
    // Every sample item lies within the default 10 km of the Cape Town fallback position.
    expect(demo.map((n: { name: string }) => n.name).sort()).toEqual(DEMO_LISTINGS.map((l) => l.name).sort());
    expect(new Set(demo.map((n: { category: string }) => n.category))).toEqual(
      new Set(['electronics', 'furniture', 'clothing', 'books', 'sports', 'toys', 'other']),
    );
    expect(new Set(demo.map((n: { status: string }) => n.status))).toEqual(new Set(['available', 'pending', 'sold']));
    for (const n of demo) {
      expect(n.thumbnailUrl).toMatch(/^\/media\//);
      expect(n.distanceKm).toBeLessThanOrEqual(10);
    }
    const tv = demo.find((n: { name: string }) => n.name === 'Samsung 55" Smart TV');
    expect(tv).toMatchObject({ isOwnListing: true, canMessageSeller: false });
    const table = demo.find((n: { name: string }) => n.name === 'Oak Dining Table with 6 Chairs');
    expect(table).toMatchObject({ isOwnListing: false, canMessageSeller: true });
  });
});
