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
 * data, scheduler, media sweep, reports, conversations, search, account export) iterates over this list. The order
 * is the order of everything built from it: the SDL's, the REST table's and the demo parts' (a part may also wait for
 * another: `after`).
 */
export const modules: readonly ModuleManifest[] = [
  accountModule,
  adminModule,
  authModule,
  blocksModule,
  braggingModule,
  businessesModule,
  checkinsModule,
  commentsModule,
  friendsModule,
  datingModule,
  searchModule,
  followsModule,
  eventsModule,
  groupsModule,
  jobsModule,
  messagesModule,
  nootModule,
  newsModule,
  notificationsModule,
  placesModule,
  marketplaceModule,
  postsModule,
  reactionsModule,
  recipesModule,
  radarModule,
  settingsModule,
  reelsModule,
  reportsModule,
  supportModule,
  systemModule,
  usersModule,
  vaultModule,
  tokensModule,
  twofactorModule,
  webhooksModule,
];
