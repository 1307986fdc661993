import { notFound } from '../../kernel/errors';
import { deleteRowIn, queryRows } from '../../kernel/rows';
import { entityReportable, seenBy, type Reportable, type ReportedItem } from '../reports/reportables';
import { GroupMessage } from './group-message.entity';
import { Group } from './group.entity';

/**
 * Groups: anyone can find a group (Klets' discover), so anyone can report it unless a block stands between them and
 * its creator; removed with its members, join requests, favourites and chat (foreign keys), its pictures after.
 */
export const groupReportable = entityReportable(
  Group,
  'Group',
  (g) => ({
    id: g.id,
    authorId: g.creatorId,
    text: [g.name, g.description].filter(Boolean).join('\n'),
    mediaUrls: [g.imageUrl].filter((u): u is string => !!u),
    url: `/klets?group=${g.id}`,
  }),
  (tx, id) => deleteRowIn(tx, Group, id, (g) => [...new Set([g.imageUrl, ...g.media])]),
);

interface MessageRow {
  id: string;
  group_id: string;
  sender_id: string;
  body: string;
  is_member: boolean;
}
const messageRows = (ids: readonly string[], viewerId: string | null) =>
  queryRows<MessageRow>(
    `SELECT m.id, m.group_id, m.sender_id, m.body,
            EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = m.group_id AND gm.member_id = $2) AS is_member
       FROM group_messages m WHERE m.id = ANY($1::uuid[])`,
    [ids, viewerId],
  );
const messageItem = (m: MessageRow): ReportedItem => ({
  id: m.id,
  authorId: m.sender_id,
  text: m.body,
  mediaUrls: [],
  url: `/klets?group=${m.group_id}&message=${m.id}`,
});

/**
 * A group chat's messages: only the group's members see them, so only a member who did not write one can report
 * it (anyone else: NOT_FOUND); a block with its sender hides it too. Removed as a row.
 */
export const groupMessageReportable: Reportable = {
  load: async (ids) => (await messageRows(ids, null)).map(messageItem),
  async reportable(viewer, id) {
    const [m] = await messageRows([id], viewer.id);
    if (!m || !m.is_member) throw notFound('Message');
    return seenBy(viewer, 'Message', messageItem(m));
  },
  remove: (tx, id) => deleteRowIn(tx, GroupMessage, id),
};
