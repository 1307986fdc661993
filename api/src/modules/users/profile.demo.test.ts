import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import fs from 'node:fs';
import path from 'node:path';
import { settings } from '../../kernel/settings';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { businessesDemo } from '../businesses/business.demo';
import { postsDemo } from '../posts/post.demo';
import { DEMO_PROFILES, profilesDemo } from './profile.demo';
import { User } from './user.entity';

const PROFILE = `query($id: ID!) { user(id: $id) { id bio homeTown countryCode coverImageUrl } }`;

describe('the profiles demo part', () => {
  it('gives every demo member a bio, a home town and a chosen country, and a cover where the demo has a photo of theirs; idempotent', async () => {
    await loadDemoMembers();
    await businessesDemo.load(silentLog);
    await postsDemo.load(silentLog);
    await profilesDemo.load(silentLog);
    const members = await db().getRepository(User).find();
    const demo = members.filter((u) => u.email && DEMO_PROFILES[u.email]);
    expect(demo).toHaveLength(Object.keys(DEMO_PROFILES).length);
    const thandi = demo.find((u) => u.email === 'thandi@demo.saffa.local')!;
    const byEmail = new Map(demo.map((u) => [u.email!, u]));

    for (const u of demo) {
      const p = (await gql(PROFILE, { id: u.id }, { as: thandi })).data.user;
      expect(p).toMatchObject({
        bio: DEMO_PROFILES[u.email!].bio,
        homeTown: DEMO_PROFILES[u.email!].homeTown,
        countryCode: DEMO_PROFILES[u.email!].countryCode,
      });
      expect(p.bio.length).toBeLessThanOrEqual(160);
      expect(p.homeTown.length).toBeLessThanOrEqual(80);
    }
    // Covers reuse the member's post photo (Lerato, Sipho, Naledi) or their business page's cover (Pieter, Thandi,
    // Annelie); Ayesha, Johan and the admin have no photo in the demo, so no cover. Each is a stored file.
    const covered = ['lerato', 'sipho', 'naledi', 'pieter', 'thandi', 'annelie'];
    for (const name of covered) {
      const url = byEmail.get(`${name}@demo.saffa.local`)!.coverImageUrl;
      expect(url, name).toMatch(/^\/media\//);
      expect(fs.existsSync(path.join(settings().mediaDir, url!.replace(/^\/media\//, ''))), name).toBe(true);
    }
    for (const name of ['ayesha', 'johan', 'admin'])
      expect(byEmail.get(`${name}@demo.saffa.local`)!.coverImageUrl, name).toBeNull();
    const [{ images }] = await db().query(
      `SELECT images FROM posts WHERE author_id = $1 AND jsonb_array_length(images) > 0`,
      [byEmail.get('sipho@demo.saffa.local')!.id],
    );
    expect(JSON.stringify(images)).toContain(byEmail.get('sipho@demo.saffa.local')!.coverImageUrl);
    // The member owns no copy: replacing the cover will not delete the post's photo.
    expect(byEmail.get('sipho@demo.saffa.local')!.profileMedia.cover).toEqual([]);

    // Again: nothing changes, and what a member edited stays.
    await db().query(`UPDATE users SET bio = 'My own words', country_code = NULL WHERE id = $1`, [thandi.id]);
    await profilesDemo.load(silentLog);
    const after = await db().getRepository(User).findOneByOrFail({ id: thandi.id });
    expect(after).toMatchObject({
      bio: 'My own words',
      homeTown: 'Johannesburg',
      countryCode: 'GB',
      coverImageUrl: thandi.coverImageUrl,
    });
  });
});
