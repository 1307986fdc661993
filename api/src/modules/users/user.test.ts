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

  it('display name: first + last, the one name there is, User; never the e-mail', () => {
    expect(displayNameOf({ firstName: 'Thandi', lastName: 'Nkosi' })).toBe('Thandi Nkosi');
    expect(displayNameOf({ firstName: 'Thandi', lastName: '  ' })).toBe('Thandi');
    expect(displayNameOf({ firstName: null, lastName: 'Nkosi' })).toBe('Nkosi');
    expect(displayNameOf({})).toBe('User');
  });

  it('initials: name letters, the one name, U', () => {
    expect(initialsOf({ firstName: 'thandi', lastName: 'nkosi' })).toBe('TN');
    expect(initialsOf({ firstName: 'Thandi' })).toBe('TH');
    expect(initialsOf({})).toBe('U');
  });

  it('a member without names (a Google or Facebook account that gave none) is not shown by their e-mail', async () => {
    const nameless = await buildUser({
      firstName: null,
      lastName: null,
      email: `private.person.${Date.now()}@example.com`,
    });
    const other = await buildUser();
    const seen = await gql(
      'query($id: ID!) { user(id: $id) { displayName initials email } }',
      { id: nameless.id },
      { as: other },
    );
    expect(seen.data.user).toEqual({ displayName: 'User', initials: 'U', email: null });
    expect(JSON.stringify(seen.data)).not.toMatch(/private|PR/);
  });

  it('chooseName requires authentication, checks both names and sets them', async () => {
    const CHOOSE =
      'mutation($f: String!, $l: String!) { chooseName(firstName: $f, lastName: $l) { firstName lastName displayName ' +
      'initials } }';
    expect(codeOf(await gql(CHOOSE, { f: 'A', l: 'B' }))).toBe('UNAUTHENTICATED');
    const u = await buildUser({ firstName: null, lastName: null });
    const blank = await gql(CHOOSE, { f: '  ', l: 'Nkosi' }, { as: u });
    expect(codeOf(blank)).toBe('BAD_USER_INPUT');
    expect(blank.errors![0].message.startsWith('firstName')).toBe(true);
    expect(codeOf(await gql(CHOOSE, { f: 'Thandi', l: 'N'.repeat(51) }, { as: u }))).toBe('BAD_USER_INPUT');
    for (const evil of ['Thandi\r\nBcc: x@example.test', 'Thandi\u001b[31m', 'Thandi\u202eizdnahT', 'Tha\u0085ndi']) {
      const refused = await gql(CHOOSE, { f: evil, l: 'Nkosi' }, { as: u });
      expect(codeOf(refused), JSON.stringify(evil)).toBe('BAD_USER_INPUT');
      expect(refused.errors![0].message).toBe('firstName must not contain control characters');
    }
    const r = await gql(CHOOSE, { f: ' Thandi ', l: 'Nkosi' }, { as: u });
    expect(r.data.chooseName).toEqual({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      displayName: 'Thandi Nkosi',
      initials: 'TN',
    });
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

  it('user(id) requires authentication and answers null for an unknown or malformed id', async () => {
    const u = await buildUser();
    expect(codeOf(await gql('query($id: ID!) { user(id: $id) { id } }', { id: u.id }))).toBe('UNAUTHENTICATED');
    const r = await gql(
      'query($id: ID!) { user(id: $id) { id } }',
      { id: '00000000-0000-4000-8000-000000000000' },
      { as: u },
    );
    expect(r.data.user).toBeNull();
    const bad = await gql('query($id: ID!) { user(id: $id) { id } }', { id: 'not-a-uuid' }, { as: u });
    expect(bad.errors).toBeUndefined();
    expect(bad.data.user).toBeNull();
  });

  it('grantAdmin promotes a member and refuses an unknown e-mail', async () => {
    const u = await buildUser();
    expect((await grantAdmin(u.email!.toUpperCase())).role).toBe(Role.admin);
    await expect(grantAdmin('nobody@example.com')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
