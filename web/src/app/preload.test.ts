import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { makePost } from '../features/posts';
import { HomeFeedDocument, type HomeFeedQuery } from '../features/feed/feed.generated';
import { MeDocument, type MeQuery } from '../ui/session.generated';
import { makeUser } from '../test/render';
import { createCache } from '../ui/cache';
import { PRELOAD_ELEMENT_ID, preloadManifest, restorePreloaded } from './preload';

/** A page as the server sends it to a signed-in member: the answers in the preload element. */
function pageWith(answers: unknown, raw?: string): Document {
  const doc = document.implementation.createHTMLDocument('Saffa');
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = PRELOAD_ELEMENT_ID;
  element.textContent = raw ?? JSON.stringify(answers);
  doc.body.append(element);
  return doc;
}

const me = { operationName: 'Me', variables: {}, data: { me: makeUser({ id: 'u7', firstName: 'Sipho' }) } };
const feedPage = (variables: Record<string, unknown>) => ({
  operationName: 'HomeFeed',
  variables,
  data: {
    feed: {
      __typename: 'PostConnection',
      nodes: [makePost({ id: 'p1', content: 'Braai on Saturday' })],
      pageInfo: { __typename: 'PageInfo', endCursor: 'c1', hasNextPage: true },
    },
  },
});

describe('restorePreloaded', () => {
  it('writes the session and the feed first page into the cache, where the hooks read them, and removes the element', () => {
    const cache = createCache();
    const doc = pageWith([me, feedPage({ first: 10 })]);
    expect(restorePreloaded(cache, doc)).toBe(2);
    expect(cache.readQuery<MeQuery>({ query: MeDocument })?.me).toMatchObject({ id: 'u7', firstName: 'Sipho' });
    const feed = cache.readQuery<HomeFeedQuery>({ query: HomeFeedDocument, variables: { first: 10 } })?.feed;
    expect(feed?.nodes.map((p) => p.content)).toEqual(['Braai on Saturday']);
    expect(feed?.pageInfo).toMatchObject({ endCursor: 'c1', hasNextPage: true });
    expect(doc.getElementById(PRELOAD_ELEMENT_ID)).toBeNull();
    expect(restorePreloaded(cache, doc)).toBe(0);
  });

  it('ignores answers to other operations or other variables, and a page without the element', () => {
    const cache = createCache();
    const doc = pageWith([feedPage({ first: 3 }), { operationName: 'AdminStats', variables: {}, data: { x: 1 } }]);
    expect(restorePreloaded(cache, doc)).toBe(0);
    expect(cache.readQuery({ query: HomeFeedDocument, variables: { first: 3 } })).toBeNull();
    expect(restorePreloaded(cache, document.implementation.createHTMLDocument('Saffa'))).toBe(0);
  });

  it('survives an element that is not a list of answers', () => {
    const cache = createCache();
    expect(restorePreloaded(cache, pageWith(null, '{not json'))).toBe(0);
    expect(restorePreloaded(cache, pageWith({ me }))).toBe(0);
  });
});

describe('preloadManifest', () => {
  it('prints the session first (for every path), then the feed first page for /, with __typename as the cache reads them', () => {
    const { elementId, queries } = preloadManifest();
    expect(elementId).toBe(PRELOAD_ELEMENT_ID);
    expect(queries.map((q) => [q.operationName, q.path, q.variables])).toEqual([
      ['Me', null, {}],
      ['HomeFeed', '/', { first: 10 }],
    ]);
    for (const q of queries) {
      expect(() => parse(q.query)).not.toThrow();
      expect(q.query).toContain('__typename');
    }
  });
});
