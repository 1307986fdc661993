import type { BraggingEventFieldsFragment } from './bragging.generated';

/** Championships listed on the screen and offered in Add Event (a category has a handful at a time). */
export const CHAMPIONSHIPS_SHOWN = 50;
/** Team logos: images of at most 2 MB (spec 002 section 9). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

type PredictionAction = 'select' | 'selected' | 'missed';

/**
 * The event's button (spec 002): Select while it is upcoming, the member has no prediction and the closing date has
 * not passed; a disabled Selected once predicted; a disabled Missed after the deadline with no prediction.
 */
export function predictionAction(
  e: Pick<BraggingEventFieldsFragment, 'status' | 'closingDate' | 'userPrediction'>,
  now = Date.now(),
): PredictionAction {
  if (e.userPrediction) return 'selected';
  if (e.status === 'upcoming' && new Date(e.closingDate).getTime() > now) return 'select';
  return 'missed';
}

export const STATUS_LABEL: Record<BraggingEventFieldsFragment['status'], string> = {
  upcoming: 'Upcoming',
  in_progress: 'In progress',
  completed: 'Completed',
};

/** An admin may score an event that is not scored yet and in progress (spec 002). */
export const canScore = (e: Pick<BraggingEventFieldsFragment, 'status'>) => e.status === 'in_progress';

export interface FormProblem {
  title: string;
  description: string;
}

const MISSING: FormProblem = { title: 'Missing fields', description: 'Please fill in all required fields' };

/**
 * The spec's championship rules: every field required ('Missing fields'), the end after the start ('Invalid dates').
 */
export function championshipProblem(v: {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
}): FormProblem | null {
  if (!v.name.trim() || !v.description.trim() || !v.startDate || !v.endDate) return MISSING;
  if (v.endDate <= v.startDate) return { title: 'Invalid dates', description: 'End date must be after start date' };
  return null;
}

/**
 * The spec's event rules: title, teams and both dates required; predictions close before the event ('Invalid
 * deadline').
 */
export function eventProblem(v: {
  title: string;
  team1Name: string;
  team2Name: string;
  eventDate: string;
  closingDate: string;
}): FormProblem | null {
  if (!v.title.trim() || !v.team1Name.trim() || !v.team2Name.trim() || !v.eventDate || !v.closingDate) return MISSING;
  if (new Date(v.closingDate).getTime() >= new Date(v.eventDate).getTime()) {
    return { title: 'Invalid deadline', description: 'Prediction deadline must be before the event date' };
  }
  return null;
}

/** "Sat 6 Dec, 18:00" in the member's time zone. */
export function formatEventDate(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString('en-ZA', { weekday: 'short', day: 'numeric', month: 'short' });
  const time = d.toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day}, ${time}`;
}

/** The podium colours of the first three places (spec 002: gold, silver, bronze). */
export const PODIUM = ['Gold', 'Silver', 'Bronze'] as const;
