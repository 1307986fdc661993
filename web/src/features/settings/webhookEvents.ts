import type { WebhookEvent } from '../../gql/graphql';

/**
 * Each event with its label, in the order the dialog offers them; `page` marks those a business page's webhook may
 * take.
 */
export const WEBHOOK_EVENTS: ReadonlyArray<{ value: WebhookEvent; label: string; page: boolean }> = [
  { value: 'newFollower', label: 'New follower', page: true },
  { value: 'newApplication', label: 'New job application', page: true },
  { value: 'newBooking', label: 'New event booking', page: false },
  { value: 'newMessage', label: 'New message', page: false },
];
export const EVENT_LABEL = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e.value, e.label])) as Record<
  WebhookEvent,
  string
>;
export const MAX_URL = 2000;

/** What the client checks before sending (the server checks the rest: https, public address, limits). */
export function webhookFormError(url: string, events: readonly WebhookEvent[]): string | null {
  const u = url.trim();
  if (!u) return 'URL is required.';
  if (u.length > MAX_URL) return `URL must be at most ${MAX_URL} characters.`;
  if (!/^https?:\/\/[^\s/]+/i.test(u)) return 'Enter a full https:// address.';
  if (!events.length) return 'Choose at least one event.';
  return null;
}
