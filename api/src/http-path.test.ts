/**
 * The read path over real HTTP. SQL statements per request, counted on the HTTP path: the real Express app with Apollo
 * and the REST table, a session cookie, and the web app's own documents. Every statement the request causes is counted,
 * the session lookup included. A list that runs more statements for a longer page, or one more relation that is not
 * batched, fails here. And queries answered compiled (kernel/compiled-queries.ts) answer exactly what graphql-js
 * answers.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { db } from './kernel/database';
import { settings, useSettings } from './kernel/settings';
import { Role, type User } from './modules/users/user.entity';
import { createServer, type RunningServer } from './server';
import {
  buildBusiness,
  buildBusinessFollow,
  buildBusinessReview,
  buildComment,
  buildConversation,
  buildEvent,
  buildEventBooking,
  buildFriendship,
  buildJobApplication,
  buildJobVacancy,
  buildMessage,
  buildNootPlaylist,
  buildNootSong,
  buildPost,
  buildReaction,
  buildRecipe,
  buildRecipeComment,
  buildRecipeReaction,
  buildRecipeShare,
  buildReel,
  buildReelLike,
  buildSavedCheckin,
  buildSession,
  buildShare,
  buildUser,
} from './test/factories';
import { codeOf, countQueries, gql, silentLog } from './test/helpers';
import { webDocument } from './test/web-documents';

/** Counts the queries graphql-jit answered, so the tests below know the compiled path ran (not a fallback). */
const jit = vi.hoisted(() => ({ answered: 0 }));
vi.mock('graphql-jit', async (importOriginal) => {
  const real = await importOriginal<typeof import('graphql-jit')>();
  return {
    ...real,
    compileQuery: (...args: Parameters<typeof real.compileQuery>) => {
      const compiled = real.compileQuery(...args);
      if (!real.isCompiledQuery(compiled)) return compiled;
      const query = compiled.query.bind(compiled);
      return Object.assign(compiled, {
        query: async (...q: Parameters<typeof query>) => {
          const result = await query(...q);
          if (!result.errors) jit.answered++;
          return result;
        },
      });
    },
  };
});

const HOME_FEED = webDocument('HomeFeed', ['features/feed/feed.graphql', 'features/posts/post.graphql']);
const BUSINESS_DIRECTORY = webDocument('BusinessDirectory', ['features/businesses/business.graphql']);
const JOB_BOARD = webDocument('JobBoard', ['features/jobs/jobs.graphql']);
const VACANCY_APPLICATIONS = webDocument('VacancyApplications', ['features/jobs/jobs.graphql']);
const EVENTS = webDocument('Events', ['features/events/events.graphql']);
const MY_TICKETS = webDocument('MyTickets', ['features/events/events.graphql']);
const CONVERSATIONS = webDocument('Conversations', ['features/messages/messages.graphql']);
const MESSAGES = webDocument('Messages', ['features/messages/messages.graphql']);
const NOOT_CHART = webDocument('NootChart', ['features/noot/music.graphql']);
const NOOT_PENDING = webDocument('NootPendingSongs', ['features/admin/admin.graphql']);
const RECIPES = webDocument('Recipes', ['features/recipes/recipes.graphql']);
const PROFILE_MEMBER = webDocument('ProfileMember', ['features/profile/profile.graphql']);
const PROFILE_POSTS = webDocument('ProfilePosts', ['features/profile/profile.graphql', 'features/posts/post.graphql']);
let trackedVacancyId: string;

let server: RunningServer;
let base: string;
let cookie: string;
let viewer: User;

beforeAll(async () => {
  // This file counts statements over many requests of one member; the cost budget (read from the settings) has its
  // own tests (kernel/budget, tests/contract/cost), so here it is made too large to run out.
  useSettings({ ...settings(), limits: { ...settings().limits, costCapacity: 100_000_000 } });
  const config = { ...loadConfig(), webDist: path.join(__dirname, 'no-web-build-here') };
  server = await createServer(config, silentLog, {
    events: { state: () => 'listening', onReconnect: () => undefined },
  });
  await new Promise<void>((r) => server.httpServer.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;

  const [me, friend, other] = await Promise.all([buildUser(), buildUser(), buildUser()]);
  viewer = me;
  await buildFriendship({ a: viewer, b: friend });
  for (let i = 0; i < 60; i++) {
    const post = await buildPost({
      authorId: [viewer, friend, other][i % 3].id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    await buildReaction({ postId: post.id, memberId: [friend, other, viewer][i % 3].id });
    await buildComment({ postId: post.id, authorId: [other, viewer, friend][i % 3].id });
    if (i % 2) await buildShare({ postId: post.id, memberId: viewer.id });
    if (i % 5 === 0) await buildSavedCheckin({ postId: post.id, memberId: viewer.id });
  }
  // The job board: vacancies of business pages and of members, each with applicants, some of them the viewer.
  const businesses = await Promise.all(
    [0, 1, 2].map((i) => buildBusiness({ name: `Board business ${i}`, ownerId: [friend, other, friend][i].id })),
  );
  for (let i = 0; i < 60; i++) {
    const businessId = i % 2 ? businesses[i % 3].id : null;
    const vacancy = await buildJobVacancy({
      title: `Job ${i}`,
      businessId,
      posterId: [friend, other][i % 2].id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    await buildJobApplication({ vacancyId: vacancy.id, applicantId: [viewer, other][i % 2].id });
    if (i % 3 === 0) await buildJobApplication({ vacancyId: vacancy.id });
  }
  const tracked = await buildJobVacancy({ title: 'Tracked', posterId: viewer.id });
  trackedVacancyId = tracked.id;
  for (let i = 0; i < 55; i++) await buildJobApplication({ vacancyId: tracked.id, notes: `note ${i}` });
  // Events: hosted by the viewer and others, some booked by the viewer (facts: host, the viewer's tickets).
  for (let i = 0; i < 60; i++) {
    const event = await buildEvent({
      title: `Event ${i}`,
      category: 'Music',
      hostId: [viewer, friend, other][i % 3].id,
      ticketsSold: i % 4,
      ticketPriceCents: 500,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    if (i % 2) await buildEventBooking({ eventId: event.id, memberId: viewer.id, quantity: 2 });
  }
  const { token } = await buildSession({ memberId: viewer.id });
  cookie = `${config.sessionCookieName}=${token}`;
});

afterAll(async () => {
  await server?.close();
});

const graphql = (query: string, variables: Record<string, unknown>, as = cookie) =>
  fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: as },
    body: JSON.stringify({ query, variables }),
  });

describe('SQL statements per request on the HTTP path, the session included', () => {
  it("the Noot vir Noot chart (the web app's NootChart document): 5 statements for 5 and for 50 songs (session, playlist, likes left, chart, liked ids)", async () => {
    const now = new Date();
    const playlist = await buildNootPlaylist({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
    const counts: number[] = [];
    for (const total of [5, 50]) {
      const have = await db().query(`SELECT count(*)::int AS n FROM noot_songs WHERE playlist_id = $1`, [playlist.id]);
      for (let i = have[0].n; i < total; i++)
        await buildNootSong({ playlistId: playlist.id, likeCount: i % 7, playCount: i, isAdminApproved: i % 9 !== 0 });
      const { result, queries } = await countQueries(async () => (await graphql(NOOT_CHART, {})).json());
      expect(result.errors).toBeUndefined();
      expect(result.data.nootActivePlaylist.songs.length).toBeGreaterThan(0);
      expect(queries.length, queries.join('\n---\n')).toBe(5);
      counts.push(queries.length);
    }
    expect(counts[0]).toBe(counts[1]);
  });

  it("the admin's Noot Approvals queue (the web app's NootPendingSongs document): 5 statements for 2 and for 20 songs (session, the admins' two-factor gate, page, uploaders, playlists)", async () => {
    const admin = await buildUser({ role: Role.admin });
    const { token } = await buildSession({ memberId: admin.id });
    const adminCookie = `${cookie.split('=')[0]}=${token}`;
    const playlists = await Promise.all([0, 1, 2].map(() => buildNootPlaylist()));
    for (let i = 0; i < 25; i++) await buildNootSong({ playlistId: playlists[i % 3].id, isAdminApproved: false });
    const counts: number[] = [];
    for (const first of [2, 20]) {
      const { result, queries } = await countQueries(async () =>
        (await graphql(NOOT_PENDING, { first }, adminCookie)).json(),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.nootPendingSongs.nodes).toHaveLength(first);
      expect(result.data.nootPendingSongs.nodes[0].uploader.displayName).toBeTruthy();
      // An admin's request asks once whether they must first turn on two-factor sign-in (api/src/context.ts).
      expect(queries.length, queries.join('\n---\n')).toBe(5);
      counts.push(queries.length);
    }
    expect(counts[0]).toBe(counts[1]);
    // A member is refused.
    expect((await (await graphql(NOOT_PENDING, { first: 2 })).json()).errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it.each([5, 20, 50])("the home feed (the web app's HomeFeed document), %i posts: at most 4", async (first) => {
    const { result, queries } = await countQueries(async () => {
      const res = await graphql(HOME_FEED, { first });
      return { status: res.status, body: await res.json() };
    });
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data.feed.nodes).toHaveLength(first);
    expect(result.body.data.feed.nodes.some((p: { myReaction: string | null }) => p.myReaction)).toBe(true);
    expect(result.body.data.feed.nodes.some((p: { savedCheckinId: string | null }) => p.savedCheckinId)).toBe(true);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });

  it('the next page of the feed costs the same', async () => {
    const first = await (await graphql(HOME_FEED, { first: 20 })).json();
    const { result, queries } = await countQueries(async () =>
      (await graphql(HOME_FEED, { first: 20, after: first.data.feed.pageInfo.endCursor })).json(),
    );
    expect(result.data.feed.nodes).toHaveLength(20);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });

  it.each([5, 20, 50])('REST GET /api/posts?limit=%i: at most 4 (answered compiled)', async (limit) => {
    const before = jit.answered;
    const { result, queries } = await countQueries(async () => {
      const res = await fetch(`${base}/api/posts?limit=${limit}`, { headers: { cookie } });
      return { status: res.status, body: await res.json() };
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(limit);
    expect(jit.answered - before).toBe(1);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });
});

describe('SQL statements of the profile page on the HTTP path, the session included', () => {
  beforeAll(async () => {
    // The viewer wrote 20 of the feed's posts; 40 more make a page of 50 possible.
    for (let i = 0; i < 40; i++)
      await buildPost({ authorId: viewer.id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) });
  });

  it("the header (the web app's ProfileMember document), own and another member's: at most 4 (session, member, counts, Bragging Rights place and badge), 5 with the friendship", async () => {
    const own = await countQueries(async () => (await graphql(PROFILE_MEMBER, { id: viewer.id })).json());
    expect(own.result.errors).toBeUndefined();
    expect(own.result.data.user).toMatchObject({ id: viewer.id, friendCount: 1, friendStatus: 'self' });
    expect(own.queries.length, own.queries.join('\n---\n')).toBeLessThanOrEqual(4);
    const other = await buildUser();
    const { result, queries } = await countQueries(async () =>
      (await graphql(PROFILE_MEMBER, { id: other.id })).json(),
    );
    expect(result.data.user).toMatchObject({ id: other.id, email: null, friendStatus: 'none' });
    // session, member, counts, Bragging Rights, the viewer's friendship with them
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(5);
  });

  it.each([5, 20, 50])(
    "Your Posts (the web app's ProfilePosts document), %i posts: at most 4, the same for every page size",
    async (first) => {
      const { result, queries } = await countQueries(async () =>
        (await graphql(PROFILE_POSTS, { authorId: viewer.id, first })).json(),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.postsBy.nodes).toHaveLength(first);
      expect(result.data.postsBy.nodes.every((p: { author: { id: string } }) => p.author.id === viewer.id)).toBe(true);
      expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
    },
  );
});

describe('SQL statements per directory page on the HTTP path, the session included', () => {
  const here = { latitude: -12.5, longitude: -30.5 }; // mid-Atlantic: no other test's pages nearby

  beforeAll(async () => {
    const [a, b] = await Promise.all([buildUser(), buildUser()]);
    for (let i = 0; i < 60; i++) {
      const business = await buildBusiness({
        latitude: here.latitude + i * 0.01,
        longitude: here.longitude,
        ownerId: i % 7 ? null : viewer.id,
      });
      if (i % 2) await buildBusinessFollow({ memberId: viewer.id, businessId: business.id });
      if (i % 3 === 0) await buildBusinessReview({ memberId: a.id, businessId: business.id, rating: 5 });
      if (i % 4 === 0) await buildBusinessReview({ memberId: b.id, businessId: business.id, rating: 2 });
    }
  });

  it.each([5, 20, 50])(
    "the directory (the web app's BusinessDirectory document), %i pages: at most 4",
    async (first) => {
      const { result, queries } = await countQueries(async () => {
        const res = await graphql(BUSINESS_DIRECTORY, { ...here, radiusKm: 100, first });
        return { status: res.status, body: await res.json() };
      });
      expect(result.status).toBe(200);
      expect(result.body.errors).toBeUndefined();
      const { nodes, totalCount } = result.body.data.businessDirectory;
      expect(nodes).toHaveLength(first);
      expect(totalCount).toBe(60);
      expect(nodes.some((n: { viewerFollows: boolean }) => n.viewerFollows)).toBe(true);
      expect(nodes.some((n: { reviewCount: number }) => n.reviewCount === 2)).toBe(true);
      expect(nodes.some((n: { viewerCanManage: boolean }) => n.viewerCanManage)).toBe(true);
      // session, page, count, facts
      expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
    },
  );

  it('the next page of the directory costs the same, and a forged cursor is a 400', async () => {
    const first = await (await graphql(BUSINESS_DIRECTORY, { ...here, radiusKm: 100, first: 20 })).json();
    const { result, queries } = await countQueries(async () =>
      (
        await graphql(BUSINESS_DIRECTORY, {
          ...here,
          radiusKm: 100,
          first: 20,
          after: first.data.businessDirectory.pageInfo.endCursor,
        })
      ).json(),
    );
    expect(result.data.businessDirectory.nodes).toHaveLength(20);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
    const forged = await fetch(
      `${base}/api/business-pages/directory?lat=${here.latitude}&lng=${here.longitude}` +
        '&radius=100&after=bm90IGEgY3Vyc29y',
      { headers: { cookie } },
    );
    expect(forged.status).toBe(400);
  });

  it.each([5, 20, 50])('REST GET /api/business-pages/directory?limit=%i: at most 4', async (limit) => {
    const { result, queries } = await countQueries(async () => {
      const res = await fetch(
        `${base}/api/business-pages/directory?lat=${here.latitude}&lng=${here.longitude}&radius=100&limit=${limit}`,
        { headers: { cookie } },
      );
      return { status: res.status, body: await res.json(), total: res.headers.get('x-total-count') };
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(limit);
    expect(result.total).toBe('60');
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });
});

describe('SQL statements per events page on the HTTP path, the session included', () => {
  it.each([5, 20, 50])("the events page (the web app's Events document), %i events: at most 3", async (first) => {
    const { result, queries } = await countQueries(async () =>
      (await graphql(EVENTS, { first, category: 'Music' })).json(),
    );
    expect(result.errors).toBeUndefined();
    const nodes = result.data.events.nodes as Array<{
      hostName: string;
      viewerTickets: number;
      revenue: number | null;
      viewerCanManage: boolean;
    }>;
    expect(nodes).toHaveLength(first);
    expect(nodes.some((n) => n.viewerTickets === 2) && nodes.some((n) => n.viewerTickets === 0)).toBe(true);
    expect(
      nodes.some((n) => n.viewerCanManage && n.revenue !== null) &&
        nodes.some((n) => !n.viewerCanManage && n.revenue === null),
    ).toBe(true);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(3);
  });

  it.each([5, 20, 30])("My Tickets (the web app's MyTickets document), %i bookings: at most 4", async (first) => {
    const { result, queries } = await countQueries(async () => (await graphql(MY_TICKETS, { first })).json());
    expect(result.errors).toBeUndefined();
    expect(result.data.myTickets.nodes).toHaveLength(first);
    expect(result.data.myTickets.nodes.every((n: { event: { hostName: string } }) => n.event.hostName)).toBe(true);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });
});

describe('SQL statements per job board page on the HTTP path, the session included', () => {
  it.each([5, 20, 50])("the job board (the web app's JobBoard document), %i jobs: at most 3", async (first) => {
    const { result, queries } = await countQueries(async () => (await graphql(JOB_BOARD, { first })).json());
    expect(result.errors).toBeUndefined();
    const nodes = result.data.jobListings.nodes as Array<{
      applicantCount: number;
      viewerHasApplied: boolean;
      company: string;
    }>;
    expect(nodes).toHaveLength(first);
    expect(nodes.some((n) => n.viewerHasApplied) && nodes.some((n) => !n.viewerHasApplied)).toBe(true);
    expect(nodes.some((n) => n.applicantCount === 2)).toBe(true);
    expect(nodes.some((n) => n.company.startsWith('Board business'))).toBe(true);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(3);
  });

  it.each([5, 20, 50])('the job board searched and filtered, the next page of %i: at most 3', async (first) => {
    const page1 = await (
      await graphql(JOB_BOARD, { first, search: 'job', location: 'cape', type: 'full-time' })
    ).json();
    const after = page1.data.jobListings.pageInfo.endCursor;
    const { result, queries } = await countQueries(async () =>
      (await graphql(JOB_BOARD, { first, after, search: 'job', location: 'cape', type: 'full-time' })).json(),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.jobListings.nodes.length).toBe(Math.min(first, 60 - first));
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(3);
  });

  it.each([5, 20, 50])('REST GET /api/job-listings?status=available&limit=%i: at most 3', async (limit) => {
    const { result, queries } = await countQueries(async () => {
      const res = await fetch(`${base}/api/job-listings?status=available&limit=${limit}`, { headers: { cookie } });
      return { status: res.status, body: await res.json() };
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(limit);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(3);
  });

  it.each([5, 20, 50])(
    "the applicant tracking board (the web app's VacancyApplications document), %i applications: at most 5",
    async (first) => {
      const { result, queries } = await countQueries(async () =>
        (await graphql(VACANCY_APPLICATIONS, { vacancyId: trackedVacancyId, first })).json(),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.vacancyApplications.nodes).toHaveLength(first);
      expect(result.data.vacancyApplications.nodes[0].notes).toMatch(/^note /);
      expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(5);
    },
  );
});

describe('SQL statements per reels page on the HTTP path, the session included', () => {
  beforeAll(async () => {
    const others = await Promise.all([buildUser(), buildUser()]);
    for (let i = 0; i < 60; i++) {
      const reel = await buildReel({
        authorId: [viewer, ...others][i % 3].id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
      if (i % 2) await buildReelLike({ reelId: reel.id, memberId: viewer.id });
      if (i % 3 === 0) await buildReelLike({ reelId: reel.id, memberId: others[0].id });
    }
  });

  it.each([5, 20, 50])('REST GET /api/reels?limit=%i: at most 4', async (limit) => {
    const { result, queries } = await countQueries(async () => {
      const res = await fetch(`${base}/api/reels?limit=${limit}`, { headers: { cookie } });
      return { status: res.status, body: await res.json() };
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(limit);
    expect(result.body.some((r: { likes: number }) => r.likes === 2)).toBe(true);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });
});

describe('SQL statements per recipes page on the HTTP path, the session included', () => {
  beforeAll(async () => {
    const others = await Promise.all([buildUser(), buildUser()]);
    for (let i = 0; i < 60; i++) {
      const recipe = await buildRecipe({
        authorId: [viewer, ...others][i % 3].id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
      if (i % 2) await buildRecipeReaction({ recipeId: recipe.id, memberId: viewer.id });
      if (i % 3 === 0) await buildRecipeReaction({ recipeId: recipe.id, memberId: others[0].id });
      if (i % 4 === 0) await buildRecipeComment({ recipeId: recipe.id, authorId: others[1].id });
      if (i % 5 === 0) await buildRecipeShare({ recipeId: recipe.id, memberId: others[1].id });
    }
  });

  it.each([5, 20, 50])('REST GET /api/recipes?limit=%i: at most 4 (session, page, facts, authors)', async (limit) => {
    const { result, queries } = await countQueries(async () => {
      const res = await fetch(`${base}/api/recipes?limit=${limit}`, { headers: { cookie } });
      return { status: res.status, body: await res.json() };
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(limit);
    expect(result.body.some((r: { likes: number }) => r.likes === 2)).toBe(true);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });

  it.each([5, 20, 50])("the recipes screen (the web app's Recipes document), %i recipes: at most 4", async (first) => {
    const { result, queries } = await countQueries(async () => (await graphql(RECIPES, { first })).json());
    expect(result.errors).toBeUndefined();
    expect(result.data.recipes.nodes).toHaveLength(first);
    expect(result.data.recipes.nodes.some((r: { myReaction: string | null }) => r.myReaction)).toBe(true);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });
});

describe('SQL statements per conversations and messages page on the HTTP path, the session included', () => {
  let busiest: string;
  beforeAll(async () => {
    // 60 conversations of the viewer, every other one under an alias on the other side, each with a message.
    for (let i = 0; i < 59; i++) {
      const c = await buildConversation({ a: viewer.id, personas: [null, i % 2 ? `Alias ${i}` : null] });
      await buildMessage({
        conversationId: c.id,
        senderId: viewer.id,
        createdAt: new Date(Date.UTC(2026, 1, 1, 0, i, 0)),
      });
    }
    // The latest one has 60 messages both ways.
    const peer = await buildUser();
    busiest = (await buildConversation({ a: viewer.id, b: peer.id })).id;
    for (let i = 0; i < 60; i++)
      await buildMessage({
        conversationId: busiest,
        senderId: i % 2 ? viewer.id : peer.id,
        createdAt: new Date(Date.UTC(2026, 1, 2, 0, i)),
      });
  });

  it.each([5, 20, 50])(
    "the conversation list (the web app's Conversations document), %i conversations: at most 6 " +
      '(session, page, sides, members, last messages, unread counts)',
    async (first) => {
      const { result, queries } = await countQueries(async () => (await graphql(CONVERSATIONS, { first })).json());
      expect(result.errors).toBeUndefined();
      expect(result.data.conversations.nodes).toHaveLength(first);
      expect(
        result.data.conversations.nodes.some((c: { peer: { memberId: string | null } }) => c.peer.memberId === null),
      ).toBe(true);
      expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(6);
    },
  );

  it.each([5, 20, 50])("a thread (the web app's Messages document), %i messages: at most 4", async (first) => {
    const { result, queries } = await countQueries(async () =>
      (await graphql(MESSAGES, { conversationId: busiest, first })).json(),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.messages.nodes).toHaveLength(first);
    expect(queries.length, queries.join('\n---\n')).toBeLessThanOrEqual(4);
  });
});

describe('queries answered compiled', () => {
  it('answer byte for byte what graphql-js answers, page after page', async () => {
    let after: string | null = null;
    const before = jit.answered;
    for (let page = 0; page < 3; page++) {
      const overHttp = await (await graphql(HOME_FEED, { first: 20, after })).json();
      const interpreted = await gql(HOME_FEED, { first: 20, after }, { as: viewer });
      expect(interpreted.errors).toBeUndefined();
      // Over HTTP the answer also carries its cost (kernel/budget.ts): the rest is the same, byte for byte.
      const { extensions, ...answer } = overHttp;
      expect(extensions.cost).toEqual({
        requested: expect.any(Number),
        remaining: expect.any(Number),
        limit: expect.any(Number),
        refillPerSecond: expect.any(Number),
      });
      expect(JSON.stringify(answer)).toBe(JSON.stringify({ data: interpreted.data }));
      after = overHttp.data.feed.pageInfo.endCursor;
    }
    expect(jit.answered - before).toBe(3);
  });

  it('leave errors to graphql-js: a forged cursor is still BAD_USER_INPUT, signed out still UNAUTHENTICATED', async () => {
    const forged = await (await graphql(HOME_FEED, { first: 5, after: 'bm90IGEgY3Vyc29y' })).json();
    expect(forged.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(HOME_FEED, { first: 5, after: 'bm90IGEgY3Vyc29y' }, { as: viewer }))).toBe(
      'BAD_USER_INPUT',
    );
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: HOME_FEED, variables: { first: 5 } }),
    });
    expect((await res.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const badVariable = await graphql(HOME_FEED, { first: 'twenty' });
    expect(badVariable.status).toBe(400);
    expect((await badVariable.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
