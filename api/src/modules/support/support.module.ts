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
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // The support inbox: the member's thread and every message in it (their words and the admins' answers); the
    // answers an admin wrote are theirs too, and stay in the member's thread (author_id SET NULL) when the admin goes.
    // When the team read the thread is theirs; which admin answered is not shown to the member (`mine` says whose).
    support_threads: { member: ['member_id'], hidden: ['support_read_at'] },
    support_messages: {
      member: ['author_id'],
      alsoWhere: `thread_id IN (SELECT id FROM support_threads WHERE member_id = $1)`,
      hidden: ['author_id'],
      shape: async (rows, memberId) => rows.map((r) => ({ ...r, mine: r.author_id === memberId })),
    },
  },
});
