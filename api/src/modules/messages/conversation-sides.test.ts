import { describe, expect, it } from 'vitest';
import { db } from '../../kernel/database';
import { buildConversation, buildUser, buildWebhook } from '../../test/factories';
import { gql } from '../../test/helpers';
import { WebhookEvent } from '../webhooks/webhook.entity';
import { sidesShown } from './conversation-sides';

const SEND = `mutation($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`;

/** Two members in one conversation where `alias` appears only as "Alpha" (a persona), `plain` as themself. */
async function aliasConversation() {
  const alias = await buildUser({
    firstName: 'Realname',
    lastName: 'Behindalpha',
    profileImageUrl: '/media/avatars/real.png',
  });
  const plain = await buildUser({ firstName: 'Plain', lastName: 'Member' });
  const [x, y] = [alias.id, plain.id].sort();
  // A member-origin key, so the other side's webhooks hear of messages: the persona must hold there too.
  const conversation = await buildConversation({
    a: alias.id,
    b: plain.id,
    personas: ['Alpha', null],
    originKey: `member:${x}:${y}`,
  });
  return { alias, plain, conversation };
}

describe('a conversation side with a persona, outside the chat (issue 24, finding 2)', () => {
  it('requires authentication', async () => {
    const { conversation } = await aliasConversation();
    expect((await gql(SEND, { c: conversation.id, b: 'Hallo' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('is its alias only wherever a side becomes data: no member id, real name or profile photo', async () => {
    const { alias, plain, conversation } = await aliasConversation();
    const sides = (await sidesShown([conversation.id])).get(conversation.id)!;
    expect(sides.find((s) => s.memberId === alias.id)!.shown).toEqual({
      memberId: null,
      name: 'Alpha',
      photoUrl: null,
    });
    expect(sides.find((s) => s.memberId === plain.id)!.shown).toEqual({
      memberId: plain.id,
      name: 'Plain Member',
      photoUrl: null,
    });
    const chat = await gql(
      `query($id: ID!) { conversation(id: $id) { peer { memberId name photoUrl } } }`,
      { id: conversation.id },
      { as: plain },
    );
    expect(chat.data.conversation.peer).toEqual({ memberId: null, name: 'Alpha', photoUrl: null });
  });

  it("a message from the alias reaches the other side's webhook naming the alias only, never the member behind it", async () => {
    const { alias, plain, conversation } = await aliasConversation();
    const hook = await buildWebhook({ memberId: plain.id, events: [WebhookEvent.newMessage] });
    const sent = await gql(SEND, { c: conversation.id, b: 'Hallo from Alpha' }, { as: alias });
    expect(sent.errors).toBeUndefined();
    const [delivery] = (await db().query(`SELECT payload FROM webhook_deliveries WHERE webhook_id = $1`, [
      hook.id,
    ])) as Array<{ payload: { data: Record<string, unknown> } }>;
    expect(delivery.payload.data).toMatchObject({
      message: { body: 'Hallo from Alpha', conversationId: conversation.id },
      sender: { id: null, name: 'Alpha' },
    });
    const text = JSON.stringify(delivery.payload);
    for (const secret of [alias.id, 'Realname', 'Behindalpha', alias.email, '/media/avatars/real.png'])
      expect(text).not.toContain(secret);
  });
});
