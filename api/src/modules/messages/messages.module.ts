import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { ConversationResolver, MessageResolver } from './message.resolver';
import { ConversationMember } from './conversation-member.entity';
import { Conversation } from './conversation.entity';
import { conversationFacts } from './conversation.facts';
import { Message } from './message.entity';
import { messagesDemo } from './message.demo';
import { messageLoaders } from './message.loaders';
import { conversationsForArchive, messagesForArchive } from './message.export';
import { directMessageReportable } from './message.reportable';

/** The member's conversations, as a condition over a table with a `conversation_id` column. */
const IN_MY_CONVERSATIONS =
  `conversation_id IN (SELECT conversation_id FROM conversation_members WHERE member_id = ` + `$1)`;

/** Direct conversations and their messages (the 'member' origin is the module's own). */
export const messagesModule = defineModule({
  name: 'messages',
  resolvers: [ConversationResolver, MessageResolver],
  entities: [Conversation, ConversationMember, Message],
  loaders: { messages: messageLoaders },
  facts: { conversationFacts },
  reportables: { [ReportKind.directMessage]: directMessageReportable },
  // A conversation side's persona photo: the first photo of a dating alias, copied when the conversation started.
  mediaColumns: [['conversation_members', 'persona_photo_url']],
  demo: [messagesDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // The two sides as the chat shows them (`me`, `peer`); the origin key names members, so it stays out.
    conversations: {
      member: [],
      alsoWhere: `id IN (SELECT conversation_id FROM conversation_members WHERE member_id = $1)`,
      hidden: ['origin_key'],
      shape: conversationsForArchive,
    },
    conversation_members: { member: ['member_id'], media: ['persona_photo_url'] },
    /**
     * Messages they sent and those they received, each with `mine` and its `sender` as the chat shows them (an alias,
     * never the member behind it).
     */
    messages: {
      member: ['sender_id'],
      alsoWhere: IN_MY_CONVERSATIONS,
      hidden: ['sender_id'],
      shape: messagesForArchive,
    },
  },
});
