import { queryRows } from '../../kernel/rows';
import { seenBy, type Reportable, type ReportedItem } from '../reports/reportables';

interface Row {
  id: string;
  author_id: string;
  text: string;
  post_id: string;
  post_author_id: string;
}
const rowsOf = (ids: readonly string[]) =>
  queryRows<Row>(
    `SELECT c.id, c.author_id, c.text, c.post_id, p.author_id AS post_author_id
       FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
const item = (r: Row): ReportedItem => ({ id: r.id, authorId: r.author_id, text: r.text, mediaUrls: [], url: `/post/${r.post_id}` });

/** Comments on posts: seen by whoever sees the post and its commenter (no block with either); removed as a row. */
export const commentReportable: Reportable = {
  load: async (ids) => (await rowsOf(ids)).map(item),
  async reportable(viewer, id) {
    const [row] = await rowsOf([id]);
    return seenBy(viewer, 'Comment', row && item(row), [row?.author_id, row?.post_author_id]);
  },
  async remove(tx, id) {
    await tx.query(`DELETE FROM comments WHERE id = $1`, [id]);
    return [];
  },
};
