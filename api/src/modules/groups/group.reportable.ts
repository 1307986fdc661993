import { notFound } from '../../kernel/errors';
import { byIds, queryRows } from '../../kernel/rows';
import { seenBy, type Reportable, type ReportedItem } from '../reports/reportables';
import { Group } from './group.entity';

const groupItem = (g: Group): ReportedItem => ({
  id: g.id,
  authorId: g.creatorId,
  text: [g.name, g.description].filter(Boolean).join('\n'),
  mediaUrls: [g.imageUrl].filter((u): u is string => !!u),
  url: `/klets?group=${g.id}`,
});

/**
 * Groups: anyone can find a group (Klets' discover), so anyone can report it unless a block stands between them and
 * its creator; removed with its members, join requests, favourites and chat (foreign keys), its pictures after.
 */
export const groupReportable: Reportable = {
  load: async (ids) => (await byIds(Group, ids)).map(groupItem),
  async reportable(viewer, id) {
    const [group] = await byIds(Group, [id]);
    return seenBy(viewer, 'Group', group && groupItem(group));
  },
  async remove(tx, id) {
    const [group] = await tx.getRepository(Group).createQueryBuilder('g').setLock('pessimistic_write').where('g.id = :id', { id }).getMany();
    if (!group) return [];
    await tx.delete(Group, { id });
    return [...new Set([group.imageUrl, ...group.media])].filter((u): u is string => !!u);
  },
};

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
const messageItem = (m: MessageRow): ReportedItem => ({ id: m.id, authorId: m.sender_id, text: m.body, mediaUrls: [], url: `/klets?group=${m.group_id}` });

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
  async remove(tx, id) {
    await tx.query(`DELETE FROM group_messages WHERE id = $1`, [id]);
    return [];
  },
};
