import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { sessionFromToken } from '../auth/session.service';
import fs from 'node:fs';
import path from 'node:path';
import { buildRecipe, buildReport, buildSession, buildUser, TEST_PASSWORD } from '../../test/factories';
import { codeOf, countQueries, gql, sessionsEndAnnounced } from '../../test/helpers';
import { ReportKind } from '../reports/report.entity';
import { ADMIN_ACTIONS } from './admin-actions';
import { Role, type User } from '../users/user.entity';
import { recordAdminAction } from './admin-audit.service';
import { LAST_ADMIN, SELF_DELETE, SELF_DEMOTE, SELF_SUSPEND } from './admin.policy';

const USERS =
  `query($s: String, $first: Int, $after: String) {
  adminUsers(search: $s, first: $first, after: $after) { nodes { id email firstName lastName role suspended } ` +
  `pageInfo { endCursor hasNextPage } } }`;
const UPDATE =
  `mutation($id: ID!, $i: AdminUserInput!) { adminUpdateUser(id: $id, input: $i) { id firstName ` +
  `lastName email role } }`;
const SUSPEND = `mutation($id: ID!, $s: Boolean!) { adminSetUserSuspended(id: $id, suspended: $s) { id suspended } }`;
const DELETE = `mutation($id: ID!) { adminDeleteUser(id: $id) }`;
const AUDIT =
  `query($action: String, $actor: ID, $first: Int, $after: String) {
  adminAuditLog(action: $action, actorId: $actor, first: $first, after: $after) {
    nodes { id actorId actorName action targetType targetId before after createdAt } pageInfo { endCursor ` +
  `hasNextPage } } }`;
const BROADCAST =
  `mutation($i: BroadcastInput!, $key: String) { broadcastNotification(input: $i, idempotencyKey: ` + `$key) }`;
const SIGN_IN = `mutation($i: SignInInput!) { signIn(input: $i) { id } }`;

const ok = <T = any>(r: { data?: any; errors?: unknown }): T => {
  expect(r.errors).toBeUndefined();
  return r.data as T;
};
const row = async (id: string) =>
  (
    await db().query(
      `SELECT first_name, last_name, email::text AS email, role, suspended_at FROM users WHERE id = $1`,
      [id],
    )
  )[0] ?? null;
const auditCount = async () => (await db().query(`SELECT count(*)::int AS n FROM admin_audit_log`))[0].n as number;
/** This test file's database is its own: make `admins` the only admins there are. */
async function onlyAdmins(...admins: User[]) {
  await db().query(`UPDATE users SET role = 'user' WHERE role = 'admin' AND NOT (id = ANY($1::uuid[]))`, [
    admins.map((a) => a.id),
  ]);
}

describe('admin panel: users, broadcast, audit log', () => {
  it('requires authentication, and refuses a member every admin operation, changing nothing', async () => {
    const member = await buildUser();
    const target = await buildUser();
    const before = await row(target.id);
    const audits = await auditCount();
    const operations: Array<[string, Record<string, unknown>]> = [
      [USERS, {}],
      [UPDATE, { id: target.id, i: { firstName: 'Hacked', role: 'admin' } }],
      [SUSPEND, { id: target.id, s: true }],
      [DELETE, { id: target.id }],
      [AUDIT, {}],
      [BROADCAST, { i: { title: 'Hi', message: 'Everyone' } }],
    ];
    for (const [op, vars] of operations) {
      expect(codeOf(await gql(op, vars)), op).toBe('UNAUTHENTICATED');
      expect(codeOf(await gql(op, vars, { as: member })), op).toBe('FORBIDDEN');
    }
    expect(await row(target.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect((await db().query(`SELECT count(*)::int AS n FROM notifications WHERE title = 'Hi'`))[0].n).toBe(0);
  });

  it('lists members newest first, a keyset page at a time, and finds them by name or e-mail', async () => {
    const admin = await buildUser({ role: Role.admin });
    const tag = `zq${Date.now()}`;
    const a = await buildUser({ firstName: 'Thandi', lastName: `Nkosi${tag}` });
    const b = await buildUser({ email: `braai.${tag}@example.com` });
    const c = await buildUser({ firstName: `Piet${tag}` });
    const first = ok(await gql(USERS, { s: tag, first: 2 }, { as: admin })).adminUsers;
    expect(first.nodes.map((n: { id: string }) => n.id)).toEqual([c.id, b.id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = ok(
      await gql(USERS, { s: tag, first: 2, after: first.pageInfo.endCursor }, { as: admin }),
    ).adminUsers;
    expect(second.nodes.map((n: { id: string }) => n.id)).toEqual([a.id]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    // Admins see e-mail, role and suspension.
    expect(second.nodes[0]).toMatchObject({ email: a.email, role: 'user', suspended: false });
    // Pattern characters are literal; an empty result is a page with no nodes.
    expect(ok(await gql(USERS, { s: '%_%' }, { as: admin })).adminUsers.nodes).toEqual([]);
    expect(codeOf(await gql(USERS, { s: 'x'.repeat(101) }, { as: admin }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(USERS, { first: 101 }, { as: admin }))).toBe('BAD_USER_INPUT');
  });

  it('edits names, e-mail and role, refusing an invalid or taken e-mail, and records before and after', async () => {
    const admin = await buildUser({ role: Role.admin });
    const member = await buildUser({ firstName: 'Jan', lastName: 'Smit' });
    const other = await buildUser();
    const edited = ok(
      await gql(
        UPDATE,
        {
          id: member.id,
          i: { firstName: '  Johan ', lastName: 'Smith', email: 'Johan.Smith@Example.com', role: 'admin' },
        },
        { as: admin },
      ),
    );
    expect(edited.adminUpdateUser).toEqual({
      id: member.id,
      firstName: 'Johan',
      lastName: 'Smith',
      email: 'johan.smith@example.com',
      role: 'admin',
    });
    const entry = ok(await gql(AUDIT, { action: 'user.update', first: 1 }, { as: admin })).adminAuditLog.nodes[0];
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: `${admin.firstName} ${admin.lastName}`,
      targetType: 'user',
      targetId: member.id,
    });
    expect(JSON.parse(entry.before)).toEqual({
      firstName: 'Jan',
      lastName: 'Smith'.replace('ith', 'it'),
      email: member.email,
      role: 'user',
    });
    expect(JSON.parse(entry.after)).toEqual({
      firstName: 'Johan',
      lastName: 'Smith',
      email: 'johan.smith@example.com',
      role: 'admin',
    });

    const audits = await auditCount();
    const taken = await gql(UPDATE, { id: member.id, i: { email: other.email!.toUpperCase() } }, { as: admin });
    expect(taken.errors?.[0]).toMatchObject({
      message: 'That email address is already in use.',
      extensions: { code: 'CONFLICT' },
    });
    expect(codeOf(await gql(UPDATE, { id: member.id, i: { email: 'not-an-email' } }, { as: admin }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(codeOf(await gql(UPDATE, { id: member.id, i: { firstName: '   ' } }, { as: admin }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(UPDATE, { id: member.id, i: { lastName: 'x'.repeat(51) } }, { as: admin }))).toBe(
      'BAD_USER_INPUT',
    );
    // Wrong types are refused by the schema before the service runs (the server answers them as 400 / BAD_USER_INPUT).
    expect((await gql(UPDATE, { id: member.id, i: { role: 'owner' } }, { as: admin })).errors?.[0].message).toMatch(
      /Variable "\$i"/,
    );
    expect((await gql(UPDATE, { id: member.id, i: { firstName: 5 } }, { as: admin })).errors?.[0].message).toMatch(
      /Variable "\$i"/,
    );
    expect(codeOf(await gql(UPDATE, { id: 'nope', i: { firstName: 'A' } }, { as: admin }))).toBe('BAD_USER_INPUT');
    expect(
      codeOf(await gql(UPDATE, { id: '00000000-0000-4000-8000-000000000000', i: { firstName: 'A' } }, { as: admin })),
    ).toBe('NOT_FOUND');
    // Saving the same values again (a retry) changes and records nothing.
    ok(await gql(UPDATE, { id: member.id, i: { firstName: 'Johan' } }, { as: admin }));
    expect(await auditCount()).toBe(audits);
    expect(await row(member.id)).toMatchObject({ first_name: 'Johan', email: 'johan.smith@example.com' });
  });

  it('refuses an admin demoting themselves, and two admins demoting each other at once leave one admin', async () => {
    const [a, b] = [await buildUser({ role: Role.admin }), await buildUser({ role: Role.admin })];
    await onlyAdmins(a, b);
    const self = await gql(UPDATE, { id: a.id, i: { role: 'user' } }, { as: a });
    expect(self.errors?.[0]).toMatchObject({ message: SELF_DEMOTE, extensions: { code: 'FORBIDDEN' } });
    const results = await Promise.all([
      gql(UPDATE, { id: b.id, i: { role: 'user' } }, { as: a }),
      gql(UPDATE, { id: a.id, i: { role: 'user' } }, { as: b }),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.find((r) => r.errors)!.errors![0]).toMatchObject({
      message: LAST_ADMIN,
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await db().query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`))[0].n).toBe(1);
  });

  it('suspends a member: every session ends (announced), sign-in is refused; unsuspending lets them in again', async () => {
    const admin = await buildUser({ role: Role.admin });
    const member = await buildUser();
    const sessions = [await buildSession({ memberId: member.id }), await buildSession({ memberId: member.id })];
    const announced = sessionsEndAnnounced(sessions.map((x) => x.token));
    expect(ok(await gql(SUSPEND, { id: member.id, s: true }, { as: admin })).adminSetUserSuspended).toEqual({
      id: member.id,
      suspended: true,
    });
    await announced();
    for (const s of sessions) expect(await sessionFromToken(s.token)).toBeNull();
    const refused = await gql(SIGN_IN, { i: { email: member.email, password: TEST_PASSWORD } });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This account has been suspended.',
      extensions: { code: 'FORBIDDEN' },
    });
    // A session that somehow still exists (made directly) is not honoured while suspended.
    const { token } = await buildSession({ memberId: member.id });
    expect(await sessionFromToken(token)).toBeNull();
    // Suspending again changes and records nothing.
    const audits = await auditCount();
    ok(await gql(SUSPEND, { id: member.id, s: true }, { as: admin }));
    expect(await auditCount()).toBe(audits);

    expect(ok(await gql(SUSPEND, { id: member.id, s: false }, { as: admin })).adminSetUserSuspended.suspended).toBe(
      false,
    );
    expect(await sessionFromToken(token)).not.toBeNull();
    expect((await gql(SIGN_IN, { i: { email: member.email, password: TEST_PASSWORD } })).errors).toBeUndefined();
    const actions = ok(await gql(AUDIT, { actor: admin.id }, { as: admin })).adminAuditLog.nodes.map(
      (n: { action: string }) => n.action,
    );
    expect(actions).toEqual(['user.unsuspend', 'user.suspend']);
  });

  it('refuses suspending oneself and the last admin', async () => {
    const a = await buildUser({ role: Role.admin });
    const b = await buildUser({ role: Role.admin });
    await onlyAdmins(a, b);
    expect((await gql(SUSPEND, { id: a.id, s: true }, { as: a })).errors?.[0].message).toBe(SELF_SUSPEND);
    ok(await gql(SUSPEND, { id: b.id, s: true }, { as: a }));
    // b is suspended: a is the last active admin, whom b (no longer signed in anyway) or anyone cannot suspend.
    const c = await buildUser({ role: Role.admin });
    await onlyAdmins(a, b, c);
    await db().query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [c.id]);
    expect((await gql(SUSPEND, { id: a.id, s: true }, { as: c })).errors?.[0]).toMatchObject({
      message: LAST_ADMIN,
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await row(a.id)).suspended_at).toBeNull();
  });

  it('deletes a member with everything of theirs, never oneself, and keeps the audit entry', async () => {
    const admin = await buildUser({ role: Role.admin });
    const member = await buildUser();
    const { token } = await buildSession({ memberId: member.id });
    const self = await gql(DELETE, { id: admin.id }, { as: admin });
    expect(self.errors?.[0]).toMatchObject({ message: SELF_DELETE, extensions: { code: 'FORBIDDEN' } });
    expect(await row(admin.id)).not.toBeNull();
    expect(ok(await gql(DELETE, { id: member.id }, { as: admin })).adminDeleteUser).toBe(true);
    expect(await row(member.id)).toBeNull();
    expect(await sessionFromToken(token)).toBeNull();
    // a retry deletes nothing more
    expect(codeOf(await gql(DELETE, { id: member.id }, { as: admin }))).toBe('NOT_FOUND');
    const entry = ok(await gql(AUDIT, { action: 'user.delete', first: 1 }, { as: admin })).adminAuditLog.nodes[0];
    expect(entry).toMatchObject({ actorId: admin.id, targetId: member.id });
    expect(JSON.parse(entry.before)).toMatchObject({ email: member.email, role: 'user' });
  });

  it('refuses deleting the last admin when two admins delete each other at once', async () => {
    const [a, b] = [await buildUser({ role: Role.admin }), await buildUser({ role: Role.admin })];
    await onlyAdmins(a, b);
    const results = await Promise.all([gql(DELETE, { id: b.id }, { as: a }), gql(DELETE, { id: a.id }, { as: b })]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect((await db().query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`))[0].n).toBe(1);
  });

  it('broadcasts one row to every member, once per idempotency key, validated, with an audit entry', async () => {
    const admin = await buildUser({ role: Role.admin });
    const members = (await db().query(`SELECT count(*)::int AS n FROM users`))[0].n;
    const input = { title: '  Load shedding tonight ', message: 'Stage 4 from 18:00', type: 'warning' };
    const [r1, r2] = await Promise.all([
      gql(BROADCAST, { i: input, key: 'b-1' }, { as: admin }),
      gql(BROADCAST, { i: input, key: 'b-1' }, { as: admin }),
    ]);
    expect(ok(r1).broadcastNotification).toBe(members);
    expect(ok(r2).broadcastNotification).toBe(members);
    expect(
      (
        await db().query(
          `SELECT count(*)::int AS n FROM notifications WHERE title = 'Load shedding tonight' AND recipient_id IS NULL`,
        )
      )[0].n,
    ).toBe(1);
    const entry = ok(await gql(AUDIT, { action: 'notification.broadcast', first: 1 }, { as: admin })).adminAuditLog
      .nodes[0];
    expect(JSON.parse(entry.after)).toEqual({
      title: 'Load shedding tonight',
      message: 'Stage 4 from 18:00',
      type: 'warning',
      recipients: members,
    });
    for (const bad of [
      { title: '  ', message: 'x' },
      { title: 'x', message: ' ' },
    ]) {
      expect(codeOf(await gql(BROADCAST, { i: bad }, { as: admin })), JSON.stringify(bad)).toBe('BAD_USER_INPUT');
    }
    for (const bad of [
      { title: 'x', message: 'y', type: 'urgent' },
      { title: 5, message: 'y' },
    ]) {
      expect((await gql(BROADCAST, { i: bad }, { as: admin })).errors?.[0].message, JSON.stringify(bad)).toMatch(
        /Variable "\$i"/,
      );
    }
  });

  it('keeps the audit log append-only; deleting an acting admin keeps their entries with the name', async () => {
    const admin = await buildUser({ role: Role.admin, firstName: 'Sipho', lastName: 'Dlamini' });
    const member = await buildUser();
    await db().transaction((tx) =>
      recordAdminAction(tx, {
        actorId: admin.id,
        action: 'user.update',
        targetType: 'user',
        targetId: member.id,
        after: { x: 1 },
      }),
    );
    const [entry] = await db().query(`SELECT id FROM admin_audit_log WHERE actor_id = $1`, [admin.id]);
    await expect(db().query(`UPDATE admin_audit_log SET action = 'x' WHERE id = $1`, [entry.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(db().query(`DELETE FROM admin_audit_log WHERE id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    await expect(
      db().query(`UPDATE admin_audit_log SET actor_id = NULL, action = 'x' WHERE id = $1`, [entry.id]),
    ).rejects.toThrow(/append-only/);
    // An action by no member is not recorded and rolls back its transaction.
    await expect(
      db().transaction((tx) =>
        recordAdminAction(tx, {
          actorId:
            member.id.replace(/.$/, '0') === member.id
              ? '00000000-0000-4000-8000-000000000001'
              : member.id.replace(/.$/, '0'),
          action: 'a',
          targetType: 't',
        }),
      ),
    ).rejects.toThrow();

    const other = await buildUser({ role: Role.admin });
    ok(await gql(DELETE, { id: admin.id }, { as: other }));
    expect(
      await db().query(`SELECT actor_id, actor_name, action FROM admin_audit_log WHERE id = $1`, [entry.id]),
    ).toEqual([{ actor_id: null, actor_name: 'Sipho Dlamini', action: 'user.update' }]);
    const page = ok(await gql(AUDIT, { first: 100 }, { as: other })).adminAuditLog.nodes;
    expect(page.find((n: { id: string }) => n.id === entry.id)).toMatchObject({
      actorId: null,
      actorName: 'Sipho Dlamini',
    });
    expect(codeOf(await gql(AUDIT, { actor: 'nope' }, { as: other }))).toBe('BAD_USER_INPUT');
  });
  it('the audit log names members and items (not ids), labels each action, and its filter lists every action the code records', async () => {
    const admin = await buildUser({ role: Role.admin, firstName: 'Annelie', lastName: 'Admin' });
    const member = await buildUser({ firstName: 'Thandi', lastName: 'Mokoena' });
    const gone = await buildUser({ firstName: 'Pieter', lastName: 'Weg' });
    const recipe = await buildRecipe({ authorId: (await buildUser()).id, recipeName: 'Bobotie with a twist' });
    const report = await buildReport({ kind: ReportKind.recipe, subjectId: recipe.id });
    ok(await gql(SUSPEND, { id: member.id, s: true }, { as: admin }));
    ok(await gql(DELETE, { id: gone.id }, { as: admin }));
    ok(await gql(`mutation($id: ID!) { removeReportedContent(id: $id) { id } }`, { id: report.id }, { as: admin }));
    const NAMED =
      `query($first: Int) { adminAuditLog(first: $first) { nodes { action actionLabel targetLabel ` +
      `targetName targetType } } }`;
    const { result, queries } = await countQueries(() => gql(NAMED, { first: 3 }, { as: admin }));
    expect(ok(result).adminAuditLog.nodes).toEqual([
      {
        action: 'report.remove',
        actionLabel: 'Reported content removed',
        targetLabel: 'Recipe',
        targetName: 'Bobotie with a twist',
        targetType: 'recipe',
      },
      {
        action: 'user.delete',
        actionLabel: 'User deleted',
        targetLabel: 'Member',
        targetName: 'Pieter Weg',
        targetType: 'user',
      },
      {
        action: 'user.suspend',
        actionLabel: 'User suspended',
        targetLabel: 'Member',
        targetName: 'Thandi Mokoena',
        targetType: 'user',
      },
    ]);
    expect(queries.length).toBeLessThanOrEqual(6); // a page, its names by batch (members, items per kind)

    // The filter's list is the server's, and it holds every action any module records (found in the source).
    const actions = ok(await gql(`{ adminAuditActions { value label } }`, {}, { as: admin })).adminAuditActions;
    expect(actions).toEqual(Object.entries(ADMIN_ACTIONS).map(([value, label]) => ({ value, label })));
    const recorded = new Set<string>();
    const walk = (dir: string): void => {
      for (const f of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) walk(p);
        else if (f.name.endsWith('.ts') && !f.name.endsWith('.test.ts')) {
          const src = fs.readFileSync(p, 'utf8');
          if (!/recordAdminAction|audit: \{ action|asAdmin\(/.test(src)) continue;
          for (const m of src.matchAll(/(?:action: |asAdmin\(viewer, |\? |: )'([a-z]+(?:\.[a-zA-Z]+)+)'/g))
            recorded.add(m[1]);
        }
      }
    };
    walk(path.join(__dirname, '..'));
    expect(recorded.size).toBeGreaterThanOrEqual(10);
    for (const a of recorded)
      expect(
        actions.map((x: { value: string }) => x.value),
        a,
      ).toContain(a);
    // A filter by any listed action answers; an unknown one is BAD_USER_INPUT.
    expect(
      ok(await gql(AUDIT, { action: 'user.suspend', first: 5 }, { as: admin })).adminAuditLog.nodes.map(
        (n: any) => n.targetId,
      ),
    ).toContain(member.id);
    expect(codeOf(await gql(AUDIT, { action: 'user.nothing' }, { as: admin }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(`{ adminAuditActions { value } }`, {}, { as: await buildUser() }))).toBe('FORBIDDEN');
  });
});
