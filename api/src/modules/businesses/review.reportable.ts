import { deleteRowIn, queryRows } from '../../kernel/rows';
import { rowReportable } from '../reports/reportables';
import { BusinessReview } from './business-review.entity';

/** Business reviews: seen unless a block stands between the viewer and the reviewer; removed as a row. */
export const reviewReportable = rowReportable({
  what: 'Review',
  rows: (ids) =>
    queryRows<{ id: string; member_id: string; rating: number; comment: string | null; business_name: string }>(
      `SELECT rv.id, rv.member_id, rv.rating, rv.comment, b.name AS business_name
         FROM business_reviews rv JOIN businesses b ON b.id = rv.business_id WHERE rv.id = ANY($1::uuid[])`,
      [ids],
    ),
  item: (r) => ({
    id: r.id,
    authorId: r.member_id,
    text: `${'★'.repeat(r.rating)} ${r.business_name}${r.comment ? `\n${r.comment}` : ''}`,
    mediaUrls: [],
    url: `/business?company=${encodeURIComponent(r.business_name)}&review=${r.id}`,
  }),
  remove: (tx, id) => deleteRowIn(tx, BusinessReview, id),
});
