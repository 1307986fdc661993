/**
 * The documented Bragging Rights paths (spec 002 section 7), called the way an external client calls them: plain
 * HTTP with a cookie jar against the built server. Logos travel inline as data strings (team1Logo, team2Logo).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, signedUpClient, startApp, type App, ROOMY_WRITES } from '../support/app';
import { dataUrl, ELF_BYTES, fetchMedia, PNG_BYTES, pngOfSize } from '../support/files';

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const ADMIN = 'bragging-admin@contract.example';
const DAY = 86_400_000;

let app: App;
type Member = Awaited<ReturnType<typeof signedUpClient>>;
let admin: Member;
let member: Member;
let championshipId: string;
let upcomingId: string;

const eventBody = (o: Record<string, unknown> = {}) => ({
  title: 'Stormers vs Bulls',
  category: 'Rugby',
  championshipId: null,
  team1Name: 'Stormers',
  team1Logo: null,
  team2Name: 'Bulls',
  team2Logo: null,
  eventDate: new Date(Date.now() + 3 * DAY).toISOString(),
  closingDate: new Date(Date.now() + 2 * DAY).toISOString(),
  ...o,
});

beforeAll(async () => {
  app = await startApp({
    RATE_SIGNUP_PER_IP: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    ...ROOMY_WRITES,
    ADMIN_EMAILS: ADMIN,
  });
  [admin, member] = await Promise.all([
    signedUpClient(app.url, { email: ADMIN, firstName: 'Annelie', lastName: 'Admin' }),
    signedUpClient(app.url, { firstName: 'Sipho', lastName: 'Predictor' }),
  ]);
  const res = await admin.client.post('/api/bragging/championships', {
    name: 'Currie Cup',
    description: 'Domestic rugby',
    category: 'Rugby',
    startDate: '2026-07-01',
    endDate: '2026-10-30',
  });
  expect(res.status, res.text).toBe(201);
  championshipId = res.json.id;
  const ev = await admin.client.post(
    '/api/bragging/events',
    eventBody({ championshipId, team1Logo: dataUrl('image/png', PNG_BYTES) }),
  );
  expect(ev.status, ev.text).toBe(201);
  upcomingId = ev.json.id;
});
afterAll(async () => {
  await app?.stop();
});

describe('every bragging path answers 401 without a session', () => {
  test.each([
    ['GET', '/api/bragging/events'],
    ['GET', '/api/bragging/championships'],
    ['GET', `/api/bragging/championships/${MISSING_UUID}`],
    ['GET', `/api/bragging/championships/${MISSING_UUID}/leaderboard`],
    ['GET', '/api/bragging/leaderboard/overall'],
    ['GET', '/api/bragging/leaderboard/Rugby'],
    ['GET', '/api/bragging/badges/my'],
    ['POST', '/api/bragging/predictions'],
    ['POST', '/api/bragging/events'],
    ['POST', '/api/bragging/championships'],
    ['POST', `/api/bragging/events/${MISSING_UUID}/score`],
  ])('%s %s', async (method, path) => {
    const res = await client(app.url).request(method, path, method === 'GET' ? undefined : {});
    expect(res.status, res.text).toBe(401);
  });
});

describe('admin paths answer 403 to a member and change nothing', () => {
  test('POST championships, events and score', async () => {
    const before = (await member.client.get('/api/bragging/championships')).json.length;
    const beforeEvents = (await member.client.get('/api/bragging/events')).json.length;
    const c = await member.client.post('/api/bragging/championships', {
      name: 'Mine',
      description: 'x',
      category: 'Rugby',
      startDate: '2026-01-01',
      endDate: '2026-02-01',
    });
    expect(c.status, c.text).toBe(403);
    const e = await member.client.post('/api/bragging/events', eventBody());
    expect(e.status, e.text).toBe(403);
    const s = await member.client.post(`/api/bragging/events/${upcomingId}/score`, { team1Score: 1, team2Score: 0 });
    expect(s.status, s.text).toBe(403);
    expect((await member.client.get('/api/bragging/championships')).json).toHaveLength(before);
    expect((await member.client.get('/api/bragging/events')).json).toHaveLength(beforeEvents);
  });
});

describe('championships', () => {
  test("POST /api/bragging/championships: 201 with the championship; the spec's messages as 400", async () => {
    const bad = await admin.client.post('/api/bragging/championships', {
      name: '',
      description: 'd',
      category: 'Rugby',
      startDate: '2026-01-01',
      endDate: '2026-02-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Missing fields: Please fill in all required fields');
    const dates = await admin.client.post('/api/bragging/championships', {
      name: 'n',
      description: 'd',
      category: 'Rugby',
      startDate: '2026-03-01',
      endDate: '2026-02-01',
    });
    expect(dates.status).toBe(400);
    expect(dates.text).toContain('Invalid dates: End date must be after start date');
    const wrongType = await admin.client.post('/api/bragging/championships', {
      name: 5,
      description: 'd',
      category: 'Rugby',
      startDate: '2026-03-01',
      endDate: '2026-04-01',
    });
    expect(wrongType.status).toBe(400);
    const ok = await admin.client.post('/api/bragging/championships', {
      name: 'SA20',
      description: 'T20 league',
      category: 'Cricket',
      startDate: '2027-01-01',
      endDate: '2027-02-15',
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json).toMatchObject({
      name: 'SA20',
      description: 'T20 league',
      category: 'Cricket',
      startDate: '2027-01-01',
      endDate: '2027-02-15',
    });
  });

  test('GET /api/bragging/championships with an optional category; GET one; 404 Championship not found', async () => {
    const all = await member.client.get('/api/bragging/championships');
    expect(all.status).toBe(200);
    expect(all.json.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Currie Cup', 'SA20']));
    const rugby = await member.client.get('/api/bragging/championships?category=Rugby');
    expect(rugby.json.map((c: { name: string }) => c.name)).toEqual(['Currie Cup']);
    const one = await member.client.get(`/api/bragging/championships/${championshipId}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      id: championshipId,
      name: 'Currie Cup',
      description: 'Domestic rugby',
      category: 'Rugby',
      startDate: '2026-07-01',
      endDate: '2026-10-30',
    });
    const missing = await member.client.get(`/api/bragging/championships/${MISSING_UUID}`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Championship not found');
    expect((await member.client.get(`/api/bragging/championships/${MISSING_UUID}/leaderboard`)).status).toBe(404);
    expect((await member.client.get('/api/bragging/championships?category=Bowls')).status).toBe(400);
  });
});

describe('events', () => {
  test("POST /api/bragging/events: 201 with a stored logo; the spec's messages; logos are images of at most 2 MB", async () => {
    const missing = await admin.client.post('/api/bragging/events', eventBody({ team2Name: '' }));
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Missing fields: Please fill in all required fields');
    const deadline = await admin.client.post(
      '/api/bragging/events',
      eventBody({ closingDate: new Date(Date.now() + 4 * DAY).toISOString() }),
    );
    expect(deadline.status).toBe(400);
    expect(deadline.text).toContain('Invalid deadline: Prediction deadline must be before the event date');
    const wrongType = await admin.client.post(
      '/api/bragging/events',
      eventBody({ team1Logo: dataUrl('image/png', ELF_BYTES) }),
    );
    expect(wrongType.status).toBe(400);
    const tooBig = await admin.client.post(
      '/api/bragging/events',
      eventBody({ team2Logo: dataUrl('image/png', pngOfSize(2 * 1024 * 1024 + 10)) }),
    );
    expect(tooBig.status).toBe(413);
    const wrongField = await admin.client.post('/api/bragging/events', eventBody({ team1Name: 42 }));
    expect(wrongField.status).toBe(400);
    const list = (await member.client.get(`/api/bragging/events?championshipId=${championshipId}`)).json;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: upcomingId,
      title: 'Stormers vs Bulls',
      category: 'Rugby',
      championshipId,
      team1Name: 'Stormers',
      team2Name: 'Bulls',
      team2Logo: null,
      isScored: false,
      isClosed: false,
      status: 'upcoming',
      userPrediction: null,
    });
    const logo = await fetchMedia(app.url, list[0].team1Logo);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\//);
    expect((await member.client.get('/api/bragging/events?category=Cricket')).json).toEqual([]);
  });
});

describe('predictions, scoring, leaderboards and badges', () => {
  test('a member predicts once; the admin scores once the event started; points, standings and a badge follow', async () => {
    const soon = await admin.client.post(
      '/api/bragging/events',
      eventBody({
        championshipId,
        title: 'Kick-off soon',
        eventDate: new Date(Date.now() + 2500).toISOString(),
        closingDate: new Date(Date.now() + 2000).toISOString(),
      }),
    );
    expect(soon.status, soon.text).toBe(201);
    const eventId = soon.json.id;
    expect((await member.client.post('/api/bragging/predictions', { predictedWinner: 'team1' })).text).toContain(
      'Invalid prediction: Please try again',
    );
    expect(
      (
        await member.client.post('/api/bragging/predictions', {
          eventId,
          predictedWinner: 'team1',
          predictedMargin: 'seven',
        })
      ).status,
    ).toBe(400);
    const [first, second] = await Promise.all([
      member.client.post('/api/bragging/predictions', { eventId, predictedWinner: 'team2', predictedMargin: 7 }),
      member.client.post('/api/bragging/predictions', { eventId, predictedWinner: 'team2', predictedMargin: 7 }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect((first.status === 201 ? first : second).json).toMatchObject({
      eventId,
      predictedWinner: 'team2',
      predictedMargin: 7,
    });
    const early = await admin.client.post(`/api/bragging/events/${eventId}/score`, { team1Score: 10, team2Score: 17 });
    expect(early.status).toBe(400); // still upcoming
    await new Promise((r) => setTimeout(r, 2600));
    expect((await member.client.post('/api/bragging/predictions', { eventId, predictedWinner: 'team1' })).status).toBe(
      409,
    );
    const late = await admin.client.post('/api/bragging/predictions', { eventId, predictedWinner: 'team1' });
    expect(late.status).toBe(400);
    expect(
      (await admin.client.post(`/api/bragging/events/${eventId}/score`, { team1Score: 'ten', team2Score: 17 })).status,
    ).toBe(400);
    const scored = await admin.client.post(`/api/bragging/events/${eventId}/score`, { team1Score: 10, team2Score: 17 });
    expect(scored.status, scored.text).toBe(200);
    expect(scored.json).toMatchObject({ isScored: true, status: 'completed', winnerTeam: 'team2', actualMargin: 7 });
    expect(
      (await admin.client.post(`/api/bragging/events/${eventId}/score`, { team1Score: 10, team2Score: 17 })).status,
    ).toBe(409);
    expect(
      (await admin.client.post(`/api/bragging/events/${MISSING_UUID}/score`, { team1Score: 1, team2Score: 0 })).status,
    ).toBe(404);

    const overall = await member.client.get('/api/bragging/leaderboard/overall');
    expect(overall.status).toBe(200);
    expect(overall.json).toEqual([
      {
        userId: member.user.id,
        username: 'Sipho Predictor',
        avatar: null,
        totalPoints: 20,
        correctPredictions: 1,
        rank: 1,
      },
    ]);
    expect((await member.client.get('/api/bragging/leaderboard/Rugby')).json[0]).toMatchObject({
      userId: member.user.id,
      totalPoints: 20,
    });
    expect((await member.client.get('/api/bragging/leaderboard/Cricket')).json).toEqual([]);
    expect((await member.client.get(`/api/bragging/leaderboard/${encodeURIComponent('News Events')}`)).json).toEqual(
      [],
    );
    expect((await member.client.get('/api/bragging/leaderboard/Bowls')).status).toBe(400);
    const standings = await admin.client.get(`/api/bragging/championships/${championshipId}/leaderboard`);
    expect(standings.status).toBe(200);
    expect(standings.json).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ firstName: 'Sipho', lastName: 'Predictor', profileImageUrl: null }),
        points: 20,
        braggingPoints: 20,
        correctPredictions: 1,
        totalPredictions: 1,
      }),
    ]);
    const badges = await member.client.get('/api/bragging/badges/my');
    expect(badges.status).toBe(200);
    expect(badges.json.map((b: { badgeType: string }) => b.badgeType)).toEqual([
      'category_leader',
      'exact_margin',
      'first_correct',
    ]);
    expect(badges.json[0]).toMatchObject({ category: 'Rugby' });
    expect((await admin.client.get('/api/bragging/badges/my')).json).toEqual([]);
    const events = (await member.client.get(`/api/bragging/events?championshipId=${championshipId}`)).json;
    expect(events.find((e: { id: string }) => e.id === eventId).userPrediction).toEqual({
      predictedWinner: 'team2',
      predictedMargin: 7,
      points: 20,
    });
  });
});
