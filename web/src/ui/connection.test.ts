import { describe, expect, it } from 'vitest';
import { gql } from '@apollo/client';
import { createCache } from './cache';
import { withNode } from './connection';

// Any connection field of the schema: comments (keyed by postId) and saved check-ins stand for all of them.
const COMMENTS = gql`
  query Comments($postId: ID!, $first: Int, $after: String) {
    comments(postId: $postId, first: $first, after: $after) {
      nodes {
        id
        text
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;
const SAVED = gql`
  query Saved($first: Int!, $after: String) {
    savedCheckins(first: $first, after: $after) {
      nodes {
        id
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

type Page = { nodes: Array<{ id: string }>; pageInfo: { endCursor: string | null; hasNextPage: boolean } };

const comments = (ids: string[], endCursor: string | null, hasNextPage: boolean, text = 'hi') => ({
  comments: {
    __typename: 'CommentConnection',
    nodes: ids.map((id) => ({ __typename: 'Comment', id, text: `${text} ${id}` })),
    pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
  },
});
const saved = (ids: string[], endCursor: string | null, hasNextPage: boolean) => ({
  savedCheckins: {
    __typename: 'SavedCheckinConnection',
    nodes: ids.map((id) => ({ __typename: 'SavedCheckin', id })),
    pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage },
  },
});

function readComments(cache: ReturnType<typeof createCache>, postId: string) {
  return cache.readQuery<{ comments: Page & { nodes: Array<{ id: string; text: string }> } }>({
    query: COMMENTS,
    variables: { postId, first: 2 },
  })!.comments;
}

describe('keysetConnectionPolicy (every connection field of the cache)', () => {
  it('appends the pages fetched with after and keeps the latest pageInfo', () => {
    const cache = createCache();
    cache.writeQuery({
      query: COMMENTS,
      variables: { postId: 'p1', first: 2 },
      data: comments(['a', 'b'], 'cb', true),
    });
    cache.writeQuery({
      query: COMMENTS,
      variables: { postId: 'p1', first: 2, after: 'cb' },
      data: comments(['c', 'd'], 'cd', false),
    });
    const list = readComments(cache, 'p1');
    expect(list.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(list.pageInfo).toMatchObject({ endCursor: 'cd', hasNextPage: false });
  });

  it('keeps a node once when two pages carry it (by id), with its latest fields', () => {
    const cache = createCache();
    cache.writeQuery({
      query: COMMENTS,
      variables: { postId: 'p1', first: 2 },
      data: comments(['a', 'b'], 'cb', true),
    });
    cache.writeQuery({
      query: COMMENTS,
      variables: { postId: 'p1', first: 2, after: 'cb' },
      data: comments(['b', 'c'], 'cc', false, 'edited'),
    });
    const list = readComments(cache, 'p1');
    expect(list.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(list.nodes[1].text).toBe('edited b');
  });

  it('starts the list again on a fetch without after (a refetch)', () => {
    const cache = createCache();
    cache.writeQuery({
      query: COMMENTS,
      variables: { postId: 'p1', first: 2 },
      data: comments(['a', 'b'], 'cb', true),
    });
    cache.writeQuery({
      query: COMMENTS,
      variables: { postId: 'p1', first: 2, after: 'cb' },
      data: comments(['c'], 'cc', true),
    });
    cache.writeQuery({
      query: COMMENTS,
      variables: { postId: 'p1', first: 2 },
      data: comments(['z', 'a'], 'ca', true),
    });
    const list = readComments(cache, 'p1');
    expect(list.nodes.map((n) => n.id)).toEqual(['z', 'a']);
    expect(list.pageInfo.endCursor).toBe('ca');
  });

  it('keeps lists with other arguments apart: another post, another page size', () => {
    const cache = createCache();
    cache.writeQuery({ query: COMMENTS, variables: { postId: 'p1', first: 2 }, data: comments(['a'], null, false) });
    cache.writeQuery({ query: COMMENTS, variables: { postId: 'p2', first: 2 }, data: comments(['x'], null, false) });
    expect(readComments(cache, 'p1').nodes.map((n) => n.id)).toEqual(['a']);
    expect(readComments(cache, 'p2').nodes.map((n) => n.id)).toEqual(['x']);

    cache.writeQuery({ query: SAVED, variables: { first: 20 }, data: saved(['s1', 's2', 's3', 's4'], 's4', true) });
    cache.writeQuery({ query: SAVED, variables: { first: 3 }, data: saved(['s1', 's2', 's3'], 's3', true) });
    const screen = cache.readQuery<{ savedCheckins: Page }>({ query: SAVED, variables: { first: 20 } })!;
    expect(screen.savedCheckins.nodes).toHaveLength(4);
  });
});

describe('withNode', () => {
  const list = { nodes: [{ id: 'a' }, { id: 'b' }], pageInfo: { hasNextPage: false } };

  it('puts a new node at the start or the end', () => {
    expect(withNode(list, { id: 'n' }, 'start')?.nodes.map((n) => n.id)).toEqual(['n', 'a', 'b']);
    expect(withNode(list, { id: 'n' }, 'end')?.nodes.map((n) => n.id)).toEqual(['a', 'b', 'n']);
  });

  it('changes nothing when the node is there already or no list is held', () => {
    expect(withNode(list, { id: 'b' }, 'end')).toBeUndefined();
    expect(withNode(undefined, { id: 'n' }, 'end')).toBeUndefined();
  });
});
