import { queryRows } from '../../kernel/rows';
import { seenBy, type Reportable, type ReportedItem } from '../reports/reportables';

interface Row {
  id: string;
  member_id: string;
  rating: number;
  comment: string | null;
  business_name: string;
}
const rowsOf = (ids: readonly string[]) =>
  queryRows<Row>(
    `SELECT rv.id, rv.member_id, rv.rating, rv.comment, b.name AS business_name
       FROM business_reviews rv JOIN businesses b ON b.id = rv.business_id WHERE rv.id = ANY($1::uuid[])`,
    [ids],
  );
const item = (r: Row): ReportedItem => ({
  id: r.id,
  authorId: r.member_id,
  text: `${'★'.repeat(r.rating)} ${r.business_name}${r.comment ? `\n${r.comment}` : ''}`,
  mediaUrls: [],
  url: `/business?company=${encodeURIComponent(r.business_name)}`,
});

/** Business reviews: seen unless a block stands between the viewer and the reviewer; removed as a row. */
export const reviewReportable: Reportable = {
  load: async (ids) => (await rowsOf(ids)).map(item),
  async reportable(viewer, id) {
    const [row] = await rowsOf([id]);
    return seenBy(viewer, 'Review', row && item(row));
  },
  async remove(tx, id) {
    await tx.query(`DELETE FROM business_reviews WHERE id = $1`, [id]);
    return [];
  },
};
