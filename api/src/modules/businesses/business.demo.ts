import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { User } from '../users/user.entity';
import { DEMO_MEMBERS } from '../users/user.demo';
import { BusinessFollow } from './business-follow.entity';
import { BusinessReview } from './business-review.entity';
import { Business } from './business.entity';
import { GRADIENT_PRESETS } from './business.service';

const gradient = (name: string) => GRADIENT_PRESETS.find((p) => p.name === name)!.value;

/**
 * The five businesses of the home carousel (spec 000 "Home feed") as full pages in and near South African cities,
 * each owned by a demo member (found by e-mail), with followers and reviews from the others. Other modules' demo
 * parts (job vacancies) find them by name: keep the names.
 */
export const DEMO_BUSINESSES = [
  {
    name: 'Biltong & Co',
    category: 'Food & Drink',
    industry: 'Food production',
    owner: 'pieter@demo.saffa.local',
    description: 'Traditional South African biltong and droëwors, air-dried the old way.',
    address: '12 Bree Street, Cape Town City Centre, Cape Town, 8001',
    latitude: -33.9196,
    longitude: 18.4197,
    phone: '+27 21 555 0142',
    website: 'https://biltongandco.example',
    email: 'hello@biltongandco.example',
    openHours: 'Mon-Sat 08:00-18:00',
    buttonColor: '#7b2d12',
    buttonTextColor: '#ffffff',
    gradient: 'Fire',
    colors: ['#7b2d12', '#c0692c'],
  },
  {
    name: 'Mzansi Braai House',
    category: 'Restaurant',
    industry: 'Hospitality',
    owner: 'sipho@demo.saffa.local',
    description: 'Weekend braais, boerewors rolls and pap for the whole community.',
    address: '45 Vilakazi Street, Orlando West, Soweto, Johannesburg, 1804',
    latitude: -26.2385,
    longitude: 27.9086,
    phone: '+27 11 555 0199',
    website: 'https://mzansibraai.example',
    email: null,
    openHours: 'Thu-Sun 11:00-22:00',
    buttonColor: '#b5651d',
    buttonTextColor: '#ffffff',
    gradient: 'Sunset',
    colors: ['#3d2314', '#b5651d'],
  },
  {
    name: 'Rooibos Corner Café',
    category: 'Café',
    industry: 'Hospitality',
    owner: 'thandi@demo.saffa.local',
    description: 'Rooibos lattes, koeksisters and rusks, baked every morning.',
    address: '8 Church Street, Stellenbosch, 7600',
    latitude: -33.9366,
    longitude: 18.8614,
    phone: '+27 21 555 0123',
    website: 'https://rooiboscorner.example',
    email: 'koffie@rooiboscorner.example',
    openHours: 'Daily 07:00-16:00',
    buttonColor: '#1877f2',
    buttonTextColor: '#ffffff',
    gradient: 'Instagram',
    colors: ['#8a3b12', '#e0a15e'],
  },
  {
    name: 'Springbok Movers',
    category: 'Relocation',
    industry: 'Logistics',
    owner: 'lerato@demo.saffa.local',
    description: 'Moving between South Africa and the world, door to door.',
    address: '101 Umhlanga Rocks Drive, Umhlanga, Durban, 4320',
    latitude: -29.7264,
    longitude: 31.0849,
    phone: '+27 31 555 0177',
    website: 'https://springbokmovers.example',
    email: 'moves@springbokmovers.example',
    openHours: 'Mon-Fri 08:00-17:00',
    buttonColor: '#004d2c',
    buttonTextColor: '#ffffff',
    gradient: 'Forest',
    colors: ['#004d2c', '#2f9e6b'],
  },
  {
    name: 'Ubuntu Legal Services',
    category: 'Legal',
    industry: 'Legal services',
    owner: 'annelie@demo.saffa.local',
    description: 'Visas, citizenship and document help for South Africans abroad.',
    address: '2 Main Road, Claremont, Cape Town, 7708',
    latitude: -33.9806,
    longitude: 18.4653,
    phone: '+27 21 555 0110',
    website: 'https://ubuntulegal.example',
    email: 'advice@ubuntulegal.example',
    openHours: 'Mon-Fri 09:00-17:00',
    buttonColor: '#1e3a5f',
    buttonTextColor: '#ffffff',
    gradient: 'Ocean',
    colors: ['#1e3a5f', '#4f7cac'],
  },
];

const REVIEWS: Array<[business: string, email: string, rating: number, comment: string | null]> = [
  ['Biltong & Co', 'thandi@demo.saffa.local', 5, 'The best chilli bites this side of the Boland. Lekker!'],
  ['Biltong & Co', 'lerato@demo.saffa.local', 4, 'Proper droëwors, friendly service.'],
  ['Biltong & Co', 'johan@demo.saffa.local', 5, null],
  ['Mzansi Braai House', 'thandi@demo.saffa.local', 4, 'Great vibe on a Sunday afternoon.'],
  ['Mzansi Braai House', 'naledi@demo.saffa.local', 5, 'Pap and wors like my gogo makes.'],
  ['Rooibos Corner Café', 'pieter@demo.saffa.local', 5, 'Koeksisters still warm in the morning.'],
  ['Rooibos Corner Café', 'ayesha@demo.saffa.local', 4, 'Lovely red cappuccino.'],
  ['Rooibos Corner Café', 'sipho@demo.saffa.local', 3, 'Good coffee, busy on weekends.'],
  ['Springbok Movers', 'annelie@demo.saffa.local', 5, 'Moved our whole house to Perth without a scratch.'],
  ['Ubuntu Legal Services', 'ayesha@demo.saffa.local', 4, 'Helped with my unabridged birth certificate quickly.'],
  ['Ubuntu Legal Services', 'johan@demo.saffa.local', 5, null],
];

/** Followers beyond the reviewers (who follow what they review). */
const FOLLOWS: Array<[business: string, email: string]> = [
  ['Springbok Movers', 'thandi@demo.saffa.local'],
  ['Biltong & Co', 'sipho@demo.saffa.local'],
  ['Rooibos Corner Café', 'naledi@demo.saffa.local'],
  ['Ubuntu Legal Services', 'lerato@demo.saffa.local'],
];

export const businessesDemo: DemoPart = {
  // Named apart from the first carousel-only part, so a database that has that one gets the full pages too.
  name: 'business-pages',
  async load() {
    const members = new Map(
      (
        await db()
          .getRepository(User)
          .find({ where: DEMO_MEMBERS.map((m) => ({ email: m.email })) })
      ).map((u) => [u.email, u.id]),
    );
    const ids = new Map<string, string>();
    for (const b of DEMO_BUSINESSES) {
      const logo = await demoPhoto('', b.colors[0], b.colors[1]);
      const cover = await demoPhoto(b.name, b.colors[0], b.colors[1]);
      const fields = {
        name: b.name,
        category: b.category,
        description: b.description,
        industry: b.industry,
        address: b.address,
        latitude: b.latitude,
        longitude: b.longitude,
        phone: b.phone,
        website: b.website,
        email: b.email,
        openHours: b.openHours,
        buttonColor: b.buttonColor,
        buttonTextColor: b.buttonTextColor,
        gradientBorder: gradient(b.gradient),
        imageUrl: logo.thumbnailUrl,
        coverPhotoUrl: cover.url,
        ownerId: members.get(b.owner) ?? null,
        media: {
          logo: [logo.url, logo.thumbnailUrl, ...logo.variants.map((v) => v.url)],
          cover: [cover.url, cover.thumbnailUrl, ...cover.variants.map((v) => v.url)],
        },
      };
      const existing = await db().getRepository(Business).findOneBy({ name: b.name });
      if (existing) await db().getRepository(Business).update({ id: existing.id }, fields);
      else await db().getRepository(Business).insert(fields);
      ids.set(b.name, (await db().getRepository(Business).findOneByOrFail({ name: b.name })).id);
    }
    const follows = [...REVIEWS.map(([b, e]) => [b, e] as const), ...FOLLOWS];
    for (const [b, e] of follows) {
      const memberId = members.get(e);
      if (memberId)
        await db()
          .getRepository(BusinessFollow)
          .createQueryBuilder()
          .insert()
          .values({ memberId, businessId: ids.get(b)! })
          .orIgnore()
          .execute();
    }
    for (const [b, e, rating, comment] of REVIEWS) {
      const memberId = members.get(e);
      if (memberId)
        await db()
          .getRepository(BusinessReview)
          .createQueryBuilder()
          .insert()
          .values({ memberId, businessId: ids.get(b)!, rating, comment })
          .orIgnore()
          .execute();
    }
  },
};
