// Texts and figures of the events screens (spec 001 sections 2.6, 5, 8 and 9).

export const DEFAULT_TOTAL_TICKETS = 50;

/** "$12.50"; a whole amount without cents ("$20"). */
export function money(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** The price a card shows: Free at 0. */
export const priceText = (price: number) => (price === 0 ? 'Free' : money(price));

/** The quantity a booking may ask for: a whole number between 1 and the tickets available. */
export function clampQuantity(value: number, available: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.max(1, Math.min(Math.trunc(value), Math.max(available, 1)));
}

/** Total tickets as the form sends them: 50 when the input is not a number (spec 001 section 9). */
export function totalTicketsOf(input: string): number {
  const n = Number.parseInt(input, 10);
  return Number.isNaN(n) ? DEFAULT_TOTAL_TICKETS : n;
}

export const bookedText = (n: number, title: string) => `You've successfully booked ${n} ticket(s) for ${title}`;
export const createdText = (title: string) => `${title} has been created successfully`;
export const ticketsLeftText = (n: number) => (n === 1 ? '1 ticket left' : `${n} tickets left`);

/** "Sat, 1 Mar 2099 · 18:30" from the stored day and time, read as a calendar day (no time-zone shift). */
export function whenText(date: string, time: string | null | undefined): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-ZA', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return time ? `${day} · ${time}` : day;
}
