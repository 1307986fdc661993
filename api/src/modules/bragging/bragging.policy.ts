import type { BraggingEvent } from './bragging-event.entity';

/**
 * The derived status of an event (spec 002): completed when scored; in progress once its date passed or it was closed.
 */
export type EventStatus = 'upcoming' | 'in_progress' | 'completed';

export function eventStatus(
  e: Pick<BraggingEvent, 'isScored' | 'isClosed' | 'eventDate'>,
  now = new Date(),
): EventStatus {
  if (e.isScored) return 'completed';
  if (e.isClosed || e.eventDate.getTime() <= now.getTime()) return 'in_progress';
  return 'upcoming';
}

/** A member may predict an upcoming event before its closing date (and only once: the unique index). */
export const canPredict = (
  e: Pick<BraggingEvent, 'isScored' | 'isClosed' | 'eventDate' | 'closingDate'>,
  now = new Date(),
) => eventStatus(e, now) === 'upcoming' && e.closingDate.getTime() > now.getTime();

/** An admin may score an event that is not scored yet and is in progress. */
export const canScore = (e: Pick<BraggingEvent, 'isScored' | 'isClosed' | 'eventDate'>, now = new Date()) =>
  eventStatus(e, now) === 'in_progress';
