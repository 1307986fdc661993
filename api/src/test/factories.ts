import { randomUUID } from 'node:crypto';
import type { ObjectLiteral, EntityTarget } from 'typeorm';
import { db } from '../kernel/database';
import { Webhook, WebhookEvent } from '../modules/webhooks/webhook.entity';
import { WebhookDelivery } from '../modules/webhooks/webhook-delivery.entity';
import { hashPassword } from '../modules/auth/auth.service';
import { Identity } from '../modules/auth/identity.entity';
import { PasswordReset } from '../modules/auth/password-reset.entity';
import { Session } from '../modules/auth/session.entity';
import { hashToken, newToken } from '../modules/auth/tokens';
import { BusinessFollow } from '../modules/businesses/business-follow.entity';
import { BusinessReview } from '../modules/businesses/business-review.entity';
import { Business } from '../modules/businesses/business.entity';
import { SavedCheckin } from '../modules/checkins/saved-checkin.entity';
import { Comment } from '../modules/comments/comment.entity';
import { EventBooking } from '../modules/events/event-booking.entity';
import { Event } from '../modules/events/event.entity';
import { ticketCode } from '../modules/events/event.service';
import { Friendship, FriendshipStatus } from '../modules/friends/friendship.entity';
import { ApplicationStage, JobApplication } from '../modules/jobs/job-application.entity';
import { JobVacancy } from '../modules/jobs/job-vacancy.entity';
import { ListingStatus, MarketplaceListing } from '../modules/marketplace/marketplace-listing.entity';
import { NootPlaylist } from '../modules/noot/noot-playlist.entity';
import { NootSong } from '../modules/noot/noot-song.entity';
import { Notification, NotificationType } from '../modules/notifications/notification.entity';
import { Post } from '../modules/posts/post.entity';
import { PostShare, ShareTarget } from '../modules/posts/post-share.entity';
import { ConversationMember } from '../modules/messages/conversation-member.entity';
import { Conversation } from '../modules/messages/conversation.entity';
import { Message } from '../modules/messages/message.entity';
import { Reaction, ReactionType } from '../modules/reactions/reaction.entity';
import { RecipeComment } from '../modules/recipes/recipe-comment.entity';
import { RecipeReaction } from '../modules/recipes/recipe-reaction.entity';
import { RecipeShare } from '../modules/recipes/recipe-share.entity';
import { Recipe } from '../modules/recipes/recipe.entity';
import { ReelLike } from '../modules/reels/reel-like.entity';
import { Reel } from '../modules/reels/reel.entity';
import { Report, ReportKind, ReportReason } from '../modules/reports/report.entity';
import { Role, User } from '../modules/users/user.entity';
import { BraggingEvent } from '../modules/bragging/bragging-event.entity';
import { BraggingChampionship } from '../modules/bragging/bragging-championship.entity';
import { BraggingPrediction } from '../modules/bragging/bragging-prediction.entity';

/**
 * Test data: one `build<Entity>(overrides)` per entity. Each inserts a valid row with sensible defaults
 * (creating the members and posts it refers to unless the overrides name them) and returns it as stored.
 */

let counter = 0;
const next = () => ++counter;
let passwordHash: Promise<string> | null = null;
export const TEST_PASSWORD = 'correct horse battery';

async function insert<T extends ObjectLiteral>(entity: EntityTarget<T>, values: Partial<T>): Promise<T> {
  const repo = db().getRepository(entity);
  const inserted = await repo.insert(values as never);
  return repo.findOneByOrFail({ id: inserted.identifiers[0].id } as never);
}

/** The member or post a row refers to: the one the overrides name, else a new one. */
const memberRef = async (id?: string | null) => id ?? (await buildUser()).id;
const postRef = async (id?: string) => id ?? (await buildPost()).id;

/** A member with a confirmed e-mail (give `emailVerifiedAt: null` for one who has not); the password is TEST_PASSWORD. */
export async function buildUser(overrides: Partial<User> = {}): Promise<User> {
  const n = next();
  return insert(User, {
    firstName: 'Test',
    lastName: `Member${n}`,
    email: `member${n}.${Date.now()}@example.com`,
    emailVerifiedAt: new Date(),
    role: Role.user,
    passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
    ...overrides,
  });
}

/** A text post by a new member; give `latitude`, `longitude` and `location` for a check-in. */
export async function buildPost(overrides: Partial<Post> = {}): Promise<Post> {
  return insert(Post, {
    content: `Post ${next()}`,
    images: [],
    ...overrides,
    authorId: await memberRef(overrides.authorId),
  });
}

/** A check-in: a post with a place and coordinates (Cape Town unless overridden). */
export function buildCheckin(overrides: Partial<Post> = {}): Promise<Post> {
  return buildPost({ location: 'Table Mountain, Cape Town', latitude: -33.9628, longitude: 18.4098, ...overrides });
}

export async function buildComment(overrides: Partial<Comment> = {}): Promise<Comment> {
  return insert(Comment, {
    text: `Comment ${next()}`,
    ...overrides,
    postId: await postRef(overrides.postId),
    authorId: await memberRef(overrides.authorId),
  });
}

export async function buildReaction(overrides: Partial<Reaction> = {}): Promise<Reaction> {
  return insert(Reaction, {
    reactionType: ReactionType.lekker,
    ...overrides,
    postId: await postRef(overrides.postId),
    memberId: await memberRef(overrides.memberId),
  });
}

export async function buildShare(overrides: Partial<PostShare> = {}): Promise<PostShare> {
  return insert(PostShare, {
    target: ShareTarget.link,
    ...overrides,
    postId: await postRef(overrides.postId),
    memberId: await memberRef(overrides.memberId),
  });
}

/** A report, of a new post unless `kind` and `subjectId` name another item. */
export async function buildReport(overrides: Partial<Report> = {}): Promise<Report> {
  const kind = overrides.kind ?? ReportKind.post;
  const subjectId = overrides.subjectId ?? (kind === ReportKind.post ? await postRef() : undefined);
  if (!subjectId) throw new Error(`buildReport: give the subjectId of the ${kind}`);
  return insert(Report, {
    reason: ReportReason.spam,
    ...overrides,
    kind,
    subjectId,
    reporterId: await memberRef(overrides.reporterId),
  });
}

export async function buildSavedCheckin(overrides: Partial<SavedCheckin> = {}): Promise<SavedCheckin> {
  return insert(SavedCheckin, {
    ...overrides,
    postId: overrides.postId ?? (await buildCheckin()).id,
    memberId: await memberRef(overrides.memberId),
  });
}

export async function buildNotification(overrides: Partial<Notification> = {}): Promise<Notification> {
  return insert(Notification, {
    title: 'Hello',
    message: `Notification ${next()}`,
    type: NotificationType.info,
    ...overrides,
    recipientId: await memberRef(overrides.recipientId),
  });
}

/**
 * A friendship between `a` and `b` (new members unless given): accepted by default, or a pending request
 * from `a` to `b` with `status: pending`. The pair is stored in its canonical order.
 */
export async function buildFriendship(
  opts: { a?: User; b?: User; status?: FriendshipStatus; createdAt?: Date } = {},
): Promise<Friendship> {
  const a = opts.a ?? (await buildUser());
  const b = opts.b ?? (await buildUser());
  const status = opts.status ?? FriendshipStatus.accepted;
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  return insert(Friendship, {
    userLowId: low,
    userHighId: high,
    requesterId: a.id,
    status,
    acceptedAt: status === FriendshipStatus.accepted ? new Date() : null,
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
}

export function buildBusiness(overrides: Partial<Business> = {}): Promise<Business> {
  return insert(Business, {
    name: `Business ${next()}`,
    category: 'Food & Drink',
    description: null,
    imageUrl: null,
    ...overrides,
  });
}

/** A marketplace listing in Cape Town's city centre, available, in electronics (a new seller unless given). */
export async function buildListing(overrides: Partial<MarketplaceListing> = {}): Promise<MarketplaceListing> {
  return insert(MarketplaceListing, {
    name: `Item ${next()}`,
    price: 100,
    condition: 'good',
    category: 'electronics',
    description: 'Works well.',
    latitude: -33.9249,
    longitude: 18.4241,
    status: ListingStatus.available,
    ...overrides,
    sellerId: await memberRef(overrides.sellerId),
  });
}

/** A follow of a business page (a new member and page unless given). */
export async function buildBusinessFollow(overrides: Partial<BusinessFollow> = {}): Promise<BusinessFollow> {
  return insert(BusinessFollow, {
    ...overrides,
    memberId: await memberRef(overrides.memberId),
    businessId: overrides.businessId ?? (await buildBusiness()).id,
  });
}

/** A review of a business page, 4 stars by default (a new member and page unless given). */
export async function buildBusinessReview(overrides: Partial<BusinessReview> = {}): Promise<BusinessReview> {
  return insert(BusinessReview, {
    rating: 4,
    comment: `Review ${next()}`,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
    businessId: overrides.businessId ?? (await buildBusiness()).id,
  });
}

export async function buildReel(overrides: Partial<Reel> = {}): Promise<Reel> {
  return insert(Reel, {
    title: `Reel ${next()}`,
    caption: null,
    ...overrides,
    authorId: await memberRef(overrides.authorId),
  });
}

/** A like of a reel (keyed by reel and member, so no `insert`: it has no id). */
export async function buildReelLike(overrides: Partial<ReelLike> = {}): Promise<ReelLike> {
  const key = { reelId: overrides.reelId ?? (await buildReel()).id, memberId: await memberRef(overrides.memberId) };
  await db()
    .getRepository(ReelLike)
    .insert({ ...overrides, ...key });
  return db().getRepository(ReelLike).findOneByOrFail(key);
}

/**
 * A direct conversation between two members (new ones unless named), with both sides; `personas` shows either side
 * under an alias instead.
 */
export async function buildConversation(
  overrides: Partial<Conversation> & { a?: string; b?: string; personas?: [string | null, string | null] } = {},
): Promise<Conversation> {
  const { a: aRef, b: bRef, personas = [null, null], ...row } = overrides;
  const [a, b] = [await memberRef(aRef), await memberRef(bRef)];
  const conversation = await insert(Conversation, { originKey: `test:${next()}:${a}:${b}`, ...row });
  await db()
    .getRepository(ConversationMember)
    .insert(
      [a, b].map((memberId, i) => ({
        conversationId: conversation.id,
        memberId,
        personaName: personas[i],
        personaPhotoUrl: null,
        lastReadAt: null,
      })),
    );
  return conversation;
}

/** A message in a conversation (a new one unless named) from its first side unless `senderId` names another; the conversation moves to its time. */
export async function buildMessage(overrides: Partial<Message> = {}): Promise<Message> {
  const conversationId = overrides.conversationId ?? (await buildConversation()).id;
  const senderId =
    overrides.senderId ?? (await db().getRepository(ConversationMember).findOneByOrFail({ conversationId })).memberId;
  const message = await insert(Message, { body: `Message ${next()}`, ...overrides, conversationId, senderId });
  await db()
    .getRepository(Conversation)
    .update(conversationId, { updatedAt: message.createdAt, lastMessageId: message.id });
  return message;
}

/** A session row and the raw token a browser would present in its cookie. */

export async function buildSession(overrides: Partial<Session> = {}): Promise<{ session: Session; token: string }> {
  const token = newToken();
  const session = await insert(Session, {
    tokenHash: hashToken(token),
    userAgent: 'vitest',
    expiresAt: new Date(Date.now() + 86_400_000),
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
  return { session, token };
}

/** A password-reset row and its raw token (as sent in the e-mail link). */
export async function buildPasswordReset(
  overrides: Partial<PasswordReset> = {},
): Promise<{ reset: PasswordReset; token: string }> {
  const token = newToken();
  const reset = await insert(PasswordReset, {
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
  return { reset, token };
}

/** A sign-in identity from a provider (Google, Facebook) linked to a member. */
export async function buildIdentity(overrides: Partial<Identity> = {}): Promise<Identity> {
  return insert(Identity, {
    provider: 'google',
    subject: `subject-${next()}`,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A job vacancy, posted by a new member under their own name unless `posterId` / `businessId` say otherwise. */
export async function buildJobVacancy(overrides: Partial<JobVacancy> = {}): Promise<JobVacancy> {
  const n = next();
  return insert(JobVacancy, {
    title: `Job ${n}`,
    location: 'Cape Town',
    jobType: 'Full-time',
    description: `A good job, number ${n}.`,
    currency: 'ZAR',
    isActive: true,
    businessId: null,
    ...overrides,
    posterId: await memberRef(overrides.posterId),
  });
}

/** An application for a vacancy (a new one unless given) by a member (a new one unless given), at View Profile. */
export async function buildJobApplication(overrides: Partial<JobApplication> = {}): Promise<JobApplication> {
  const applicantId = await memberRef(overrides.applicantId);
  return insert(JobApplication, {
    applicantName: 'Test Applicant',
    applicantEmail: `applicant${next()}@example.com`,
    stage: ApplicationStage.view_profile,
    ...overrides,
    applicantId,
    vacancyId: overrides.vacancyId ?? (await buildJobVacancy()).id,
  });
}

/** An event hosted by a new member unless `hostId` says otherwise: tomorrow-ish, free, 50 tickets, none sold. */
export async function buildEvent(overrides: Partial<Event> = {}): Promise<Event> {
  const n = next();
  return insert(Event, {
    title: `Event ${n}`,
    description: `A good event, number ${n}.`,
    date: '2099-06-01',
    time: '18:00',
    location: 'Cape Town',
    category: 'Networking',
    ticketPriceCents: 0,
    totalTickets: 50,
    ticketsSold: 0,
    media: [],
    ...overrides,
    hostId: await memberRef(overrides.hostId),
  });
}

/** A booking of one ticket for an event (a new one unless given) by a member (a new one unless given); the stock is not moved. */
export async function buildEventBooking(overrides: Partial<EventBooking> = {}): Promise<EventBooking> {
  const memberId = await memberRef(overrides.memberId);
  return insert(EventBooking, {
    quantity: 1,
    ticketCode: ticketCode(),
    ...overrides,
    memberId,
    eventId: overrides.eventId ?? (await buildEvent()).id,
  });
}

/** A monthly playlist; each one gets its own month (from 2040 on) unless the overrides name one. */
export async function buildNootPlaylist(overrides: Partial<NootPlaylist> = {}): Promise<NootPlaylist> {
  const n = next();
  return insert(NootPlaylist, {
    name: `Playlist ${n}`,
    year: 2040 + Math.floor(n / 12),
    month: (n % 12) + 1,
    ...overrides,
  });
}

/** An approved song of a playlist (give `isAdminApproved: false` for a pending one). */
export async function buildNootSong(overrides: Partial<NootSong> = {}): Promise<NootSong> {
  const n = next();
  return insert(NootSong, {
    title: `Song ${n}`,
    artist: `Artist ${n}`,
    songFileUrl: `/media/audio/${n}.mp3`,
    isAdminApproved: true,
    ...overrides,
    playlistId: overrides.playlistId ?? (await buildNootPlaylist()).id,
    uploaderId: await memberRef(overrides.uploaderId),
  });
}
export async function buildRecipe(overrides: Partial<Recipe> = {}): Promise<Recipe> {
  const n = next();
  return insert(Recipe, {
    recipeName: `Recipe ${n}`,
    prepTime: '30 minutes',
    servings: '4',
    ingredients: '500g mince\n1 onion',
    instructions: 'Brown the mince\nAdd the onion',
    images: [],
    ...overrides,
    authorId: await memberRef(overrides.authorId),
  });
}

const recipeRef = async (id?: string | null) => id ?? (await buildRecipe()).id;

export async function buildRecipeReaction(overrides: Partial<RecipeReaction> = {}): Promise<RecipeReaction> {
  return insert(RecipeReaction, {
    reactionType: ReactionType.lekker,
    ...overrides,
    recipeId: await recipeRef(overrides.recipeId),
    memberId: await memberRef(overrides.memberId),
  });
}

export async function buildRecipeComment(overrides: Partial<RecipeComment> = {}): Promise<RecipeComment> {
  return insert(RecipeComment, {
    text: `Comment ${next()}`,
    ...overrides,
    recipeId: await recipeRef(overrides.recipeId),
    authorId: await memberRef(overrides.authorId),
  });
}

/** A counted share of a recipe (keyed by recipe and member, so no `insert`: it has no id). */
export async function buildRecipeShare(overrides: Partial<RecipeShare> = {}): Promise<RecipeShare> {
  const key = { recipeId: await recipeRef(overrides.recipeId), memberId: await memberRef(overrides.memberId) };
  await db()
    .getRepository(RecipeShare)
    .insert({ target: ShareTarget.link, ...overrides, ...key });
  return db().getRepository(RecipeShare).findOneByOrFail(key);
}

/** A Rugby championship running this year unless the overrides say otherwise. */
export async function buildBraggingChampionship(
  overrides: Partial<BraggingChampionship> = {},
): Promise<BraggingChampionship> {
  const n = next();
  return insert(BraggingChampionship, {
    name: `Championship ${n}`,
    description: `Season ${n}`,
    category: 'Rugby',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    ...overrides,
  });
}

/** A Rugby event in a week, predictions closing in six days (give past dates for one in progress). */
export async function buildBraggingEvent(overrides: Partial<BraggingEvent> = {}): Promise<BraggingEvent> {
  const n = next();
  return insert(BraggingEvent, {
    title: `Match ${n}`,
    category: 'Rugby',
    team1Name: `Home ${n}`,
    team2Name: `Away ${n}`,
    eventDate: new Date(Date.now() + 7 * 86_400_000),
    closingDate: new Date(Date.now() + 6 * 86_400_000),
    ...overrides,
  });
}

/** A member's prediction (a new member and event unless given): team1 wins, no margin. */
export async function buildBraggingPrediction(
  overrides: Partial<BraggingPrediction> = {},
): Promise<BraggingPrediction> {
  return insert(BraggingPrediction, {
    predictedWinner: 'team1',
    ...overrides,
    eventId: overrides.eventId ?? (await buildBraggingEvent()).id,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A member's own webhook (a new member unless given) for every event, at a loopback URL that nothing answers. */
export async function buildWebhook(overrides: Partial<Webhook> = {}): Promise<Webhook> {
  const n = next();
  return insert(Webhook, {
    url: `http://127.0.0.1:9/hooks/${n}`,
    events: Object.values(WebhookEvent),
    secret: `whsec_test_${n}`,
    businessId: null,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
}

/** A pending delivery of a newFollower event to a webhook (a new one unless given). */
export async function buildWebhookDelivery(overrides: Partial<WebhookDelivery> = {}): Promise<WebhookDelivery> {
  return insert(WebhookDelivery, {
    event: WebhookEvent.newFollower,
    payload: { id: randomUUID(), event: WebhookEvent.newFollower, createdAt: new Date().toISOString(), data: {} },
    ...overrides,
    webhookId: overrides.webhookId ?? (await buildWebhook()).id,
  });
}
