import type { Loaders } from './kernel/context';
import { createFactsLoader, type FactsLoader } from './kernel/facts';
import type { ModuleManifest } from './kernel/module';
import { modules, type ModuleList } from './modules';
import type { MemberBlockFacts } from './modules/blocks/block.facts';
import type { PostCheckinFacts } from './modules/checkins/checkin.facts';
import type { PostCommentFacts } from './modules/comments/comment.facts';
import type { EventFacts } from './modules/events/event.facts';
import type { MemberFriendFacts } from './modules/friends/friend.facts';
import type { MemberFollowFacts } from './modules/follows/member-follow.facts';
import type { MemberGroupFacts } from './modules/groups/group.facts';
import type { JobVacancyFacts } from './modules/jobs/job.facts';
import type { ConversationFacts } from './modules/messages/conversation.facts';
import type { NotificationFacts } from './modules/notifications/notification.facts';
import type { PostShareFacts } from './modules/posts/post.facts';
import type { PostReactionFacts } from './modules/reactions/reaction.facts';
import type { RecipeFacts } from './modules/recipes/recipe.facts';
import type { ReelFacts } from './modules/reels/reel.facts';

/** Every module's facts about a post (counts and the viewer's state): one statement per page of posts. */
export type PostFacts = PostReactionFacts & PostCommentFacts & PostShareFacts & PostCheckinFacts;

/** Every module's facts about a member (the profile's counts): one statement per page of members. */
export type MemberFacts = MemberFollowFacts & MemberFriendFacts & MemberGroupFacts & MemberBlockFacts;

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

/** The `Loaders` keys a manifest makes: its loaders and its facts. */
type MadeBy<M> =
  | (M extends { loaders?: infer L } ? keyof NonNullable<L> : never)
  | (M extends { facts?: infer F } ? keyof NonNullable<F> : never);
/** The `Loaders` keys no module makes: a key named in the kernel's `Loaders` without a maker in any manifest. */
type Unmade = Exclude<keyof Loaders, MadeBy<ModuleList[number]>>;
/**
 * Compile-time check: every key of `Loaders` has a maker in some module's manifest (else this line fails to compile,
 * naming the key), so `ctx.loaders.<key>` can never be undefined at run time.
 */
const _everyLoaderHasAMaker: [Unmade] extends [never] ? true : Unmade = true;

type Maker = (viewerId: string | null) => unknown;

/**
 * What the modules give the loader registry: each key's maker, and the facts loaders put together from every module's
 * facts for a type (kernel/facts.ts). Computed once per module list.
 */
function makersOf(list: readonly ModuleManifest[]): Map<string, Maker> {
  const makers = new Map<string, Maker>();
  const facts = new Map<string, Record<string, string>>();
  for (const m of list) {
    for (const [key, make] of Object.entries(m.loaders ?? {})) {
      if (makers.has(key)) throw new Error(`two modules make the loaders ${key}`);
      makers.set(key, make as Maker);
    }
    for (const [key, sql] of Object.entries(m.facts ?? {})) facts.set(key, { ...facts.get(key), ...sql });
  }
  for (const [key, sql] of facts) {
    if (makers.has(key)) throw new Error(`${key} is both loaders and facts`);
    makers.set(key, (viewerId) => createFactsLoader(sql, viewerId));
  }
  return makers;
}

const known = new WeakMap<readonly ModuleManifest[], Map<string, Maker>>();

/**
 * The per-request loader registry: each module declares its batch loaders in its manifest (`loaders`, and names
 * their type in the kernel's `Loaders` interface) and its facts (`facts`: several modules' facts about one type are put
 * together, one statement per page). Created fresh for every request, so caches never leak.
 * Each module's loaders are made the first time the request uses them: a websocket connection keeps its context
 * for hours and most use one or two, so a member online costs only those (the fan-out bench's heap per connection).
 */
export function createLoaders(viewerId: string | null, list: readonly ModuleManifest[] = modules): Loaders {
  let makers = known.get(list);
  if (!makers) known.set(list, (makers = makersOf(list)));
  const loaders = {} as Loaders;
  for (const [key, make] of makers) {
    Object.defineProperty(loaders, key, {
      enumerable: true,
      configurable: true,
      get() {
        const made = make(viewerId);
        Object.defineProperty(loaders, key, { value: made, enumerable: true });
        return made;
      },
    });
  }
  return loaders;
}
