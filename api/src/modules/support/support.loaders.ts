import { createLoader } from '../../kernel/loaders';
import { byIds, queryRows } from '../../kernel/rows';
import { SupportMessage } from './support-message.entity';

/** The support inbox's batch loaders, for the viewer (`viewerId`): one statement per page each. */
export function supportLoaders(viewerId: string | null) {
  return {
    messageById: createLoader<string, SupportMessage>(
      (ids) => byIds(SupportMessage, ids),
      (m) => m.id,
    ),
    /**
     * Unread messages per thread, from the viewer's side: in their own thread the answers they have not read; in
     * anyone else's (an admin's inbox) the member's messages the admin team has not read.
     */
    unreadByThread: createLoader<string, { id: string; n: number }>(
      (ids) =>
        queryRows<{ id: string; n: number }>(
          `SELECT t.id, (SELECT count(*) FROM support_messages m
              WHERE m.thread_id = t.id AND m.from_support = (t.member_id IS NOT DISTINCT FROM $2::uuid)
                AND m.created_at > COALESCE(CASE WHEN t.member_id IS NOT DISTINCT FROM $2::uuid THEN ` +
            `t.member_read_at ELSE t.support_read_at END, '-infinity'::timestamptz))::int AS n
             FROM support_threads t WHERE t.id = ANY($1::uuid[])`,
          [ids, viewerId],
        ),
      (r) => r.id,
    ),
  };
}

declare module '../../kernel/context' {
  interface Loaders {
    support: ReturnType<typeof supportLoaders>;
  }
}
