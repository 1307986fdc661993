import { db } from '../../kernel/database';
import type { DemoPart } from '../../kernel/demo';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { sendMessage, startConversation } from './message.service';

/** The spec's sample thread (001 section 2.8) as stored conversations of the demo member: [other member, lines]. */
const THREADS: Array<{ with: number; lines: Array<[fromDemoMember: boolean, text: string]> }> = [
  {
    with: 1,
    lines: [
      [false, 'Howzit Thandi! Are you coming to the Heritage Day braai?'],
      [true, 'Ja, definitely! Should I bring boerewors or chakalaka?'],
      [false, 'Both 😄 The details are on the events page: https://saffa.example/events'],
    ],
  },
  { with: 2, lines: [[false, 'Hi! Thanks for the tip about the Sydney visa office, it helped a lot.']] },
];

/** Two conversations of the demo member, sent through the service (its rules, its unread counts). */
export const messagesDemo: DemoPart = {
  name: 'messages',
  async load() {
    const byEmail = new Map<string, User>();
    for (const u of await db().getRepository(User).find()) if (u.email) byEmail.set(u.email, u);
    const members = DEMO_MEMBERS.map((d) => byEmail.get(d.email));
    const me = members[0];
    if (!me) return;
    for (const thread of THREADS) {
      const other = members[thread.with];
      if (!other) continue;
      const conversation = await startConversation({ id: me.id, role: me.role }, { memberId: other.id });
      for (const [mine, text] of thread.lines)
        await sendMessage({ id: (mine ? me : other).id, role: (mine ? me : other).role }, conversation.id, text);
    }
  },
};
