import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { Role } from './user.entity';
import { displayNameOf, initialsOf } from './user.rules';
import { grantAdmin } from './user.service';

describe('users', () => {
  it('requires authentication: me is null when signed out', async () => {
    const r = await gql('{ me { id } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.me).toBeNull();
  });

  it('display name follows the spec: first + last, first, e-mail, User', () => {
    expect(displayNameOf({ firstName: 'Thandi', lastName: 'Nkosi', email: 't@x.co' })).toBe('Thandi Nkosi');
    expect(displayNameOf({ firstName: 'Thandi', lastName: '  ', email: 't@x.co' })).toBe('Thandi');
    expect(displayNameOf({ firstName: null, lastName: 'Nkosi', email: 't@x.co' })).toBe('t@x.co');
    expect(displayNameOf({})).toBe('User');
  });

  it('initials follow the spec: name letters, first two e-mail letters, U', () => {
    expect(initialsOf({ firstName: 'thandi', lastName: 'nkosi' })).toBe('TN');
    expect(initialsOf({ firstName: 'Thandi', email: 'piet@x.co' })).toBe('PI');
    expect(initialsOf({})).toBe('U');
  });

  it('computes displayName and initials on the server', async () => {
    const u = await buildUser({ firstName: 'Lerato', lastName: 'Mokoena' });
    const r = await gql('{ me { displayName initials role } }', {}, { as: u });
    expect(r.data.me).toEqual({ displayName: 'Lerato Mokoena', initials: 'LM', role: 'user' });
  });

  it('shows a member their own e-mail but hides it from others; admins see it', async () => {
    const u = await buildUser();
    const other = await buildUser();
    const admin = await buildUser({ role: Role.admin });
    const email = (viewer: typeof u) =>
      gql('query($id: ID!) { user(id: $id) { email } }', { id: u.id }, { as: viewer }).then((r) => r.data?.user?.email);
    expect(await email(u)).toBe(u.email);
    expect(await email(other)).toBeNull();
    expect(await email(admin)).toBe(u.email);
  });

  it('user(id) requires authentication and answers null for an unknown id', async () => {
    const u = await buildUser();
    expect(codeOf(await gql('query($id: ID!) { user(id: $id) { id } }', { id: u.id }))).toBe('UNAUTHENTICATED');
    const r = await gql('query($id: ID!) { user(id: $id) { id } }', { id: '00000000-0000-4000-8000-000000000000' }, { as: u });
    expect(r.data.user).toBeNull();
    const bad = await gql('query($id: ID!) { user(id: $id) { id } }', { id: 'not-a-uuid' }, { as: u });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
  });

  it('grantAdmin promotes a member and refuses an unknown e-mail', async () => {
    const u = await buildUser();
    expect((await grantAdmin(u.email!.toUpperCase())).role).toBe(Role.admin);
    await expect(grantAdmin('nobody@example.com')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
