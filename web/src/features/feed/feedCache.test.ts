import { describe, expect, it } from 'vitest';
import { HomeFeedDocument, SharedPostDocument, type HomeFeedQuery } from '../../gql/graphql';
import { prependToFeed } from './feedCache';
import { makePost } from '../posts';
import { createFeedCache } from './testUtils';

const page = (ids: string[], endCursor: string | null, hasNextPage: boolean) =>
  ({
    feed: {
      __typename: 'PostConnection',
      nodes: ids.map((id) => makePost({ id })),
      pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
    },
  }) as HomeFeedQuery;

const read = (cache: ReturnType<typeof createFeedCache>) =>
  cache.readQuery<HomeFeedQuery>({ query: HomeFeedDocument, variables: { first: 10 } })!.feed;

describe('Query.feed field policy', () => {
  it('appends the pages fetched with after and keeps the latest pageInfo', () => {
    const cache = createFeedCache();
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: page(['a', 'b'], 'cb', true) });
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10, after: 'cb' }, data: page(['b', 'c'], 'cc', false) });
    const feed = read(cache);
    expect(feed.nodes.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(feed.pageInfo).toMatchObject({ endCursor: 'cc', hasNextPage: false });
  });

  it('starts again on a fetch without after', () => {
    const cache = createFeedCache();
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: page(['a'], 'ca', true) });
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10, after: 'ca' }, data: page(['b'], 'cb', true) });
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: page(['z', 'a'], 'ca', true) });
    expect(read(cache).nodes.map((p) => p.id)).toEqual(['z', 'a']);
  });

  it('prepends a new post once', () => {
    const cache = createFeedCache();
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: page(['a'], null, false) });
    const created = makePost({ id: 'new' });
    cache.writeQuery({ query: SharedPostDocument, variables: { id: 'new' }, data: { post: created } });
    prependToFeed(cache, created);
    prependToFeed(cache, created);
    expect(read(cache).nodes.map((p) => p.id)).toEqual(['new', 'a']);
  });
});

describe('prependToFeed', () => {
  it('does nothing when no feed is cached', () => {
    const cache = createFeedCache();
    expect(() => prependToFeed(cache, { id: 'x' })).not.toThrow();
    expect(cache.extract().ROOT_QUERY?.feed).toBeUndefined();
  });
});
