import { idempotencyKeyOf, restTable } from '../../rest/route';

export const reportRest = restTable([
  {
    method: 'POST',
    path: '/api/reported-posts',
    operation:
      `mutation ReportPost($postId: ID!, $reason: ReportReason!, $key: String) { reportPost(postId: ` +
      `$postId, reason: $reason, idempotencyKey: $key) { id postId reason createdAt } }`,
    body: { postId: 'string', reason: 'string' },
    variables: (req) => ({ postId: req.body.postId, reason: req.body.reason, key: idempotencyKeyOf(req) }),
    status: 201,
  },
]);
