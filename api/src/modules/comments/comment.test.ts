import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { Notification } from '../notifications/notification.entity';
import { buildPost, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { Comment } from './comment.entity';

const ADD =
  `mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id text author { id ` +
  `displayName } createdAt } }`;
const LIST =
  `query($id: ID!, $first: Int, $after: String) { comments(postId: $id, first: $first, after: $after) { ` +
  `nodes { text } pageInfo { hasNextPage endCursor } } }`;

describe('comments', () => {
  it('requires authentication', async () => {
    const u = await buildUser();
    const { id } = await buildPost({ authorId: u.id });
    expect(codeOf(await gql(ADD, { id, text: 'hi' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(LIST, { id }))).toBe('UNAUTHENTICATED');
  });

  it('adds comments newest last, counts them and notifies the author', async () => {
    const author = await buildUser();
    const friend = await buildUser();
    const { id } = await buildPost({ authorId: author.id });
    for (const text of ['one', 'two', 'three'])
      expect((await gql(ADD, { id, text }, { as: friend })).errors).toBeUndefined();
    const page1 = await gql(LIST, { id, first: 2 }, { as: author });
    expect(page1.data.comments.nodes.map((c: { text: string }) => c.text)).toEqual(['one', 'two']);
    const page2 = await gql(LIST, { id, first: 2, after: page1.data.comments.pageInfo.endCursor }, { as: author });
    expect(page2.data.comments.nodes.map((c: { text: string }) => c.text)).toEqual(['three']);
    const count = await gql(`query($id: ID!) { post(id: $id) { commentCount } }`, { id }, { as: author });
    expect(count.data.post.commentCount).toBe(3);
    expect(await db().getRepository(Notification).countBy({ recipientId: author.id })).toBe(3);
  });

  it('refuses blank and oversize text, writing nothing', async () => {
    const u = await buildUser();
    const { id } = await buildPost({ authorId: u.id });
    expect(codeOf(await gql(ADD, { id, text: '  \n ' }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(ADD, { id, text: 'x'.repeat(2001) }, { as: u }))).toBe('BAD_USER_INPUT');
    expect(await db().getRepository(Comment).countBy({ postId: id })).toBe(0);
  });

  it('refuses a NUL character in an argument, sent as a variable or inline, writing nothing', async () => {
    const u = await buildUser();
    const { id } = await buildPost({ authorId: u.id });
    const variable = await gql(ADD, { id, text: 'a\u0000b' }, { as: u });
    expect(codeOf(variable)).toBe('BAD_USER_INPUT');
    expect(variable.errors?.[0].message).toBe('text must not contain NUL characters');
    expect(codeOf(await gql(`mutation { addComment(postId: "${id}", text: "a\\u0000b") { id } }`, {}, { as: u }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(await db().getRepository(Comment).countBy({ postId: id })).toBe(0);
  });

  it('a comment retried with its idempotency key, even 10 times at once, is one comment and one notification', async () => {
    const [author, m] = await Promise.all([buildUser(), buildUser()]);
    const p = await buildPost({ authorId: author.id });
    const ADD_ONCE =
      `mutation($id: ID!, $text: String!, $key: String) { addComment(postId: $id, text: $text, ` +
      `idempotencyKey: $key) { id } }`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => gql(ADD_ONCE, { id: p.id, text: 'Lekker!', key: 'comment-1' }, { as: m })),
    );
    expect(results.filter((r) => r.errors)).toEqual([]);
    expect(new Set(results.map((r) => r.data.addComment.id)).size).toBe(1);
    const retry = await gql(ADD_ONCE, { id: p.id, text: 'Lekker!', key: 'comment-1' }, { as: m });
    expect(retry.data.addComment.id).toBe(results[0].data.addComment.id);
    expect(await db().getRepository(Comment).countBy({ postId: p.id })).toBe(1);
    expect(await db().getRepository(Notification).countBy({ recipientId: author.id, title: 'New comment' })).toBe(1);
  });
});
