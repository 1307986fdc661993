import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings, useSettings } from '../../kernel/settings';
import { buildBusiness, buildBusinessFollow, buildBusinessReview, buildUser } from '../../test/factories';
import { codeOf, files, gql } from '../../test/helpers';
import { BusinessFollow } from './business-follow.entity';
import { BusinessReview } from './business-review.entity';
import { Business, DEFAULT_GRADIENT } from './business.entity';
import { GRADIENT_PRESETS } from './business.service';

const PAGE =
  `id name category address phone website email industry openHours imageUrl coverPhotoUrl buttonColor ` +
  `buttonTextColor
  gradientBorder latitude longitude rating reviewCount followerCount viewerFollows viewerIsOwner viewerCanReview ` +
  `viewerReview { id rating comment }`;
const CREATE = `mutation($input: BusinessPageInput!) { createBusinessPage(input: $input) { ${PAGE} } }`;
const UPDATE =
  `mutation($id: ID!, $input: BusinessPageInput!) { updateBusinessPage(id: $id, input: $input) ` + `{ ${PAGE} } }`;
const CUSTOMIZE =
  `mutation($id: ID!, $input: BusinessStyleInput!) { customizeBusinessPage(id: $id, input: $input) ` + `{ ${PAGE} } }`;
const DELETE = `mutation($id: ID!) { deleteBusinessPage(id: $id) }`;
const FOLLOW = `mutation($id: ID!) { followBusiness(id: $id) { id followerCount viewerFollows } }`;
const UNFOLLOW = `mutation($id: ID!) { unfollowBusiness(id: $id) { id followerCount viewerFollows } }`;
const REVIEW =
  `mutation($id: ID!, $rating: Int, $comment: String) { reviewBusiness(businessId: $id, rating: ` +
  `$rating, comment: $comment) { id rating comment author { id } } }`;
const ONE = `query($id: ID!) { business(id: $id) { ${PAGE} } }`;
const DIRECTORY =
  `query($lat: Float!, $lng: Float!, $r: Int!, $first: Int, $after: String) {
  businessDirectory(latitude: $lat, longitude: $lng, radiusKm: $r, first: $first, after: $after) { totalCount nodes ` +
  `{ id name distanceKm } pageInfo { endCursor hasNextPage } } }`;

const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };
const uniqueName = () => `Page ${Math.random().toString(36).slice(2, 10)}`;
const countOf = (
  entity: typeof Business | typeof BusinessFollow | typeof BusinessReview,
  where: Record<string, string>,
) => db().getRepository(entity).countBy(where);

describe('business pages', () => {
  it('requires authentication', async () => {
    const b = await buildBusiness();
    for (const [q, v] of [
      [CREATE, { input: { name: 'X', category: 'Y' } }],
      [FOLLOW, { id: b.id }],
      [REVIEW, { id: b.id, rating: 5 }],
      [ONE, { id: b.id }],
      [DIRECTORY, { lat: 0, lng: 0, r: 10 }],
      [`{ myBusinessPages { nodes { id } } }`, {}],
      [`{ followedBusinesses { nodes { id } } }`, {}],
    ] as const) {
      expect(codeOf(await gql(q, v))).toBe('UNAUTHENTICATED');
    }
  });

  it('creates a page owned by the viewer, with defaults, logo and cover stored from data URLs', async () => {
    const owner = await buildUser();
    const name = uniqueName();
    const r = await gql(
      CREATE,
      {
        input: {
          name,
          category: 'Café',
          address: '8 Church Street, Stellenbosch',
          phone: '+27 21 555 0123',
          website: 'rooibos.example',
          imageUrl: files.png,
          coverPhotoUrl: files.png,
          ...CAPE_TOWN,
        },
      },
      { as: owner },
    );
    expect(r.errors).toBeUndefined();
    const p = r.data.createBusinessPage;
    expect(p).toMatchObject({
      name,
      category: 'Café',
      website: 'https://rooibos.example',
      buttonColor: '#1877f2',
      buttonTextColor: '#ffffff',
      gradientBorder: DEFAULT_GRADIENT,
    });
    expect(p).toMatchObject({
      ...CAPE_TOWN,
      viewerIsOwner: true,
      followerCount: 0,
      reviewCount: 0,
      rating: null,
      viewerFollows: false,
    });
    expect(p.imageUrl).toMatch(/^\/media\//);
    expect(p.coverPhotoUrl).toMatch(/^\/media\//);
    const row = await db().getRepository(Business).findOneByOrFail({ id: p.id });
    expect(row.ownerId).toBe(owner.id);
    expect(row.media.logo.length).toBeGreaterThan(0);
    const mine = await gql(`{ myBusinessPages { nodes { id } } }`, {}, { as: owner });
    expect(mine.data.myBusinessPages.nodes.map((n: { id: string }) => n.id)).toEqual([p.id]);
  });

  it("refuses a page without name or category with the spec's message, writing nothing", async () => {
    const owner = await buildUser();
    for (const input of [
      { name: '', category: 'Café' },
      { name: 'Named', category: '   ' },
      { category: 'Café' },
      {},
    ]) {
      const r = await gql(CREATE, { input }, { as: owner });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe('Please fill in business name and category');
    }
    expect(await countOf(Business, { ownerId: owner.id })).toBe(0);
  });

  it('checks images by their bytes and size, and other fields by their rule', async () => {
    const owner = await buildUser();
    const name = uniqueName();
    expect(codeOf(await gql(CREATE, { input: { name, category: 'X', imageUrl: files.fakePng } }, { as: owner }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      codeOf(
        await gql(
          CREATE,
          { input: { name, category: 'X', coverPhotoUrl: files.sized(5 * 1024 * 1024 + 10) } },
          { as: owner },
        ),
      ),
    ).toBe('PAYLOAD_TOO_LARGE');
    expect(codeOf(await gql(CREATE, { input: { name, category: 'X', imageUrl: files.pdf } }, { as: owner }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      codeOf(
        await gql(
          CREATE,
          { input: { name, category: 'X', imageUrl: 'https://elsewhere.example/logo.png' } },
          { as: owner },
        ),
      ),
    ).toBe('BAD_USER_INPUT');
    expect(
      codeOf(await gql(CREATE, { input: { name, category: 'X', website: 'javascript:alert(1)' } }, { as: owner })),
    ).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(CREATE, { input: { name, category: 'X', email: 'not-an-email' } }, { as: owner }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(CREATE, { input: { name, category: 'X', phone: 'call me' } }, { as: owner }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(
      codeOf(await gql(CREATE, { input: { name, category: 'X', latitude: 95, longitude: 0 } }, { as: owner })),
    ).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(CREATE, { input: { name, category: 'X', latitude: 10 } }, { as: owner }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(await countOf(Business, { ownerId: owner.id })).toBe(0);
  });

  it('keeps names unique (case-insensitive): a second page of the same name is a CONFLICT', async () => {
    const name = uniqueName();
    await buildBusiness({ name });
    const r = await gql(CREATE, { input: { name: name.toUpperCase(), category: 'X' } }, { as: await buildUser() });
    expect(codeOf(r)).toBe('CONFLICT');
  });

  it('lets only the owner edit, customise and delete; anyone else gets FORBIDDEN and nothing changes', async () => {
    const owner = await buildUser();
    const other = await buildUser();
    const b = await buildBusiness({ ownerId: owner.id, category: 'Café' });
    const style = { buttonColor: '#ff0000', buttonTextColor: '#000000', gradientBorder: GRADIENT_PRESETS[1].value };
    expect(codeOf(await gql(UPDATE, { id: b.id, input: { name: 'Hijacked', category: 'X' } }, { as: other }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await gql(CUSTOMIZE, { id: b.id, input: style }, { as: other }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(DELETE, { id: b.id }, { as: other }))).toBe('FORBIDDEN');
    const unowned = await buildBusiness({ ownerId: null });
    expect(codeOf(await gql(DELETE, { id: unowned.id }, { as: other }))).toBe('FORBIDDEN');
    expect(await db().getRepository(Business).findOneByOrFail({ id: b.id })).toMatchObject({
      name: b.name,
      buttonColor: '#1877f2',
    });

    const edited = await gql(
      UPDATE,
      { id: b.id, input: { category: 'Bakery', openHours: 'Daily 07:00-16:00', website: '' } },
      { as: owner },
    );
    expect(edited.data.updateBusinessPage).toMatchObject({
      name: b.name,
      category: 'Bakery',
      openHours: 'Daily 07:00-16:00',
      website: null,
    });
    const emptied = await gql(UPDATE, { id: b.id, input: { name: '' } }, { as: owner });
    expect(emptied.errors![0].message).toBe('Please fill in business name and category');

    const styled = await gql(CUSTOMIZE, { id: b.id, input: style }, { as: owner });
    expect(styled.data.customizeBusinessPage).toMatchObject(style);
    // The REST PATCH carries the customization through the update as well.
    const viaUpdate = await gql(UPDATE, { id: b.id, input: { buttonColor: '#00AA00' } }, { as: owner });
    expect(viaUpdate.data.updateBusinessPage.buttonColor).toBe('#00aa00');

    expect((await gql(DELETE, { id: b.id }, { as: owner })).data.deleteBusinessPage).toBe(b.id);
    expect(await countOf(Business, { id: b.id })).toBe(0);
  });

  it('accepts the six presets and a strict conic-gradient, never arbitrary CSS', async () => {
    const owner = await buildUser();
    const b = await buildBusiness({ ownerId: owner.id });
    expect(GRADIENT_PRESETS.map((p) => p.name)).toEqual(['Instagram', 'Fire', 'Ocean', 'Sunset', 'Forest', 'Purple']);
    for (const p of GRADIENT_PRESETS) {
      const r = await gql(
        CUSTOMIZE,
        { id: b.id, input: { buttonColor: '#123456', buttonTextColor: '#ffffff', gradientBorder: p.value } },
        { as: owner },
      );
      expect(r.data.customizeBusinessPage.gradientBorder).toBe(p.value);
    }
    const custom = 'conic-gradient(from 90deg, #112233, #445566)';
    expect(
      (
        await gql(
          CUSTOMIZE,
          { id: b.id, input: { buttonColor: '#123456', buttonTextColor: '#ffffff', gradientBorder: custom } },
          { as: owner },
        )
      ).data.customizeBusinessPage.gradientBorder,
    ).toBe(custom);
    for (const bad of [
      'red; background: url(https://evil.example/x)',
      'conic-gradient(from 0deg, red, blue)',
      'url(x)',
      'conic-gradient(from 0deg, #112233)',
    ]) {
      const r = await gql(
        CUSTOMIZE,
        { id: b.id, input: { buttonColor: '#123456', buttonTextColor: '#ffffff', gradientBorder: bad } },
        { as: owner },
      );
      expect(codeOf(r), bad).toBe('BAD_USER_INPUT');
    }
    expect(
      codeOf(
        await gql(
          CUSTOMIZE,
          { id: b.id, input: { buttonColor: 'blue', buttonTextColor: '#ffffff', gradientBorder: custom } },
          { as: owner },
        ),
      ),
    ).toBe('BAD_USER_INPUT');
    expect((await db().getRepository(Business).findOneByOrFail({ id: b.id })).gradientBorder).toBe(custom);
  });

  it('answers NOT_FOUND for a page that does not exist and BAD_USER_INPUT for an id that cannot', async () => {
    const u = await buildUser();
    expect(codeOf(await gql(FOLLOW, { id: '00000000-0000-4000-8000-000000000000' }, { as: u }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(FOLLOW, { id: 'nope' }, { as: u }))).toBe('BAD_USER_INPUT');
    expect((await gql(ONE, { id: 'nope' }, { as: u })).data.business).toBeNull();
  });

  it('finds a page by its exact name, case-insensitively', async () => {
    const b = await buildBusiness({ name: uniqueName() });
    const r = await gql(
      `query($n: String!) { businessByName(name: $n) { id } }`,
      { n: b.name.toLowerCase() },
      { as: await buildUser() },
    );
    expect(r.data.businessByName.id).toBe(b.id);
  });
});

describe('following', () => {
  it('follows once: a second follow is a CONFLICT saying "Already following"; unfollow removes it', async () => {
    const fan = await buildUser();
    const b = await buildBusiness();
    expect((await gql(FOLLOW, { id: b.id }, { as: fan })).data.followBusiness).toMatchObject({
      followerCount: 1,
      viewerFollows: true,
    });
    const again = await gql(FOLLOW, { id: b.id }, { as: fan });
    expect(codeOf(again)).toBe('CONFLICT');
    expect(again.errors![0].message).toContain('Already following');
    expect(await countOf(BusinessFollow, { businessId: b.id })).toBe(1);
    const followed = await gql(`{ followedBusinesses { nodes { id } } }`, {}, { as: fan });
    expect(followed.data.followedBusinesses.nodes).toEqual([{ id: b.id }]);
    expect((await gql(UNFOLLOW, { id: b.id }, { as: fan })).data.unfollowBusiness).toMatchObject({
      followerCount: 0,
      viewerFollows: false,
    });
    expect(await countOf(BusinessFollow, { businessId: b.id })).toBe(0);
  });

  it('makes one follow of parallel follows', async () => {
    const fan = await buildUser();
    const b = await buildBusiness();
    const results = await Promise.all(Array.from({ length: 10 }, () => gql(FOLLOW, { id: b.id }, { as: fan })));
    expect(results.filter((r) => !r.errors).length).toBe(1);
    expect(await countOf(BusinessFollow, { businessId: b.id })).toBe(1);
  });
});

describe('reviews', () => {
  it('needs a follower who does not own the page', async () => {
    const owner = await buildUser();
    const stranger = await buildUser();
    const b = await buildBusiness({ ownerId: owner.id });
    expect(codeOf(await gql(REVIEW, { id: b.id, rating: 5 }, { as: stranger }))).toBe('FORBIDDEN');
    await buildBusinessFollow({ memberId: owner.id, businessId: b.id });
    expect(codeOf(await gql(REVIEW, { id: b.id, rating: 5 }, { as: owner }))).toBe('FORBIDDEN');
    expect(await countOf(BusinessReview, { businessId: b.id })).toBe(0);
    const page = await gql(ONE, { id: b.id }, { as: owner });
    expect(page.data.business).toMatchObject({ viewerIsOwner: true, viewerFollows: true, viewerCanReview: false });
  });

  it("needs a rating of 1 to 5, with the spec's message", async () => {
    const fan = await buildUser();
    const b = await buildBusiness();
    await buildBusinessFollow({ memberId: fan.id, businessId: b.id });
    for (const rating of [null, 0, 6, -1]) {
      const r = await gql(REVIEW, { id: b.id, rating, comment: 'x' }, { as: fan });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toBe('Please select a star rating before submitting.');
    }
    expect(await countOf(BusinessReview, { businessId: b.id })).toBe(0);
  });

  it('keeps one review per member and page: a second submission edits it, and the rating is computed from real rows', async () => {
    const b = await buildBusiness();
    const [fan, other] = await Promise.all([buildUser(), buildUser()]);
    await buildBusinessFollow({ memberId: fan.id, businessId: b.id });
    await buildBusinessFollow({ memberId: other.id, businessId: b.id });
    const first = await gql(REVIEW, { id: b.id, rating: 2, comment: ' Slow service ' }, { as: fan });
    expect(first.data.reviewBusiness).toMatchObject({ rating: 2, comment: 'Slow service', author: { id: fan.id } });
    const edited = await gql(REVIEW, { id: b.id, rating: 4 }, { as: fan });
    expect(edited.data.reviewBusiness).toMatchObject({ id: first.data.reviewBusiness.id, rating: 4, comment: null });
    await gql(REVIEW, { id: b.id, rating: 5, comment: 'Lekker' }, { as: other });
    const page = await gql(ONE, { id: b.id }, { as: fan });
    expect(page.data.business).toMatchObject({
      rating: 4.5,
      reviewCount: 2,
      followerCount: 2,
      viewerCanReview: true,
      viewerReview: { rating: 4, comment: null },
    });
    const list = await gql(
      `query($id: ID!) { businessReviews(businessId: $id, first: 1) { nodes { rating author { id } } pageInfo { ` +
        `hasNextPage endCursor } } }`,
      { id: b.id },
      { as: fan },
    );
    expect(list.data.businessReviews.nodes).toEqual([{ rating: 5, author: { id: other.id } }]);
    expect(list.data.businessReviews.pageInfo.hasNextPage).toBe(true);
  });

  it('makes one row of 50 parallel submissions', async () => {
    const fan = await buildUser();
    const b = await buildBusiness();
    await buildBusinessFollow({ memberId: fan.id, businessId: b.id });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => gql(REVIEW, { id: b.id, rating: (i % 5) + 1 }, { as: fan })),
    );
    expect(results.filter((r) => r.errors && codeOf(r) !== 'RATE_LIMITED')).toEqual([]);
    expect(await countOf(BusinessReview, { businessId: b.id })).toBe(1);
  });

  it('has a CHECK constraint on the stars', async () => {
    await expect(buildBusinessReview({ rating: 6 })).rejects.toThrow();
  });
});

describe('the directory', () => {
  let viewer: Awaited<ReturnType<typeof buildUser>>;
  const near: Business[] = [];
  beforeAll(async () => {
    viewer = await buildUser();
    // A ring of pages around a remote point (mid-Atlantic) so other tests' pages do not interfere: 1 km to 800 km away.
    const here = { latitude: -10, longitude: -25 };
    for (const km of [1, 5, 5, 40, 150, 800])
      near.push(
        await buildBusiness({ latitude: here.latitude + km / 111.2, longitude: here.longitude, name: uniqueName() }),
      );
    await buildBusiness({ latitude: null, longitude: null }); // no coordinates: never listed
  });

  const search = (r: number, first = 20, after: string | null = null) =>
    gql(DIRECTORY, { lat: -10, lng: -25, r, first, after }, { as: viewer });

  it('lists pages within the radius, nearest first, with their distance and the count', async () => {
    const ten = await search(10);
    expect(ten.errors).toBeUndefined();
    expect(ten.data.businessDirectory.totalCount).toBe(3);
    expect(ten.data.businessDirectory.nodes.map((n: { distanceKm: number }) => n.distanceKm)).toEqual([1, 5, 5]);
    const all = await search(1000);
    expect(all.data.businessDirectory.totalCount).toBe(6);
    expect(all.data.businessDirectory.nodes.map((n: { id: string }) => n.id)).toEqual(
      [near[0], ...[near[1], near[2]].sort((a, b) => (a.id < b.id ? -1 : 1)), near[3], near[4], near[5]].map(
        (b) => b.id,
      ),
    );
  });

  it('pages by distance then id, the equal distances included, without repeats', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const r = await search(1000, 2, after);
      seen.push(...r.data.businessDirectory.nodes.map((n: { id: string }) => n.id));
      if (!r.data.businessDirectory.pageInfo.hasNextPage) break;
      after = r.data.businessDirectory.pageInfo.endCursor;
    }
    const all = await search(1000);
    expect(seen).toEqual(all.data.businessDirectory.nodes.map((n: { id: string }) => n.id));
  });

  it('refuses a radius outside the options, impossible coordinates and forged cursors', async () => {
    expect(codeOf(await search(25))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(DIRECTORY, { lat: 91, lng: 0, r: 10 }, { as: viewer }))).toBe('BAD_USER_INPUT');
    for (const forged of [
      'bm90IGEgY3Vyc29y',
      Buffer.from('1e999|x').toString('base64url'),
      Buffer.from("0|' OR 1=1").toString('base64url'),
    ]) {
      expect(codeOf(await search(1000, 2, forged))).toBe('BAD_USER_INPUT');
    }
  });
});

describe('coordinates from a typed address', () => {
  let server: http.Server;
  let previous: string | null;
  beforeAll(async () => {
    // A stub of Nominatim's search API on loopback.
    server = http.createServer((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams.get('q') ?? '';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(q.includes('Nowhere') ? [] : [{ lat: '-33.9366', lon: '18.8614' }]));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    previous = settings().geocoderUrl;
    useSettings({ ...settings(), geocoderUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/reverse` });
  });
  afterAll(async () => {
    useSettings({ ...settings(), geocoderUrl: previous });
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('geocodes the address when no position is given, and leaves the page out of the directory when nothing is found', async () => {
    const owner = await buildUser();
    const found = await gql(
      CREATE,
      { input: { name: uniqueName(), category: 'Café', address: '8 Church Street, Stellenbosch' } },
      { as: owner },
    );
    expect(found.data.createBusinessPage).toMatchObject({ latitude: -33.9366, longitude: 18.8614 });
    const given = await gql(
      CREATE,
      { input: { name: uniqueName(), category: 'Café', address: 'Stellenbosch', ...CAPE_TOWN } },
      { as: owner },
    );
    expect(given.data.createBusinessPage).toMatchObject(CAPE_TOWN);
    const none = await gql(
      CREATE,
      { input: { name: uniqueName(), category: 'Café', address: 'Nowhere Lane' } },
      { as: owner },
    );
    expect(none.data.createBusinessPage).toMatchObject({ latitude: null, longitude: null });
  });
});
