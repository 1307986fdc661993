import { restTable, type FieldSpec } from '../../rest/route';

/** The group fields the /api answers carry (spec 002 section 3, "Group"), plus the member count. */
const GROUP_FIELDS =
  'id name description type locationName latitude longitude requiresApproval imageUrl memberCount isFavorite ' +
  'viewerStatus creatorId createdAt';

interface GroupData {
  type: string;
  isFavorite: boolean;
  viewerStatus: 'none' | 'requested' | 'member' | 'admin';
  [k: string]: unknown;
}

/** A group as the spec's clients read it: `groupType`, and `memberInfo {isFavorite, role}` for a member (else null). */
export const restGroup = ({ type, isFavorite, viewerStatus, ...g }: GroupData) => ({
  ...g,
  groupType: type,
  requested: viewerStatus === 'requested',
  memberInfo: viewerStatus === 'admin' || viewerStatus === 'member' ? { isFavorite, role: viewerStatus } : null,
});

const CREATE_BODY: Record<string, FieldSpec> = {
  name: 'string?',
  description: 'string?',
  locationName: 'string?',
  latitude: 'numeric?',
  longitude: 'numeric?',
  groupType: 'string?',
  requiresApproval: 'boolean?',
  imageUrl: 'string?',
};

const limitOf = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));
const nextCursor = (page: { pageInfo: { hasNextPage: boolean; endCursor: string | null } }) =>
  page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;

export const groupRest = restTable([
  {
    method: 'GET',
    path: '/api/groups/my-groups',
    operation:
      `query MyGroupsRest($limit: Int, $after: String) { myGroups(first: $limit, after: $after) { nodes ` +
      `{ ${GROUP_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ limit: limitOf(query.limit, 100), after: query.after ?? null }),
    result: (d) => d.myGroups.nodes.map(restGroup),
    headers: (d) => ({ 'X-Next-Cursor': nextCursor(d.myGroups) }),
  },
  {
    method: 'GET',
    path: '/api/groups',
    operation:
      `query GroupsRest($limit: Int, $after: String) { groups(first: $limit, after: $after) { nodes ` +
      `{ ${GROUP_FIELDS} } pageInfo { endCursor hasNextPage } } }`,
    variables: ({ query }) => ({ limit: limitOf(query.limit, 100), after: query.after ?? null }),
    result: (d) => d.groups.nodes.map(restGroup),
    headers: (d) => ({ 'X-Next-Cursor': nextCursor(d.groups) }),
  },
  {
    method: 'POST',
    path: '/api/groups/search',
    operation:
      `query GroupsSearchRest($lat: Float!, $lon: Float!, $radius: Int!, $type: String, $limit: Int, ` +
      `$after: String) {
      groupsNear(lat: $lat, lon: $lon, radiusKm: $radius, type: $type, first: $limit, after: $after) {
        totalCount nodes { ${GROUP_FIELDS} distanceKm } pageInfo { endCursor hasNextPage } } }`,
    body: {
      latitude: 'numeric?',
      longitude: 'numeric?',
      radiusKm: 'numeric?',
      groupType: 'string?',
      limit: 'number?',
      after: 'string?',
    },
    variables: ({ body }) => ({
      lat: body.latitude ?? null,
      lon: body.longitude ?? null,
      radius: body.radiusKm ?? 50,
      type: body.groupType || null,
      limit: body.limit ?? 50,
      after: body.after ?? null,
    }),
    result: (d) => d.groupsNear.nodes.map(restGroup),
    headers: (d) => ({ 'X-Total-Count': String(d.groupsNear.totalCount), 'X-Next-Cursor': nextCursor(d.groupsNear) }),
  },
  {
    method: 'POST',
    path: '/api/groups',
    operation: `mutation CreateGroupRest($input: CreateGroupInput!) { createGroup(input: $input) { ${GROUP_FIELDS} } }`,
    body: CREATE_BODY,
    variables: ({ body: { groupType, ...rest } }) => ({ input: { ...rest, type: groupType ?? null } }),
    result: (d) => restGroup(d.createGroup),
    status: 201,
    bodyLimit: 'upload',
  },
  {
    method: 'POST',
    path: '/api/groups/:id/join',
    operation: `mutation JoinGroupRest($id: ID!) { joinGroup(id: $id) { ${GROUP_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    // The spec's client reads `requiresApproval`: true means a request was sent ('Request Sent').
    result: (d) => ({
      success: true,
      requiresApproval: d.joinGroup.viewerStatus === 'requested',
      status: d.joinGroup.viewerStatus,
      group: restGroup(d.joinGroup),
    }),
  },
  {
    method: 'POST',
    path: '/api/groups/:id/leave',
    operation: `mutation LeaveGroupRest($id: ID!) { leaveGroup(id: $id) { ${GROUP_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => ({ success: true, group: restGroup(d.leaveGroup) }),
  },
  {
    method: 'POST',
    path: '/api/groups/:id/favorite',
    operation: `mutation ToggleFavoriteGroupRest($id: ID!) { toggleFavoriteGroup(id: $id) { ${GROUP_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => ({
      success: true,
      isFavorite: d.toggleFavoriteGroup.isFavorite,
      group: restGroup(d.toggleFavoriteGroup),
    }),
  },
]);
