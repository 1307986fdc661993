import { describe, expect, it } from 'vitest';
import { FriendshipStatus } from '../modules/friends/friendship.entity';
import * as f from './factories';

describe('factories', () => {
  it('build a valid row of every entity with defaults, creating what it refers to', async () => {
    const rows = await Promise.all([
      f.buildUser(),
      f.buildPost(),
      f.buildCheckin(),
      f.buildComment(),
      f.buildReaction(),
      f.buildShare(),
      f.buildReport(),
      f.buildSavedCheckin(),
      f.buildNotification(),
      f.buildFriendship(),
      f.buildBusiness(),
      f.buildReel(),
      f.buildSession().then((s) => s.session),
      f.buildPasswordReset().then((r) => r.reset),
      f.buildIdentity(),
      f.buildJobVacancy(),
      f.buildJobApplication(),
      f.buildConversation(),
      f.buildMessage(),
      f.buildRecipe(),
      f.buildRecipeReaction(),
      f.buildRecipeComment(),
    ]);
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('take overrides, including the members and posts rows refer to', async () => {
    const author = await f.buildUser({ firstName: 'Thandi', lastName: 'Nkosi' });
    expect(author.displayName).toBe('Thandi Nkosi');
    const post = await f.buildPost({ authorId: author.id, content: 'Howzit' });
    expect(post).toMatchObject({ authorId: author.id, content: 'Howzit', images: [] });
    expect(await f.buildComment({ postId: post.id, authorId: author.id, text: 'Lekker' })).toMatchObject({
      postId: post.id,
      authorId: author.id,
      text: 'Lekker',
    });
    const [a, b] = [await f.buildUser(), await f.buildUser()];
    const request = await f.buildFriendship({ a, b, status: FriendshipStatus.pending });
    expect(request).toMatchObject({ requesterId: a.id, status: 'pending', acceptedAt: null });
    expect(request.userLowId < request.userHighId).toBe(true);
    expect((await f.buildCheckin({ authorId: author.id })).isCheckin).toBe(true);
  });
});
