import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { settings } from '../../kernel/settings';
import { buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { FeatureChoice } from './feature-choice.entity';
import { settingsPolicy } from './settings.policy';
import { setFeatureEnabled } from './settings.service';
import type { Viewer } from '../../kernel/context';
import { Role, type User } from '../users/user.entity';

const ME = `query { me { id enabledFeatures } }`;
const SET =
  `mutation($f: Feature!, $on: Boolean!) { setFeatureEnabled(feature: $f, enabled: $on) { id ` + `enabledFeatures } }`;

describe('feature settings', () => {
  it('requires authentication', async () => {
    expect(codeOf(await gql(SET, { f: 'news', on: true }))).toBe('UNAUTHENTICATED');
  });

  it("starts from the spec's defaults: everything on but news and braggingRights", async () => {
    const r = await gql(ME, {}, { as: await buildUser() });
    expect(r.data.me.enabledFeatures).toEqual([
      'klets',
      'saffaRadar',
      'dating',
      'recipes',
      'thingsToDoList',
      'radio',
      'nootVirNoot',
      'jobs',
    ]);
  });

  it('stores each choice for the member, so a later request (another browser) reads it', async () => {
    const me = await buildUser();
    expect((await gql(SET, { f: 'news', on: true }, { as: me })).data.setFeatureEnabled.enabledFeatures).toContain(
      'news',
    );
    const off = await gql(SET, { f: 'dating', on: false }, { as: me });
    expect(off.data.setFeatureEnabled.enabledFeatures).not.toContain('dating');
    const again = await gql(ME, {}, { as: me });
    expect(again.data.me.enabledFeatures).toEqual([
      'klets',
      'saffaRadar',
      'recipes',
      'thingsToDoList',
      'radio',
      'nootVirNoot',
      'jobs',
      'news',
    ]);
    // Another member keeps the defaults.
    expect((await gql(ME, {}, { as: await buildUser() })).data.me.enabledFeatures).toContain('dating');
  });

  it('keeps one row per member and feature under repeats and parallel clicks, holding a choice', async () => {
    const me = await buildUser();
    await Promise.all([true, false, true, true].map((on) => gql(SET, { f: 'radio', on }, { as: me })));
    expect(await db().getRepository(FeatureChoice).countBy({ memberId: me.id, feature: 'radio' })).toBe(1);
    await gql(SET, { f: 'radio', on: false }, { as: me });
    await gql(SET, { f: 'radio', on: false }, { as: me });
    expect(await db().getRepository(FeatureChoice).findBy({ memberId: me.id })).toMatchObject([
      { feature: 'radio', enabled: false },
    ]);
  });

  it('refuses unknown feature names and non-boolean choices, storing nothing', async () => {
    const me = await buildUser();
    const r = await gql(SET, { f: 'casino', on: true }, { as: me });
    expect(r.errors![0].message).toContain('Value "casino" does not exist in "Feature" enum');
    expect((await gql(SET, { f: 'news', on: 'yes' }, { as: me })).errors).toBeDefined();
    // The service checks too, for callers other than GraphQL.
    await expect(setFeatureEnabled(me, 'casino', true)).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    await expect(setFeatureEnabled(me, 'news', 'yes')).rejects.toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await db().getRepository(FeatureChoice).countBy({ memberId: me.id })).toBe(0);
  });

  it("shows a member's settings (features, radar) to that member and admins only", async () => {
    const [me, other, admin] = await Promise.all([
      buildUser(),
      buildUser({ radarEnabled: true }),
      buildUser({ role: Role.admin }),
    ]);
    const OF = `query($id: ID!) { user(id: $id) { id enabledFeatures radarEnabled } }`;
    expect((await gql(OF, { id: other.id }, { as: me })).data.user).toEqual({
      id: other.id,
      enabledFeatures: null,
      radarEnabled: null,
    });
    expect((await gql(OF, { id: other.id }, { as: admin })).data.user).toMatchObject({
      id: other.id,
      radarEnabled: true,
      enabledFeatures: expect.arrayContaining(['klets']),
    });
    expect((await gql(OF, { id: other.id }, { as: other })).data.user).toMatchObject({
      radarEnabled: true,
      enabledFeatures: expect.arrayContaining(['klets']),
    });
  });

  it('settingsPolicy: the member and admins, nobody else', () => {
    const member = { id: 'a' } as User;
    expect(settingsPolicy.canSee({ id: 'a', role: Role.user } as Viewer, member)).toBe(true);
    expect(settingsPolicy.canSee({ id: 'b', role: Role.admin } as Viewer, member)).toBe(true);
    expect(settingsPolicy.canSee({ id: 'b', role: Role.user } as Viewer, member)).toBe(false);
    expect(settingsPolicy.canSee(null, member)).toBe(false);
  });

  it("counts each choice against the member's writes per minute", async () => {
    const me = await buildUser();
    for (let i = 0; i < settings().limits.writesPerMinute; i++)
      expect((await gql(SET, { f: 'news', on: i % 2 === 0 }, { as: me })).errors).toBeUndefined();
    expect(codeOf(await gql(SET, { f: 'news', on: true }, { as: me }))).toBe('RATE_LIMITED');
  });
});
