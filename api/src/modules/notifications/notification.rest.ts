import { idempotencyKeyOf, restTable } from '../../rest/route';

const FIELDS = `id type title message isRead link createdAt`;

export const notificationRest = restTable([
  {
    method: 'GET',
    path: '/api/notifications',
    operation:
      `query Notifications($limit: Int, $after: String) { notifications(first: $limit, after: $after) { ` +
      `nodes { ${FIELDS} } } }`,
    variables: ({ query }) => ({ limit: query.limit ? Number(query.limit) : 50, after: query.after ?? null }),
    result: (d) => d.notifications.nodes,
  },
  {
    method: 'GET',
    path: '/api/notifications/unread-count',
    operation: `query UnreadCount { unreadNotificationCount }`,
    result: (d) => ({ count: d.unreadNotificationCount }),
  },
  {
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    operation: `mutation MarkRead($id: ID!) { markNotificationRead(id: $id) { ${FIELDS} } }`,
    variables: ({ params }) => ({ id: params.id }),
  },
  {
    // An admin's broadcast (spec 002 section 7): every member receives it live. Answers how many members it reached.
    method: 'POST',
    path: '/api/notifications',
    operation:
      `mutation BroadcastRest($input: BroadcastInput!, $key: String) { broadcastNotification(input: $input, ` +
      `idempotencyKey: $key) }`,
    body: { title: 'string', message: 'string', type: 'string?' },
    variables: (req) => ({ input: req.body, key: idempotencyKeyOf(req) }),
    result: (d) => ({ success: true, recipients: d.broadcastNotification }),
    status: 201,
  },
]);
