import { idempotencyKeyOf, restTable } from '../../rest/route';

const COMMENT_FIELDS = `id text createdAt author { id firstName lastName email displayName profileImageUrl }`;
const restComment = (c: { author: Record<string, unknown> } & Record<string, unknown>) => {
  const { author, ...rest } = c;
  return { ...rest, user: author };
};

export const commentRest = restTable([
  {
    method: 'GET',
    path: '/api/posts/:id/comments',
    operation:
      `query Comments($id: ID!, $limit: Int, $after: String) { comments(postId: $id, first: $limit, after: ` +
      `$after) { nodes { ${COMMENT_FIELDS} } } }`,
    variables: ({ params, query }) => ({
      id: params.id,
      limit: query.limit ? Number(query.limit) : 100,
      after: query.after ?? null,
    }),
    result: (d) => d.comments.nodes.map(restComment),
  },
  {
    method: 'POST',
    path: '/api/posts/:id/comments',
    operation:
      `mutation AddComment($id: ID!, $text: String!, $key: String) { addComment(postId: $id, text: $text, ` +
      `idempotencyKey: $key) { ${COMMENT_FIELDS} } }`,
    body: { text: 'string' },
    variables: (req) => ({ id: req.params.id, text: req.body.text, key: idempotencyKeyOf(req) }),
    result: (d) => restComment(d.addComment),
    status: 201,
  },
]);
