import type { Loaders } from './kernel/context';
import { createFactsLoader, type FactsLoader } from './kernel/facts';
import { supportLoaders } from './modules/support/support.loaders';
import { memberBlockFacts, type MemberBlockFacts } from './modules/blocks/block.facts';
import { braggingLoaders } from './modules/bragging/bragging.loaders';
import { businessLoaders } from './modules/businesses/business.loaders';
import { postCheckinFacts, type PostCheckinFacts } from './modules/checkins/checkin.facts';
import { postCommentFacts, type PostCommentFacts } from './modules/comments/comment.facts';
import { datingLoaders } from './modules/dating/dating.loaders';
import { eventFacts, type EventFacts } from './modules/events/event.facts';
import { eventLoaders } from './modules/events/event.loaders';
import { memberFriendFacts, type MemberFriendFacts } from './modules/friends/friend.facts';
import { friendLoaders } from './modules/friends/friend.loaders';
import { memberFollowFacts, type MemberFollowFacts } from './modules/follows/member-follow.facts';
import { memberGroupFacts, type MemberGroupFacts } from './modules/groups/group.facts';
import { groupLoaders } from './modules/groups/group.loaders';
import { jobVacancyFacts, type JobVacancyFacts } from './modules/jobs/job.facts';
import { jobLoaders } from './modules/jobs/job.loaders';
import { conversationFacts, type ConversationFacts } from './modules/messages/conversation.facts';
import { listingLoaders } from './modules/marketplace/listing.loaders';
import { messageLoaders } from './modules/messages/message.loaders';
import { nootLoaders } from './modules/noot/noot.loaders';
import { notificationFacts, type NotificationFacts } from './modules/notifications/notification.facts';
import { postShareFacts, type PostShareFacts } from './modules/posts/post.facts';
import { postLoaders } from './modules/posts/post.loaders';
import { postReactionFacts, type PostReactionFacts } from './modules/reactions/reaction.facts';
import { recipeFacts, type RecipeFacts } from './modules/recipes/recipe.facts';
import { reelFacts, type ReelFacts } from './modules/reels/reel.facts';
import { reportLoaders } from './modules/reports/report.loaders';
import { settingsLoaders } from './modules/settings/settings.loaders';
import { userLoaders } from './modules/users/user.loaders';
import { webhookLoaders } from './modules/webhooks/webhook.loaders';

/** Every module's facts about a post (counts and the viewer's state): one statement per page of posts. */
export type PostFacts = PostReactionFacts & PostCommentFacts & PostShareFacts & PostCheckinFacts;
const postFacts = { ...postReactionFacts, ...postCommentFacts, ...postShareFacts, ...postCheckinFacts };

/** Every module's facts about a member (the profile's counts): one statement per page of members. */
export type MemberFacts = MemberFollowFacts & MemberFriendFacts & MemberGroupFacts & MemberBlockFacts;
const memberFacts = { ...memberFollowFacts, ...memberFriendFacts, ...memberGroupFacts, ...memberBlockFacts };

declare module './kernel/context' {
  interface Loaders {
    postFacts: FactsLoader<PostFacts>;
    notificationFacts: FactsLoader<NotificationFacts>;
    jobVacancyFacts: FactsLoader<JobVacancyFacts>;
    reelFacts: FactsLoader<ReelFacts>;
    eventFacts: FactsLoader<EventFacts>;
    conversationFacts: FactsLoader<ConversationFacts>;
    recipeFacts: FactsLoader<RecipeFacts>;
    memberFacts: FactsLoader<MemberFacts>;
  }
}

/**
 * The per-request loader registry: each module contributes its batch loaders here (and names their
 * type in the kernel's `Loaders` interface). Created fresh for every request, so caches never leak.
 * Facts several modules add to one type are put together here (kernel/facts.ts).
 * Each module's loaders are made the first time the request uses them: a websocket connection keeps its context
 * for hours and most use one or two, so a member online costs only those (the fan-out bench's heap per connection).
 */
export function createLoaders(viewerId: string | null): Loaders {
  const makers: { [K in keyof Loaders]: () => Loaders[K] } = {
    users: () => userLoaders(viewerId),
    settings: settingsLoaders,
    posts: postLoaders,
    postFacts: () => createFactsLoader<PostFacts>(postFacts, viewerId),
    notificationFacts: () => createFactsLoader<NotificationFacts>(notificationFacts, viewerId),
    friends: () => friendLoaders(viewerId),
    businesses: () => businessLoaders(viewerId),
    jobs: jobLoaders,
    jobVacancyFacts: () => createFactsLoader<JobVacancyFacts>(jobVacancyFacts, viewerId),
    reelFacts: () => createFactsLoader<ReelFacts>(reelFacts, viewerId),
    events: eventLoaders,
    eventFacts: () => createFactsLoader<EventFacts>(eventFacts, viewerId),
    dating: datingLoaders,
    messages: messageLoaders,
    conversationFacts: () => createFactsLoader<ConversationFacts>(conversationFacts, viewerId),
    recipeFacts: () => createFactsLoader<RecipeFacts>(recipeFacts, viewerId),
    memberFacts: () => createFactsLoader<MemberFacts>(memberFacts, viewerId),
    groups: () => groupLoaders(viewerId),
    listings: listingLoaders,
    bragging: () => braggingLoaders(viewerId),
    reports: reportLoaders,
    support: () => supportLoaders(viewerId),
    noot: nootLoaders,
    webhooks: webhookLoaders,
  };
  const loaders = {} as Loaders;
  for (const key of Object.keys(makers) as Array<keyof Loaders>) {
    Object.defineProperty(loaders, key, {
      enumerable: true,
      configurable: true,
      get() {
        const made = makers[key]();
        Object.defineProperty(loaders, key, { value: made, enumerable: true });
        return made;
      },
    });
  }
  return loaders;
}
