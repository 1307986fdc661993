import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { businessesDemo } from '../businesses/business.demo';
import { User } from '../users/user.entity';
import { jobsDemo } from './job.demo';

describe('the jobs demo part', () => {
  it('makes the board and a tracking board alive: business vacancies, member jobs, applications at every stage', async () => {
    await loadDemoMembers();
    await businessesDemo.load(silentLog);
    await jobsDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const board = await gql(
      `{ jobListings(first: 50) { nodes { id title company applicantCount viewerCanManage } } }`,
      {},
      { as: thandi },
    );
    const jobs = board.data.jobListings.nodes as Array<{
      id: string;
      title: string;
      company: string;
      applicantCount: number;
      viewerCanManage: boolean;
    }>;
    expect(jobs).toHaveLength(8);
    expect(jobs.find((j) => j.title === 'Braai Chef')!.company).toBe('Mzansi Braai House');
    const mine = jobs.find((j) => j.title === 'Community Manager')!;
    expect(mine).toMatchObject({ company: 'Thandi Nkosi', applicantCount: 5, viewerCanManage: true });
    const ats = await gql(
      `query($id: ID!) { vacancyApplications(vacancyId: $id) { nodes { stage isRejected cvUrl } } }`,
      { id: mine.id },
      { as: thandi },
    );
    const apps = ats.data.vacancyApplications.nodes as Array<{
      stage: string;
      isRejected: boolean;
      cvUrl: string | null;
    }>;
    expect(new Set(apps.filter((a) => !a.isRejected).map((a) => a.stage))).toEqual(
      new Set(['view_profile', 'shortlisted', 'interviewing', 'offer']),
    );
    expect(apps.filter((a) => a.isRejected)).toHaveLength(1);
    expect(apps.some((a) => a.cvUrl)).toBe(true);
    const upcoming = await gql(`{ jobListings(status: upcoming) { nodes { title } } }`, {}, { as: thandi });
    expect(upcoming.data.jobListings.nodes).toEqual([{ title: 'Relocation Coordinator' }]);
  });
});
