import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MUTATION_BASE_COST, operationCost } from './cost';

const schema = buildSchema(
  `
  type Query { me: User, feed(first: Int, after: String): PostConnection!, post(id: ID!): Post, tags: [String!]!, ` +
    `search(q: String!): [SearchHit!]! }
  type Mutation { likePost(id: ID!): Post!, ping: Boolean! }
  type Subscription { postAdded: Post! }
  type User { id: ID!, name: String!, friends(limit: Int): [User!]! }
  type Post { id: ID!, body: String!, author: User!, comments: [Comment!]! }
  type Comment { id: ID!, text: String!, author: User! }
  type PostConnection { nodes: [Post!]!, pageInfo: PageInfo! }
  type PageInfo { endCursor: String, hasNextPage: Boolean! }
  union SearchHit = User | Post
`,
);
const options = { defaultPageSize: 20, maxPageSize: 100 };
const cost = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  operationCost(schema, parse(query), variables, operationName, options);

describe('operationCost', () => {
  it('counts 1 per object field, nothing for scalars, at least 1', () => {
    expect(cost('{ tags }')).toBe(1);
    expect(cost('{ me { id name } }')).toBe(1);
    expect(cost('{ post(id: "1") { id author { id } } }')).toBe(2);
  });

  it("multiplies what a page selects by its `first`, a connection's nodes counted once per item", () => {
    // feed 1 + 5 x (nodes 1 + author 1 + pageInfo 1): what a page selects is counted per item, pageInfo too
    expect(cost('{ feed(first: 5) { nodes { id author { id } } pageInfo { endCursor } } }')).toBe(1 + 5 * 3);
    expect(cost('{ feed(first: 50) { nodes { id author { id } } pageInfo { endCursor } } }')).toBe(1 + 50 * 3);
  });

  it('takes the page size from variables, the default page without one, and at most the largest page', () => {
    const q = 'query ($n: Int) { feed(first: $n) { nodes { id } } }';
    expect(cost(q, { n: 10 })).toBe(1 + 10);
    expect(cost(q, {})).toBe(1 + 20);
    expect(cost(q, { n: 100000 })).toBe(1 + 100);
  });

  it('counts a list of objects that takes no page size as a default page, and nested pages multiply', () => {
    expect(cost('{ post(id: "1") { comments { id } } }')).toBe(1 + 1 + 20 * 0); // comments' items select only scalars
    expect(cost('{ post(id: "1") { comments { author { id } } } }')).toBe(1 + 1 + 20 * 1);
    expect(cost('{ me { friends(limit: 3) { friends(limit: 4) { id } } } }')).toBe(1 + 1 + 3 * (1 + 4 * 0));
    expect(cost('{ me { friends(limit: 3) { friends(limit: 4) { friends(limit: 2) { id } } } } }')).toBe(
      1 + 1 + 3 * (1 + 4 * 1),
    );
  });

  it('counts fragments where they are spread, inline fragments on unions, and aliases as separate fields', () => {
    const withFragment = `
      query { feed(first: 2) { ...Page } }
      fragment Page on PostConnection { nodes { ...P } }
      fragment P on Post { author { id } }`;
    expect(cost(withFragment)).toBe(1 + 2 * (1 + 1));
    expect(cost('{ search(q: "x") { ... on Post { author { id } } ... on User { id } } }')).toBe(1 + 20 * 1);
    expect(cost('{ a: me { id } b: me { id } c: me { id } }')).toBe(3);
    expect(cost('{ a: feed(first: 10) { nodes { id } } b: feed(first: 10) { nodes { id } } }')).toBe(2 * (1 + 10));
  });

  it('honours @skip and @include, with variables', () => {
    const q = 'query ($s: Boolean!) { me @skip(if: $s) { id } post(id: "1") @include(if: $s) { id } }';
    expect(cost(q, { s: true })).toBe(1);
    expect(cost(q, { s: false })).toBe(1);
    expect(cost('{ me @skip(if: true) { id } feed @include(if: true) { nodes { id } } }')).toBe(1 + 20);
  });

  it('charges each root field of a mutation a higher base; subscriptions are counted like queries', () => {
    expect(cost('mutation { likePost(id: "1") { id author { id } } }')).toBe(MUTATION_BASE_COST + 1 + 1);
    expect(cost('mutation { a: ping b: ping }')).toBe(2 * MUTATION_BASE_COST);
    expect(cost('subscription { postAdded { author { id } } }')).toBe(2);
  });

  it('picks the named operation, and answers null when there is none', () => {
    const doc = 'query A { me { id } } query B { feed(first: 3) { nodes { id } } }';
    expect(cost(doc, {}, 'B')).toBe(4);
    expect(cost(doc, {}, 'C')).toBeNull();
  });

  it('does not loop on a fragment that spreads itself (validation refuses it)', () => {
    expect(cost('{ me { ...F } } fragment F on User { friends(limit: 2) { ...F } }')).toBe(1 + 1);
  });
});
