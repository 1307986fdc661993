import { createGroupLoader, createLoader } from '../../kernel/loaders';
import { byIds, manyOf } from '../../kernel/rows';
import { db } from '../../kernel/database';
import { ConversationMember } from './conversation-member.entity';
import { Message } from './message.entity';

export function messageLoaders() {
  return {
    /** Both sides of each conversation (one statement per batch). */
    membersByConversation: createGroupLoader<string, ConversationMember>(
      (ids) => {
        const qb = db()
          .getRepository(ConversationMember)
          .createQueryBuilder('cm')
          .where('cm.conversation_id = ANY(:ids)', { ids: [...ids] });
        return manyOf(ConversationMember, qb, 'cm');
      },
      (m) => m.conversationId,
    ),
    byId: createLoader<string, Message>(
      (ids) => byIds(Message, ids),
      (m) => m.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    messages: ReturnType<typeof messageLoaders>;
  }
}
