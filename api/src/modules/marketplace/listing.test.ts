import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { coarsePosition } from '../../kernel/geo';
import { buildListing, buildUser } from '../../test/factories';
import { codeOf, countQueries, files, gql, mediaFile, storedFiles } from '../../test/helpers';
import fs from 'node:fs';
import { ListingStatus, MarketplaceListing } from './marketplace-listing.entity';
import { NOT_AVAILABLE_MESSAGE, OWN_LISTING_MESSAGE, OWNER_ONLY_MESSAGE } from './listing.service';

const LISTING =
  `id name price condition category description imageUrl thumbnailUrl locationName latitude longitude ` +
  `status
  isOwnListing canMessageSeller distanceKm seller { id firstName }`;
const CREATE = `mutation($input: ListingInput!) { createListing(input: $input) { ${LISTING} } }`;
const UPDATE = `mutation($id: ID!, $input: ListingInput!) { updateListing(id: $id, input: $input) { ${LISTING} } }`;
const STATUS =
  `mutation($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id status ` + `} }`;
const DELETE = `mutation($id: ID!) { deleteListing(id: $id) }`;
const ONE = `query($id: ID!) { marketplaceListing(id: $id) { ${LISTING} } }`;
const NEAR =
  `query($lat: Float!, $lng: Float!, $r: Int, $category: String, $first: Int, $after: String) {
  marketplaceListings(latitude: $lat, longitude: $lng, radiusKm: $r, category: $category, first: $first, after: ` +
  `$after) {
    totalCount nodes { id name category distanceKm seller { id } } pageInfo { endCursor hasNextPage } } }`;
const START =
  `mutation($input: StartConversationInput!) { startConversation(input: $input) { id listing { id name } ` +
  `peer { memberId name } } }`;

/** earthdistance's earth radius (earth(), metres): one degree of latitude is this many km along the surface. */
const KM_PER_DEGREE = (6378.168 * Math.PI) / 180;
/** A position of its own per test, far from every other test's listings, so counts are exact. */
const somewhere = () => ({ latitude: -60 + Math.random() * 30, longitude: -170 + Math.random() * 340 });
const north = (p: { latitude: number; longitude: number }, km: number) => ({
  latitude: p.latitude + km / KM_PER_DEGREE,
  longitude: p.longitude,
});
const valid = (p = somewhere()) => ({
  name: 'Braai stand',
  price: 850,
  condition: 'like-new',
  category: 'sports',
  description: 'Solid steel, hardly used.',
  locationName: 'Sea Point',
  ...p,
});
const near = (p: { latitude: number; longitude: number }, extra: Record<string, unknown> = {}) => ({
  lat: p.latitude,
  lng: p.longitude,
  ...extra,
});

describe('marketplace listings', () => {
  it('requires authentication', async () => {
    const l = await buildListing();
    for (const [q, v] of [
      [CREATE, { input: valid() }],
      [UPDATE, { id: l.id, input: { name: 'X' } }],
      [STATUS, { id: l.id, status: 'sold' }],
      [DELETE, { id: l.id }],
      [ONE, { id: l.id }],
      [NEAR, near(somewhere())],
      [`{ marketplaceOptions { categories } }`, {}],
      [
        `query($lat: Float!, $lng: Float!) { marketplaceListingCount(latitude: $lat, longitude: $lng) }`,
        near(somewhere()),
      ],
    ] as const) {
      expect(codeOf(await gql(q, v))).toBe('UNAUTHENTICATED');
    }
  });

  it('answers the spec option lists and radius limits', async () => {
    const r = await gql(
      `{ marketplaceOptions { conditions categories statuses minRadiusKm maxRadiusKm radiusStepKm defaultRadiusKm } }`,
      {},
      { as: await buildUser() },
    );
    expect(r.data.marketplaceOptions).toEqual({
      conditions: ['new', 'like-new', 'good', 'fair', 'poor'],
      categories: ['electronics', 'furniture', 'clothing', 'books', 'sports', 'toys', 'other'],
      statuses: ['available', 'pending', 'sold'],
      minRadiusKm: 1,
      maxRadiusKm: 50,
      radiusStepKm: 1,
      defaultRadiusKm: 10,
    });
  });

  it('lists an item sold by the viewer, available, with its photo stored as original and thumbnail', async () => {
    const seller = await buildUser({ firstName: 'Thandi' });
    const r = await gql(CREATE, { input: { ...valid(), image: files.png } }, { as: seller });
    expect(r.errors).toBeUndefined();
    const l = r.data.createListing;
    expect(l).toMatchObject({
      name: 'Braai stand',
      price: 850,
      condition: 'like-new',
      category: 'sports',
      locationName: 'Sea Point',
      status: 'available',
    });
    expect(l).toMatchObject({
      isOwnListing: true,
      canMessageSeller: false,
      seller: { id: seller.id, firstName: 'Thandi' },
    });
    expect(l.imageUrl).toMatch(/^\/media\//);
    expect(l.thumbnailUrl).toMatch(/^\/media\//);
    expect(l.thumbnailUrl).not.toBe(l.imageUrl);
    const row = await db().getRepository(MarketplaceListing).findOneByOrFail({ id: l.id });
    expect(row.files).toEqual(expect.arrayContaining([l.imageUrl, l.thumbnailUrl]));
    for (const url of row.files) expect(fs.existsSync(mediaFile(url))).toBe(true);
    const other = await gql(ONE, { id: l.id }, { as: await buildUser() });
    expect(other.data.marketplaceListing).toMatchObject({
      id: l.id,
      isOwnListing: false,
      canMessageSeller: true,
      seller: { id: seller.id },
    });
  });

  it("stores and answers the seller's position only as its 1 km cell, on create and update, and still finds it by distance", async () => {
    const seller = await buildUser();
    const exact = { latitude: -41.987654, longitude: -120.123456 };
    const r = await gql(CREATE, { input: valid(exact) }, { as: seller });
    expect(r.errors).toBeUndefined();
    const cell = coarsePosition(exact.latitude, exact.longitude);
    expect({ latitude: r.data.createListing.latitude, longitude: r.data.createListing.longitude }).toEqual(cell);
    expect(Math.abs(cell.latitude - exact.latitude) + Math.abs(cell.longitude - exact.longitude)).toBeGreaterThan(
      0.001,
    );
    const other = await gql(ONE, { id: r.data.createListing.id }, { as: await buildUser() });
    expect({
      latitude: other.data.marketplaceListing.latitude,
      longitude: other.data.marketplaceListing.longitude,
    }).toEqual(cell);
    const moved = { latitude: exact.latitude + 0.054321, longitude: exact.longitude + 0.012345 };
    const u = await gql(UPDATE, { id: r.data.createListing.id, input: { ...moved } }, { as: seller });
    expect(u.errors).toBeUndefined();
    expect({ latitude: u.data.updateListing.latitude, longitude: u.data.updateListing.longitude }).toEqual(
      coarsePosition(moved.latitude, moved.longitude),
    );
    const row = await db().getRepository(MarketplaceListing).findOneByOrFail({ id: r.data.createListing.id });
    expect({ latitude: row.latitude, longitude: row.longitude }).toEqual(
      coarsePosition(moved.latitude, moved.longitude),
    );
    // The distance filter works on the cell: found from where the seller stood.
    const found = await gql(NEAR, near(moved, { r: 2 }), { as: await buildUser() });
    expect(found.data.marketplaceListings.nodes.map((n: { id: string }) => n.id)).toEqual([r.data.createListing.id]);
  });

  it('refuses missing fields, wrong option values and prices that are not numbers, writing nothing', async () => {
    const seller = await buildUser();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'name'],
      [{ name: undefined }, 'name'],
      [{ description: '' }, 'description'],
      [{ condition: 'broken' }, 'condition'],
      [{ condition: undefined }, 'condition'],
      [{ category: 'cars' }, 'category'],
      [{ price: -1 }, 'price'],
      [{ price: undefined }, 'price'],
      [{ latitude: 95 }, 'latitude'],
      [{ longitude: undefined }, 'longitude'],
      [{ name: 'x'.repeat(121) }, 'name'],
    ];
    for (const [change, field] of bad) {
      const r = await gql(CREATE, { input: { ...valid(), ...change } }, { as: seller });
      expect(codeOf(r), JSON.stringify(change)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].extensions!.field).toBe(field);
    }
    // A price that is not a number never reaches the service: GraphQL refuses it as a Float.
    expect((await gql(CREATE, { input: { ...valid(), price: 'cheap' } }, { as: seller })).errors![0].message).toMatch(
      /Float cannot represent/,
    );
    expect(await db().getRepository(MarketplaceListing).countBy({ sellerId: seller.id })).toBe(0);
  });

  it('refuses a photo of the wrong type, an oversize one and a non-image, storing no file and no row', async () => {
    const seller = await buildUser();
    const before = storedFiles();
    expect(codeOf(await gql(CREATE, { input: { ...valid(), image: files.fakePng } }, { as: seller }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(CREATE, { input: { ...valid(), image: files.pdf } }, { as: seller }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(CREATE, { input: { ...valid(), image: files.mp4 } }, { as: seller }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      codeOf(await gql(CREATE, { input: { ...valid(), image: 'https://elsewhere.example/x.png' } }, { as: seller })),
    ).toBe('BAD_USER_INPUT');
    const big = await gql(CREATE, { input: { ...valid(), image: files.sized(5 * 1024 * 1024 + 10) } }, { as: seller });
    expect(codeOf(big)).toBe('PAYLOAD_TOO_LARGE');
    expect(await db().getRepository(MarketplaceListing).countBy({ sellerId: seller.id })).toBe(0);
    expect(storedFiles()).toBe(before);
  });

  it('lets only the seller edit, change the status and delete; anyone else gets FORBIDDEN and nothing changes', async () => {
    const seller = await buildUser();
    const other = await buildUser();
    const made = await gql(CREATE, { input: { ...valid(), image: files.png } }, { as: seller });
    const l = made.data.createListing;
    for (const [q, v] of [
      [UPDATE, { id: l.id, input: { name: 'Mine now' } }],
      [STATUS, { id: l.id, status: 'sold' }],
      [DELETE, { id: l.id }],
    ] as const) {
      const r = await gql(q, v, { as: other });
      expect(codeOf(r)).toBe('FORBIDDEN');
      expect(r.errors![0].message).toBe(OWNER_ONLY_MESSAGE);
    }
    expect(await db().getRepository(MarketplaceListing).findOneByOrFail({ id: l.id })).toMatchObject({
      name: 'Braai stand',
      status: 'available',
    });

    for (const status of ['pending', 'sold', 'available'] as const) {
      const r = await gql(STATUS, { id: l.id, status }, { as: seller });
      expect(r.data.setListingStatus.status).toBe(status);
    }
    // A status outside the three is refused by the schema's enum before the service runs.
    expect((await gql(STATUS, { id: l.id, status: 'gone' }, { as: seller })).errors![0].message).toMatch(
      /ListingStatus/,
    );
    expect((await db().getRepository(MarketplaceListing).findOneByOrFail({ id: l.id })).status).toBe('available');

    const edited = await gql(UPDATE, { id: l.id, input: { price: 700.5, locationName: '' } }, { as: seller });
    expect(edited.data.updateListing).toMatchObject({
      name: 'Braai stand',
      price: 700.5,
      locationName: null,
      imageUrl: l.imageUrl,
    });
    expect(codeOf(await gql(UPDATE, { id: l.id, input: { name: '' } }, { as: seller }))).toBe('BAD_USER_INPUT');

    // A new photo replaces the old files; deleting removes the listing and its files.
    const oldFiles = (await db().getRepository(MarketplaceListing).findOneByOrFail({ id: l.id })).files;
    const replaced = await gql(UPDATE, { id: l.id, input: { image: files.png } }, { as: seller });
    expect(replaced.data.updateListing.imageUrl).not.toBe(l.imageUrl);
    for (const url of oldFiles) expect(fs.existsSync(mediaFile(url))).toBe(false);
    const newFiles = (await db().getRepository(MarketplaceListing).findOneByOrFail({ id: l.id })).files;
    expect((await gql(DELETE, { id: l.id }, { as: seller })).data.deleteListing).toBe(l.id);
    expect(await db().getRepository(MarketplaceListing).countBy({ id: l.id })).toBe(0);
    for (const url of newFiles) expect(fs.existsSync(mediaFile(url))).toBe(false);
    expect(codeOf(await gql(STATUS, { id: l.id, status: 'sold' }, { as: seller }))).toBe('NOT_FOUND');
  });

  it('finds listings within the radius only, nearest first, with the count; the edges of 1 and 50 km hold', async () => {
    const viewer = await buildUser();
    const here = somewhere();
    const at = async (km: number, extra: Partial<MarketplaceListing> = {}) =>
      (await buildListing({ ...north(here, km), name: `${km} km`, ...extra })).id;
    const ids = {
      k0: await at(0.2),
      k09: await at(0.95),
      k11: await at(1.05),
      k99: await at(9.9),
      k101: await at(10.1),
      k499: await at(49.9),
      k501: await at(50.1),
    };
    const names = async (r?: number) => {
      const res = await gql(NEAR, near(here, { r }), { as: viewer });
      expect(res.errors).toBeUndefined();
      return {
        names: res.data.marketplaceListings.nodes.map((n: { name: string }) => n.name),
        total: res.data.marketplaceListings.totalCount,
      };
    };
    // default 10 km
    expect(await names(undefined)).toEqual({ names: ['0.2 km', '0.95 km', '1.05 km', '9.9 km'], total: 4 });
    expect(await names(1)).toEqual({ names: ['0.2 km', '0.95 km'], total: 2 });
    expect(await names(50)).toEqual({
      names: ['0.2 km', '0.95 km', '1.05 km', '9.9 km', '10.1 km', '49.9 km'],
      total: 6,
    });
    const first = (await gql(NEAR, near(here, { r: 10 }), { as: viewer })).data.marketplaceListings.nodes[0];
    expect(first.id).toBe(ids.k0);
    expect(first.distanceKm).toBe(0.2);
    for (const r of [0, 51, -5])
      expect(codeOf(await gql(NEAR, near(here, { r }), { as: viewer })), `radius ${r}`).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(NEAR, { lat: 91, lng: 0 }, { as: viewer }))).toBe('BAD_USER_INPUT');
  });

  it('filters by category (all when none or "all"), the count following the filter', async () => {
    const viewer = await buildUser();
    const here = somewhere();
    await buildListing({ ...north(here, 1), category: 'books', name: 'Book' });
    await buildListing({ ...north(here, 2), category: 'toys', name: 'Toy' });
    await buildListing({ ...north(here, 3), category: 'books', name: 'Book 2' });
    const of = async (category?: string) =>
      (await gql(NEAR, near(here, { category }), { as: viewer })).data.marketplaceListings;
    expect((await of('books')).nodes.map((n: { name: string }) => n.name)).toEqual(['Book', 'Book 2']);
    expect((await of('books')).totalCount).toBe(2);
    expect((await of('toys')).totalCount).toBe(1);
    expect((await of('furniture')).totalCount).toBe(0);
    expect((await of()).totalCount).toBe(3);
    expect((await of('all')).totalCount).toBe(3);
    const count = async (category?: string) =>
      (
        await gql(
          `query($lat: Float!, $lng: Float!, $category: String) { marketplaceListingCount(latitude: $lat, longitude: ` +
            `$lng, category: $category) }`,
          near(here, { category }),
          { as: viewer },
        )
      ).data.marketplaceListingCount;
    expect([await count(), await count('books'), await count('toys'), await count('furniture')]).toEqual([3, 2, 1, 0]);
    expect(codeOf(await gql(NEAR, near(here, { category: 'cars' }), { as: viewer }))).toBe('BAD_USER_INPUT');
  });

  it('pages nearest first by keyset, each listing once, with a bounded number of statements for sellers', async () => {
    const viewer = await buildUser();
    const here = somewhere();
    const sellers = await Promise.all([buildUser(), buildUser(), buildUser()]);
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await buildListing({ ...north(here, 0.5 + i * 0.5), sellerId: sellers[i % 3].id })).id);
    // Two at the same spot: the id breaks the tie, and neither is lost between pages.
    made.push((await buildListing({ ...north(here, 4) })).id);
    const seen: string[] = [];
    let after: string | null = null;
    let statements = 0;
    do {
      const { result, queries } = await countQueries(() => gql(NEAR, near(here, { first: 3, after }), { as: viewer }));
      const page = result.data.marketplaceListings;
      seen.push(...page.nodes.map((n: { id: string }) => n.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      statements = Math.max(statements, queries.length);
    } while (after);
    expect(seen).toHaveLength(made.length);
    expect(new Set(seen)).toEqual(new Set(made));
    expect(statements).toBeLessThanOrEqual(3); // the page, the count, the sellers: never one per listing
    expect(codeOf(await gql(NEAR, near(here, { after: 'bogus' }), { as: viewer }))).toBe('BAD_USER_INPUT');
  });

  it("Message Seller opens one conversation with the seller about someone else's available item", async () => {
    const seller = await buildUser({ firstName: 'Pieter', lastName: 'Botha' });
    const buyer = await buildUser();
    const l = await buildListing({ sellerId: seller.id, name: 'Springbok jersey' });
    const r = await gql(START, { input: { listingId: l.id } }, { as: buyer });
    expect(r.errors).toBeUndefined();
    expect(r.data.startConversation).toMatchObject({
      listing: { id: l.id, name: 'Springbok jersey' },
      peer: { memberId: seller.id, name: 'Pieter Botha' },
    });
    const again = await gql(START, { input: { listingId: l.id } }, { as: buyer });
    expect(again.data.startConversation.id).toBe(r.data.startConversation.id);
    // The seller has it too, about the same item.
    const sellers = await gql(`{ conversations { nodes { id listing { id } } } }`, {}, { as: seller });
    expect(sellers.data.conversations.nodes).toEqual([{ id: r.data.startConversation.id, listing: { id: l.id } }]);
    // Another buyer gets a conversation of their own.
    const second = await gql(START, { input: { listingId: l.id } }, { as: await buildUser() });
    expect(second.data.startConversation.id).not.toBe(r.data.startConversation.id);
  });

  it('refuses Message Seller for your own item, an item that is not available, and one that does not exist', async () => {
    const seller = await buildUser();
    const buyer = await buildUser();
    const own = await buildListing({ sellerId: seller.id });
    const mine = await gql(START, { input: { listingId: own.id } }, { as: seller });
    expect(codeOf(mine)).toBe('BAD_USER_INPUT');
    expect(mine.errors![0].message).toBe(OWN_LISTING_MESSAGE);
    for (const status of [ListingStatus.pending, ListingStatus.sold]) {
      const l = await buildListing({ sellerId: seller.id, status });
      const r = await gql(START, { input: { listingId: l.id } }, { as: buyer });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe(NOT_AVAILABLE_MESSAGE);
      expect((await gql(ONE, { id: l.id }, { as: buyer })).data.marketplaceListing.canMessageSeller).toBe(false);
    }
    expect(
      codeOf(await gql(START, { input: { listingId: '00000000-0000-4000-8000-000000000000' } }, { as: buyer })),
    ).toBe('NOT_FOUND');
    expect(codeOf(await gql(START, { input: { listingId: 'nope' } }, { as: buyer }))).toBe('BAD_USER_INPUT');
    const convs = await db().query(`SELECT count(*)::int AS n FROM conversation_members WHERE member_id = $1`, [
      buyer.id,
    ]);
    expect(convs[0].n).toBe(0);
  });
});
