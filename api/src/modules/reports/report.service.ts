import { authorize, requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict } from '../../kernel/errors';
import { once, type RecordResult } from '../../kernel/idempotency';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitWrites } from '../../kernel/rate-limit';
import { postPolicy } from '../posts/post.policy';
import { findPost } from '../posts/post.service';
import { PostReport, ReportReason } from './report.entity';

const reports = () => db().getRepository(PostReport);

/**
 * Reports a post for the admins; a member reports a post once, and not their own. A retry with the same
 * idempotency key answers the first report instead of CONFLICT.
 */
export async function reportPost(viewer: Viewer | null, postId: string, reason: ReportReason, idempotencyKey?: string | null): Promise<PostReport> {
  const v = requireViewer(viewer);
  if (!Object.values(ReportReason).includes(reason)) {
    throw badInput('reason', 'must be one of spam, harassment, violence, inappropriate, copyright, other');
  }
  const post = await findPost(postId);
  authorize(postPolicy.canReport(v, post), 'You cannot report your own post.');
  const write = async (record: RecordResult) => {
    await limitWrites(v.id);
    const id = await db().transaction(async (m) => {
      const result: Array<{ id: string }> = await m.query(
        `INSERT INTO post_reports (post_id, reporter_id, reason) VALUES ($1, $2, $3)
         ON CONFLICT (post_id, reporter_id) DO NOTHING RETURNING id`,
        [post.id, v.id, reason],
      );
      if (!result.length) throw conflict('You have already reported this post.');
      await record(m, result[0].id);
      return result[0].id;
    });
    return reports().findOneByOrFail({ id });
  };
  return once({ memberId: v.id, operation: 'reportPost', key: idempotencyKey }, write, (id) => reports().findOneByOrFail({ id }));
}

/** The moderation queue, newest first (admins only). */
export function openReports(viewer: Viewer | null, args: { first?: number | null; after?: string | null }): Promise<Page<PostReport>> {
  requireAdmin(viewer);
  return keysetPage(reports().createQueryBuilder('r').where(`r.status = 'open'`), 'r', args);
}
