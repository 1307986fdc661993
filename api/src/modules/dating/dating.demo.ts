import { db } from '../../kernel/database';
import { demoPhoto } from '../../kernel/demo';
import type { DemoPart } from '../../kernel/demo';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { DatingAlias } from './dating-alias.entity';
import { coarsePosition } from './dating.position';

interface DemoAlias {
  member: number;
  aliasName: string;
  age: number;
  bio: string;
  interests: string[];
  lookingFor: string;
  gender: string;
  interestedIn: string;
  latitude: number;
  longitude: number;
  colors: [string, string];
  /** Likes every new alias, so a newcomer can see a match (dating.service.ts `welcome`). */
  likesNewcomers?: boolean;
}

// Around Cape Town, the position the app falls back to when the browser gives none, so they are within 50 km.
export const DEMO_ALIASES: DemoAlias[] = [
  {
    member: 2,
    aliasName: 'Table Mountain Hiker',
    age: 29,
    bio: "Up Lion's Head before sunrise, coffee after.",
    interests: ['hiking', 'coffee', 'photography', 'braai'],
    lookingFor: 'long-term',
    gender: 'female',
    interestedIn: 'everyone',
    latitude: -33.93,
    longitude: 18.41,
    colors: ['#f76b1c', '#6a1b9a'],
    likesNewcomers: true,
  },
  {
    member: 1,
    aliasName: 'Braai Master',
    age: 34,
    bio: 'I make the best boerewors rolls this side of the Boland.',
    interests: ['braai', 'rugby', 'wine'],
    lookingFor: 'long-term',
    gender: 'male',
    interestedIn: 'female',
    latitude: -33.96,
    longitude: 18.47,
    colors: ['#b5651d', '#3e2723'],
  },
  {
    member: 4,
    aliasName: 'Jazz in the Garden',
    age: 31,
    bio: 'Kirstenbosch concerts and a picnic blanket.',
    interests: ['jazz', 'picnics', 'wine', 'books'],
    lookingFor: 'friend',
    gender: 'female',
    interestedIn: 'male',
    latitude: -33.99,
    longitude: 18.43,
    colors: ['#1e7b4f', '#004d40'],
  },
  {
    member: 6,
    aliasName: 'Surf and Sunsets',
    age: 27,
    bio: 'Muizenberg mornings, Camps Bay evenings.',
    interests: ['surfing', 'photography', 'coffee'],
    lookingFor: 'nsa',
    gender: 'male',
    interestedIn: 'everyone',
    latitude: -34.1,
    longitude: 18.47,
    colors: ['#1565c0', '#00acc1'],
  },
  {
    member: 7,
    aliasName: 'Bookish Bokkie',
    age: 38,
    bio: 'Second-hand bookshops and long lunches.',
    interests: ['books', 'coffee', 'hiking'],
    lookingFor: 'long-term',
    gender: 'female',
    interestedIn: 'everyone',
    latitude: -33.92,
    longitude: 18.86,
    colors: ['#a83232', '#4a148c'],
  },
];

/** A handful of aliases by demo members around Cape Town; one likes every new alias. */
export const datingDemo: DemoPart = {
  name: 'dating',
  async load() {
    for (const a of DEMO_ALIASES) {
      const member = await db().getRepository(User).findOneBy({ email: DEMO_MEMBERS[a.member].email });
      if (!member) continue;
      const photo = await demoPhoto(a.aliasName, a.colors[0], a.colors[1]);
      await db()
        .getRepository(DatingAlias)
        .insert({
          memberId: member.id,
          aliasName: a.aliasName,
          age: a.age,
          bio: a.bio,
          interests: a.interests,
          lookingFor: a.lookingFor,
          gender: a.gender,
          interestedIn: a.interestedIn,
          ...coarsePosition(a.latitude, a.longitude),
          likesNewcomers: a.likesNewcomers ?? false,
          photos: [photo.url],
          media: [[photo.url, photo.thumbnailUrl, ...photo.variants.map((v) => v.url)]],
        });
    }
  },
};
