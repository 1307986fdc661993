import type { FactSql } from '../../kernel/facts';

/** What a conversation's row shows the viewer beyond its columns (kernel/facts.ts): one statement per page. */
export interface ConversationFacts {
  unreadCount: number;
}

/**
 * Messages from the other side after what the viewer has read (served by messages (conversation_id, created_at, id)).
 */
export const conversationFacts: FactSql<ConversationFacts> = {
  unreadCount:
    `SELECT count(*)::int FROM messages m
     JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.member_id = $2
    WHERE m.conversation_id = t.id AND m.sender_id <> $2 AND m.created_at > COALESCE(cm.last_read_at, ` +
    `'-infinity'::timestamptz)`,
};
