import { db } from '../../kernel/database';
import type { DemoPart } from '../../kernel/demo';
import { Business } from '../businesses/business.entity';
import { Post } from '../posts/post.entity';
import { widestRendition } from './profile.service';
import { DEMO_ADMIN, DEMO_MEMBERS } from './user.demo';
import { User } from './user.entity';

/** What each demo member's profile says of them: a bio, their home town and the country they live in now. */
export const DEMO_PROFILES: Record<string, { bio: string; homeTown: string; countryCode: string }> = {
  'thandi@demo.saffa.local': {
    bio: 'Community builder and rooibos evangelist. Say hi if you are new here!',
    homeTown: 'Johannesburg',
    countryCode: 'GB',
  },
  'pieter@demo.saffa.local': {
    bio: 'Boerewors critic, new in Perth. Still looking for proper biltong.',
    homeTown: 'Stellenbosch',
    countryCode: 'AU',
  },
  'lerato@demo.saffa.local': {
    bio: 'Organising braais for Saffas in Toronto since 2019.',
    homeTown: 'Soweto',
    countryCode: 'CA',
  },
  'sipho@demo.saffa.local': {
    bio: 'Chef, dad and Sharks supporter. The braai is always on.',
    homeTown: 'Durban',
    countryCode: 'ZA',
  },
  'annelie@demo.saffa.local': {
    bio: 'Immigration lawyer in Auckland. Rusks in the drawer, always.',
    homeTown: 'Bloemfontein',
    countryCode: 'NZ',
  },
  'ayesha@demo.saffa.local': {
    bio: 'Back home in the Cape after ten years away. Penguins, sea and samoosas.',
    homeTown: 'Cape Town',
    countryCode: 'ZA',
  },
  'johan@demo.saffa.local': {
    bio: 'Springbok fan in London. Will travel for a rugby pub.',
    homeTown: 'Pretoria',
    countryCode: 'GB',
  },
  'naledi@demo.saffa.local': {
    bio: 'Teacher in Dubai, vetkoek hunter on Sundays.',
    homeTown: 'Polokwane',
    countryCode: 'AE',
  },
  [DEMO_ADMIN.email]: {
    bio: 'Keeping Saffa friendly. Questions? Message the admins.',
    homeTown: 'Cape Town',
    countryCode: 'ZA',
  },
};

/**
 * The cover a demo member gets from what the demo already stored for them: the first photo of their oldest post
 * with photos, else the cover of a business page they own; none otherwise. It stays the post's or the page's file:
 * the member's own `profileMedia` keeps no copy, so replacing the cover never deletes the post's or page's photo.
 */
async function coverFor(memberId: string): Promise<string | null> {
  const posts = await db()
    .getRepository(Post)
    .find({ where: { authorId: memberId }, order: { createdAt: 'ASC' } });
  const photo = posts.flatMap((p) => p.images ?? [])[0];
  if (photo) return widestRendition(photo.variants ?? [], photo.url);
  const business = await db()
    .getRepository(Business)
    .findOne({ where: { ownerId: memberId }, order: { createdAt: 'ASC' } });
  return business?.coverPhotoUrl ?? null;
}

/**
 * The demo members' profiles: bio, home town, chosen country and, where the demo has a photo of theirs, a cover.
 * Idempotent: it fills only what is still empty, so running it again (or after a member edited their profile)
 * changes nothing. Runs after the posts and businesses parts, whose photos it reuses.
 */
export const profilesDemo: DemoPart = {
  name: 'profiles',
  async load() {
    for (const m of [DEMO_ADMIN, ...DEMO_MEMBERS]) {
      const user = await db().getRepository(User).findOneBy({ email: m.email });
      const profile = DEMO_PROFILES[m.email];
      if (!user || !profile) continue;
      await db().query(
        `UPDATE users SET bio = COALESCE(bio, $2), home_town = COALESCE(home_town, $3), country_code = ` +
          `COALESCE(country_code, $4),
                cover_image_url = COALESCE(cover_image_url, $5)
          WHERE id = $1`,
        [
          user.id,
          profile.bio,
          profile.homeTown,
          profile.countryCode,
          user.coverImageUrl ? null : await coverFor(user.id),
        ],
      );
    }
  },
};
