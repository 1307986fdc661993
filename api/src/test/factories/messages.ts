import { db } from '../../kernel/database';
import { ConversationMember } from '../../modules/messages/conversation-member.entity';
import { Conversation } from '../../modules/messages/conversation.entity';
import { Message } from '../../modules/messages/message.entity';
import { insert, next, memberRef } from './core';

/**
 * A direct conversation between two members (new ones unless named), with both sides; `personas` shows either side
 * under an alias instead.
 */
export async function buildConversation(
  overrides: Partial<Conversation> & { a?: string; b?: string; personas?: [string | null, string | null] } = {},
): Promise<Conversation> {
  const { a: aRef, b: bRef, personas = [null, null], ...row } = overrides;
  const [a, b] = [await memberRef(aRef), await memberRef(bRef)];
  const conversation = await insert(Conversation, { originKey: `test:${next()}:${a}:${b}`, ...row });
  await db()
    .getRepository(ConversationMember)
    .insert(
      [a, b].map((memberId, i) => ({
        conversationId: conversation.id,
        memberId,
        personaName: personas[i],
        personaPhotoUrl: null,
        lastReadAt: null,
      })),
    );
  return conversation;
}

/**
 * A message in a conversation (a new one unless named) from its first side unless `senderId` names another; the
 * conversation moves to its time.
 */
export async function buildMessage(overrides: Partial<Message> = {}): Promise<Message> {
  const conversationId = overrides.conversationId ?? (await buildConversation()).id;
  const senderId =
    overrides.senderId ?? (await db().getRepository(ConversationMember).findOneByOrFail({ conversationId })).memberId;
  const message = await insert(Message, { body: `Message ${next()}`, ...overrides, conversationId, senderId });
  await db()
    .getRepository(Conversation)
    .update(conversationId, { updatedAt: message.createdAt, lastMessageId: message.id });
  return message;
}
