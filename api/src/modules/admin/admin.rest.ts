import { restTable } from '../../rest/route';
import { USER_FIELDS } from '../users/user.fields';

const ADMIN_USER_FIELDS = `${USER_FIELDS} suspended`;

/** A query parameter as the number GraphQL's Int expects; anything that is not a whole number stays text (400). */
const intOf = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

export const adminRest = restTable([
  {
    // Members (spec 002 section 7), newest first: `search` matches a name or e-mail; a page of at most `limit`
    // (default 100); X-Next-Cursor names the next page for `after`.
    method: 'GET',
    path: '/api/admin/users',
    operation:
      `query AdminUsersRest($search: String, $limit: Int, $after: String) {
      adminUsers(search: $search, first: $limit, after: $after) { nodes { ${ADMIN_USER_FIELDS} } pageInfo { ` +
      `endCursor hasNextPage } } }`,
    variables: ({ query }) => ({
      search: query.search ?? null,
      limit: query.limit === undefined ? 100 : intOf(query.limit),
      after: query.after ?? null,
    }),
    result: (d) => d.adminUsers.nodes,
    headers: (d) => ({ 'X-Next-Cursor': d.adminUsers.pageInfo.hasNextPage ? d.adminUsers.pageInfo.endCursor : null }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/users/:id',
    operation:
      `mutation AdminUpdateUserRest($id: ID!, $input: AdminUserInput!) { adminUpdateUser(id: $id, input: ` +
      `$input) { ${ADMIN_USER_FIELDS} } }`,
    body: { firstName: 'string?', lastName: 'string?', email: 'string?', role: 'string?' },
    variables: ({ params, body }) => ({ id: params.id, input: body }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    operation: `mutation AdminDeleteUserRest($id: ID!) { adminDeleteUser(id: $id) }`,
    variables: ({ params }) => ({ id: params.id }),
    status: 204,
  },
]);
