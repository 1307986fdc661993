import { restTable } from '../../rest/route';

const SAVED_FIELDS = `id createdAt postId post { id imageUrl location content latitude longitude }`;
const restSaved = (
  s: { post: { latitude: number | null; longitude: number | null } & Record<string, unknown> } & Record<
    string,
    unknown
  >,
) => ({
  ...s,
  post: {
    ...s.post,
    latitude: s.post.latitude === null ? null : String(s.post.latitude),
    longitude: s.post.longitude === null ? null : String(s.post.longitude),
  },
});

export const checkinRest = restTable([
  {
    method: 'GET',
    path: '/api/saved-checkins',
    operation:
      `query SavedCheckins($limit: Int, $after: String) { savedCheckins(first: $limit, after: $after) { ` +
      `nodes { ${SAVED_FIELDS} } } }`,
    variables: ({ query }) => ({ limit: query.limit ? Number(query.limit) : 100, after: query.after ?? null }),
    result: (d) => d.savedCheckins.nodes.map(restSaved),
  },
  {
    method: 'POST',
    path: '/api/saved-checkins',
    operation: `mutation SaveCheckin($postId: ID!) { saveCheckin(postId: $postId) { ${SAVED_FIELDS} } }`,
    body: { postId: 'string' },
    variables: ({ body }) => ({ postId: body.postId }),
    result: (d) => restSaved(d.saveCheckin),
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/saved-checkins/:id',
    operation: `mutation RemoveSavedCheckin($id: ID!) { removeSavedCheckin(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    status: 204,
  },
]);
