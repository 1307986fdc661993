import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { gql, loadDemoMembers, silentLog } from '../../test/helpers';
import { User } from '../users/user.entity';
import { messagesDemo } from './message.demo';

describe('the messages demo part', () => {
  it('gives the demo member stored conversations, latest first, with an unread one', async () => {
    await loadDemoMembers();
    await messagesDemo.load(silentLog);
    const thandi = await db().getRepository(User).findOneByOrFail({ email: 'thandi@demo.saffa.local' });
    const res = await gql(
      `{ unreadConversations conversations(first: 10) { nodes { id peer { name } unreadCount lastMessage { body mine ` +
        `} } } }`,
      {},
      { as: thandi },
    );
    expect(res.errors).toBeUndefined();
    const list = res.data.conversations.nodes as Array<{
      id: string;
      peer: { name: string };
      unreadCount: number;
      lastMessage: { body: string; mine: boolean };
    }>;
    expect(list.map((c) => c.peer.name)).toEqual(['Lerato Mokoena', 'Pieter van der Merwe']);
    expect(list.every((c) => c.unreadCount === 1 && !c.lastMessage.mine)).toBe(true);
    expect(res.data.unreadConversations).toBe(2);
    const thread = await gql(
      `query($c: ID!) { messages(conversationId: $c, first: 10) { nodes { body mine } } }`,
      { c: list[1].id },
      { as: thandi },
    );
    expect(thread.data.messages.nodes.map((m: { mine: boolean }) => m.mine).sort()).toEqual([false, false, true]);
  });
});
