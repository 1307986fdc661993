import { requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid } from '../../kernel/ids';
import { keysetPage, type Page } from '../../kernel/pagination';
import { findPost } from '../posts/post.service';
import { SavedCheckin } from './saved-checkin.entity';
import { savedCheckinPolicy } from './saved-checkin.policy';

const saved = () => db().getRepository(SavedCheckin);

/** Saves a check-in to the viewer's Things to do list; a second save is a CONFLICT ("already saved"). */
export async function saveCheckin(viewer: Viewer | null, postId: string): Promise<SavedCheckin> {
  const v = requireViewer(viewer);
  const post = await findPost(postId);
  if (!post.isCheckin) throw badInput('postId', 'must be a check-in (a post with a place and coordinates)');
  const rows: Array<{ id: string }> = await db().query(
    `INSERT INTO saved_checkins (member_id, post_id) VALUES ($1, $2) ON CONFLICT (member_id, post_id) DO NOTHING ` +
      `RETURNING id`,
    [v.id, post.id],
  );
  if (!rows.length) throw conflict('ALREADY_SAVED', 'This check-in is already saved.');
  return saved().findOneByOrFail({ id: rows[0].id });
}

/** Removes one of the viewer's saved check-ins; another member's is NOT_FOUND. */
export async function removeSavedCheckin(viewer: Viewer | null, id: string): Promise<void> {
  const v = requireViewer(viewer);
  const row = await saved().findOneBy({ id: checkUuid(id, 'id') });
  if (!row || !savedCheckinPolicy.canRemove(v, row)) throw notFound('Saved check-in');
  await saved().delete({ id: row.id });
}

export function listSavedCheckins(
  viewer: Viewer | null,
  args: { first?: number | null; after?: string | null },
): Promise<Page<SavedCheckin>> {
  const v = requireViewer(viewer);
  return keysetPage(saved().createQueryBuilder('s').where('s.member_id = :id', { id: v.id }), 's', args);
}
