import { defineModule } from '../../kernel/module';
import { SupportMessageResolver, SupportThreadResolver } from './support.resolver';
import { SupportMessage } from './support-message.entity';
import { SupportThread } from './support-thread.entity';
import { supportLoaders } from './support.loaders';

/** The support inbox: a member's thread with the team. */
export const supportModule = defineModule({
  name: 'support',
  resolvers: [SupportThreadResolver, SupportMessageResolver],
  entities: [SupportThread, SupportMessage],
  loaders: { support: supportLoaders },
});
