/**
 * The documented admin paths (spec 002 section 7): GET /api/admin/users, PATCH and DELETE /api/admin/users/{id},
 * and POST /api/notifications (an admin's broadcast), called as an external client calls them. Every one answers
 * 401 without a session and 403 to a member, changing nothing; client mistakes are 4xx with a plain-text body.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, type HttpResponse, ROOMY_WRITES } from '../support/app';

const ADMIN = 'admin-panel@contract.example';

let app: App;
let admin: Member;
let member: Member;

type Member = Awaited<ReturnType<typeof signedUpClient>>;

beforeAll(async () => {
  app = await startApp({
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    ...ROOMY_WRITES,
    ADMIN_EMAILS: ADMIN,
  });
  [admin, member] = await Promise.all([
    signedUpClient(app.url, { email: ADMIN, firstName: 'Annelie', lastName: 'Admin' }),
    signedUpClient(app.url, { firstName: 'Sipho', lastName: 'Member' }),
  ]);
});
afterAll(async () => {
  await app?.stop();
});

function expectError(res: HttpResponse, status: number, text?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type') ?? '').toMatch(/^text\/plain/);
  expect(res.text).not.toMatch(/\bat \S+ \(/);
  if (text) expect(res.text).toContain(text);
}

const calls = (id: string): Array<[string, string, unknown?]> => [
  ['GET', '/api/admin/users'],
  ['PATCH', `/api/admin/users/${id}`, { firstName: 'Hacked', role: 'admin' }],
  ['DELETE', `/api/admin/users/${id}`],
  ['POST', '/api/notifications', { title: 'Hi', message: 'All', type: 'info' }],
];

describe('requires authentication and an admin', () => {
  test('every admin path answers 401 signed out and 403 to a member, and changes nothing', async () => {
    const target = await signedUpClient(app.url, { firstName: 'Target', lastName: 'Person' });
    const anon = client(app.url);
    for (const [method, path, body] of calls(target.user.id)) {
      expectError(await anon.request(method, path, body), 401);
      expectError(await member.client.request(method, path, body), 403);
    }
    const me = await target.client.get('/api/auth/user');
    expect(me.json).toMatchObject({ firstName: 'Target', role: 'user' });
    const bell = await member.client.get('/api/notifications');
    expect(bell.json.some((n: { title: string }) => n.title === 'Hi')).toBe(false);
  });
});

describe('GET /api/admin/users', () => {
  test('lists users with e-mail and role, finds by name or e-mail, and pages with X-Next-Cursor', async () => {
    const tag = `c${Date.now()}`;
    const a = await signedUpClient(app.url, { firstName: 'Lindiwe', lastName: tag });
    const b = await signedUpClient(app.url, { firstName: 'Koos', lastName: tag });
    const res = await admin.client.get(`/api/admin/users?search=${tag}&limit=1`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([
      expect.objectContaining({
        id: b.user.id,
        email: b.input.email,
        firstName: 'Koos',
        role: 'user',
        suspended: false,
      }),
    ]);
    const next = res.headers.get('x-next-cursor');
    expect(next).toBeTruthy();
    const more = await admin.client.get(`/api/admin/users?search=${tag}&limit=1&after=${next}`);
    expect(more.json.map((u: { id: string }) => u.id)).toEqual([a.user.id]);
    expect(more.headers.get('x-next-cursor')).toBeNull();
    const byEmail = await admin.client.get(`/api/admin/users?search=${encodeURIComponent(a.input.email)}`);
    expect(byEmail.json.map((u: { id: string }) => u.id)).toEqual([a.user.id]);
    expectError(await admin.client.get('/api/admin/users?limit=abc'), 400);
    expectError(await admin.client.get('/api/admin/users?after=nonsense'), 400);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  test('changes firstName, lastName, email and role; invalid or taken e-mail, bad role and types are 4xx', async () => {
    const m = await signedUpClient(app.url, { firstName: 'Jan', lastName: 'Smit' });
    const other = await signedUpClient(app.url);
    const email = `renamed.${Date.now()}@example.test`;
    const res = await admin.client.patch(`/api/admin/users/${m.user.id}`, {
      firstName: 'Johan',
      lastName: 'Smith',
      email,
      role: 'admin',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: m.user.id, firstName: 'Johan', lastName: 'Smith', email, role: 'admin' });
    expectError(
      await admin.client.patch(`/api/admin/users/${m.user.id}`, { email: other.input.email }),
      409,
      'already in use',
    );
    expectError(await admin.client.patch(`/api/admin/users/${m.user.id}`, { email: 'nope' }), 400, 'email');
    expectError(await admin.client.patch(`/api/admin/users/${m.user.id}`, { role: 'owner' }), 400);
    expectError(await admin.client.patch(`/api/admin/users/${m.user.id}`, { firstName: 7 }), 400, 'firstName');
    expectError(await admin.client.patch(`/api/admin/users/${m.user.id}`, { firstName: '  ' }), 400, 'firstName');
    expectError(await admin.client.patch('/api/admin/users/not-a-uuid', { firstName: 'A' }), 400);
    expectError(
      await admin.client.patch('/api/admin/users/00000000-0000-4000-8000-000000000000', { firstName: 'A' }),
      404,
    );
    // An admin cannot remove their own admin role.
    expectError(
      await admin.client.patch(`/api/admin/users/${admin.user.id}`, { role: 'user' }),
      403,
      'your own admin role',
    );
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  test('deletes a member (their session ends); never the admin themselves; a second delete is 404', async () => {
    const m = await signedUpClient(app.url);
    expectError(await admin.client.delete(`/api/admin/users/${admin.user.id}`), 403, 'your own account');
    const res = await admin.client.delete(`/api/admin/users/${m.user.id}`);
    expect(res.status, res.text).toBe(204);
    expectError(await m.client.get('/api/auth/user'), 401);
    expectError(await admin.client.delete(`/api/admin/users/${m.user.id}`), 404);
    expectError(await admin.client.delete('/api/admin/users/not-a-uuid'), 400);
  });
});

describe('POST /api/notifications', () => {
  test('title, message, type: every member has it in their list; a retry with the same Idempotency-Key sends once', async () => {
    const title = `Braai day ${Date.now()}`;
    const headers = { 'Idempotency-Key': `bc-${Date.now()}` };
    const res = await admin.client.post(
      '/api/notifications',
      { title, message: 'Bring your own boerewors', type: 'success' },
      { headers },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ success: true });
    expect(res.json.recipients).toBeGreaterThanOrEqual(2);
    expect(
      (
        await admin.client.post(
          '/api/notifications',
          { title, message: 'Bring your own boerewors', type: 'success' },
          { headers },
        )
      ).status,
    ).toBe(201);
    const list = await member.client.get('/api/notifications');
    expect(list.json.filter((n: { title: string }) => n.title === title)).toEqual([
      expect.objectContaining({ message: 'Bring your own boerewors', type: 'success', isRead: false }),
    ]);
  });

  test('missing, blank or wrong-typed fields and an unknown type answer 400', async () => {
    for (const body of [
      {},
      { title: 'x' },
      { title: '  ', message: 'x' },
      { title: 'x', message: '   ' },
      { title: 1, message: 'x' },
      { title: 'x', message: 'y', type: 'urgent' },
    ]) {
      expectError(await admin.client.post('/api/notifications', body), 400);
    }
  });
});
