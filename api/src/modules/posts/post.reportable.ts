import { notFound } from '../../kernel/errors';
import { byIds } from '../../kernel/rows';
import type { Reportable, ReportedItem } from '../reports/reportables';
import { Post } from './post.entity';
import { deletePostIn, findPostOrNull } from './post.service';

const item = (p: Post): ReportedItem => ({
  id: p.id,
  authorId: p.authorId,
  text: p.content ?? '',
  mediaUrls: [...p.images.map((i) => i.thumbnailUrl ?? i.url), ...(p.videoUrl ? [p.videoUrl] : [])],
  url: `/post/${p.id}`,
});

/**
 * Posts in the moderation queue: seen as the feed shows them (not across a block), removed as their author deletes them
 * (files too).
 */
export const postReportable: Reportable = {
  load: async (ids) => (await byIds(Post, ids)).map(item),
  async reportable(viewer, id) {
    const post = await findPostOrNull(viewer, id);
    if (!post) throw notFound('Post');
    return item(post);
  },
  remove: deletePostIn,
};
