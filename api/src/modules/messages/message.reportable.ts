import { authorize } from '../../kernel/auth';
import { notFound } from '../../kernel/errors';
import { queryRows } from '../../kernel/rows';
import { seenBy, type Reportable, type ReportedItem } from '../reports/reportables';
import { messagePolicy } from './message.policy';

interface Row {
  id: string;
  conversation_id: string;
  sender_id: string;
  body: string;
  is_participant: boolean;
  /** The sender appears under a persona (a dating alias) in this conversation. */
  under_persona: boolean;
}
const rowsOf = (ids: readonly string[], viewerId: string | null) =>
  queryRows<Row>(
    `SELECT m.id, m.conversation_id, m.sender_id, m.body,
            EXISTS (SELECT 1 FROM conversation_members cm WHERE cm.conversation_id = m.conversation_id AND ` +
      `cm.member_id = $2) AS is_participant,
            EXISTS (SELECT 1 FROM conversation_members sm WHERE sm.conversation_id = m.conversation_id AND ` +
      `sm.member_id = m.sender_id AND sm.persona_name IS NOT NULL) AS under_persona
       FROM messages m WHERE m.id = ANY($1::uuid[])`,
    [ids, viewerId],
  );
// A conversation is private to its members: the queue shows the message itself, with no link into it; a message sent
// under a persona (a dating alias) without its sender, who stays hidden from admins as from the other side.
const item = (m: Row): ReportedItem => ({
  id: m.id,
  authorId: m.sender_id,
  authorHidden: m.under_persona,
  text: m.body,
  mediaUrls: [],
  url: null,
});

export const ONLY_RECIPIENT = 'Only its recipient can report a message.';

/**
 * Direct messages: only their recipient reports them (a participant of the conversation who did not send it; the
 * sender is refused, anyone else does not see it: NOT_FOUND); a block with the sender hides it too, except in an
 * alias conversation (issue 24: a member's own block must not tell them whose alias it is). Removed as a
 * row, the conversation's last message pointing at the one before it.
 */
export const directMessageReportable: Reportable = {
  load: async (ids) => (await rowsOf(ids, null)).map(item),
  async reportable(viewer, id) {
    const [m] = await rowsOf([id], viewer.id);
    if (!m || !m.is_participant) throw notFound('Message');
    authorize(messagePolicy.canReport(viewer, { senderId: m.sender_id }), ONLY_RECIPIENT);
    // Under a persona a block between the members changes nothing: it would tell who is behind the alias.
    return m.under_persona ? item(m) : seenBy(viewer, 'Message', item(m));
  },
  async remove(tx, id) {
    const gone: [Array<{ conversation_id: string }>, number] = await tx.query(
      `DELETE FROM messages WHERE id = $1 RETURNING conversation_id`,
      [id],
    );
    const conversationId = gone[0][0]?.conversation_id;
    if (conversationId) {
      await tx.query(
        `UPDATE conversations SET last_message_id = (SELECT id FROM messages WHERE conversation_id = $1 ORDER BY ` +
          `created_at DESC, id DESC LIMIT 1)
          WHERE id = $1 AND last_message_id = $2`,
        [conversationId, id],
      );
    }
    return [];
  },
};
