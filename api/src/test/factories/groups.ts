import { GroupFavorite } from '../../modules/groups/group-favorite.entity';
import { GroupJoinRequest } from '../../modules/groups/group-join-request.entity';
import { GroupMember } from '../../modules/groups/group-member.entity';
import { GroupMessage } from '../../modules/groups/group-message.entity';
import { Group } from '../../modules/groups/group.entity';
import { insert, memberRef, next } from './core';

const groupRef = async (id?: string) => id ?? (await buildGroup()).id;

/**
 * A social group in Cape Town that anyone may join, created by a new member unless `creatorId` names one (give
 * `creatorId: null` for one whose creator left). The creator is not made a member: give `buildGroupMember` for that.
 */
export async function buildGroup(overrides: Partial<Group> = {}): Promise<Group> {
  const n = next();
  return insert(Group, {
    name: `Group ${n}`,
    description: null,
    type: 'social',
    locationName: 'Cape Town',
    latitude: -33.9249,
    longitude: 18.4241,
    imageUrl: null,
    requiresApproval: false,
    ...overrides,
    creatorId: overrides.creatorId === null ? null : await memberRef(overrides.creatorId),
  });
}

/** A plain member of a group (a new member and group unless given); give `role: 'admin'` for a group admin. */
export async function buildGroupMember(overrides: Partial<GroupMember> = {}): Promise<GroupMember> {
  return insert(GroupMember, {
    role: 'member',
    ...overrides,
    groupId: await groupRef(overrides.groupId),
    memberId: await memberRef(overrides.memberId),
  });
}

/** A pending request to join a group (a new member and a group that requires approval unless given). */
export async function buildGroupJoinRequest(overrides: Partial<GroupJoinRequest> = {}): Promise<GroupJoinRequest> {
  return insert(GroupJoinRequest, {
    status: 'pending',
    decidedAt: null,
    ...overrides,
    groupId: overrides.groupId ?? (await buildGroup({ requiresApproval: true })).id,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A chat message in a group (a new one unless given) from a new member unless `senderId` names one. */
export async function buildGroupMessage(overrides: Partial<GroupMessage> = {}): Promise<GroupMessage> {
  return insert(GroupMessage, {
    body: `Group message ${next()}`,
    ...overrides,
    groupId: await groupRef(overrides.groupId),
    senderId: await memberRef(overrides.senderId),
  });
}

/** A member's favourite group (a new member and group unless given). */
export async function buildGroupFavorite(overrides: Partial<GroupFavorite> = {}): Promise<GroupFavorite> {
  return insert(GroupFavorite, {
    ...overrides,
    groupId: await groupRef(overrides.groupId),
    memberId: await memberRef(overrides.memberId),
  });
}
