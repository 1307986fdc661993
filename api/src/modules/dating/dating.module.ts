import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { datingMatchOrigin, datingMatchRules } from './dating.conversation';
import { aliasReportable } from './dating.reportable';
import { ConversationDatingMatchResolver, DatingAliasResolver, DatingMatchResolver } from './dating.resolver';
import { DatingAlias } from './dating-alias.entity';
import { DatingMatch } from './dating-match.entity';
import { DatingReaction } from './dating-reaction.entity';
import { datingDemo } from './dating.demo';
import { datingLoaders } from './dating.loaders';

/** Dating: aliases, reactions and matches. */
export const datingModule = defineModule({
  name: 'dating',
  resolvers: [DatingAliasResolver, DatingMatchResolver, ConversationDatingMatchResolver],
  entities: [DatingAlias, DatingReaction, DatingMatch],
  loaders: { dating: datingLoaders },
  reportables: { [ReportKind.alias]: aliasReportable },
  // A dating match: only its two members, both shown as their aliases; the aliases' safety rules it, not member blocks.
  conversationOrigins: { datingMatch: { origin: datingMatchOrigin, rules: datingMatchRules } },
  mediaColumns: [
    ['dating_aliases', 'photos'],
    ['dating_aliases', 'media'],
  ],
  demo: [datingDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    dating_aliases: { member: ['member_id'], media: ['media', 'photos'] },
  },
});
