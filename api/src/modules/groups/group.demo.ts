import { db } from '../../kernel/database';
import { demoPhotoJpeg, type DemoPart } from '../../kernel/demo';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { GroupJoinRequest } from './group-join-request.entity';
import { sendGroupMessage } from './group-chat.service';
import { createGroup, decideJoinRequest, joinGroup } from './group.service';

/**
 * The spec's sample groups (the sheet's "Your Groups" and Discover Groups: one of each group type) as stored groups
 * near the demo members in Cape Town, Stellenbosch, Johannesburg and Durban, made through the service (the creator
 * is the admin), with members, a pending request and a few chat lines. Other parts may find them by name.
 */
export const DEMO_GROUPS = [
  {
    name: 'Cape Town Saffas',
    type: 'SAFFA Local Community',
    creator: 'thandi@demo.saffa.local',
    locationName: 'Sea Point, Cape Town',
    latitude: -33.9155,
    longitude: 18.3896,
    requiresApproval: false,
    colors: ['#1e7b4f', '#5fbf8f'],
    description: 'Locals and returning Saffas in the Mother City: meet-ups, tips and news from around the peninsula.',
    members: [
      'pieter@demo.saffa.local',
      'annelie@demo.saffa.local',
      'ayesha@demo.saffa.local',
      'johan@demo.saffa.local',
    ],
    chat: [
      ['pieter@demo.saffa.local', 'Anyone up for a walk on the promenade on Saturday morning?'],
      ['annelie@demo.saffa.local', 'Count me in! 8am at the Sea Point pool?'],
      ['thandi@demo.saffa.local', 'Lekker, see you all there.'],
    ],
  },
  {
    name: 'Braai Masters Stellenbosch',
    type: 'Braai',
    creator: 'pieter@demo.saffa.local',
    locationName: 'Stellenbosch',
    latitude: -33.9346,
    longitude: 18.8668,
    requiresApproval: true,
    colors: ['#7b2d12', '#c0692c'],
    description: 'Boerewors, sosaties and the eternal gas-versus-wood debate. New members are approved by the admins.',
    members: ['johan@demo.saffa.local'],
    requests: ['thandi@demo.saffa.local'],
    chat: [['johan@demo.saffa.local', 'Rooikrans or sekelbos for this weekend?']],
  },
  {
    name: 'Joburg Sport Fans',
    type: 'Sport',
    creator: 'sipho@demo.saffa.local',
    locationName: 'Soweto, Johannesburg',
    latitude: -26.2485,
    longitude: 27.854,
    requiresApproval: false,
    colors: ['#1e4f7b', '#4f8fcf'],
    description: 'Springboks, Proteas and Bafana Bafana: watch parties and banter.',
    members: ['naledi@demo.saffa.local', 'lerato@demo.saffa.local'],
    chat: [['naledi@demo.saffa.local', 'Watch party at the Vilakazi Street spot for the next Bok test?']],
  },
  {
    name: 'Durban Jokes & Banter',
    type: 'Jokes',
    creator: 'lerato@demo.saffa.local',
    locationName: 'Umhlanga, Durban',
    latitude: -29.7264,
    longitude: 31.0849,
    requiresApproval: false,
    colors: ['#7b1e5a', '#c05a9b'],
    description: 'Clean jokes, local humour and the best "only in SA" moments.',
    members: ['sipho@demo.saffa.local'],
    chat: [],
  },
  {
    name: 'Winelands Favourites',
    type: 'Favourites',
    creator: 'annelie@demo.saffa.local',
    locationName: 'Franschhoek',
    latitude: -33.9133,
    longitude: 19.1169,
    requiresApproval: false,
    colors: ['#8a6d00', '#d4b03c'],
    description: 'Our favourite farm stalls, wine farms and hiking trails in the Winelands.',
    members: ['thandi@demo.saffa.local', 'ayesha@demo.saffa.local'],
    chat: [],
  },
  {
    name: 'Southern Suburbs Swap & Help',
    type: 'Other',
    creator: 'ayesha@demo.saffa.local',
    locationName: 'Claremont, Cape Town',
    latitude: -33.9806,
    longitude: 18.4653,
    requiresApproval: false,
    colors: ['#5a3e9b', '#9b7fd4'],
    description: 'Lend a ladder, find a plumber, swap school uniforms.',
    members: [],
    chat: [],
  },
] as const;

export const groupsDemo: DemoPart = {
  name: 'groups',
  async load() {
    const byEmail = new Map<string, User>();
    for (const u of await db()
      .getRepository(User)
      .find({ where: DEMO_MEMBERS.map((m) => ({ email: m.email })) }))
      if (u.email) byEmail.set(u.email, u);
    const as = (email: string) => {
      const u = byEmail.get(email);
      return u ? { id: u.id, role: u.role } : null;
    };
    for (const g of DEMO_GROUPS) {
      const creator = as(g.creator);
      if (!creator) continue;
      const photo = await demoPhotoJpeg(g.name, g.colors[0], g.colors[1]);
      const image = `data:image/jpeg;base64,${photo.toString('base64')}`;
      const { colors: _c, creator: _cr, members, chat, ...fields } = g;
      const group = await createGroup(creator, { ...fields, imageUrl: image });
      for (const email of members) {
        const m = as(email);
        if (!m) continue;
        await joinGroup(m, group.id);
        // Where approval is required, the creator approves the demo members' requests.
        const request = await db()
          .getRepository(GroupJoinRequest)
          .findOneBy({ groupId: group.id, memberId: m.id, status: 'pending' });
        if (request) await decideJoinRequest(creator, request.id, true);
      }
      if ('requests' in g) {
        for (const email of g.requests) {
          const m = as(email);
          if (m) await joinGroup(m, group.id);
        }
      }
      for (const [email, body] of chat) {
        const m = as(email);
        if (m) await sendGroupMessage(m, group.id, body);
      }
    }
  },
};
