import { describe, expect, it } from 'vitest';
import { buildBusiness, buildEvent, buildJobVacancy, buildUser } from '../../test/factories';
import { codeOf, countQueries, gql } from '../../test/helpers';
import { db } from '../../kernel/database';
import type { User } from '../users/user.entity';

const SEARCH = `query($kind: SearchKind!, $query: String, $first: Int, $after: String) {
  search(kind: $kind, query: $query, first: $first, after: $after) {
    nodes {
      __typename
      ... on User { id displayName }
      ... on Business { id name category }
      ... on Event { id title location }
      ... on JobVacancy { id title company location }
      ... on Group { id name viewerStatus memberCount }
    }
    pageInfo { endCursor hasNextPage }
  } }`;

type Hit = { __typename: string; id: string; displayName?: string; name?: string; title?: string; company?: string };
const search = async (as: User, kind: string, query?: string | null, first?: number, after?: string | null) => {
  const r = await gql(SEARCH, { kind, query, first, after }, { as });
  if (r.errors) throw new Error(r.errors[0].message);
  return r.data.search as { nodes: Hit[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
};
const ids = (page: { nodes: Hit[] }) => page.nodes.map((n) => n.id);

/** Every page of a search, following endCursor. */
async function allPages(as: User, kind: string, query: string | null, first: number) {
  const seen: string[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = await search(as, kind, query, first, after);
    seen.push(...ids(page));
    if (!page.pageInfo.hasNextPage) return seen;
    after = page.pageInfo.endCursor;
  }
  throw new Error('more than 50 pages');
}

describe('search', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(SEARCH, { kind: 'people', query: 'x' }))).toBe('UNAUTHENTICATED');
  });

  it('ranks a whole-name match above a name that only contains the words, and finds a slightly misspelt name', async () => {
    const me = await buildUser();
    const exact = await buildUser({ firstName: 'Thandeka', lastName: 'Mokoena' });
    const longer = await buildUser({ firstName: 'Thandeka', lastName: 'Mokoena-Radebe' });
    const other = await buildUser({ firstName: 'Pieter', lastName: 'Botha' });
    const page = await search(me, 'people', 'thandeka mokoena');
    expect(ids(page)).toEqual([exact.id, longer.id]);
    expect(ids(page)).not.toContain(other.id);
    expect(page.nodes[0]).toMatchObject({ __typename: 'User', displayName: 'Thandeka Mokoena' });
    // A typo still finds the member (word similarity), though no substring matches.
    expect(ids(await search(me, 'people', 'Thandeke'))).toEqual(expect.arrayContaining([exact.id, longer.id]));
  });

  it('never finds a member by their e-mail address', async () => {
    const me = await buildUser();
    const secret = await buildUser({ firstName: 'Lerato', lastName: 'Khumalo', email: 'zebracrossing77@example.com' });
    expect(ids(await search(me, 'people', 'zebracrossing77'))).toEqual([]);
    expect(ids(await search(me, 'people', 'zebracrossing77@example.com'))).toEqual([]);
    expect(ids(await search(me, 'people', 'Lerato'))).toContain(secret.id);
    // Nor does the answer carry it: the e-mail field is the member's own.
    const r = await gql(
      `query { search(kind: people, query: "Lerato Khumalo") { nodes { ... on User { id email } } } }`,
      {},
      { as: me },
    );
    expect(r.data?.search.nodes[0]?.email ?? null).toBeNull();
  });

  it('finds businesses by name and category, events by title, category and location, not cancelled ones', async () => {
    const me = await buildUser();
    const biltong = await buildBusiness({ name: 'Biltong Brothers Deli', category: 'Food & Drink' });
    const plumber = await buildBusiness({ name: 'Fixit Plumbing', category: 'Home Services' });
    expect(ids(await search(me, 'businesses', 'biltong'))).toEqual([biltong.id]);
    expect(ids(await search(me, 'businesses', 'home serv'))).toEqual([plumber.id]);
    const braai = await buildEvent({
      title: 'Heritage Day Braai',
      category: 'Arts & Culture',
      location: 'Stellenbosch',
    });
    const cancelled = await buildEvent({
      title: 'Heritage Day Braai (cancelled)',
      location: 'Stellenbosch',
      isCancelled: true,
    });
    expect(ids(await search(me, 'events', 'heritage braai'))).toEqual([braai.id]);
    expect(ids(await search(me, 'events', 'stellenbosch'))).toEqual([braai.id]);
    expect(ids(await search(me, 'events', 'arts & culture'))).toContain(braai.id);
    expect(ids(await search(me, 'events', 'stellenbosch'))).not.toContain(cancelled.id);
  });

  it("finds open jobs by title, location and company (the page's name, or the poster's name), not closed ones", async () => {
    const me = await buildUser();
    const business = await buildBusiness({ name: 'Karoo Kitchens' });
    const chef = await buildJobVacancy({ title: 'Sous Chef', location: 'Gqeberha', businessId: business.id });
    const poster = await buildUser({ firstName: 'Nomvula', lastName: 'Sithole' });
    const nanny = await buildJobVacancy({ title: 'Nanny', location: 'Durban', posterId: poster.id });
    const closed = await buildJobVacancy({ title: 'Sous Chef', location: 'Gqeberha', isActive: false });
    const expired = await buildJobVacancy({
      title: 'Sous Chef',
      location: 'Gqeberha',
      applicationDeadline: '2001-01-01',
    });
    expect(ids(await search(me, 'jobs', 'sous chef'))).toEqual([chef.id]);
    expect(ids(await search(me, 'jobs', 'gqeberha'))).toEqual([chef.id]);
    expect(await search(me, 'jobs', 'karoo kitchens')).toMatchObject({
      nodes: [{ id: chef.id, company: 'Karoo Kitchens' }],
    });
    expect(await search(me, 'jobs', 'nomvula')).toMatchObject({
      nodes: [{ id: nanny.id, company: 'Nomvula Sithole' }],
    });
    for (const q of ['sous chef', 'gqeberha'])
      expect(ids(await search(me, 'jobs', q))).not.toEqual(expect.arrayContaining([closed.id, expired.id]));
  });

  it("finds groups by name, type and location, with the viewer's standing", async () => {
    const me = await buildUser();
    const owner = await buildUser();
    const create = (input: Record<string, unknown>) =>
      gql(
        `mutation($input: CreateGroupInput!) { createGroup(input: $input) { id } }`,
        { input: { latitude: -33.92, longitude: 18.42, ...input } },
        { as: owner },
      );
    const braai = (await create({ name: 'Sea Point Braai Club', type: 'Braai', locationName: 'Sea Point' })).data
      .createGroup.id;
    const jokes = (await create({ name: 'Dad Jokes Mzansi', type: 'Jokes', locationName: 'Soweto' })).data.createGroup
      .id;
    expect(ids(await search(me, 'groups', 'braai club'))).toEqual([braai]);
    expect(ids(await search(me, 'groups', 'soweto'))).toEqual([jokes]);
    expect(ids(await search(me, 'groups', 'jokes'))).toEqual([jokes]);
    expect(await search(me, 'groups', 'sea point braai')).toMatchObject({
      nodes: [{ id: braai, viewerStatus: 'none', memberCount: 1 }],
    });
    expect(await search(owner, 'groups', 'sea point braai')).toMatchObject({
      nodes: [{ id: braai, viewerStatus: 'admin' }],
    });
  });

  it('takes wildcard characters literally', async () => {
    const me = await buildUser();
    await buildBusiness({ name: 'Plain Name Shop' });
    const percent = await buildBusiness({ name: '100% Rooibos' });
    expect(ids(await search(me, 'businesses', '%'))).toEqual([percent.id]);
  });

  it('pages through ranked results without gaps or repeats, and browses the newest rows for an empty query', async () => {
    const me = await buildUser();
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await buildBusiness({ name: `Pagination Bakery ${i}`, category: 'Bakery' })).id);
    const ranked = await allPages(me, 'businesses', 'pagination bakery', 3);
    expect(ranked).toHaveLength(7);
    expect(new Set(ranked)).toEqual(new Set(made));
    // Empty query: newest first, over every business, in pages; members too (created within the same millisecond).
    const newest = await allPages(me, 'businesses', '', 2);
    expect(newest.slice(0, 7)).toEqual([...made].reverse());
    expect(new Set(newest).size).toBe(newest.length);
    const sameInstant = new Date();
    const twins: string[] = [];
    for (let i = 0; i < 5; i++)
      twins.push((await buildUser({ firstName: 'Twin', lastName: `${i}`, createdAt: sameInstant })).id);
    await db().query(
      `UPDATE users SET created_at = created_at + (random() * interval '900 microseconds') WHERE id = ANY($1)`,
      [twins],
    );
    const people = await allPages(me, 'people', null, 2);
    expect(new Set(people).size).toBe(people.length);
    expect(people).toEqual(expect.arrayContaining(twins));
  });

  it('refuses a cursor it did not write (BAD_USER_INPUT), and a page size outside 1 to 100', async () => {
    const me = await buildUser();
    await buildBusiness({ name: 'Cursor Cafe' });
    const forged = [
      'not-a-cursor',
      Buffer.from('rank|1|00000000-0000-4000-8000-000000000000|x').toString('base64url'),
      Buffer.from('rank|99999999|00000000-0000-4000-8000-000000000000').toString('base64url'),
      Buffer.from("rank|1|1' OR 1=1 --").toString('base64url'),
      Buffer.from('2026-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000').toString('base64url'),
    ];
    for (const after of forged) {
      expect(codeOf(await gql(SEARCH, { kind: 'businesses', query: 'cursor', after }, { as: me })), after).toBe(
        'BAD_USER_INPUT',
      );
    }
    // A browse cursor is no ranked cursor (and the other way round).
    const browse = (await search(me, 'businesses', '', 1)).pageInfo.endCursor;
    expect(codeOf(await gql(SEARCH, { kind: 'businesses', query: 'cursor', after: browse }, { as: me }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(SEARCH, { kind: 'businesses', query: 'x', first: 101 }, { as: me }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(SEARCH, { kind: 'businesses', query: 'x'.repeat(101) }, { as: me }))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('costs one statement per page, and relations of the hits come through loaders', async () => {
    const me = await buildUser();
    for (let i = 0; i < 5; i++) await buildJobVacancy({ title: `Statement Counter ${i}` });
    const { result, queries } = await countQueries(() =>
      gql(SEARCH, { kind: 'jobs', query: 'statement counter' }, { as: me }),
    );
    expect(result.data.search.nodes).toHaveLength(5);
    // The search, the job facts (company) and the session-free viewer: a fixed number whatever the page size.
    const searchStatements = queries.filter((q) => q.includes('word_similarity'));
    expect(searchStatements).toHaveLength(1);
    expect(queries.length).toBeLessThanOrEqual(4);
  });

  it('the top bar asks every kind in one request', async () => {
    const me = await buildUser({ firstName: 'Umhlanga', lastName: 'Resident' });
    await buildBusiness({ name: 'Umhlanga Surf Shop' });
    await buildEvent({ title: 'Umhlanga Beach Cleanup' });
    await buildJobVacancy({ title: 'Lifeguard', location: 'Umhlanga' });
    await gql(
      `mutation($input: CreateGroupInput!) { createGroup(input: $input) { id } }`,
      {
        input: { name: 'Umhlanga Surfers', type: 'Sport', locationName: 'Umhlanga', latitude: -29.7, longitude: 31.08 },
      },
      { as: me },
    );
    const r = await gql(
      `query($q: String) {
        people: search(kind: people, query: $q, first: 3) { nodes { __typename } }
        businesses: search(kind: businesses, query: $q, first: 3) { nodes { __typename } }
        events: search(kind: events, query: $q, first: 3) { nodes { __typename } }
        jobs: search(kind: jobs, query: $q, first: 3) { nodes { __typename } }
        groups: search(kind: groups, query: $q, first: 3) { nodes { __typename } }
      }`,
      { q: 'umhlanga' },
      { as: me },
    );
    expect(r.data).toEqual({
      people: { nodes: [{ __typename: 'User' }] },
      businesses: { nodes: [{ __typename: 'Business' }] },
      events: { nodes: [{ __typename: 'Event' }] },
      jobs: { nodes: [{ __typename: 'JobVacancy' }] },
      groups: { nodes: [{ __typename: 'Group' }] },
    });
  });
});
