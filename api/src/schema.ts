import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { authChecker } from './kernel/auth';
import { guardTokenAccess } from './kernel/access';
import { guardTextArguments } from './kernel/input';
import { limitMutations } from './kernel/rate-limit';
import { readPlainFieldsDirectly } from './kernel/plain-fields';
import { pubSub } from './kernel/pubsub';
import { AccountResolver } from './modules/account/account.resolver';
import { AdminAuditEntryResolver, AdminResolver, AdminUserFieldsResolver } from './modules/admin/admin.resolver';
import { onMemberSuspended } from './modules/admin/admin.service';
import { AuthResolver } from './modules/auth/auth.resolver';
import { SessionResolver } from './modules/auth/session.resolver';
import { BlockResolver } from './modules/blocks/block.resolver';
import {
  BraggingBadgeResolver,
  BraggingChampionshipResolver,
  BraggingEventResolver,
  BraggingPredictionResolver,
  BraggingStandingResolver,
  UserBraggingResolver,
} from './modules/bragging/bragging.resolver';
import {
  BusinessDirectoryResolver,
  BusinessResolver,
  BusinessReviewResolver,
} from './modules/businesses/business.resolver';
import { PostCheckinResolver, SavedCheckinResolver } from './modules/checkins/checkin.resolver';
import { CommentResolver, PostCommentsResolver } from './modules/comments/comment.resolver';
import { FriendResolver, UserFriendStatusResolver } from './modules/friends/friend.resolver';
import { datingMatchOrigin, datingMatchRules } from './modules/dating/dating.conversation';
import { aliasReportable } from './modules/dating/dating.reportable';
import {
  ConversationDatingMatchResolver,
  DatingAliasResolver,
  DatingMatchResolver,
} from './modules/dating/dating.resolver';
import { SearchResolver } from './modules/search/search.resolver';
import { MemberFollowResolver } from './modules/follows/member-follow.resolver';
import { EventBookingResolver, EventResolver } from './modules/events/event.resolver';
import {
  GroupConnectionResolver,
  GroupJoinRequestResolver,
  GroupMembershipResolver,
  GroupMessageResolver,
  GroupResolver,
} from './modules/groups/group.resolver';
import { JobApplicationResolver } from './modules/jobs/job-application.resolver';
import { JobVacancyResolver } from './modules/jobs/job-vacancy.resolver';
import { ConversationResolver, MessageResolver } from './modules/messages/message.resolver';
import { NootPlaylistResolver, NootSongResolver } from './modules/noot/noot.resolver';
import { NewsResolver } from './modules/news/news.resolver';
import { NotificationResolver } from './modules/notifications/notification.resolver';
import { PlaceResolver } from './modules/places/place.resolver';
import { registerConversationOrigin } from './modules/messages/conversation-origins';
import { listingOrigin } from './modules/marketplace/listing.conversation';
import {
  ConversationListingResolver,
  MarketplaceListingConnectionResolver,
  MarketplaceListingResolver,
} from './modules/marketplace/listing.resolver';
import { postReportable } from './modules/posts/post.reportable';
import { PostResolver } from './modules/posts/post.resolver';
import { PostReactionsResolver, ReactionResolver } from './modules/reactions/reaction.resolver';
import { RecipeCommentResolver, RecipeResolver } from './modules/recipes/recipe.resolver';
import { RadarResolver } from './modules/radar/radar.resolver';
import { leaveRadarOnSuspension } from './modules/radar/radar.service';
import { UserSettingsResolver } from './modules/settings/settings.resolver';
import { ReelResolver } from './modules/reels/reel.resolver';
import { reviewReportable } from './modules/businesses/review.reportable';
import { commentReportable } from './modules/comments/comment.reportable';
import { groupMessageReportable, groupReportable } from './modules/groups/group.reportable';
import { listingReportable } from './modules/marketplace/listing.reportable';
import { songReportable } from './modules/noot/song.reportable';
import { directMessageReportable } from './modules/messages/message.reportable';
import { recipeCommentReportable, recipeReportable } from './modules/recipes/recipe.reportable';
import { reelReportable } from './modules/reels/reel.reportable';
import { ReportKind } from './modules/reports/report.entity';
import { ReportedContentResolver, ReportResolver } from './modules/reports/report.resolver';
import { registerReportable } from './modules/reports/reportables';
import { removeReportedOf } from './modules/reports/report.service';
import { SupportMessageResolver, SupportThreadResolver } from './modules/support/support.resolver';
import { AppConfigResolver } from './modules/system/app-config.resolver';
import { ProfileResolver } from './modules/users/profile.resolver';
import { UserResolver } from './modules/users/user.resolver';
import { VaultResolver } from './modules/vault/vault.resolver';
import { AccessTokenResolver } from './modules/tokens/access-token.resolver';
import { TwoFactorResolver } from './modules/twofactor/two-factor.resolver';
import { WebhookDeliveryResolver, WebhookResolver } from './modules/webhooks/webhook.resolver';
import { UNLIMITED_MUTATIONS } from './write-limits';

// Where conversations can start besides a member (which the messages module registers itself): each module that
// owns such a place registers its origin here, at the composition root, so that messages imports none of them.
// A dating match: only its two members, both shown as their aliases; the aliases' safety rules it, not member blocks.
registerConversationOrigin('datingMatch', datingMatchOrigin, datingMatchRules);
// Message Seller: someone else's available listing, a conversation with its seller about it.
registerConversationOrigin('listing', listingOrigin);

// What members can report, each kind's rules written by the module that owns it (the reports module imports none).
registerReportable(ReportKind.post, postReportable);
registerReportable(ReportKind.comment, commentReportable);
registerReportable(ReportKind.reel, reelReportable);
registerReportable(ReportKind.recipe, recipeReportable);
registerReportable(ReportKind.recipeComment, recipeCommentReportable);
registerReportable(ReportKind.review, reviewReportable);
registerReportable(ReportKind.listing, listingReportable);
registerReportable(ReportKind.group, groupReportable);
registerReportable(ReportKind.groupMessage, groupMessageReportable);
registerReportable(ReportKind.directMessage, directMessageReportable);
registerReportable(ReportKind.alias, aliasReportable);
registerReportable(ReportKind.song, songReportable);
// Suspending a member removes what of theirs was reported and is still open (the admin module imports no reports).
onMemberSuspended(removeReportedOf);
// ... and leaves the radar at once (their position is deleted).
onMemberSuspended(leaveRadarOnSuspension);

let built: Promise<GraphQLSchema> | null = null;

/** The one GraphQL schema, built once per process from every module's resolvers. */
export function getSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: [
      UserResolver,
      VaultResolver,
      ProfileResolver,
      UserSettingsResolver,
      RadarResolver,
      UserFriendStatusResolver,
      BlockResolver,
      AuthResolver,
      SessionResolver,
      AccountResolver,
      AdminResolver,
      AdminUserFieldsResolver,
      AdminAuditEntryResolver,
      AppConfigResolver,
      PostResolver,
      PostReactionsResolver,
      ReactionResolver,
      CommentResolver,
      PostCommentsResolver,
      ReportResolver,
      ReportedContentResolver,
      SavedCheckinResolver,
      PostCheckinResolver,
      NotificationResolver,
      FriendResolver,
      BusinessResolver,
      BusinessDirectoryResolver,
      BusinessReviewResolver,
      ReelResolver,
      NootPlaylistResolver,
      NootSongResolver,
      PlaceResolver,
      JobVacancyResolver,
      JobApplicationResolver,
      EventResolver,
      EventBookingResolver,
      DatingAliasResolver,
      DatingMatchResolver,
      ConversationDatingMatchResolver,
      ConversationResolver,
      MessageResolver,
      RecipeResolver,
      RecipeCommentResolver,
      NewsResolver,
      MemberFollowResolver,
      SearchResolver,
      GroupResolver,
      GroupConnectionResolver,
      GroupMembershipResolver,
      GroupJoinRequestResolver,
      GroupMessageResolver,
      MarketplaceListingResolver,
      MarketplaceListingConnectionResolver,
      ConversationListingResolver,
      BraggingEventResolver,
      BraggingPredictionResolver,
      BraggingChampionshipResolver,
      BraggingStandingResolver,
      BraggingBadgeResolver,
      UserBraggingResolver,
      SupportThreadResolver,
      SupportMessageResolver,
      AccessTokenResolver,
      WebhookResolver,
      WebhookDeliveryResolver,
      TwoFactorResolver,
    ],
    authChecker,
    pubSub,
    // No global middlewares: TypeGraphQL would wrap every field of every page in them. Text arguments with NUL
    // characters are refused by `guardTextArguments`; a database that is away is answered as UNAVAILABLE where
    // errors leave the process (`publicError`).
    validate: false,
  })
    .then(readPlainFieldsDirectly)
    .then(guardTextArguments)
    // Write limits (every mutation counts unless UNLIMITED_MUTATIONS names it), wrapped inside the token guard: a
    // token that may not write is refused without spending the member's budget.
    .then((schema) => limitMutations(schema, UNLIMITED_MUTATIONS))
    .then(guardTokenAccess);
  return built;
}
