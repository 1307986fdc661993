import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, mediaFile, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { BraggingEvent } from './bragging-event.entity';
import { braggingDemo } from './bragging.demo';

describe('the bragging demo part', () => {
  it('loads championships, events in every category with logos, two scored with standings; a second load adds nothing', async () => {
    await loadDemoMembers();
    await braggingDemo.load(silentLog);
    const count = await db().getRepository(BraggingEvent).count();
    await braggingDemo.load(silentLog);
    expect(await db().getRepository(BraggingEvent).count()).toBe(count);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const r = await gql(
      `{ braggingChampionships(first: 100) { nodes { name } } braggingEvents(first: 100) { nodes { category status ` +
        `team1Logo } } braggingLeaderboard { userId points } myBraggingBadges { badgeType } }`,
      {},
      { as: thandi },
    );
    expect(r.data.braggingChampionships.nodes.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Currie Cup 2026', 'SA20 Season 4']),
    );
    const events = r.data.braggingEvents.nodes as Array<{ category: string; status: string; team1Logo: string }>;
    expect(new Set(events.map((e) => e.category))).toEqual(
      new Set(['Rugby', 'Cricket', 'F1', 'EFC', 'Politics', 'News Events']),
    );
    expect(events.filter((e) => e.status === 'completed')).toHaveLength(2);
    expect(events.filter((e) => e.status === 'upcoming').length).toBeGreaterThan(3);
    for (const e of events) expect(fs.existsSync(mediaFile(e.team1Logo))).toBe(true);
    // exact margin in the Currie Cup (20) and the SA20 winner (10)
    expect(r.data.braggingLeaderboard[0]).toMatchObject({ userId: thandi.id, points: 30 });
    expect(r.data.myBraggingBadges.map((b: { badgeType: string }) => b.badgeType)).toContain('first_correct');
  });
});
