import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { ConversationResolver, MessageResolver } from './message.resolver';
import { ConversationMember } from './conversation-member.entity';
import { Conversation } from './conversation.entity';
import { conversationFacts } from './conversation.facts';
import { Message } from './message.entity';
import { messagesDemo } from './message.demo';
import { messageLoaders } from './message.loaders';
import { directMessageReportable } from './message.reportable';

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
});
