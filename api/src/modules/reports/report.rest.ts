import { restTable } from '../../rest/route';

export const reportRest = restTable([
  {
    method: 'POST',
    path: '/api/reported-posts',
    operation: `mutation ReportPost($postId: ID!, $reason: ReportReason!) { reportPost(postId: $postId, reason: $reason) { id postId reason createdAt } }`,
    body: { postId: 'string', reason: 'string' },
    variables: ({ body }) => ({ postId: body.postId, reason: body.reason }),
    status: 201,
  },
]);
