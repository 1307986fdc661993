import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, mediaFile, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { isMp3 } from './mp3';
import { nootDemo } from './noot.demo';

describe('the noot demo part', () => {
  it("makes the chart alive: this month's playlist with approved songs whose files are real mp3s, ranked", async () => {
    await loadDemoMembers();
    await nootDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const r = await gql(
      `{ nootActivePlaylist { name songs { title isAdminApproved songFileUrl coverImageUrl } } }`,
      {},
      { as: thandi },
    );
    const playlist = r.data.nootActivePlaylist;
    expect(playlist.name).toMatch(/Top Hits$/);
    expect(playlist.songs.map((s: { title: string }) => s.title)).toEqual([
      'Shosholoza',
      'Sarie Marais',
      'Jozi Nights',
    ]);
    for (const s of playlist.songs) {
      expect(s.isAdminApproved).toBe(true);
      expect(isMp3(fs.readFileSync(mediaFile(s.songFileUrl)))).toBe(true);
      expect(fs.existsSync(mediaFile(s.coverImageUrl))).toBe(true);
    }
  });
});
