/** The spec's event categories (001 section 5), in its order. */
export const EVENT_CATEGORIES = [
  'Networking',
  'Technology',
  'Arts & Culture',
  'Business',
  'Sports',
  'Music',
  'Other',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** Total tickets when the form's input is not a number (001 section 9). */
export const DEFAULT_TOTAL_TICKETS = 50;
export const MAX_TOTAL_TICKETS = 100_000;
/** The highest ticket price in dollars. */
export const MAX_TICKET_PRICE = 100_000;
