import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildCheckin, buildPost, buildSavedCheckin, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { SavedCheckin } from './saved-checkin.entity';

const SAVE = `mutation($id: ID!) { saveCheckin(postId: $id) { id postId post { location } } }`;
const checkin = async (as: Awaited<ReturnType<typeof buildUser>>) =>
  (await buildCheckin({ authorId: as.id, location: 'Boulders Beach', latitude: -34.19, longitude: 18.45 })).id;

describe('saved check-ins', () => {
  it('requires authentication', async () => {
    const id = await checkin(await buildUser());
    expect(codeOf(await gql(SAVE, { id }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(`{ savedCheckins { nodes { id } } }`))).toBe('UNAUTHENTICATED');
  });

  it('saves a check-in once; a second save is a conflict saying "already saved"', async () => {
    const author = await buildUser();
    const fan = await buildUser();
    const id = await checkin(author);
    const r = await gql(SAVE, { id }, { as: fan });
    expect(r.data.saveCheckin).toMatchObject({ postId: id, post: { location: 'Boulders Beach' } });
    const again = await gql(SAVE, { id }, { as: fan });
    expect(codeOf(again)).toBe('CONFLICT');
    expect(again.errors![0].message).toContain('already saved');
    expect(await db().getRepository(SavedCheckin).countBy({ postId: id })).toBe(1);
    const feed = await gql(`query($id: ID!) { post(id: $id) { savedCheckinId } }`, { id }, { as: fan });
    expect(feed.data.post.savedCheckinId).toBe(r.data.saveCheckin.id);
  });

  it('refuses a post without a place', async () => {
    const u = await buildUser();
    const { id } = await buildPost({ authorId: u.id, content: 'no place' });
    expect(codeOf(await gql(SAVE, { id }, { as: u }))).toBe('BAD_USER_INPUT');
  });

  it("lists the viewer's own saves and lets only them remove one", async () => {
    const author = await buildUser();
    const fan = await buildUser();
    const other = await buildUser();
    const saved = await buildSavedCheckin({ memberId: fan.id, postId: await checkin(author) });
    const list = await gql(`{ savedCheckins { nodes { id } } }`, {}, { as: other });
    expect(list.data.savedCheckins.nodes).toEqual([]);
    const remove = (as: typeof fan) =>
      gql(`mutation($id: ID!) { removeSavedCheckin(id: $id) }`, { id: saved.id }, { as });
    expect(codeOf(await remove(other))).toBe('NOT_FOUND');
    expect((await remove(fan)).data.removeSavedCheckin).toBe(saved.id);
    expect(await db().getRepository(SavedCheckin).countBy({ id: saved.id })).toBe(0);
  });

  it('discovers check-ins only', async () => {
    const u = await buildUser();
    const id = await checkin(u);
    await buildPost({ authorId: u.id, content: 'plain' });
    const r = await gql(`{ discoverCheckins(first: 100) { nodes { id location } } }`, {}, { as: u });
    expect(r.data.discoverCheckins.nodes.every((p: { location: string | null }) => p.location)).toBe(true);
    expect(r.data.discoverCheckins.nodes.map((p: { id: string }) => p.id)).toContain(id);
  });
});
