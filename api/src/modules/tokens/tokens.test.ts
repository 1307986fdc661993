import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { hashToken } from '../auth/tokens';
import { buildSession, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { Role, type User } from '../users/user.entity';
import { MAX_TOKENS_PER_MEMBER, TOKEN_PREFIX } from './access-token.service';

const CREATE =
  `mutation($input: CreateAccessTokenInput!) { createAccessToken(input: $input) { secret token { id ` +
  `name scope prefix createdAt expiresAt lastUsedAt } } }`;
const LIST = `{ myAccessTokens { id name scope prefix createdAt expiresAt lastUsedAt } }`;
const REVOKE = `mutation($id: ID!) { revokeAccessToken(id: $id) }`;
const ME = `{ me { id } }`;
/** A harmless mutation every member may run. */
const WRITE = `mutation { setFeatureEnabled(feature: radio, enabled: false) { id } }`;

const NOWHERE = '00000000-0000-4000-8000-000000000000';

/** A member on a real browser session, and a way to run GraphQL from it. */
async function member(user?: User) {
  const u = user ?? (await buildUser());
  const { token } = await buildSession({ memberId: u.id });
  return { user: u, run: (q: string, v: Record<string, unknown> = {}) => gql(q, v, { token }) };
}

async function created(m: Awaited<ReturnType<typeof member>>, input: Record<string, unknown> = {}) {
  const r = await m.run(CREATE, { input: { name: `token ${Math.random()}`, scope: 'readWrite', ...input } });
  expect(r.errors).toBeUndefined();
  return r.data.createAccessToken as {
    secret: string;
    token: {
      id: string;
      name: string;
      scope: string;
      prefix: string;
      expiresAt: string | null;
      lastUsedAt: string | null;
    };
  };
}

const count = async (userId: string) =>
  Number((await db().query('SELECT count(*) FROM access_tokens WHERE member_id = $1', [userId]))[0].count);

describe('personal access tokens', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(CREATE, { input: { name: 'x', scope: 'read' } }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(LIST))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(REVOKE, { id: NOWHERE }))).toBe('UNAUTHENTICATED');
  });

  it('creates a token whose secret is shown once and of which only the hash is stored', async () => {
    const m = await member();
    const { secret, token } = await created(m, { name: 'CI deploy', scope: 'read' });
    expect(secret.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(TOKEN_PREFIX.length + 40);
    expect(token).toMatchObject({
      name: 'CI deploy',
      scope: 'read',
      prefix: secret.slice(0, TOKEN_PREFIX.length + 4),
      expiresAt: null,
      lastUsedAt: null,
    });
    const [row] = await db().query('SELECT * FROM access_tokens WHERE id = $1', [token.id]);
    expect(row.token_hash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(TOKEN_PREFIX.length + 4));
    const list = (await m.run(LIST)).data.myAccessTokens;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('authenticates with the token, notes its use at most once a minute, and lists only your own tokens', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const { secret, token } = await created(a);
    await created(b);
    expect((await gql(ME, {}, { bearer: secret })).data.me).toEqual({ id: a.user.id });
    const used = (await m(a)).find((t) => t.id === token.id)!.lastUsedAt;
    expect(used).not.toBeNull();
    await gql(ME, {}, { bearer: secret });
    expect((await m(a)).find((t) => t.id === token.id)!.lastUsedAt).toBe(used);
    expect((await m(a)).map((t) => t.id)).toEqual([token.id]);
    // Someone else's token cannot be revoked (it does not exist for them), nor can a missing or malformed id.
    expect(codeOf(await b.run(REVOKE, { id: token.id }))).toBe('NOT_FOUND');
    expect(codeOf(await b.run(REVOKE, { id: 'nope' }))).toBe('BAD_USER_INPUT');
    expect((await b.run(REVOKE, {})).errors).toBeDefined();
    expect(await count(a.user.id)).toBe(1);
    async function m(x: typeof a) {
      return (await x.run(LIST)).data.myAccessTokens as Array<{ id: string; lastUsedAt: string | null }>;
    }
  });

  it('refuses bad input as BAD_USER_INPUT with nothing written', async () => {
    const m = await member();
    for (const input of [
      { name: '', scope: 'read' },
      { name: '   ', scope: 'read' },
      { name: 'x'.repeat(61), scope: 'read' },
      { name: 'ok', scope: 'read', expiresInDays: 7 },
      { name: 'ok', scope: 'read', expiresInDays: -30 },
    ]) {
      expect(codeOf(await m.run(CREATE, { input })), JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
    // Wrongly typed or missing fields are refused by the schema before anything runs.
    expect((await m.run(CREATE, { input: { name: 'ok', scope: 'admin' } })).errors).toBeDefined();
    expect((await m.run(CREATE, { input: { name: 5, scope: 'read' } })).errors).toBeDefined();
    expect((await m.run(CREATE, { input: { scope: 'read' } })).errors).toBeDefined();
    expect(await count(m.user.id)).toBe(0);
  });

  it('a name is unique per member: a retried create makes no second token', async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => m.run(CREATE, { input: { name: 'twice', scope: 'read' } })),
    );
    expect(answers.filter((r) => !r.errors)).toHaveLength(1);
    expect(answers.filter((r) => r.errors).map(codeOf)).toEqual(Array(4).fill('CONFLICT'));
    expect(await count(m.user.id)).toBe(1);
  });

  it(`holds at most ${MAX_TOKENS_PER_MEMBER} tokens per member, even when created in parallel`, async () => {
    const m = await member();
    const answers = await Promise.all(
      Array.from({ length: MAX_TOKENS_PER_MEMBER + 5 }, (_, i) =>
        m.run(CREATE, { input: { name: `t${i}`, scope: 'read' } }),
      ),
    );
    expect(answers.filter((r) => r.errors).map(codeOf)).toEqual(Array(5).fill('BAD_USER_INPUT'));
    expect(await count(m.user.id)).toBe(MAX_TOKENS_PER_MEMBER);
  });

  it('revoking is effective at once: the token is refused as UNAUTHENTICATED', async () => {
    const m = await member();
    const { secret, token } = await created(m);
    expect((await gql(ME, {}, { bearer: secret })).data.me).toEqual({ id: m.user.id });
    expect((await m.run(REVOKE, { id: token.id })).data.revokeAccessToken).toBe(token.id);
    expect(codeOf(await gql(ME, {}, { bearer: secret }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await m.run(REVOKE, { id: token.id }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(ME, {}, { bearer: `${TOKEN_PREFIX}unknown` }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(ME, {}, { bearer: 'not-even-a-token' }))).toBe('UNAUTHENTICATED');
  });

  it('an expiring token works until its expiry and is refused after it', async () => {
    const m = await member();
    const { secret, token } = await created(m, { expiresInDays: 30 });
    expect(new Date(token.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await gql(ME, {}, { bearer: secret })).data.me).toEqual({ id: m.user.id });
    await db().query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [token.id]);
    expect(codeOf(await gql(ME, {}, { bearer: secret }))).toBe('UNAUTHENTICATED');
  });

  it('a read token runs queries but no mutation (FORBIDDEN, nothing changes); a read-write token runs both', async () => {
    const m = await member();
    const read = await created(m, { scope: 'read' });
    const write = await created(m, { scope: 'readWrite' });
    expect((await gql(ME, {}, { bearer: read.secret })).data.me).toEqual({ id: m.user.id });
    const refused = await gql(WRITE, {}, { bearer: read.secret });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(await db().query('SELECT * FROM member_feature_choices WHERE member_id = $1', [m.user.id])).toEqual([]);
    expect((await gql(WRITE, {}, { bearer: write.secret })).errors).toBeUndefined();
    expect((await db().query('SELECT * FROM member_feature_choices WHERE member_id = $1', [m.user.id])).length).toBe(1);
  });

  it('a token never manages tokens, opens the vault, changes the password or deletes the account (FORBIDDEN), whatever its scope', async () => {
    const m = await member();
    const { secret, token } = await created(m);
    for (const [q, v] of [
      [LIST, {}],
      [CREATE, { input: { name: 'child', scope: 'readWrite' } }],
      [REVOKE, { id: token.id }],
      [`{ vault { hasPassword } }`, {}],
      [`{ vaultDocuments { nodes { id } } }`, {}],
      [`mutation { setVaultPassword(password: "kruger park 1998") { hasPassword } }`, {}],
      [`mutation { lockVault { unlocked } }`, {}],
      [`mutation { changePassword(currentPassword: "x", newPassword: "kruger park 1999") }`, {}],
      [`mutation { deleteAccount(password: "x") }`, {}],
    ] as const) {
      expect(codeOf(await gql(q, v, { bearer: secret })), q).toBe('FORBIDDEN');
    }
    expect(await count(m.user.id)).toBe(1);
    expect(await db().query('SELECT * FROM vault_keys WHERE member_id = $1', [m.user.id])).toEqual([]);
  });

  it("a suspended member's tokens stop working, and work again when the suspension is lifted", async () => {
    const m = await member();
    const { secret } = await created(m);
    await db().query('UPDATE users SET suspended_at = now() WHERE id = $1', [m.user.id]);
    expect(codeOf(await gql(ME, {}, { bearer: secret }))).toBe('UNAUTHENTICATED');
    await db().query('UPDATE users SET suspended_at = NULL WHERE id = $1', [m.user.id]);
    expect((await gql(ME, {}, { bearer: secret })).data.me).toEqual({ id: m.user.id });
  });

  describe("an admin's token (issue 24, finding 15)", () => {
    const ADMIN_UPDATE =
      `mutation($id: ID!, $i: AdminUserInput!) { adminUpdateUser(id: $id, input: $i) { id email ` + `role } }`;
    const SUSPEND = `mutation($id: ID!) { adminSetUserSuspended(id: $id, suspended: true) { id } }`;
    const DELETE = `mutation($id: ID!) { adminDeleteUser(id: $id) }`;
    const USERS = `{ adminUsers(first: 5) { nodes { id } } }`;
    const AUDIT = `{ adminAuditLog(action: "token.admin.create", first: 50) { nodes { actorId action targetId } } }`;

    it('a read-write token of an admin has no admin powers: it cannot change an e-mail, grant admin, suspend or delete (FORBIDDEN, nothing changes)', async () => {
      const admin = await member(await buildUser({ role: Role.admin }));
      const victim = await buildUser();
      const { secret } = await created(admin, { scope: 'readWrite' });
      const as = (q: string, v: Record<string, unknown> = {}) => gql(q, v, { bearer: secret });
      expect(codeOf(await as(ADMIN_UPDATE, { id: victim.id, i: { email: `taken.${Date.now()}@example.com` } }))).toBe(
        'FORBIDDEN',
      );
      expect(codeOf(await as(ADMIN_UPDATE, { id: victim.id, i: { role: 'admin' } }))).toBe('FORBIDDEN');
      expect(codeOf(await as(SUSPEND, { id: victim.id }))).toBe('FORBIDDEN');
      expect(codeOf(await as(DELETE, { id: victim.id }))).toBe('FORBIDDEN');
      expect(codeOf(await as(USERS))).toBe('FORBIDDEN');
      const [row] = await db().query('SELECT email, role, suspended_at FROM users WHERE id = $1', [victim.id]);
      expect(row).toEqual({ email: victim.email, role: 'user', suspended_at: null });
      // The same admin on a session still may.
      expect((await admin.run(USERS)).errors).toBeUndefined();
    });

    it('an admin token is for admins only, expires within a day, is in the audit log, and carries admin powers', async () => {
      const admin = await member(await buildUser({ role: Role.admin }));
      const plain = await member();
      expect(codeOf(await plain.run(CREATE, { input: { name: 'root', scope: 'admin' } }))).toBe('FORBIDDEN');
      expect(codeOf(await admin.run(CREATE, { input: { name: 'root', scope: 'admin', expiresInDays: 30 } }))).toBe(
        'BAD_USER_INPUT',
      );
      expect(await count(plain.user.id)).toBe(0);
      const before = Date.now();
      const { secret, token } = await created(admin, { name: 'one-off migration', scope: 'admin' });
      expect(token.scope).toBe('admin');
      const expires = new Date(token.expiresAt!).getTime();
      expect(expires).toBeGreaterThan(before);
      expect(expires).toBeLessThanOrEqual(Date.now() + 86_400_000);
      const audit = (await admin.run(AUDIT)).data.adminAuditLog.nodes as Array<{ actorId: string; targetId: string }>;
      expect(audit).toContainEqual({ actorId: admin.user.id, action: 'token.admin.create', targetId: token.id });
      const victim = await buildUser();
      expect((await gql(SUSPEND, { id: victim.id }, { bearer: secret })).errors).toBeUndefined();
      // Revoking one is in the log too.
      const other = await created(admin, { name: 'second', scope: 'admin' });
      expect((await admin.run(REVOKE, { id: other.token.id })).errors).toBeUndefined();
      const revokes = (
        await admin.run(`{ adminAuditLog(action: "token.admin.revoke", first: 50) { nodes { actorId targetId } } }`)
      ).data.adminAuditLog.nodes;
      expect(revokes).toContainEqual({ actorId: admin.user.id, targetId: other.token.id });
      // After its day it is refused.
      await db().query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [token.id]);
      expect(codeOf(await gql(USERS, {}, { bearer: secret }))).toBe('UNAUTHENTICATED');
    });
  });
});
