import { deleteRowIn, queryRows } from '../../kernel/rows';
import { rowReportable } from '../reports/reportables';
import { Comment } from './comment.entity';

/** Comments on posts: seen by whoever sees the post and its commenter (no block with either); removed as a row. */
export const commentReportable = rowReportable({
  what: 'Comment',
  rows: (ids) =>
    queryRows<{ id: string; author_id: string; text: string; post_id: string; post_author_id: string }>(
      `SELECT c.id, c.author_id, c.text, c.post_id, p.author_id AS post_author_id
         FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ANY($1::uuid[])`,
      [ids],
    ),
  item: (c) => ({
    id: c.id,
    authorId: c.author_id,
    text: c.text,
    mediaUrls: [],
    url: `/post/${c.post_id}?comment=${c.id}`,
  }),
  people: (c) => [c.author_id, c.post_author_id],
  remove: (tx, id) => deleteRowIn(tx, Comment, id),
});
