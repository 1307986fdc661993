import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildPost, buildReport, buildUser } from '../../test/factories';
import { codeOf, gql } from '../../test/helpers';
import { Role } from '../users/user.entity';
import { Report } from './report.entity';

const REPORT = `mutation($id: ID!, $r: ReportReason!) { reportPost(postId: $id, reason: $r) { id reason postId } }`;
const post = async (as: Awaited<ReturnType<typeof buildUser>>) => (await buildPost({ authorId: as.id, content: 'report me' })).id;

describe('reports', () => {
  it('requires authentication', async () => {
    const id = await post(await buildUser());
    expect(codeOf(await gql(REPORT, { id, r: 'spam' }))).toBe('UNAUTHENTICATED');
  });

  it('stores one report per member and post for the admin queue', async () => {
    const author = await buildUser();
    const reporter = await buildUser();
    const admin = await buildUser({ role: Role.admin });
    const id = await post(author);
    const r = await gql(REPORT, { id, r: 'harassment' }, { as: reporter });
    expect(r.data.reportPost).toMatchObject({ reason: 'harassment', postId: id });
    const again = await gql(REPORT, { id, r: 'spam' }, { as: reporter });
    expect(codeOf(again)).toBe('CONFLICT');
    expect(await db().getRepository(Report).countBy({ kind: 'post' as never, subjectId: id })).toBe(1);
    const queue = await gql(`{ moderationQueue(kind: post, first: 100) { nodes { reason kind subjectId reporter { id } } } }`, {}, { as: admin });
    expect(queue.data.moderationQueue.nodes).toContainEqual({ reason: 'harassment', kind: 'post', subjectId: id, reporter: { id: reporter.id } });
  });

  it('refuses reporting your own post, and shows the queue to admins only', async () => {
    const author = await buildUser();
    const id = await post(author);
    expect(codeOf(await gql(REPORT, { id, r: 'other' }, { as: author }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(`{ moderationQueue { nodes { id } } }`, {}, { as: author }))).toBe('FORBIDDEN');
    const report = await buildReport({ subjectId: id });
    const admin = await buildUser({ role: Role.admin });
    const queue = await gql(`{ moderationQueue(kind: post, first: 100) { nodes { id } } }`, {}, { as: admin });
    expect(queue.data.moderationQueue.nodes).toContainEqual({ id: report.id });
  });

  it('a report retried with its idempotency key answers the first report instead of CONFLICT', async () => {
    const [author, m] = await Promise.all([buildUser(), buildUser()]);
    const id = await post(author);
    const REPORT_ONCE = `mutation($id: ID!, $r: ReportReason!, $key: String) { reportPost(postId: $id, reason: $r, idempotencyKey: $key) { id } }`;
    const results = await Promise.all(Array.from({ length: 10 }, () => gql(REPORT_ONCE, { id, r: 'spam', key: 'report-1' }, { as: m })));
    expect(results.filter((r) => r.errors).map((r) => r.errors![0].message)).toEqual([]);
    expect(new Set(results.map((r) => r.data.reportPost.id)).size).toBe(1);
    expect(codeOf(await gql(REPORT_ONCE, { id, r: 'spam', key: 'another' }, { as: m }))).toBe('CONFLICT'); // a new request still is one
    expect(await db().getRepository(Report).countBy({ kind: 'post' as never, subjectId: id })).toBe(1);
  });
});
