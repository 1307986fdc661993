import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { DEMO_ADMIN, DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { BraggingEvent } from './bragging-event.entity';
import { scoreEvent } from './bragging-scoring.service';
import { BraggingChampionship } from './bragging-championship.entity';
import { BraggingPrediction } from './bragging-prediction.entity';

const DAY = 86_400_000;
const at = (days: number, hour = 15) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface DemoEvent {
  title: string;
  category: string;
  championship?: string;
  team1: [string, string];
  team2: [string, string];
  /** Days from now of the event; predictions close a day before. */
  days: number;
  /** For a past event: predictions by member index [winner, margin] and the final score, scored by the demo admin. */
  predictions?: Array<[number, 'team1' | 'team2', number | null]>;
  score?: [number, number];
}

const CHAMPIONSHIPS = [
  {
    name: 'Currie Cup 2026',
    description: "South Africa's premier domestic rugby competition.",
    category: 'Rugby',
    start: -60,
    end: 40,
  },
  {
    name: 'SA20 Season 4',
    description: 'The T20 franchise league: six teams, one trophy.',
    category: 'Cricket',
    start: -10,
    end: 50,
  },
  {
    name: 'Formula 1 2026 Season',
    description: 'Constructors head to head, race by race.',
    category: 'F1',
    start: -200,
    end: 30,
  },
];

const EVENTS: DemoEvent[] = [
  {
    title: 'Currie Cup: Bulls vs Sharks',
    category: 'Rugby',
    championship: 'Currie Cup 2026',
    team1: ['Blue Bulls', '#1a3a8a'],
    team2: ['Sharks', '#222222'],
    days: -4,
    predictions: [
      [0, 'team1', 7],
      [1, 'team1', 12],
      [2, 'team2', 3],
      [3, 'team1', null],
    ],
    score: [31, 24],
  },
  {
    title: 'Currie Cup: Western Province vs Lions',
    category: 'Rugby',
    championship: 'Currie Cup 2026',
    team1: ['Western Province', '#1a6fb5'],
    team2: ['Golden Lions', '#b51a1a'],
    days: 6,
  },
  {
    title: 'SA20: Paarl Royals vs MI Cape Town',
    category: 'Cricket',
    championship: 'SA20 Season 4',
    team1: ['Paarl Royals', '#d63384'],
    team2: ['MI Cape Town', '#0d47a1'],
    days: -2,
    predictions: [
      [0, 'team2', 20],
      [1, 'team1', 5],
      [4, 'team2', 15],
    ],
    score: [158, 171],
  },
  {
    title: 'SA20: Joburg Super Kings vs Durban Super Giants',
    category: 'Cricket',
    championship: 'SA20 Season 4',
    team1: ['Joburg Super Kings', '#f2c744'],
    team2: ['Durban Super Giants', '#00897b'],
    days: 9,
  },
  {
    title: 'Grand Prix: Red Bull vs McLaren',
    category: 'F1',
    championship: 'Formula 1 2026 Season',
    team1: ['Red Bull Racing', '#1e2a5a'],
    team2: ['McLaren', '#ff8000'],
    days: 12,
  },
  {
    title: 'EFC 130 main event',
    category: 'EFC',
    team1: ['Red Corner', '#c62828'],
    team2: ['Blue Corner', '#1565c0'],
    days: 15,
  },
  {
    title: 'Cape Town by-election: who takes the ward?',
    category: 'Politics',
    team1: ['DA', '#005ba6'],
    team2: ['ANC', '#1b8a3a'],
    days: 20,
  },
  {
    title: 'Rand below R17 to the dollar by month end?',
    category: 'News Events',
    team1: ['Yes', '#2e7d32'],
    team2: ['No', '#6d4c41'],
    days: 25,
  },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 3)
    .toUpperCase();

/**
 * Bragging Rights: three championships (Currie Cup, SA20, Formula 1) and events in every category with logos, two
 * already played, predicted by demo members and scored, so the leaderboards and badges show something.
 */
export const braggingDemo: DemoPart = {
  name: 'bragging',
  async load() {
    const users = db().getRepository(User);
    const admin = await users.findOneByOrFail({ email: DEMO_ADMIN.email });
    const champs = db().getRepository(BraggingChampionship);
    const ids = new Map<string, string>();
    for (const c of CHAMPIONSHIPS) {
      const existing = await champs.findOneBy({ name: c.name });
      const id =
        existing?.id ??
        (
          await champs.insert({
            name: c.name,
            description: c.description,
            category: c.category,
            startDate: day(c.start),
            endDate: day(c.end),
            createdById: admin.id,
          })
        ).identifiers[0].id;
      ids.set(c.name, id);
    }
    const events = db().getRepository(BraggingEvent);
    for (const e of EVENTS) {
      if (await events.existsBy({ title: e.title })) continue;
      const [logo1, logo2] = [
        await demoPhoto(initials(e.team1[0]), e.team1[1], '#ffffff'),
        await demoPhoto(initials(e.team2[0]), e.team2[1], '#ffffff'),
      ];
      const inserted = await events.insert({
        title: e.title,
        category: e.category,
        championshipId: e.championship ? ids.get(e.championship)! : null,
        team1Name: e.team1[0],
        team2Name: e.team2[0],
        team1Logo: logo1.url,
        team2Logo: logo2.url,
        files: [logo1, logo2].flatMap((l) => [l.url, l.thumbnailUrl, ...l.variants.map((v) => v.url)]),
        eventDate: at(e.days),
        closingDate: at(e.days - 1),
        createdById: admin.id,
      });
      const eventId = inserted.identifiers[0].id as string;
      if (!e.predictions || !e.score) continue;
      for (const [member, winner, margin] of e.predictions) {
        const m = await users.findOneByOrFail({ email: DEMO_MEMBERS[member].email });
        await db()
          .getRepository(BraggingPrediction)
          .insert({ eventId, memberId: m.id, predictedWinner: winner, predictedMargin: margin });
      }
      await scoreEvent(admin, eventId, e.score[0], e.score[1]);
    }
  },
};
