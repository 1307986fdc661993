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
      f.buildEmailVerification().then((v) => v.verification),
      f.buildAdminAuditEntry(),
      f.buildBraggingBadge(),
      f.buildGroup(),
      f.buildGroupMember(),
      f.buildGroupJoinRequest(),
      f.buildGroupMessage(),
      f.buildGroupFavorite(),
      f.buildDatingAlias(),
      f.buildDatingReaction(),
      f.buildDatingMatch(),
      f.buildVaultDocument(),
      f.buildSupportThread(),
      f.buildSupportMessage(),
      f.buildAccessToken().then((t) => t.accessToken),
      f.buildRecoveryCode().then((r) => r.recoveryCode),
      f.buildPasskey(),
      f.buildPendingSignIn().then((p) => p.pending),
      f.buildWebauthnChallenge(),
      f.buildNootSong(),
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

  it('build the rows keyed by their columns rather than an id', async () => {
    const [a, b] = [await f.buildUser(), await f.buildUser()];
    expect(await f.buildMemberFollow({ followerId: a.id, followeeId: b.id })).toMatchObject({ followerId: a.id });
    expect(await f.buildUserBlock({ blockerId: a.id, blockedId: b.id })).toMatchObject({ blockedId: b.id });
    expect(await f.buildRadarPosition({ memberId: a.id })).toMatchObject({ memberId: a.id, latitude: -33.9249 });
    expect(await f.buildReelLike({ memberId: a.id })).toMatchObject({ memberId: a.id });
    expect(await f.buildRecipeShare({ memberId: a.id })).toMatchObject({ memberId: a.id });
    expect(await f.buildNootSongLike({ memberId: a.id })).toMatchObject({ memberId: a.id });
    expect(await f.buildNootMonthlyLikes({ memberId: a.id, month: '2040-01-01', used: 3 })).toMatchObject({ used: 3 });
    expect(await f.buildBraggingStanding({ memberId: a.id })).toMatchObject({ scope: 'overall', points: 0 });
    expect(await f.buildJobBoardVisit({ memberId: a.id })).toMatchObject({ memberId: a.id });
    expect(await f.buildFeatureChoice({ memberId: a.id })).toMatchObject({ feature: 'dating', enabled: false });
    expect(await f.buildMemberTotp({ memberId: a.id })).toMatchObject({ memberId: a.id });
    expect(await f.buildVaultKey({ memberId: a.id })).toMatchObject({ memberId: a.id });
    expect(await f.buildVaultUnlock({ memberId: a.id })).toMatchObject({ memberId: a.id });
  });

  it('keep the references of the rows of groups, dating, support and tokens consistent', async () => {
    const group = await f.buildGroup({ requiresApproval: true });
    expect(group.creatorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await f.buildGroupMember({ groupId: group.id, memberId: group.creatorId!, role: 'admin' })).toMatchObject({
      role: 'admin',
    });
    const [x, y] = [await f.buildDatingAlias(), await f.buildDatingAlias()];
    const match = await f.buildDatingMatch({ firstAliasId: y.id, secondAliasId: x.id });
    expect(match.firstAliasId < match.secondAliasId).toBe(true);
    const message = await f.buildSupportMessage({ fromSupport: true });
    expect(message.authorId).toBeNull();
    const thread = await f.buildSupportThread();
    const fromMember = await f.buildSupportMessage({ threadId: thread.id });
    expect(fromMember.authorId).toBe(thread.memberId);
    const { accessToken, secret } = await f.buildAccessToken();
    expect(secret.startsWith(accessToken.prefix)).toBe(true);
  });
});
