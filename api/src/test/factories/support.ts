import { db } from '../../kernel/database';
import { SupportMessage } from '../../modules/support/support-message.entity';
import { SupportThread } from '../../modules/support/support-thread.entity';
import { insert, memberRef, next } from './core';

/** A member's support thread (a new member unless given), with no messages yet. */
export async function buildSupportThread(overrides: Partial<SupportThread> = {}): Promise<SupportThread> {
  return insert(SupportThread, { ...overrides, memberId: await memberRef(overrides.memberId) });
}

/**
 * A message in a support thread (a new one unless given), from its member unless `fromSupport` (then from support,
 * by `authorId` when given). The thread moves to it, as the service moves it.
 */
export async function buildSupportMessage(overrides: Partial<SupportMessage> = {}): Promise<SupportMessage> {
  const thread = overrides.threadId
    ? await db().getRepository(SupportThread).findOneByOrFail({ id: overrides.threadId })
    : await buildSupportThread();
  const fromSupport = overrides.fromSupport ?? false;
  const message = await insert(SupportMessage, {
    body: `Support message ${next()}`,
    ...overrides,
    threadId: thread.id,
    fromSupport,
    authorId: overrides.authorId !== undefined ? overrides.authorId : fromSupport ? null : thread.memberId,
  });
  await db()
    .getRepository(SupportThread)
    .update(thread.id, {
      lastMessageId: message.id,
      lastMessageAt: message.createdAt,
      ...(fromSupport ? { lastSupportMessageAt: message.createdAt } : { lastMemberMessageAt: message.createdAt }),
    });
  return message;
}
