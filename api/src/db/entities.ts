import { IdempotencyKey } from '../kernel/idempotency-key.entity';
import { RateLimitWindow } from '../kernel/rate-limit-window.entity';
import { Identity } from '../modules/auth/identity.entity';
import { EmailVerification } from '../modules/auth/email-verification.entity';
import { PasswordReset } from '../modules/auth/password-reset.entity';
import { Session } from '../modules/auth/session.entity';
import { BraggingBadge } from '../modules/bragging/bragging-badge.entity';
import { BraggingEvent } from '../modules/bragging/bragging-event.entity';
import { BraggingChampionship } from '../modules/bragging/bragging-championship.entity';
import { BraggingPrediction } from '../modules/bragging/bragging-prediction.entity';
import { BraggingStanding } from '../modules/bragging/bragging-standing.entity';
import { Business } from '../modules/businesses/business.entity';
import { BusinessFollow } from '../modules/businesses/business-follow.entity';
import { BusinessReview } from '../modules/businesses/business-review.entity';
import { SavedCheckin } from '../modules/checkins/saved-checkin.entity';
import { Comment } from '../modules/comments/comment.entity';
import { DatingAlias } from '../modules/dating/dating-alias.entity';
import { DatingMatch } from '../modules/dating/dating-match.entity';
import { DatingReaction } from '../modules/dating/dating-reaction.entity';
import { Event } from '../modules/events/event.entity';
import { EventBooking } from '../modules/events/event-booking.entity';
import { MarketplaceListing } from '../modules/marketplace/marketplace-listing.entity';
import { Conversation } from '../modules/messages/conversation.entity';
import { ConversationMember } from '../modules/messages/conversation-member.entity';
import { Message } from '../modules/messages/message.entity';
import { JobApplication } from '../modules/jobs/job-application.entity';
import { JobVacancy } from '../modules/jobs/job-vacancy.entity';
import { JobBoardVisit } from '../modules/jobs/job-board-visit.entity';
import { GroupFavorite } from '../modules/groups/group-favorite.entity';
import { GroupJoinRequest } from '../modules/groups/group-join-request.entity';
import { GroupMember } from '../modules/groups/group-member.entity';
import { GroupMessage } from '../modules/groups/group-message.entity';
import { Group } from '../modules/groups/group.entity';
import { Friendship } from '../modules/friends/friendship.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { NootMonthlyLikes } from '../modules/noot/noot-monthly-likes.entity';
import { NootPlaylist } from '../modules/noot/noot-playlist.entity';
import { NootSongLike } from '../modules/noot/noot-song-like.entity';
import { NootSong } from '../modules/noot/noot-song.entity';
import { Post } from '../modules/posts/post.entity';
import { PostShare } from '../modules/posts/post-share.entity';
import { Reaction } from '../modules/reactions/reaction.entity';
import { RecipeComment } from '../modules/recipes/recipe-comment.entity';
import { RecipeReaction } from '../modules/recipes/recipe-reaction.entity';
import { RecipeShare } from '../modules/recipes/recipe-share.entity';
import { Recipe } from '../modules/recipes/recipe.entity';
import { ReelLike } from '../modules/reels/reel-like.entity';
import { Reel } from '../modules/reels/reel.entity';
import { Report } from '../modules/reports/report.entity';
import { User } from '../modules/users/user.entity';
import { MemberFollow } from '../modules/follows/member-follow.entity';
import { VaultDocument } from '../modules/vault/vault-document.entity';
import { VaultKey } from '../modules/vault/vault-key.entity';
import { VaultUnlock } from '../modules/vault/vault-unlock.entity';
import { FeatureChoice } from '../modules/settings/feature-choice.entity';
import { RadarPosition } from '../modules/radar/radar-position.entity';
import { UserBlock } from '../modules/blocks/user-block.entity';
import { AdminAuditEntry } from '../modules/admin/admin-audit-entry.entity';
import { SupportMessage } from '../modules/support/support-message.entity';
import { SupportThread } from '../modules/support/support-thread.entity';
import { AccessToken } from '../modules/tokens/access-token.entity';
import { Webhook } from '../modules/webhooks/webhook.entity';
import { WebhookDelivery } from '../modules/webhooks/webhook-delivery.entity';
import { MemberTotp } from '../modules/twofactor/member-totp.entity';
import { Passkey } from '../modules/twofactor/passkey.entity';
import { PendingSignIn } from '../modules/twofactor/pending-sign-in.entity';
import { RecoveryCode } from '../modules/twofactor/recovery-code.entity';
import { SecuritySettings } from '../modules/twofactor/security-settings.entity';
import { WebauthnChallenge } from '../modules/twofactor/webauthn-challenge.entity';
import { AppMeta } from './app-meta.entity';
import { CostBudget } from '../kernel/cost-budget.entity';

/** Every TypeORM entity; a module that adds one lists it here. */
export const entities = [
  AppMeta,
  RateLimitWindow,
  CostBudget,
  IdempotencyKey,
  User,
  AdminAuditEntry,
  Session,
  PasswordReset,
  EmailVerification,
  Identity,
  Post,
  PostShare,
  Reaction,
  Comment,
  Report,
  SavedCheckin,
  Notification,
  Friendship,
  Business,
  BusinessFollow,
  BusinessReview,
  Reel,
  ReelLike,
  JobVacancy,
  JobBoardVisit,
  JobApplication,
  Event,
  EventBooking,
  DatingAlias,
  DatingReaction,
  DatingMatch,
  Conversation,
  ConversationMember,
  Message,
  NootPlaylist,
  NootSong,
  NootSongLike,
  NootMonthlyLikes,
  Recipe,
  RecipeReaction,
  RecipeComment,
  RecipeShare,
  MemberFollow,
  FeatureChoice,
  RadarPosition,
  Group,
  GroupMember,
  GroupJoinRequest,
  GroupFavorite,
  GroupMessage,
  MarketplaceListing,
  VaultKey,
  VaultDocument,
  VaultUnlock,
  UserBlock,
  BraggingChampionship,
  BraggingEvent,
  BraggingPrediction,
  BraggingStanding,
  BraggingBadge,
  SupportThread,
  SupportMessage,
  AccessToken,
  Webhook,
  WebhookDelivery,
  MemberTotp,
  RecoveryCode,
  Passkey,
  PendingSignIn,
  WebauthnChallenge,
  SecuritySettings,
];
