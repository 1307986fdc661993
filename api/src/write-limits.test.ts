import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { db } from './kernel/database';
import type { WriteLimitMark } from './kernel/rate-limit';
import { settings } from './kernel/settings';
import { Friendship } from './modules/friends/friendship.entity';
import { Post } from './modules/posts/post.entity';
import { Report } from './modules/reports/report.entity';
import { Message } from './modules/messages/message.entity';
import { Role, User } from './modules/users/user.entity';
import { getSchema } from './schema';
import { buildFriendship, buildListing, buildPost, buildUser } from './test/factories';
import { codeOf, gql, type GqlResult } from './test/helpers';
import { UNLIMITED_MUTATIONS } from './write-limits';

/** A value of `type` that GraphQL accepts (its rules may not): required fields only, the first enum value. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields()))
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = sample(f.type);
    return out;
  }
  switch (type.name) {
    case 'ID':
      return randomUUID();
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'DateTimeISO':
      return '2030-01-01T00:00:00.000Z';
    default:
      return 'x';
  }
}

/** `mutation(...) { name(...) { __typename } }` with sampled variables for its required arguments. */
function callOf(field: GraphQLField<unknown, unknown>) {
  const args = field.args.filter((a) => isNonNullType(a.type));
  const vars = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const source = `mutation${vars ? `(${vars})` : ''} { ${field.name}${
    args.length ? `(${args.map((a) => `${a.name}: ` + `$${a.name}`).join(', ')})` : ''
  }${selection} }`;
  const variables = Object.fromEntries(args.map((a) => [a.name, sample(a.type)]));
  return { source, variables };
}

/** Spends `member`'s shared write limit for the current minute. */
const spendWrites = (member: User) =>
  db().query(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), $2) ON CONFLICT (key) DO UPDATE SET ` +
      `window_start = now(), hits = $2`,
    [`write:${member.id}`, settings().limits.writesPerMinute],
  );

const mutationFields = async () => Object.values((await getSchema()).getMutationType()!.getFields());

describe('write limits on every mutation', () => {
  it('marks every mutation of the schema with its limits; only the commented allow-list is unlimited', async () => {
    for (const field of await mutationFields()) {
      const mark = field.extensions.writeLimited as WriteLimitMark | undefined;
      expect(mark, field.name).toBeDefined();
      expect(mark!.shared, field.name).toBe(!(field.name in UNLIMITED_MUTATIONS));
    }
    for (const reason of Object.values(UNLIMITED_MUTATIONS)) expect(reason.length).toBeGreaterThan(10);
    // The kinds the issue's numbers showed one shared bucket is not enough for have their own.
    const buckets = Object.fromEntries(
      (await mutationFields()).map((f) => [
        f.name,
        ((f.extensions.writeLimited as WriteLimitMark & { declared?: Array<{ bucket: string }> }).declared ?? []).map(
          (d) => d.bucket,
        ),
      ]),
    );
    expect(buckets.sendMessage).toEqual(['messages']);
    expect(buckets.sendGroupMessage).toEqual(['messages']);
    expect(buckets.startConversation).toEqual(['conversations']);
    expect(buckets.sendSupportMessage).toEqual(['support']);
    expect(buckets.createPost).toEqual(['posts']);
    expect(buckets.sendFriendRequest).toEqual(['friend-requests']);
    expect(buckets.reportContent).toEqual(['reports']);
    expect(buckets.reportPost).toEqual(['reports']);
  });

  it('refuses every mutation but the allow-listed ones, as a member and as an admin, once the member has spent their write limit', async () => {
    const member = await buildUser();
    const admin = await buildUser({ role: Role.admin });
    await spendWrites(member);
    await spendWrites(admin);
    const unlimitedAnswers: Record<string, unknown> = {};
    const notRefused: string[] = [];
    for (const field of await mutationFields()) {
      const { source, variables } = callOf(field);
      for (const as of [member, admin]) {
        const r: GqlResult = await gql(source, variables, {
          as,
          ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        });
        if (field.name in UNLIMITED_MUTATIONS) {
          unlimitedAnswers[field.name] = codeOf(r) ?? 'ok';
          expect(codeOf(r), `${field.name} is allow-listed: ${JSON.stringify(r.errors)}`).not.toBe('RATE_LIMITED');
        } else if (codeOf(r) !== 'RATE_LIMITED')
          notRefused.push(`${field.name} as ${as.role}: ${JSON.stringify(r.errors ?? r.data)}`);
      }
    }
    expect(notRefused).toEqual([]);
    expect(Object.keys(unlimitedAnswers).sort()).toEqual(Object.keys(UNLIMITED_MUTATIONS).sort());
  });

  it('counts a member across mutations of every kind in one shared, database-kept window', async () => {
    const member = await buildUser();
    const limit = settings().limits.writesPerMinute;
    const SAVE = `mutation($on: Boolean!) { setFeatureEnabled(feature: news, enabled: $on) { id } }`;
    const POST = `mutation($c: String!) { createPost(input: { content: $c }) { id } }`;
    for (let i = 0; i < limit; i++)
      expect(
        (i % 2 ? await gql(SAVE, { on: i % 4 === 1 }, { as: member }) : await gql(POST, { c: `p${i}` }, { as: member }))
          .errors,
      ).toBeUndefined();
    expect(codeOf(await gql(POST, { c: 'one too many' }, { as: member }))).toBe('RATE_LIMITED');
    expect(codeOf(await gql(SAVE, { on: true }, { as: member }))).toBe('RATE_LIMITED');
    const [row] = await db().query(`SELECT hits FROM rate_limits WHERE key = $1`, [`write:${member.id}`]);
    expect(row.hits).toBe(limit + 2);
  });
});

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { id } }`;
const POST = `mutation($c: String!) { createPost(input: { content: $c }) { id } }`;
const FRIEND = `mutation($u: ID!) { sendFriendRequest(userId: $u) { id } }`;
const REPORT = `mutation($p: ID!) { reportPost(postId: $p, reason: spam) { id } }`;
const REPORT_CONTENT = `mutation($p: ID!) { reportContent(kind: post, subjectId: $p, reason: spam) { id } }`;
const START = `mutation($m: ID!) { startConversation(input: { memberId: $m }) { id } }`;
const SEND = `mutation($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`;

/** A member as a real sign-up makes them: e-mail not confirmed, account a moment old. */
async function signedUp(): Promise<User> {
  const email = `new.${randomUUID()}@example.com`;
  const r = await gql(
    SIGN_UP,
    { input: { email, password: 'a long enough password', firstName: 'Nomsa', lastName: 'Mokoena' } },
    { ip: `10.8.${Math.floor(Math.random() * 250)}.1` },
  );
  expect(r.errors).toBeUndefined();
  return db().getRepository(User).findOneByOrFail({ id: r.data.signUp.id });
}

/** Calls `call` `n` times in a row and answers the error codes (undefined for a success). */
async function times(n: number, call: (i: number) => Promise<GqlResult>) {
  const codes: unknown[] = [];
  for (let i = 0; i < n; i++) codes.push(codeOf(await call(i)));
  return codes;
}

describe('the new-member sandbox', () => {
  it('limits a new account to NEW_MEMBER_POSTS_PER_HOUR posts, telling why and when the limit lifts', async () => {
    const newbie = await signedUp();
    const n = settings().newMembers.postsPerHour;
    expect(await times(n, (i) => gql(POST, { c: `hello ${i}` }, { as: newbie }))).toEqual(Array(n).fill(undefined));
    const refused = await gql(POST, { c: 'buy my pills' }, { as: newbie });
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors![0].message).toMatch(
      /^New members are limited to 5 posts an hour until their e-mail address is confirmed or their account is 24 hours old\. Confirm your e-mail address to lift this limit now; otherwise it lifts by itself in (23|24) hours\./,
    );
    expect(refused.errors![0].extensions).toMatchObject({
      reason: 'newMember',
      liftsAt: expect.any(String),
      retryAfter: expect.any(Number),
    });
    expect(await db().getRepository(Post).countBy({ authorId: newbie.id })).toBe(n);
  });

  it('lifts for a confirmed e-mail address or an account a day old', async () => {
    const confirmed = { ...(await signedUp()), emailVerifiedAt: new Date() } as User;
    const old = await buildUser({ emailVerifiedAt: null, createdAt: new Date(Date.now() - 25 * 3_600_000) });
    const n = settings().newMembers.postsPerHour + 2;
    expect(await times(n, (i) => gql(POST, { c: `hi ${i}` }, { as: confirmed }))).toEqual(Array(n).fill(undefined));
    expect(await times(n, (i) => gql(POST, { c: `hi ${i}` }, { as: old }))).toEqual(Array(n).fill(undefined));
  });

  it('limits friend requests and reports of a new account per hour', async () => {
    const newbie = await signedUp();
    const f = settings().newMembers.friendRequestsPerHour;
    const others = await Promise.all(Array.from({ length: f + 1 }, () => buildUser()));
    const codes = await times(f + 1, (i) => gql(FRIEND, { u: others[i].id }, { as: newbie }));
    expect(codes).toEqual([...Array(f).fill(undefined), 'RATE_LIMITED']);
    expect(await db().getRepository(Friendship).countBy({ requesterId: newbie.id })).toBe(f);

    const r = settings().newMembers.reportsPerHour;
    const posts = await Promise.all(Array.from({ length: r + 1 }, () => buildPost()));
    const reports = await times(r + 1, (i) => gql(i % 2 ? REPORT : REPORT_CONTENT, { p: posts[i].id }, { as: newbie }));
    expect(reports).toEqual([...Array(r).fill(undefined), 'RATE_LIMITED']);
    expect(await db().getRepository(Report).countBy({ reporterId: newbie.id })).toBe(r);
  });

  it('limits a new account’s messages to members who are not friends, not to friends', async () => {
    const newbie = await signedUp();
    const stranger = await buildUser();
    const friend = await buildUser();
    await buildFriendship({ a: newbie, b: friend });
    const toStranger = (await gql(START, { m: stranger.id }, { as: newbie })).data.startConversation.id;
    const toFriend = (await gql(START, { m: friend.id }, { as: newbie })).data.startConversation.id;
    const n = settings().newMembers.messagesPerHour;
    const codes = await times(n + 1, (i) => gql(SEND, { c: toStranger, b: `hey ${i}` }, { as: newbie }));
    expect(codes).toEqual([...Array(n).fill(undefined), 'RATE_LIMITED']);
    const refused = await gql(SEND, { c: toStranger, b: 'again' }, { as: newbie });
    expect(refused.errors![0].message).toMatch(/^New members are limited to 10 messages to non-friends an hour until/);
    expect(await times(3, (i) => gql(SEND, { c: toFriend, b: `friend ${i}` }, { as: newbie }))).toEqual(
      Array(3).fill(undefined),
    );
    // Behind a listing (or a dating alias) the sender is always counted, friend or not: the limit tells nothing of who
    // is there.
    const listing = await buildListing({ sellerId: friend.id });
    const aboutListing = (
      await gql(
        `mutation($l: ID!) { startConversation(input: { listingId: $l }) { id } }`,
        { l: listing.id },
        { as: newbie },
      )
    ).data.startConversation.id;
    expect(codeOf(await gql(SEND, { c: aboutListing, b: 'still available?' }, { as: newbie }))).toBe('RATE_LIMITED');
    expect(await db().getRepository(Message).countBy({ senderId: newbie.id })).toBe(n + 3);
    // The stranger, an established member, answers as much as they like.
    expect(await times(n + 1, (i) => gql(SEND, { c: toStranger, b: `reply ${i}` }, { as: stranger }))).toEqual(
      Array(n + 1).fill(undefined),
    );
  });
});
