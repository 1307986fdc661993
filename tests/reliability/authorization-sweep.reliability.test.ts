/**
 * The authorization sweep (issue 15, item 8): every mutation of the running server's schema (introspected, so a
 * new one is covered the day it lands) and every REST write row (read from the built REST table), sent
 * anonymously and as a freshly signed-up member who owns nothing, with arguments generated from the types and, where
 * an argument names something, the real ids of another member's content. Anonymous calls answer UNAUTHENTICATED
 * (401); the member's calls on others' things answer FORBIDDEN, NOT_FOUND or BAD_USER_INPUT (403/404/400); never
 * success, never a 500; and the database is byte for byte what it was. Mutations that anyone or any member may call
 * are listed below with the reason and run after the database check (never a 500); any other mutation, a new one
 * included, must be refused, or the sweep fails naming it.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, REPO_ROOT, signedUpClient, startApp, type App, type Client, ROOMY_WRITES } from '../support/app';
import {
  introspect,
  namedType,
  PNG_DATA_URL,
  schemaWalker,
  stateDiff,
  tableState,
  type FullType,
  type IntrospectedSchema,
  type MutationField,
} from '../support/schema-walk';

/** Mutations anyone may call without a session: each is sent with generated (wrong) input and must change nothing. */
const ANONYMOUS_ALLOWED: Record<string, string> = {
  signUp: 'creating an account is what a visitor does',
  signIn: 'signing in is what a visitor does',
  signOut: 'signing out without a session is a harmless no-op',
  requestPasswordReset: 'a visitor asks for a reset link; an unknown address answers the same and mails nothing',
  resetPassword: 'a visitor holds a token from a mail; a made-up token is refused',
  verifyEmail: 'the link in the sign-up mail works in any browser; a made-up token is refused',
  completeSignIn: 'the second step of a sign-in, with the pending token signIn gave: a made-up one is refused',
  passkeySignInOptions:
    'a visitor asks for a challenge to sign in with a passkey (with a made-up pending token, refused)',
  signInWithPasskey: "a visitor signs in with a passkey's answer: a made-up one is refused",
};

/**
 * Mutations a member who owns nothing may legitimately call: on their own account, or on others' things in the
 * way every member may (following, liking, applying...). They run last, after the database check, and must
 * still never answer a 500.
 */
const MEMBER_ALLOWED: Record<string, string> = {
  deleteAccount: "the viewer's own account (run last of all)",
  signOut: "ends the viewer's own session (run near the end)",
  signUp: 'a member may open another account: the generated input is refused anyway',
  signIn: 'signing in again while signed in',
  requestPasswordReset: 'asks for a reset link for an address',
  resetPassword: 'a token from a mail',
  verifyEmail: 'a token from a mail',
  resendVerificationEmail: "mails the viewer's own address",
  changePassword: "the viewer's own password",
  endOtherSessions: "ends the viewer's own other sessions",
  startTotpEnrolment: "sets up the viewer's own authenticator app (unconfirmed until a first code)",
  confirmTotpEnrolment: "confirms the viewer's own authenticator app: a made-up code is refused",
  disableTotp: "the viewer's own authenticator app, with proof: a made-up one is refused",
  regenerateRecoveryCodes: "the viewer's own recovery codes, with proof: a made-up one is refused",
  passkeyRegistrationOptions: "a challenge to register a passkey of the viewer's own",
  registerPasskey: "registers a passkey of the viewer's own: a made-up answer is refused",
  completeSignIn: 'a sign-in step: a made-up pending token is refused',
  passkeySignInOptions: 'a sign-in step: a made-up pending token is refused',
  signInWithPasskey: 'a sign-in step: a made-up passkey answer is refused',
  blockMember: 'every member may block another',
  unblockMember: "lifts the viewer's own block",
  predictBraggingEvent: 'every member may predict an open event',
  createBusinessPage: 'every member may open a page of their own',
  followBusiness: 'every member may follow a page',
  unfollowBusiness: "the viewer's own follow",
  reviewBusiness: 'every member who follows a page may review it',
  saveCheckin: "saves a check-in to the viewer's own list",
  addComment: 'every member may comment on a post they can see',
  sendFriendRequest: 'every member may ask another',
  declineFriendRequest: 'only a request sent to or by the viewer',
  saveDatingAlias: "the viewer's own dating alias",
  reactToDatingAlias: 'every member with an alias may react to another',
  followMember: 'every member may follow another',
  unfollowMember: "the viewer's own follow",
  createEvent: 'members create events',
  bookEventTickets: 'every member may book',
  createGroup: 'every member may start a group',
  joinGroup: 'every member may join or ask to join',
  favoriteGroup: "the viewer's own favourites",
  toggleFavoriteGroup: "the viewer's own favourites",
  applyForJob: 'every member may apply',
  markJobsSeen: "the viewer's own job-board mark",
  createJobVacancy: "a vacancy under the viewer's own name",
  generateJobDescription: 'drafts text, stores nothing',
  startConversation: 'every member may write to another',
  createNootPlaylist: "the viewer's own playlist",
  uploadNootSong: 'every member may upload a song for approval',
  playNootSong: 'counts a play',
  likeNootSong: 'every member may like a song',
  unlikeNootSong: "the viewer's own like",
  markAllNotificationsRead: "the viewer's own notifications",
  createListing: 'every member may sell',
  createPost: 'every member may post',
  sharePost: 'every member may share a post they can see',
  react: 'every member may react',
  setReaction: "the viewer's own reaction",
  removeReaction: "the viewer's own reaction",
  createRecipe: 'every member may post a recipe',
  reactToRecipe: 'every member may react',
  setRecipeReaction: "the viewer's own reaction",
  removeRecipeReaction: "the viewer's own reaction",
  addRecipeComment: 'every member may comment',
  shareRecipe: 'every member may share',
  updateRadarSettings: "the viewer's own radar",
  setFeatureEnabled: "the viewer's own sidebar",
  uploadReel: 'every member may upload a reel',
  likeReel: 'every member may like a reel',
  unlikeReel: "the viewer's own like",
  reportContent: 'every member may report',
  reportPost: 'every member may report',
  markSupportRead: "the viewer's own support thread",
  sendSupportMessage: 'every member may write to the admin team',
  updateProfile: "the viewer's own profile",
  setProfilePhoto: "the viewer's own photo",
  updateTutorial: "the viewer's own tutorial",
  chooseName: "the viewer's own name",
  setVaultPassword: "the viewer's own vault",
  unlockVault: "the viewer's own vault",
  lockVault: "the viewer's own vault",
  changeVaultPassword: "the viewer's own vault",
  addVaultDocument: "the viewer's own vault",
  createAccessToken: "the viewer's own API token",
  createWebhook: "the viewer's own webhook (a page's only for the page's owner)",
};
/**
 * Mutations on others' things, with the answer a member who owns nothing gets (FORBIDDEN: the thing is there and
 * not theirs, or the role is missing; NOT_FOUND: it is not theirs to see, or there is none of it for them).
 */
const REFUSED_TO_STRANGERS: Record<string, 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT'> = {
  adminUpdateUser: 'FORBIDDEN',
  adminSetUserSuspended: 'FORBIDDEN',
  adminDeleteUser: 'FORBIDDEN',
  createBraggingEvent: 'FORBIDDEN',
  scoreBraggingEvent: 'FORBIDDEN',
  createBraggingChampionship: 'FORBIDDEN',
  updateBusinessPage: 'FORBIDDEN',
  customizeBusinessPage: 'FORBIDDEN',
  deleteBusinessPage: 'FORBIDDEN',
  cancelEvent: 'FORBIDDEN',
  sendGroupMessage: 'FORBIDDEN',
  markGroupRead: 'FORBIDDEN',
  removeGroupMember: 'FORBIDDEN',
  deleteJobVacancy: 'FORBIDDEN',
  approveNootSong: 'FORBIDDEN',
  rejectNootSong: 'FORBIDDEN',
  broadcastNotification: 'FORBIDDEN',
  updatePost: 'FORBIDDEN',
  deletePost: 'FORBIDDEN',
  deleteRecipe: 'FORBIDDEN',
  dismissReport: 'FORBIDDEN',
  removeReportedContent: 'FORBIDDEN',
  suspendReportedAuthor: 'FORBIDDEN',
  // Dating safety: a member without an alias has no match to end and no alias to block with ("Create your dating alias
  // first").
  blockDatingAlias: 'FORBIDDEN',
  unmatchDating: 'FORBIDDEN',
  markSupportThreadRead: 'FORBIDDEN',
  replySupport: 'FORBIDDEN',
  revokeAccessToken: 'NOT_FOUND',
  endSession: 'NOT_FOUND',
  removePasskey: 'NOT_FOUND',
  setRequireTwoFactorForAdmins: 'FORBIDDEN',
  updateWebhook: 'NOT_FOUND',
  deleteWebhook: 'NOT_FOUND',
  replayWebhookDelivery: 'NOT_FOUND',
  removeSavedCheckin: 'NOT_FOUND',
  acceptFriendRequest: 'NOT_FOUND',
  unfriend: 'NOT_FOUND',
  approveGroupJoinRequest: 'NOT_FOUND',
  declineGroupJoinRequest: 'NOT_FOUND',
  moveApplicationStage: 'NOT_FOUND',
  saveApplicationNotes: 'NOT_FOUND',
  rejectApplication: 'NOT_FOUND',
  markConversationRead: 'NOT_FOUND',
  sendMessage: 'NOT_FOUND',
  markNotificationRead: 'NOT_FOUND',
  updateListing: 'FORBIDDEN',
  setListingStatus: 'FORBIDDEN',
  deleteListing: 'FORBIDDEN',
  deleteReel: 'NOT_FOUND',
  deleteVaultDocument: 'NOT_FOUND',
};
/**
 * Mutations a stranger may send that answer success but change nothing (the database check still holds): leaving a
 * group one is not in is already done.
 */
const NO_OP_FOR_STRANGERS: Record<string, string> = {
  leaveGroup: 'idempotent: leaving a group one is not in answers the group and changes nothing',
};
/** Allowed mutations that end the member's session or account: run after all the others. */
const RUN_LAST = ['signUp', 'signIn', 'deleteAccount', 'signOut'];

/** A member acting on others' things gets one of these, never success. */
const REFUSED = ['FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT'];
const HTTP_STATUS = { FORBIDDEN: 403, NOT_FOUND: 404, BAD_USER_INPUT: 400 } as const;
/**
 * Tables that change on every request by design (session activity, rate-limit counters, the cost budgets every
 * GraphQL answer spends from, per IP for visitors), left out of the checksum.
 */
const VOLATILE_TABLES = /^(sessions|rate_limits|cost_budgets|migrations)$/;

let app: App;
const excludedTables = new Set<string>();
let pg: PgClient;
let schema: IntrospectedSchema;
const ids: Record<string, string> = {};

/** What kind of thing an id argument names: from its own name, else from the mutation's. */
function idFor(argName: string, mutation: string): string {
  const key = argName === 'id' || argName === 'ids' ? mutation : argName;
  const kinds: Array<[RegExp, string]> = [
    [/webhook/i, 'webhook'],
    [/comment/i, 'comment'],
    [/post/i, 'post'],
    [/business/i, 'business'],
    [/group/i, 'group'],
    [/job|vacanc/i, 'job'],
    [/listing/i, 'listing'],
    [/recipe/i, 'recipe'],
    [/event/i, 'event'],
    [/notification/i, 'notification'],
    [/conversation/i, 'conversation'],
    [/user|member|friend|author|recipient/i, 'owner'],
  ];
  for (const [re, kind] of kinds) if (re.test(key) && ids[kind]) return ids[kind];
  return randomUUID();
}

const databaseState = () => tableState(pg, VOLATILE_TABLES, excludedTables);
const diff = stateDiff;
let walker: ReturnType<typeof schemaWalker>;
const valueFor: ReturnType<typeof schemaWalker>['valueFor'] = (...a) => walker.valueFor(...a);
const operationFor: ReturnType<typeof schemaWalker>['operationFor'] = (f) => walker.operationFor(f);

const mutations = () => walker.mutations();

interface Outcome {
  status: number;
  code: string | undefined;
  message: string | undefined;
}
async function send(c: Client, field: MutationField): Promise<Outcome> {
  const { query, variables } = operationFor(field);
  const res = await c.graphql(query, variables, { headers: { origin: app.url } });
  const error = res.json?.errors?.[0];
  return {
    status: res.status,
    code: error?.extensions?.code ?? (res.json?.data?.[field.name] !== undefined ? 'OK' : undefined),
    message: error?.message,
  };
}

let owner: Awaited<ReturnType<typeof signedUpClient>>;
let member: Awaited<ReturnType<typeof signedUpClient>>;

async function seed(kind: string, query: string, variables: Record<string, unknown>, pick: (data: any) => string) {
  const res = await owner.client.graphql(query, variables, { headers: { origin: app.url } });
  if (res.json?.errors) {
    console.log(`seed ${kind}: ${JSON.stringify(res.json.errors[0])}`);
    return;
  }
  ids[kind] = pick(res.json.data);
}

beforeAll(async () => {
  app = await startApp({
    WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    ...ROOMY_WRITES,
    RATE_UPLOADS_PER_HOUR: '10000',
    RATE_RESET_PER_IP: '1000',
  });
  pg = new PgClient({ connectionString: app.databaseUrl });
  await pg.connect();
  schema = await introspect(client(app.url));
  walker = schemaWalker(schema, idFor);
  owner = await signedUpClient(app.url, { firstName: 'Owen', lastName: 'Owner' });
  member = await signedUpClient(app.url, { firstName: 'Nomsa', lastName: 'Nobody' });
  ids.owner = owner.user.id;
  await seed(
    'post',
    'mutation ($i: CreatePostInput!) { createPost(input: $i) { id } }',
    { i: { content: "The owner's post" } },
    (d) => d.createPost.id,
  );
  if (ids.post)
    await seed(
      'comment',
      'mutation ($p: ID!) { addComment(postId: $p, text: "The owner\'s comment") { id } }',
      { p: ids.post },
      (d) => d.addComment.id,
    );
  await seed(
    'business',
    'mutation ($i: BusinessPageInput!) { createBusinessPage(input: $i) { id } }',
    {
      i: {
        name: 'Owen se Biltong',
        category: 'Food & Drink',
        description: 'Biltong',
        address: '1 Long Street, Cape Town',
      },
    },
    (d) => d.createBusinessPage.id,
  );
  await seed(
    'group',
    'mutation ($i: CreateGroupInput!) { createGroup(input: $i) { id } }',
    {
      i: {
        name: 'Owen se groep',
        description: 'A group',
        type: 'Braai',
        requiresApproval: true,
        locationName: 'Cape Town',
        latitude: -33.92,
        longitude: 18.42,
      },
    },
    (d) => d.createGroup.id,
  );
  await seed(
    'job',
    'mutation ($i: CreateJobVacancyInput!) { createJobVacancy(input: $i) { id } }',
    {
      i: {
        title: 'Chef',
        location: 'Cape Town',
        jobType: 'Full-time',
        description: 'Cook for our guests',
        requirements: 'Cooking',
      },
    },
    (d) => d.createJobVacancy.id,
  );
  await seed(
    'listing',
    'mutation ($i: ListingInput!) { createListing(input: $i) { id } }',
    {
      i: {
        name: 'Chair',
        price: 10,
        condition: 'good',
        category: 'furniture',
        description: 'A chair',
        locationName: 'Cape Town',
        latitude: -33.92,
        longitude: 18.42,
      },
    },
    (d) => d.createListing.id,
  );
  await seed(
    'recipe',
    'mutation ($i: CreateRecipeInput!) { createRecipe(input: $i) { id } }',
    { i: { recipeName: 'Bobotie', prepTime: '1 hour', servings: '4', ingredients: 'Mince', instructions: 'Bake' } },
    (d) => d.createRecipe.id,
  );
  await seed(
    'event',
    'mutation ($i: CreateEventInput!) { createEvent(input: $i) { id } }',
    {
      i: {
        title: 'Braai',
        date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        location: 'Cape Town',
        totalTickets: 10,
      },
    },
    (d) => d.createEvent.id,
  );
  // The owner's webhook, switched off so that no delivery is made (the worker would change rows during the checks).
  await seed(
    'webhook',
    'mutation ($i: CreateWebhookInput!) { createWebhook(input: $i) { webhook { id } } }',
    { i: { url: 'http://127.0.0.1:9/sweep', events: ['newFollower'] } },
    (d) => d.createWebhook.webhook.id,
  );
  if (ids.webhook)
    await owner.client.graphql(
      'mutation ($id: ID!) { updateWebhook(id: $id, input: { enabled: false }) { id } }',
      { id: ids.webhook },
      { headers: { origin: app.url } },
    );
  // Someone else's notification (a follow) and conversation: the owner's, with a bystander.
  const bystander = await signedUpClient(app.url, { firstName: 'Bea', lastName: 'Bystander' });
  await bystander.client.graphql(
    'mutation ($u: ID!) { followMember(userId: $u) { __typename } }',
    { u: owner.user.id },
    { headers: { origin: app.url } },
  );
  const notes = await owner.client.graphql('{ notifications(first: 5) { nodes { id } } }');
  if (notes.json.data?.notifications.nodes[0]) ids.notification = notes.json.data.notifications.nodes[0].id;
  if (ids.group)
    await bystander.client.graphql(
      'mutation ($g: ID!) { joinGroup(id: $g) { __typename } }',
      { g: ids.group },
      { headers: { origin: app.url } },
    );
  await seed(
    'conversation',
    'mutation ($i: StartConversationInput!) { startConversation(input: $i) { id } }',
    { i: { memberId: bystander.user.id } },
    (d) => d.startConversation.id,
  );
  console.log(`seeded another member's ${Object.keys(ids).join(', ')}`);
});

afterAll(async () => {
  await pg?.end();
  await app?.stop();
});

describe('authorization sweep over GraphQL', () => {
  test('every mutation has a case: anonymous UNAUTHENTICATED, a member who owns nothing refused, nothing changed', async () => {
    const all = mutations();
    const names = all.map((m) => m.name);
    const anonymousChecked: string[] = [];
    const memberChecked: string[] = [];
    const failures: string[] = [];
    const codes: Record<string, string[]> = {};

    const before = await databaseState();
    const anonymous = client(app.url);
    for (const field of all) {
      if (field.name in ANONYMOUS_ALLOWED) continue;
      const out = await send(anonymous, field);
      anonymousChecked.push(field.name);
      if (out.status !== 401 && out.status !== 200) failures.push(`anonymous ${field.name}: HTTP ${out.status}`);
      if (out.code !== 'UNAUTHENTICATED')
        failures.push(`anonymous ${field.name}: ${out.status} ${out.code} (${out.message}), expected UNAUTHENTICATED`);
    }
    const afterAnonymous = await databaseState();

    for (const field of all) {
      if (field.name in MEMBER_ALLOWED) continue;
      const out = await send(member.client, field);
      memberChecked.push(field.name);
      codes[out.code ?? '?'] = [...(codes[out.code ?? '?'] ?? []), field.name];
      if (out.code === 'OK' && field.name in NO_OP_FOR_STRANGERS) continue;
      const expected = REFUSED_TO_STRANGERS[field.name];
      if (expected && out.code !== expected)
        failures.push(`member ${field.name}: ${out.status} ${out.code} (${out.message}), expected ${expected}`);
      else if (!REFUSED.includes(out.code ?? ''))
        failures.push(
          `member ${field.name}: ${out.status} ${out.code} (${out.message}), expected one of ${REFUSED.join('/')}`,
        );
    }
    const afterMember = await databaseState();
    // Visitors' own mutations last (a sign-up makes a row): never a 500.
    for (const field of all.filter((m) => m.name in ANONYMOUS_ALLOWED)) {
      const out = await send(client(app.url), field);
      if (out.status >= 500 || out.code === 'INTERNAL_SERVER_ERROR')
        failures.push(`anonymous ${field.name}: ${out.status} ${out.code} ${out.message}`);
    }

    console.log(
      `authorization sweep: ${names.length} mutations, ${anonymousChecked.length} sent ` +
        `anonymously, ${memberChecked.length} sent as a member on others' things, ` +
        `${Object.keys(MEMBER_ALLOWED).length} allowed to members, ${Object.keys(ANONYMOUS_ALLOWED).length} to ` +
        `visitors; ${Object.keys(before).length} tables checked (left out: ${[...excludedTables].join(', ')})`,
    );
    expect(failures).toEqual([]);
    expect(diff(before, afterAnonymous), 'tables changed by anonymous calls').toEqual([]);
    expect(diff(afterAnonymous, afterMember), "tables changed by a member's calls on others' things").toEqual([]);
  });

  test('every mutation has a case here: a new one fails by name until it is given one', () => {
    const names = mutations().map((m) => m.name);
    const cases = { ...MEMBER_ALLOWED, ...REFUSED_TO_STRANGERS, ...NO_OP_FOR_STRANGERS };
    expect(
      names.filter((n) => !(n in cases)),
      'mutations without a case in the authorization sweep',
    ).toEqual([]);
    expect(
      Object.keys({ ...cases, ...ANONYMOUS_ALLOWED }).filter((n) => !names.includes(n)),
      'cases of mutations that no longer exist',
    ).toEqual([]);
    const twice = Object.keys(REFUSED_TO_STRANGERS).filter((n) => n in MEMBER_ALLOWED || n in NO_OP_FOR_STRANGERS);
    expect(twice, 'mutations both allowed and refused').toEqual([]);
  });

  test('the mutations members may call never answer a 500', async () => {
    const all = mutations();
    const order = [
      ...all.filter((m) => m.name in MEMBER_ALLOWED && !RUN_LAST.includes(m.name)),
      ...RUN_LAST.map((n) => all.find((m) => m.name === n)!).filter(Boolean),
    ];
    const failures: string[] = [];
    const codes: Record<string, string[]> = {};
    for (const field of order) {
      const out = await send(member.client, field);
      codes[out.code ?? '?'] = [...(codes[out.code ?? '?'] ?? []), field.name];
      if (out.status >= 500 || out.code === 'INTERNAL_SERVER_ERROR')
        failures.push(`member ${field.name}: ${out.status} ${out.code} ${out.message}`);
    }
    console.log(
      `allowed member mutations sent: ${order.length}: ${Object.entries(codes)
        .map(([c, n]) => `${c} ${n.length}`)
        .join(', ')}`,
    );
    expect(failures).toEqual([]);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});

interface RestRow {
  method: string;
  path: string;
  operation: string;
  body?: Record<string, string>;
  variables?: (req: {
    params: Record<string, string>;
    query: Record<string, unknown>;
    body: Record<string, unknown>;
    header: (n: string) => string | undefined;
  }) => Record<string, unknown>;
}
/** The REST table's write rows, from the built server (the same table it serves). */
function restWrites(): RestRow[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { restRoutes } = require(path.join(REPO_ROOT, 'api', 'dist', 'rest-table.js')) as { restRoutes: RestRow[] };
  // A POST that runs a query (a search with a body) writes nothing: it is not a write path.
  return restRoutes.filter((r) => r.method !== 'GET' && r.operation.trim().startsWith('mutation'));
}

/** The enum a body field reaches: the operation's variable of that name, or a field of an input variable's type. */
function enumOfBodyField(row: RestRow, name: string): FullType | undefined {
  const vars = [...row.operation.matchAll(/\$(\w+)\s*:\s*\[?(\w+)/g)].map((m) => ({
    name: m[1],
    type: schema.types.find((t) => t.name === m[2]),
  }));
  const direct = vars.find((v) => v.name === name)?.type;
  if (direct?.kind === 'ENUM') return direct;
  for (const v of vars) {
    const field = v.type?.inputFields?.find((f) => f.name === name);
    const type = field && schema.types.find((t) => t.name === namedType(field.type).name);
    if (type?.kind === 'ENUM') return type;
  }
  return undefined;
}
/** The mutation a row runs: the first field of its operation. */
const mutationOf = (row: RestRow) => /\{\s*(\w+)/.exec(row.operation.slice(row.operation.indexOf('{')))![1];

function restRequest(row: RestRow) {
  const mutation = mutationOf(row);
  const url = row.path.replace(/:(\w+)/g, (_m, name: string) => idFor(name, mutation));
  const body: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(row.body ?? {})) {
    const base = spec.replace('?', '');
    body[name] =
      base === 'number' || base === 'numeric'
        ? 1
        : base === 'boolean'
          ? true
          : base === 'string[]'
            ? [PNG_DATA_URL]
            : base === 'any'
              ? 'Sweep test'
              : valueFor({ kind: 'SCALAR', name: 'String', ofType: null }, name, mutation);
    if (/id$/i.test(name) && base === 'string') body[name] = idFor(name, mutation);
    const enumType = enumOfBodyField(row, name);
    if (enumType) body[name] = enumType.enumValues![0].name;
  }
  return { url, body, mutation };
}

describe('authorization sweep over the REST table', () => {
  test("every write path: anonymous 401, a member who owns nothing 400/403/404 on others' things, nothing changed", async () => {
    const rows = restWrites();
    // A new member who owns nothing (the GraphQL sweep's member has deleted their account by now).
    const stranger = (await signedUpClient(app.url, { firstName: 'Sipho', lastName: 'Stranger' })).client;
    const failures: string[] = [];
    const statuses: Record<string, string[]> = {};
    const before = await databaseState();
    let anonymousSent = 0;
    for (const row of rows) {
      const { url, body, mutation } = restRequest(row);
      if (mutation in ANONYMOUS_ALLOWED) continue;
      const res = await client(app.url).request(row.method, url, body, { headers: { origin: app.url } });
      anonymousSent += 1;
      if (res.status !== 401)
        failures.push(`anonymous ${row.method} ${row.path} (${mutation}): ${res.status} ${res.text.slice(0, 200)}`);
    }
    const afterAnonymous = await databaseState();
    let memberSent = 0;
    for (const row of rows) {
      const { url, body, mutation } = restRequest(row);
      if (mutation in MEMBER_ALLOWED) continue;
      const res = await stranger.request(row.method, url, body, { headers: { origin: app.url } });
      memberSent += 1;
      const key = `${res.status}`;
      statuses[key] = [...(statuses[key] ?? []), `${row.method} ${row.path}`];
      if (res.status < 300 && mutation in NO_OP_FOR_STRANGERS) continue;
      const expected = REFUSED_TO_STRANGERS[mutation];
      if (expected && res.status !== HTTP_STATUS[expected])
        failures.push(
          `member ${row.method} ${row.path} (${mutation}): ${res.status}, expected ${HTTP_STATUS[expected]}`,
        );
      else if (![400, 403, 404].includes(res.status))
        failures.push(`member ${row.method} ${row.path} (${mutation}): ${res.status} ${res.text.slice(0, 200)}`);
    }
    const afterMember = await databaseState();
    // Rows of mutations members or visitors may call: never a 500 (after the checks: they may write).
    let allowedSent = 0;
    for (const row of rows) {
      const { url, body, mutation } = restRequest(row);
      if (!(mutation in MEMBER_ALLOWED) || RUN_LAST.includes(mutation)) continue;
      const res = await stranger.request(row.method, url, body, { headers: { origin: app.url } });
      allowedSent += 1;
      if (res.status >= 500)
        failures.push(`member ${row.method} ${row.path} (${mutation}): ${res.status} ${res.text.slice(0, 200)}`);
    }
    console.log(
      `REST sweep: ${rows.length} write paths, ${anonymousSent} sent anonymously, ${memberSent} as a member on ` +
        `others' things, ${allowedSent} allowed to members`,
      Object.entries(statuses)
        .map(([status, paths]) => `${status} ${paths.length}`)
        .join(', '),
    );
    expect(failures).toEqual([]);
    expect(diff(before, afterAnonymous), 'tables changed by anonymous REST writes').toEqual([]);
    expect(diff(afterAnonymous, afterMember), "tables changed by a member's REST writes on others' things").toEqual([]);
  });
});
