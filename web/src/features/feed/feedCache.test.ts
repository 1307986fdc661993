import { describe, expect, it } from 'vitest';
import { HomeFeedDocument, SharedPostDocument, type HomeFeedQuery } from './feed.generated';
import { prependToFeed } from './feedCache';
import { makePost } from '../posts';
import { createCache } from '../../ui/cache';

const page = (ids: string[], endCursor: string | null, hasNextPage: boolean) =>
  ({
    feed: {
      __typename: 'PostConnection',
      nodes: ids.map((id) => makePost({ id })),
      pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
    },
  }) as HomeFeedQuery;

const read = (cache: ReturnType<typeof createCache>) =>
  cache.readQuery<HomeFeedQuery>({ query: HomeFeedDocument, variables: { first: 10 } })!.feed;

describe('prependToFeed', () => {
  it('prepends a new post once', () => {
    const cache = createCache();
    cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: page(['a'], null, false) });
    const created = makePost({ id: 'new' });
    cache.writeQuery({ query: SharedPostDocument, variables: { id: 'new' }, data: { post: created } });
    prependToFeed(cache, created);
    prependToFeed(cache, created);
    expect(read(cache).nodes.map((p) => p.id)).toEqual(['new', 'a']);
  });

  it('does nothing when no feed is cached', () => {
    const cache = createCache();
    expect(() => prependToFeed(cache, { id: 'x' })).not.toThrow();
    expect(Object.keys(cache.extract().ROOT_QUERY ?? {}).filter((key) => key.startsWith('feed'))).toEqual([]);
  });
});
