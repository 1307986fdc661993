import { restTable } from '../../rest/route';
import { USER_FIELDS } from '../users/user.fields';

export const authRest = restTable([
  {
    method: 'POST',
    path: '/api/auth/register',
    operation: `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { ${USER_FIELDS} } }`,
    body: { email: 'string', password: 'string', firstName: 'string', lastName: 'string' },
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    operation: `mutation SignIn($input: SignInInput!) { signIn(input: $input) { ${USER_FIELDS} } }`,
    body: { email: 'string', password: 'string' },
  },
  {
    method: 'GET',
    path: '/api/auth/user',
    operation: `query Me { me { ${USER_FIELDS} } }`,
    nullStatus: 401,
    nullMessage: 'Unauthorized',
  },
  {
    method: 'GET',
    path: '/api/user',
    operation: `query Me { me { ${USER_FIELDS} } }`,
    nullStatus: 401,
    nullMessage: 'Unauthorized',
  },
  {
    method: 'GET',
    path: '/api/auth/facebook/status',
    operation: `query FacebookStatus { appConfig { facebookEnabled } }`,
    result: (d) => ({ enabled: d.appConfig.facebookEnabled }),
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    operation: `mutation RequestReset($email: String!) { requestPasswordReset(email: $email) }`,
    body: { email: 'string' },
    variables: ({ body }) => ({ email: body.email }),
    result: () => ({ ok: true }),
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    operation:
      `mutation ResetPassword($token: String!, $password: String!) { resetPassword(token: $token, password: ` +
      `$password) }`,
    body: { token: 'string', password: 'string' },
    variables: ({ body }) => ({ token: body.token, password: body.password }),
    result: () => ({ ok: true }),
  },
]);
