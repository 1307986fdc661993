import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import {
  buildBraggingChampionship,
  buildBraggingEvent,
  buildBraggingPrediction,
  buildUser,
} from '../../test/factories';
import { codeOf, files, gql, storedFiles } from '../../test/helpers';
import { Role, type User } from '../users/user.entity';
import { BraggingEvent } from './bragging-event.entity';
import { BraggingChampionship } from './bragging-championship.entity';
import { BraggingPrediction } from './bragging-prediction.entity';

const EVENT =
  'id title category championshipId team1Name team1Logo team2Name team2Logo status isScored winnerTeam actualMargin ' +
  'userPrediction { predictedWinner predictedMargin points isCorrect }';
const CREATE_CHAMP =
  `mutation($input: CreateBraggingChampionshipInput!) { createBraggingChampionship(input: $input) ` +
  `{ id name description category startDate endDate } }`;
const CREATE_EVENT = `mutation($input: CreateBraggingEventInput!) { createBraggingEvent(input: $input) { ${EVENT} } }`;
const SCORE =
  `mutation($id: ID!, $a: Int, $b: Int) { scoreBraggingEvent(id: $id, team1Score: $a, team2Score: $b) ` +
  `{ ${EVENT} } }`;
const PREDICT =
  `mutation($input: BraggingPredictionInput!) { predictBraggingEvent(input: $input) { id ` +
  `predictedWinner predictedMargin event { id status } } }`;
const EVENTS =
  `query($c: String, $ch: ID, $first: Int, $after: String) { braggingEvents(category: $c, ` +
  `championshipId: $ch, first: $first, after: $after) { nodes { ${EVENT} } pageInfo { endCursor hasNextPage } } }`;
const CHAMPS =
  `query($c: String, $first: Int, $after: String) { braggingChampionships(category: $c, first: $first, ` +
  `after: $after) { nodes { id name startDate endDate } pageInfo { endCursor hasNextPage } } }`;
const CHAMP = `query($id: ID!) { braggingChampionship(id: $id) { id name leaderboard { userId points rank } } }`;
const BOARD =
  `query($c: String, $first: Int) { braggingLeaderboard(category: $c, first: $first) { id userId ` +
  `username points totalPoints correctPredictions totalPredictions rank } }`;
const CHAMP_BOARD =
  `query($id: ID!) { braggingChampionshipLeaderboard(id: $id) { userId points braggingPoints ` +
  `correctPredictions totalPredictions rank user { id firstName } } }`;
const BADGES = `query { myBraggingBadges { badgeType category label } }`;
const USER_BRAG = `query($id: ID!) { user(id: $id) { id braggingRank braggingBadge } }`;

const DAY = 86_400_000;
const admin = () => buildUser({ role: Role.admin });
const past = (overrides: Partial<BraggingEvent> = {}) =>
  buildBraggingEvent({
    eventDate: new Date(Date.now() - DAY),
    closingDate: new Date(Date.now() - 2 * DAY),
    ...overrides,
  });
const champInput = {
  name: 'Currie Cup 2031',
  description: 'Domestic rugby',
  category: 'Rugby',
  startDate: '2031-07-01',
  endDate: '2031-10-30',
};
const eventInput = (o: Record<string, unknown> = {}) => ({
  title: 'Bulls vs Sharks',
  category: 'Rugby',
  team1Name: 'Bulls',
  team2Name: 'Sharks',
  eventDate: new Date(Date.now() + 3 * DAY).toISOString(),
  closingDate: new Date(Date.now() + 2 * DAY).toISOString(),
  ...o,
});
const count = (entity: typeof BraggingEvent | typeof BraggingChampionship | typeof BraggingPrediction) =>
  db().getRepository(entity).count();
const board = async (as: User, c: string | null = null) =>
  (await gql(BOARD, { c }, { as })).data.braggingLeaderboard as Array<Record<string, unknown>>;
const badgesOf = async (as: User) =>
  ((await gql(BADGES, {}, { as })).data.myBraggingBadges as Array<{ badgeType: string; category: string | null }>).map(
    (b) => (b.category ? `${b.badgeType}:${b.category}` : b.badgeType),
  );
const predictAs = (as: User, eventId: string, predictedWinner = 'team1', predictedMargin: number | null = null) =>
  gql(PREDICT, { input: { eventId, predictedWinner, predictedMargin } }, { as });

describe('bragging rights', () => {
  it('requires authentication for every operation', async () => {
    const e = await buildBraggingEvent();
    const c = await buildBraggingChampionship();
    for (const [q, v] of [
      [EVENTS, {}],
      [CHAMPS, {}],
      [CHAMP, { id: c.id }],
      [BOARD, {}],
      [CHAMP_BOARD, { id: c.id }],
      [BADGES, {}],
      [PREDICT, { input: { eventId: e.id, predictedWinner: 'team1' } }],
      [CREATE_CHAMP, { input: champInput }],
      [CREATE_EVENT, { input: eventInput() }],
      [SCORE, { id: e.id, a: 1, b: 0 }],
    ] as const) {
      expect(codeOf(await gql(q, v))).toBe('UNAUTHENTICATED');
    }
  });

  it('admin operations answer FORBIDDEN to a member and change nothing', async () => {
    const member = await buildUser();
    const e = await past();
    await buildBraggingPrediction({ eventId: e.id, memberId: member.id });
    const before = [await count(BraggingChampionship), await count(BraggingEvent)];
    expect(codeOf(await gql(CREATE_CHAMP, { input: champInput }, { as: member }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(CREATE_EVENT, { input: eventInput({ team1Logo: files.png }) }, { as: member }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await gql(SCORE, { id: e.id, a: 20, b: 10 }, { as: member }))).toBe('FORBIDDEN');
    expect([await count(BraggingChampionship), await count(BraggingEvent)]).toEqual(before);
    expect((await db().getRepository(BraggingEvent).findOneByOrFail({ id: e.id })).isScored).toBe(false);
    expect(await board(member)).not.toContainEqual(expect.objectContaining({ userId: member.id }));
  });

  it("championships: the spec's messages, a known category, listed per category with keyset pages", async () => {
    const a = await admin();
    for (const [bad, message] of [
      [{ name: ' ' }, 'Missing fields: Please fill in all required fields'],
      [{ description: null }, 'Missing fields: Please fill in all required fields'],
      [{ startDate: '' }, 'Missing fields: Please fill in all required fields'],
      [{ endDate: '2031-07-01' }, 'Invalid dates: End date must be after start date'],
      [{ endDate: '2031-06-01' }, 'Invalid dates: End date must be after start date'],
      [{ category: 'Soccer' }, 'category must be one of'],
      [{ startDate: 'not a date' }, 'startDate must be an ISO date'],
    ] as const) {
      const r = await gql(CREATE_CHAMP, { input: { ...champInput, ...bad } }, { as: a });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain(message);
    }
    const made = (await gql(CREATE_CHAMP, { input: champInput }, { as: a })).data.createBraggingChampionship;
    expect(made).toMatchObject({ ...champInput });
    const cricket = await buildBraggingChampionship({ category: 'Cricket', name: 'SA20 test' });
    const rugby = (await gql(CHAMPS, { c: 'Rugby', first: 100 }, { as: a })).data.braggingChampionships.nodes.map(
      (c: { id: string }) => c.id,
    );
    expect(rugby).toContain(made.id);
    expect(rugby).not.toContain(cricket.id);
    const listed = (await gql(CHAMPS, { c: 'Rugby', first: 100 }, { as: a })).data.braggingChampionships.nodes.find(
      (c: { id: string }) => c.id === made.id,
    );
    expect(listed).toMatchObject({ startDate: '2031-07-01', endDate: '2031-10-30' }); // dates as days in lists too
    const page1 = (await gql(CHAMPS, { first: 1 }, { as: a })).data.braggingChampionships;
    const page2 = (await gql(CHAMPS, { first: 1, after: page1.pageInfo.endCursor }, { as: a })).data
      .braggingChampionships;
    expect(page1.pageInfo.hasNextPage).toBe(true);
    expect(page2.nodes[0].id).not.toBe(page1.nodes[0].id);
    expect((await gql(CHAMP, { id: made.id }, { as: a })).data.braggingChampionship).toMatchObject({
      id: made.id,
      leaderboard: [],
    });
    expect(
      (await gql(CHAMP, { id: '00000000-0000-4000-8000-000000000000' }, { as: a })).data.braggingChampionship,
    ).toBeNull();
    expect((await gql(CHAMP, { id: 'nope' }, { as: a })).data.braggingChampionship).toBeNull();
    expect(codeOf(await gql(CHAMP_BOARD, { id: '00000000-0000-4000-8000-000000000000' }, { as: a }))).toBe('NOT_FOUND');
  });

  it("events: the spec's messages, a championship of the same category, logos are images of at most 2 MB", async () => {
    const a = await admin();
    for (const [bad, message] of [
      [{ title: '' }, 'Missing fields: Please fill in all required fields'],
      [{ team1Name: null }, 'Missing fields: Please fill in all required fields'],
      [{ team2Name: '  ' }, 'Missing fields: Please fill in all required fields'],
      [{ eventDate: null }, 'Missing fields: Please fill in all required fields'],
      [{ closingDate: '' }, 'Missing fields: Please fill in all required fields'],
      [
        { closingDate: new Date(Date.now() + 4 * DAY).toISOString() },
        'Invalid deadline: Prediction deadline must be before the event date',
      ],
      [{ category: 'Chess' }, 'category must be one of'],
      [{ team1Logo: files.fakePng }, 'team1Logo must be an image'],
      [{ team2Logo: files.pdf }, 'team2Logo must be an image'],
    ] as const) {
      const r = await gql(CREATE_EVENT, { input: eventInput(bad) }, { as: a });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0].message).toContain(message);
    }
    const cricket = await buildBraggingChampionship({ category: 'Cricket' });
    expect(codeOf(await gql(CREATE_EVENT, { input: eventInput({ championshipId: cricket.id }) }, { as: a }))).toBe(
      'BAD_USER_INPUT',
    );
    const stored = storedFiles();
    const tooBig = await gql(
      CREATE_EVENT,
      { input: eventInput({ team1Logo: files.sized(2 * 1024 * 1024 + 1) }) },
      { as: a },
    );
    expect(codeOf(tooBig)).toBe('PAYLOAD_TOO_LARGE');
    expect(storedFiles()).toBe(stored);
    const before = await count(BraggingEvent);
    const rugby = await buildBraggingChampionship({ category: 'Rugby' });
    const r = await gql(
      CREATE_EVENT,
      { input: eventInput({ championshipId: rugby.id, team1Logo: files.png, team2Logo: null }) },
      { as: a },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.createBraggingEvent).toMatchObject({
      title: 'Bulls vs Sharks',
      championshipId: rugby.id,
      status: 'upcoming',
      team2Logo: null,
      isScored: false,
      userPrediction: null,
    });
    expect(r.data.createBraggingEvent.team1Logo).toMatch(/^\/media\//);
    expect(storedFiles()).toBeGreaterThan(stored);
    expect(await count(BraggingEvent)).toBe(before + 1);
  });

  it('status is derived: upcoming, in progress after the event date or when closed, completed when scored', async () => {
    const m = await buildUser();
    const champ = await buildBraggingChampionship();
    const up = await buildBraggingEvent({ championshipId: champ.id, eventDate: new Date(Date.now() + 9 * DAY) });
    const started = await past({ championshipId: champ.id });
    const closed = await buildBraggingEvent({
      championshipId: champ.id,
      isClosed: true,
      eventDate: new Date(Date.now() + 8 * DAY),
    });
    const done = await past({ championshipId: champ.id, isScored: true, eventDate: new Date(Date.now() - 3 * DAY) });
    const nodes = (await gql(EVENTS, { ch: champ.id }, { as: m })).data.braggingEvents.nodes as Array<{
      id: string;
      status: string;
    }>;
    const status = Object.fromEntries(nodes.map((n) => [n.id, n.status]));
    expect(status).toEqual({
      [up.id]: 'upcoming',
      [started.id]: 'in_progress',
      [closed.id]: 'in_progress',
      [done.id]: 'completed',
    });
    expect(nodes.map((n) => n.id)).toEqual([up.id, closed.id, started.id, done.id]); // latest event date first
    const other = await buildBraggingEvent({ category: 'F1' });
    const f1 = (await gql(EVENTS, { c: 'F1', first: 100 }, { as: m })).data.braggingEvents.nodes.map(
      (n: { id: string }) => n.id,
    );
    expect(f1).toContain(other.id);
    expect(f1).not.toContain(up.id);
    const page = (await gql(EVENTS, { ch: champ.id, first: 2 }, { as: m })).data.braggingEvents;
    const rest = (await gql(EVENTS, { ch: champ.id, first: 2, after: page.pageInfo.endCursor }, { as: m })).data
      .braggingEvents;
    expect([...page.nodes, ...rest.nodes].map((n: { id: string }) => n.id)).toEqual([
      up.id,
      closed.id,
      started.id,
      done.id,
    ]);
    expect(codeOf(await gql(EVENTS, { c: 'Bowls' }, { as: m }))).toBe('BAD_USER_INPUT');
  });

  it('predictions: before the closing date only, once per member and event, even for parallel clicks', async () => {
    const m = await buildUser();
    const e = await buildBraggingEvent();
    expect(codeOf(await gql(PREDICT, { input: { predictedWinner: 'team1' } }, { as: m }))).toBe('BAD_USER_INPUT');
    expect((await gql(PREDICT, { input: { predictedWinner: 'team1' } }, { as: m })).errors![0].message).toContain(
      'Invalid prediction: Please try again',
    );
    expect(codeOf(await predictAs(m, e.id, 'team3'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await predictAs(m, e.id, 'team1', -2))).toBe('BAD_USER_INPUT');
    expect(codeOf(await predictAs(m, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    const results = await Promise.all(Array.from({ length: 5 }, () => predictAs(m, e.id, 'team2', 7)));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'CONFLICT')).toHaveLength(4);
    expect(await db().getRepository(BraggingPrediction).countBy({ eventId: e.id, memberId: m.id })).toBe(1);
    const mine = (await gql(EVENTS, { first: 100 }, { as: m })).data.braggingEvents.nodes.find(
      (n: { id: string }) => n.id === e.id,
    );
    expect(mine.userPrediction).toMatchObject({ predictedWinner: 'team2', predictedMargin: 7, points: null });
    const other = await buildUser();
    expect(
      (await gql(EVENTS, { first: 100 }, { as: other })).data.braggingEvents.nodes.find(
        (n: { id: string }) => n.id === e.id,
      ).userPrediction,
    ).toBeNull();
    // the default winner is team1
    expect(
      (await gql(PREDICT, { input: { eventId: e.id } }, { as: other })).data.predictBraggingEvent.predictedWinner,
    ).toBe('team1');

    const deadlinePassed = await buildBraggingEvent({ closingDate: new Date(Date.now() - 1000) });
    const inProgress = await past();
    const closed = await buildBraggingEvent({ isClosed: true });
    const scored = await buildBraggingEvent({ isScored: true });
    for (const ev of [deadlinePassed, inProgress, closed, scored]) {
      expect(codeOf(await predictAs(m, ev.id))).toBe('BAD_USER_INPUT');
      expect(await db().getRepository(BraggingPrediction).countBy({ eventId: ev.id })).toBe(0);
    }
  });

  it('scoring: only once in progress, 10 for the winner, +10 for the exact margin, +5 within 5; overall, category and championship boards', async () => {
    const a = await admin();
    const [exact, close, far, noMargin, wrong] = await Promise.all(Array.from({ length: 5 }, () => buildUser()));
    const champ = await buildBraggingChampionship({ category: 'Cricket' });
    const upcoming = await buildBraggingEvent({ category: 'Cricket', championshipId: champ.id });
    const r0 = await gql(SCORE, { id: upcoming.id, a: 10, b: 3 }, { as: a });
    expect(codeOf(r0)).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(SCORE, { id: upcoming.id, a: null, b: 3 }, { as: a }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(SCORE, { id: '00000000-0000-4000-8000-000000000000', a: 1, b: 0 }, { as: a }))).toBe(
      'NOT_FOUND',
    );
    const e = await past({ category: 'Cricket', championshipId: champ.id });
    expect(codeOf(await gql(SCORE, { id: e.id, a: -1, b: 3 }, { as: a }))).toBe('BAD_USER_INPUT');
    await buildBraggingPrediction({ eventId: e.id, memberId: exact.id, predictedWinner: 'team2', predictedMargin: 12 });
    await buildBraggingPrediction({ eventId: e.id, memberId: close.id, predictedWinner: 'team2', predictedMargin: 17 });
    await buildBraggingPrediction({ eventId: e.id, memberId: far.id, predictedWinner: 'team2', predictedMargin: 30 });
    await buildBraggingPrediction({ eventId: e.id, memberId: noMargin.id, predictedWinner: 'team2' });
    await buildBraggingPrediction({ eventId: e.id, memberId: wrong.id, predictedWinner: 'team1', predictedMargin: 12 });
    const r = await gql(SCORE, { id: e.id, a: 150, b: 162 }, { as: a });
    expect(r.errors).toBeUndefined();
    expect(r.data.scoreBraggingEvent).toMatchObject({
      status: 'completed',
      isScored: true,
      winnerTeam: 'team2',
      actualMargin: 12,
    });
    const points = Object.fromEntries(
      (await db().getRepository(BraggingPrediction).findBy({ eventId: e.id })).map((p) => [p.memberId, p.points]),
    );
    expect(points).toEqual({ [exact.id]: 20, [close.id]: 15, [far.id]: 10, [noMargin.id]: 10, [wrong.id]: 0 });
    for (const c of [null, 'Cricket']) {
      const rows = (await board(a, c)).filter((row) =>
        [exact, close, far, noMargin, wrong].some((u) => u.id === row.userId),
      );
      expect(rows.map((row) => [row.userId, row.points, row.correctPredictions, row.totalPredictions])).toEqual([
        [exact.id, 20, 1, 1],
        [close.id, 15, 1, 1],
        ...[far.id, noMargin.id]
          .sort()
          .reverse()
          .map((id) => [id, 10, 1, 1]),
        [wrong.id, 0, 0, 1],
      ]);
    }
    expect((await board(a, 'Rugby')).map((row) => row.userId)).not.toContain(exact.id);
    const standings = (await gql(CHAMP_BOARD, { id: champ.id }, { as: wrong })).data.braggingChampionshipLeaderboard;
    expect(
      standings.map((s: { userId: string; rank: number; braggingPoints: number }) => [
        s.userId,
        s.rank,
        s.braggingPoints,
      ]),
    ).toEqual([
      [exact.id, 1, 20],
      [close.id, 2, 15],
      ...[far.id, noMargin.id]
        .sort()
        .reverse()
        .map((id) => [id, 3, 10]),
      [wrong.id, 5, 0],
    ]);
    expect(codeOf(await gql(SCORE, { id: e.id, a: 1, b: 0 }, { as: a }))).toBe('CONFLICT');
    const users = await Promise.all(
      [exact, far, wrong].map(async (u) => (await gql(USER_BRAG, { id: u.id }, { as: a })).data.user.braggingRank),
    );
    expect(users[0]).toBeLessThan(users[1]);
    expect(users[1]).toBeLessThan(users[2]);
    expect((await gql(USER_BRAG, { id: (await buildUser()).id }, { as: a })).data.user).toMatchObject({
      braggingRank: null,
      braggingBadge: null,
    });
  });

  it('each admin action is in the admin audit log, once, and a refused one is not', async () => {
    const a = await admin();
    const entries = (action: string, targetId: string) =>
      db().query('SELECT actor_id, target_type, after FROM admin_audit_log WHERE action = $1 AND target_id = $2', [
        action,
        targetId,
      ]);
    const champ = (await gql(CREATE_CHAMP, { input: champInput }, { as: a })).data.createBraggingChampionship;
    expect(await entries('bragging.championship.create', champ.id)).toEqual([
      expect.objectContaining({ actor_id: a.id, target_type: 'championship' }),
    ]);
    const created = (await gql(CREATE_EVENT, { input: eventInput() }, { as: a })).data.createBraggingEvent;
    expect(await entries('bragging.event.create', created.id)).toHaveLength(1);
    const e = await past({ category: 'F1' });
    await Promise.all([
      gql(SCORE, { id: e.id, a: 2, b: 1 }, { as: a }),
      gql(SCORE, { id: e.id, a: 2, b: 1 }, { as: a }),
    ]);
    const scored = await entries('bragging.event.score', e.id);
    expect(scored).toHaveLength(1);
    expect(scored[0].after).toMatchObject({ team1Score: 2, team2Score: 1, winner: 'team1', margin: 1 });
  });

  it('two concurrent scorings of one event award points once', async () => {
    const a = await admin();
    const m = await buildUser();
    const e = await past({ category: 'EFC' });
    await buildBraggingPrediction({ eventId: e.id, memberId: m.id, predictedWinner: 'team1', predictedMargin: 2 });
    const results = await Promise.all([
      gql(SCORE, { id: e.id, a: 3, b: 1 }, { as: a }),
      gql(SCORE, { id: e.id, a: 3, b: 1 }, { as: a }),
      gql(SCORE, { id: e.id, a: 5, b: 0 }, { as: a }),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === 'CONFLICT')).toHaveLength(2);
    const row = (await board(m, 'EFC')).find((s) => s.userId === m.id)!;
    expect(row).toMatchObject({ totalPredictions: 1, correctPredictions: 1 });
    expect([20, 15]).toContain(row.points); // 3-1 exact margin 2 (20), or 5-0 within 5 (15): one scoring, never both
  });

  it('badges: first correct, exact margin, five correct in a row, category leader; the top one on the profile', async () => {
    const a = await admin();
    const [m, rival] = [await buildUser(), await buildUser()];
    const score = async (
      winner: 'team1' | 'team2',
      predictions: Array<[User, 'team1' | 'team2', number | null]>,
      category = 'Politics',
    ) => {
      const e = await past({ category });
      for (const [u, w, margin] of predictions)
        await buildBraggingPrediction({ eventId: e.id, memberId: u.id, predictedWinner: w, predictedMargin: margin });
      const r = await gql(SCORE, { id: e.id, a: winner === 'team1' ? 3 : 0, b: winner === 'team2' ? 3 : 0 }, { as: a });
      expect(r.errors).toBeUndefined();
    };
    expect(await badgesOf(m)).toEqual([]);
    await score('team1', [
      [m, 'team2', null],
      [rival, 'team1', null],
    ]);
    expect(await badgesOf(m)).toEqual([]);
    expect(await badgesOf(rival)).toEqual(['category_leader:Politics', 'first_correct']);
    await score('team1', [
      [m, 'team1', 1],
      [rival, 'team1', 3],
    ]); // m: margin 1 vs 3, within 5 (15); rival exact (20)
    expect(await badgesOf(m)).toEqual(['first_correct']);
    await score('team1', [[m, 'team1', 3]]); // exact: 20 points, 35 against the rival's 30 in Politics
    expect(await badgesOf(m)).toEqual(['category_leader:Politics', 'exact_margin', 'first_correct']);
    await score('team2', [[m, 'team2', null]], 'News Events');
    await score('team2', [[m, 'team2', null]], 'News Events');
    expect(await badgesOf(m)).not.toContain('hot_streak'); // four in a row
    await score('team1', [[m, 'team2', null]], 'F1'); // wrong: the streak starts again
    for (let i = 0; i < 4; i++) await score('team1', [[m, 'team1', null]], 'F1');
    expect(await badgesOf(m)).not.toContain('hot_streak');
    await score('team1', [[m, 'team1', null]], 'F1');
    expect(await badgesOf(m)).toContain('hot_streak');
    expect((await gql(BADGES, {}, { as: m })).data.myBraggingBadges[0]).toMatchObject({
      badgeType: 'category_leader',
      label: expect.stringContaining('Category Leader'),
    });
    expect((await gql(USER_BRAG, { id: m.id }, { as: rival })).data.user.braggingBadge).toMatch(/^Category Leader: /);
    expect((await gql(USER_BRAG, { id: rival.id }, { as: m })).data.user.braggingBadge).toBe(
      'Category Leader: Politics',
    );
  });

  it('leaderboards are bounded: at most 100 rows a page, the championship top 10 by default', async () => {
    const m = await buildUser();
    expect(codeOf(await gql(BOARD, { first: 101 }, { as: m }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(BOARD, { first: 0 }, { as: m }))).toBe('BAD_USER_INPUT');
    const a = await admin();
    const champ = await buildBraggingChampionship({ category: 'F1' });
    const e = await past({ category: 'F1', championshipId: champ.id });
    for (let i = 0; i < 12; i++) await buildBraggingPrediction({ eventId: e.id, predictedWinner: 'team1' });
    await gql(SCORE, { id: e.id, a: 1, b: 0 }, { as: a });
    expect((await gql(CHAMP_BOARD, { id: champ.id }, { as: m })).data.braggingChampionshipLeaderboard).toHaveLength(10);
    expect((await gql(CHAMP, { id: champ.id }, { as: m })).data.braggingChampionship.leaderboard).toHaveLength(10);
    expect((await gql(BOARD, { c: 'F1', first: 5 }, { as: m })).data.braggingLeaderboard).toHaveLength(5);
  });
});
