import 'reflect-metadata'; // the modules' classes are decorated (TypeGraphQL, TypeORM)
import type { ModuleManifest } from '../kernel/module';
import { accountModule } from './account/account.module';
import { adminModule } from './admin/admin.module';
import { authModule } from './auth/auth.module';
import { blocksModule } from './blocks/blocks.module';
import { braggingModule } from './bragging/bragging.module';
import { businessesModule } from './businesses/businesses.module';
import { checkinsModule } from './checkins/checkins.module';
import { commentsModule } from './comments/comments.module';
import { friendsModule } from './friends/friends.module';
import { datingModule } from './dating/dating.module';
import { searchModule } from './search/search.module';
import { followsModule } from './follows/follows.module';
import { eventsModule } from './events/events.module';
import { groupsModule } from './groups/groups.module';
import { jobsModule } from './jobs/jobs.module';
import { messagesModule } from './messages/messages.module';
import { nootModule } from './noot/noot.module';
import { newsModule } from './news/news.module';
import { notificationsModule } from './notifications/notifications.module';
import { placesModule } from './places/places.module';
import { marketplaceModule } from './marketplace/marketplace.module';
import { postsModule } from './posts/posts.module';
import { reactionsModule } from './reactions/reactions.module';
import { recipesModule } from './recipes/recipes.module';
import { radarModule } from './radar/radar.module';
import { settingsModule } from './settings/settings.module';
import { reelsModule } from './reels/reels.module';
import { reportsModule } from './reports/reports.module';
import { supportModule } from './support/support.module';
import { systemModule } from './system/system.module';
import { usersModule } from './users/users.module';
import { vaultModule } from './vault/vault.module';
import { tokensModule } from './tokens/tokens.module';
import { twofactorModule } from './twofactor/twofactor.module';
import { webhooksModule } from './webhooks/webhooks.module';

/**
 * Every module of the server, one line each: the composition root (schema, loaders, REST table, entities, demo
 * data, scheduler, media sweep, reports, conversations, search, account export) iterates over this list.
 * - The imports' order above is the SDL's (TypeGraphQL keeps the order its classes were declared in): a new module's
 *   import goes last, so schema/schema.graphql only grows.
 * - The list's order is the REST table's (rows are matched in order) and the demo parts' (a part may also wait for
 *   others: `after`); a new module goes last.
 */
const list = [
  authModule,
  usersModule,
  postsModule,
  reactionsModule,
  commentsModule,
  reportsModule,
  checkinsModule,
  notificationsModule,
  adminModule,
  businessesModule,
  jobsModule,
  reelsModule,
  eventsModule,
  datingModule,
  messagesModule,
  nootModule,
  recipesModule,
  newsModule,
  groupsModule,
  marketplaceModule,
  radarModule,
  braggingModule,
  accountModule,
  blocksModule,
  followsModule,
  friendsModule,
  placesModule,
  searchModule,
  settingsModule,
  supportModule,
  systemModule,
  tokensModule,
  twofactorModule,
  vaultModule,
  webhooksModule,
] as const satisfies readonly ModuleManifest[];

export const modules: readonly ModuleManifest[] = list;
/** Each module's manifest with its own type, for the root's compile-time checks (loaders.ts). */
export type ModuleList = typeof list;
