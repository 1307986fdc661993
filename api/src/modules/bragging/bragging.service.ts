import { requireAdmin, requireViewer } from '../../kernel/auth';
import type { Viewer } from '../../kernel/context';
import type { EntityManager } from 'typeorm';
import { db } from '../../kernel/database';
import { badInput, conflict, notFound } from '../../kernel/errors';
import { checkUuid, UUID } from '../../kernel/ids';
import { option, text } from '../../kernel/input';
import { deleteMedia } from '../../kernel/media';
import { keysetPage, type Page } from '../../kernel/pagination';
import { limitUploads } from '../../kernel/rate-limit';
import { checkUpload, decodeDataUrl, storeUpload, storedUrls, type CheckedUpload } from '../../kernel/upload';
import type { AdminAction } from '../admin/admin-actions';
import { recordAdminAction } from '../admin/admin-audit.service';
import { BraggingEvent } from './bragging-event.entity';
import { BraggingChampionship } from './bragging-championship.entity';
import { BraggingPrediction } from './bragging-prediction.entity';

const championships = () => db().getRepository(BraggingChampionship);
export const events = () => db().getRepository(BraggingEvent);
export const predictions = () => db().getRepository(BraggingPrediction);

/** The categories of Bragging Rights (spec 002 section 9), as stored and shown. */
export const CATEGORIES = ['Rugby', 'Cricket', 'F1', 'EFC', 'Politics', 'News Events'] as const;
/** The largest team logo (spec 002 section 9: 2 MB). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** Points for the right winner; the margin bonus when exact, and when within MARGIN_CLOSE (docs/api.md: scoring). */
export const WINNER_POINTS = 10;
export const EXACT_MARGIN_BONUS = 10;
export const CLOSE_MARGIN_BONUS = 5;
export const MARGIN_CLOSE = 5;
/** Championship standings show the top 10 (spec 002 section 9). */
export const CHAMPIONSHIP_TOP = 10;

/** The leaderboards: everything scored, one category's events, or one championship's. */
export const scopes = {
  overall: 'overall',
  category: (c: string) => `category:${c}`,
  championship: (id: string) => `championship:${id}`,
};

const MISSING = 'is required: Missing fields: Please fill in all required fields';
export const category = (v: unknown, field = 'category'): string => option(v, field, CATEGORIES, { required: true });

/** A category filter: absent, or one of the categories ('All' means absent). */
export function categoryFilter(v: unknown): string | null {
  const c = text(v, 'category', { max: Infinity });
  return !c || c === 'All' ? null : category(c);
}

/**
 * Every admin operation of Bragging Rights passes here: the server refuses members (FORBIDDEN, nothing changes).
 * It is also the one place where the admin panel's audit log will record these actions (`action` names them).
 */
export async function asAdmin<T>(
  viewer: Viewer | null,
  action: AdminAction,
  run: (
    admin: Viewer,
    audit: (tx: EntityManager, targetType: string, targetId: string, after?: Record<string, unknown>) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const v = requireAdmin(viewer);
  // The admin audit log's entry, written in the transaction of the action's writes (they commit together).
  return run(v, (tx, targetType, targetId, after) =>
    recordAdminAction(tx, { actorId: v.id, action, targetType, targetId, after }),
  );
}

function requiredText(v: unknown, field: string, max: number): string {
  const s = text(v, field, { max });
  if (!s) throw badInput(field, MISSING);
  return s;
}

function requiredDate(v: unknown, field: string): Date {
  if (v === null || v === undefined || v === '') throw badInput(field, MISSING);
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) throw badInput(field, 'must be an ISO date');
  return d;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export interface ChampionshipDraft {
  name?: string | null;
  description?: string | null;
  category?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

/** Creates a championship (admins): the spec's 'Missing fields' and 'Invalid dates' messages. */
export function createChampionship(viewer: Viewer | null, input: ChampionshipDraft): Promise<BraggingChampionship> {
  return asAdmin(viewer, 'bragging.championship.create', async (admin, audit) => {
    const name = requiredText(input.name, 'name', 120);
    const description = requiredText(input.description, 'description', 1000);
    const startDate = requiredDate(input.startDate, 'startDate');
    const endDate = requiredDate(input.endDate, 'endDate');
    const cat = category(input.category);
    if (isoDay(endDate) <= isoDay(startDate))
      throw badInput('endDate', 'must be after startDate: Invalid dates: End date must be after start date');
    const id = await db().transaction(async (tx) => {
      const inserted = await tx.getRepository(BraggingChampionship).insert({
        name,
        description,
        category: cat,
        startDate: isoDay(startDate),
        endDate: isoDay(endDate),
        createdById: admin.id,
      });
      const newId = inserted.identifiers[0].id as string;
      await audit(tx, 'championship', newId, {
        name,
        category: cat,
        startDate: isoDay(startDate),
        endDate: isoDay(endDate),
      });
      return newId;
    });
    return championships().findOneByOrFail({ id });
  });
}

export interface EventDraft {
  title?: string | null;
  category?: string | null;
  championshipId?: string | null;
  team1Name?: string | null;
  team1Logo?: string | null;
  team2Name?: string | null;
  team2Logo?: string | null;
  eventDate?: string | null;
  closingDate?: string | null;
}

/** A team logo: an image (checked by its bytes) of at most 2 MB, or none. */
async function logo(dataUrl: string | null | undefined, field: string): Promise<CheckedUpload | null> {
  if (!dataUrl) return null;
  // the spec's 2 MB, before the 5 MB image rule
  decodeDataUrl(dataUrl, field, MAX_LOGO_BYTES, 'Logo must be at most 2MB');
  return checkUpload(dataUrl, 'image', field);
}

/**
 * Creates an event (admins): title, both team names and both dates required ('Missing fields'), the closing date
 * before the event date ('Invalid deadline'), the championship (optional) of the same category, logos as images of
 * at most 2 MB stored in the media store.
 */
export function createEvent(viewer: Viewer | null, input: EventDraft): Promise<BraggingEvent> {
  return asAdmin(viewer, 'bragging.event.create', async (admin, audit) => {
    const title = requiredText(input.title, 'title', 200);
    const team1Name = requiredText(input.team1Name, 'team1Name', 100);
    const team2Name = requiredText(input.team2Name, 'team2Name', 100);
    const eventDate = requiredDate(input.eventDate, 'eventDate');
    const closingDate = requiredDate(input.closingDate, 'closingDate');
    if (closingDate.getTime() >= eventDate.getTime()) {
      throw badInput(
        'closingDate',
        'must be before eventDate: Invalid deadline: Prediction deadline must be before the event date',
      );
    }
    const cat = category(input.category);
    let championshipId: string | null = null;
    if (input.championshipId) {
      const champ = await championships().findOneBy({ id: checkUuid(input.championshipId, 'championshipId') });
      if (!champ) throw notFound('Championship');
      if (champ.category !== cat) throw badInput('championshipId', `must be a championship of ${cat}`);
      championshipId = champ.id;
    }
    const [logo1, logo2] = [await logo(input.team1Logo, 'team1Logo'), await logo(input.team2Logo, 'team2Logo')];
    const uploads = [logo1, logo2].filter(Boolean).length;
    if (uploads) await limitUploads(admin.id, uploads);
    const stored: string[] = [];
    try {
      const s1 = logo1 ? await storeUpload(logo1) : null;
      if (s1) stored.push(...storedUrls(s1));
      const s2 = logo2 ? await storeUpload(logo2) : null;
      if (s2) stored.push(...storedUrls(s2));
      const id = await db().transaction(async (tx) => {
        const inserted = await tx.getRepository(BraggingEvent).insert({
          title,
          category: cat,
          championshipId,
          team1Name,
          team2Name,
          team1Logo: s1?.url ?? null,
          team2Logo: s2?.url ?? null,
          files: stored,
          eventDate,
          closingDate,
          createdById: admin.id,
        });
        const newId = inserted.identifiers[0].id as string;
        await audit(tx, 'event', newId, {
          title,
          category: cat,
          championshipId,
          team1Name,
          team2Name,
          eventDate,
          closingDate,
        });
        return newId;
      });
      return await events().findOneByOrFail({ id });
    } catch (err) {
      await deleteMedia(stored); // no event, no files
      throw err;
    }
  });
}

/** Championships, newest first, optionally of one category. */
export async function listChampionships(
  viewer: Viewer | null,
  args: { category?: string | null; first?: number | null; after?: string | null },
): Promise<Page<BraggingChampionship>> {
  requireViewer(viewer);
  const qb = championships().createQueryBuilder('c');
  const cat = categoryFilter(args.category);
  if (cat) qb.where('c.category = :cat', { cat });
  return keysetPage(qb, 'c', args);
}

/** One championship, or null (also for an id that cannot be one): the page shows 'Championship not found'. */
export async function findChampionship(viewer: Viewer | null, id: string): Promise<BraggingChampionship | null> {
  requireViewer(viewer);
  if (!UUID.test(id)) return null;
  return championships().findOneBy({ id });
}

/** Events, latest event date first, optionally of one category or one championship. */
export async function listEvents(
  viewer: Viewer | null,
  args: { category?: string | null; championshipId?: string | null; first?: number | null; after?: string | null },
): Promise<Page<BraggingEvent>> {
  requireViewer(viewer);
  const qb = events().createQueryBuilder('e');
  const cat = categoryFilter(args.category);
  if (cat) qb.andWhere('e.category = :cat', { cat });
  if (args.championshipId)
    qb.andWhere('e.championship_id = :ch', { ch: checkUuid(args.championshipId, 'championshipId') });
  return keysetPage(qb, 'e', args, 'DESC', { column: 'event_date', property: 'eventDate' });
}

export interface PredictionDraft {
  eventId?: string | null;
  predictedWinner?: string | null;
  predictedMargin?: number | null;
}

/**
 * A member predicts an upcoming event's winner and optional margin before its closing date, once. One statement:
 * the row is inserted only while the event (locked FOR SHARE, so a scoring waits or is waited for) takes
 * predictions, and the unique (event, member) index makes a retry or a second click a CONFLICT, never a second row.
 */
export async function predict(viewer: Viewer | null, input: PredictionDraft): Promise<BraggingPrediction> {
  const v = requireViewer(viewer);
  if (!input.eventId) throw badInput('eventId', 'is required: Invalid prediction: Please try again');
  const eventId = checkUuid(input.eventId, 'eventId');
  const winner = input.predictedWinner ?? 'team1';
  if (winner !== 'team1' && winner !== 'team2') throw badInput('predictedWinner', 'must be team1 or team2');
  const margin = input.predictedMargin ?? null;
  if (margin !== null && (!Number.isInteger(margin) || margin < 0 || margin > 1000))
    throw badInput('predictedMargin', 'must be a whole number from 0 to 1000');
  const rows = (await db().query(
    `INSERT INTO bragging_predictions (event_id, member_id, predicted_winner, predicted_margin)
     SELECT e.id, $2, $3, $4 FROM bragging_events e
      WHERE e.id = $1 AND NOT e.is_scored AND NOT e.is_closed AND e.event_date > now() AND e.closing_date > now()
      FOR SHARE
     ON CONFLICT (event_id, member_id) DO NOTHING RETURNING id`,
    [eventId, v.id, winner, margin],
  )) as Array<{ id: string }>;
  if (rows[0]) return predictions().findOneByOrFail({ id: rows[0].id });
  if (!(await events().existsBy({ id: eventId }))) throw notFound('Event');
  if (await predictions().existsBy({ eventId, memberId: v.id }))
    throw conflict('ALREADY_PREDICTED', 'You have already made a prediction for this event');
  throw badInput('eventId', 'is closed: predictions for this event are no longer accepted');
}

/** The viewer's predictions of some events, for BraggingEvent.userPrediction. */
export function viewerPredictions(viewerId: string, eventIds: readonly string[]): Promise<BraggingPrediction[]> {
  return predictions()
    .createQueryBuilder('p')
    .where('p.member_id = :me AND p.event_id = ANY(:ids)', { me: viewerId, ids: eventIds })
    .getMany();
}
