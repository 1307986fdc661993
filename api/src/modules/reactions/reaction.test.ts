import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { Notification } from '../notifications/notification.entity';
import { buildPost, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { Reaction } from './reaction.entity';

const newPost = async (as: Awaited<ReturnType<typeof buildUser>>) =>
  (await buildPost({ authorId: as.id, content: 'react to me' })).id;
const REACT =
  `mutation($id: ID!, $t: ReactionType!) { react(postId: $id, type: $t) { myReaction reactionCounts { ` +
  `lekker sad total } } }`;

describe('reactions', () => {
  it('requires authentication', async () => {
    const u = await buildUser();
    const id = await newPost(u);
    expect(codeOf(await gql(REACT, { id, t: 'lekker' }))).toBe('UNAUTHENTICATED');
  });

  it('holds one reaction per member: the same again removes it, another replaces it', async () => {
    const author = await buildUser();
    const fan = await buildUser();
    const id = await newPost(author);
    let r = await gql(REACT, { id, t: 'lekker' }, { as: fan });
    expect(r.data.react).toEqual({ myReaction: 'lekker', reactionCounts: { lekker: 1, sad: 0, total: 1 } });
    r = await gql(REACT, { id, t: 'sad' }, { as: fan });
    expect(r.data.react).toEqual({ myReaction: 'sad', reactionCounts: { lekker: 0, sad: 1, total: 1 } });
    r = await gql(REACT, { id, t: 'sad' }, { as: fan });
    expect(r.data.react).toEqual({ myReaction: null, reactionCounts: { lekker: 0, sad: 0, total: 0 } });
    expect(await db().getRepository(Reaction).countBy({ postId: id })).toBe(0);
  });

  it('keeps one row when two requests race', async () => {
    const author = await buildUser();
    const fan = await buildUser();
    const id = await newPost(author);
    const set = (t: string) =>
      gql(
        `mutation($id: ID!, $t: ReactionType!) { setReaction(postId: $id, type: $t) { reactionType } }`,
        { id, t },
        { as: fan },
      );
    await Promise.all([set('lekker'), set('care'), set('angry')]);
    expect(await db().getRepository(Reaction).countBy({ postId: id, memberId: fan.id })).toBe(1);
  });

  it("notifies the post's author once, and never of their own reaction", async () => {
    const author = await buildUser();
    const fan = await buildUser();
    const id = await newPost(author);
    await gql(REACT, { id, t: 'lekker' }, { as: author });
    await gql(REACT, { id, t: 'lekker' }, { as: fan });
    await gql(REACT, { id, t: 'care' }, { as: fan });
    const notes = await db().getRepository(Notification).findBy({ recipientId: author.id });
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain(fan.displayName);
    expect(notes[0].link).toBe(`/post/${id}`);
  });

  it('refuses an unknown post', async () => {
    const u = await buildUser();
    const r = await gql(REACT, { id: '00000000-0000-4000-8000-000000000000', t: 'lekker' }, { as: u });
    expect(codeOf(r)).toBe('NOT_FOUND');
  });

  it('lists reactions and the viewer reaction', async () => {
    const author = await buildUser();
    const fan = await buildUser();
    const id = await newPost(author);
    await gql(REACT, { id, t: 'angry' }, { as: fan });
    const list = await gql(`query($id: ID!) { postReactions(postId: $id) { reactionType } }`, { id }, { as: author });
    expect(list.data.postReactions).toEqual([{ reactionType: 'angry' }]);
    const mine = await gql(`query($id: ID!) { post(id: $id) { myReaction } }`, { id }, { as: author });
    expect(mine.data.post.myReaction).toBeNull();
  });
});
