import { db } from '../../kernel/database';
import type { Logger } from '../../kernel/logger';
import type { ScheduledJob } from '../../kernel/scheduler';
import { queryRows } from '../../kernel/rows';
import { NotificationType } from '../notifications/notification.entity';
import { notify } from '../notifications/notification.service';
import { VaultDocumentType } from './vault-document.entity';

// -------------------------------------------------------------------------------------------------- reminders

const TYPE_LABEL: Record<VaultDocumentType, string> = {
  passport: 'passport',
  visa: 'visa',
  id: 'ID',
  license: 'licence',
  other: 'document',
};

/**
 * Sends each due expiry reminder once: the documents whose `expiration_date - reminder_days` has come are claimed by
 * one UPDATE that sets `reminded_at` (rows another process is claiming are skipped, and a claimed row no longer
 * matches), so with several API processes each document is reminded by exactly one. The notification goes through the
 * notifications service (stored, and live to open sessions); if it cannot be stored, the claim is released for the
 * next run. Also forgets expired unlocks. Answers how many reminders were sent.
 */
export async function sendDueReminders(log?: Logger): Promise<number> {
  await db().query('DELETE FROM vault_unlocks WHERE expires_at < now()');
  const due = await queryRows<{
    id: string;
    owner_id: string;
    document_name: string;
    document_type: VaultDocumentType;
    expiration_date: string;
    days: number;
  }>(
    `UPDATE vault_documents d SET reminded_at = now()
       FROM (SELECT id FROM vault_documents
              WHERE reminded_at IS NULL AND expiration_date IS NOT NULL AND (expiration_date - reminder_days) <= ` +
      `CURRENT_DATE
              LIMIT 500 FOR UPDATE SKIP LOCKED) due
      WHERE d.id = due.id AND d.reminded_at IS NULL
      RETURNING d.id, d.owner_id, d.document_name, d.document_type, to_char(d.expiration_date, 'YYYY-MM-DD') AS ` +
      `expiration_date,
                (d.expiration_date - CURRENT_DATE) AS days`,
  );
  let sent = 0;
  for (const d of due) {
    const what = `${TYPE_LABEL[d.document_type] ?? 'document'} "${d.document_name}"`;
    const message =
      d.days < 0
        ? `Your ${what} expired on ${d.expiration_date}.`
        : d.days === 0
          ? `Your ${what} expires today.`
          : `Your ${what} expires on ${d.expiration_date} (in ${d.days} day${d.days === 1 ? '' : 's'}).`;
    try {
      await notify(d.owner_id, {
        title: 'Document Expiring Soon',
        message,
        type: NotificationType.warning,
        link: '/profile?tab=vault',
      });
      sent++;
    } catch (err) {
      await db()
        .query('UPDATE vault_documents SET reminded_at = NULL WHERE id = $1', [d.id])
        .catch(() => undefined);
      log?.warn({ err, documentId: d.id }, 'vault reminder could not be sent; it is tried again on the next run');
    }
  }
  return sent;
}

/** The reminder job, run by the scheduler (kernel/scheduler.ts) at start and then every 10 minutes. */
export const vaultRemindersJob: ScheduledJob = {
  name: 'vault reminders',
  everyMs: 10 * 60_000,
  run: async (log) => {
    const sent = await sendDueReminders(log);
    if (sent) log.info({ sent }, 'vault expiry reminders sent');
  },
};
