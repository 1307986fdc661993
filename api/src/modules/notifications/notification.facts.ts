import type { FactSql } from '../../kernel/facts';

/** The viewer's state of a page of notifications (one statement for the page: see kernel/facts.ts). */
export interface NotificationFacts {
  /** The viewer has read this broadcast (their notification_reads row exists; found by its primary key). */
  readByViewer: boolean;
}

export const notificationFacts: FactSql<NotificationFacts> = {
  readByViewer: 'SELECT EXISTS (SELECT 1 FROM notification_reads WHERE member_id = $2 AND notification_id = t.id)',
};
