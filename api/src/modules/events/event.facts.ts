import type { FactSql } from '../../kernel/facts';

/** What a page of events shows beyond its own columns, in one statement for the page (kernel/facts.ts). */
export interface EventFacts {
  hostName: string;
  hostImage: string | null;
  /** Tickets the viewer booked for it. */
  viewerTickets: number;
}

const ofHost = (expression: string) =>
  `SELECT ${expression} FROM events e JOIN users u ON u.id = e.host_id WHERE e.id = t.id`;

export const eventFacts: FactSql<EventFacts> = {
  hostName: ofHost(
    `coalesce(nullif(trim(concat_ws(' ', nullif(trim(u.first_name), ''), nullif(trim(u.last_name), ''))), ''), 'User')`,
  ),
  hostImage: ofHost('u.profile_image_url'),
  viewerTickets: 'SELECT coalesce(sum(quantity), 0)::int FROM event_bookings WHERE event_id = t.id AND member_id = $2',
};
