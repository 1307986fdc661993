import { restTable } from '../../rest/route';

export const reactionRest = restTable([
  {
    method: 'GET',
    path: '/api/posts/:id/reactions',
    operation: `query Reactions($id: ID!) { postReactions(postId: $id) { reactionType createdAt } }`,
    variables: ({ params }) => ({ id: params.id }),
  },
  {
    method: 'GET',
    path: '/api/posts/:id/reactions/me',
    operation: `query MyReaction($id: ID!) { post(id: $id) { myReaction } }`,
    variables: ({ params }) => ({ id: params.id }),
    result: (d) => (d.post ? { reactionType: d.post.myReaction } : null),
    nullStatus: 404,
    nullMessage: 'Post not found',
  },
  {
    method: 'POST',
    path: '/api/posts/:id/reactions',
    operation:
      `mutation SetReaction($id: ID!, $reactionType: ReactionType!) { setReaction(postId: $id, type: ` +
      `$reactionType) { reactionType createdAt } }`,
    body: { reactionType: 'string' },
    variables: ({ params, body }) => ({ id: params.id, reactionType: body.reactionType }),
  },
  {
    method: 'DELETE',
    path: '/api/posts/:id/reactions',
    operation: `mutation RemoveReaction($id: ID!) { removeReaction(postId: $id) { id } }`,
    variables: ({ params }) => ({ id: params.id }),
    status: 204,
  },
]);
