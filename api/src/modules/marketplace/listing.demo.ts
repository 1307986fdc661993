import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { coarsePosition } from '../../kernel/geo';
import { storedUrls } from '../../kernel/upload';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { ListingStatus, MarketplaceListing } from './marketplace-listing.entity';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

interface DemoListing {
  seller: string;
  name: string;
  price: number;
  condition: string;
  category: string;
  description: string;
  locationName: string;
  latitude: number;
  longitude: number;
  status: ListingStatus;
  colors: [string, string];
  hours: number;
}

/**
 * The marketplace's sample items (spec 002 section 3: one or more of every category, every condition and status),
 * as listings of the demo members in and around Cape Town: all within the default 10 km of the Cape Town position
 * the screen falls back to, so a new member sees a lively marketplace. Each has a photo stored like an upload.
 */
export const DEMO_LISTINGS: DemoListing[] = [
  {
    seller: 'thandi@demo.saffa.local',
    name: 'Samsung 55" Smart TV',
    price: 4500,
    condition: 'good',
    category: 'electronics',
    description: 'Four years old, great picture, remote and wall bracket included.',
    locationName: 'Sea Point',
    latitude: -33.9159,
    longitude: 18.3894,
    status: ListingStatus.available,
    colors: ['#1e3a5f', '#4f7cac'],
    hours: 3,
  },
  {
    seller: 'pieter@demo.saffa.local',
    name: 'Oak Dining Table with 6 Chairs',
    price: 3200,
    condition: 'like-new',
    category: 'furniture',
    description: 'Solid oak, seats six. Moving overseas, must go this month.',
    locationName: 'Rondebosch',
    latitude: -33.9611,
    longitude: 18.4744,
    status: ListingStatus.available,
    colors: ['#7b4a12', '#c0904c'],
    hours: 8,
  },
  {
    seller: 'sipho@demo.saffa.local',
    name: 'Springbok Rugby Jersey',
    price: 850,
    condition: 'new',
    category: 'clothing',
    description: 'Official home jersey, size L, still with tags.',
    locationName: 'Green Point',
    latitude: -33.9036,
    longitude: 18.4093,
    status: ListingStatus.available,
    colors: ['#004d2c', '#f2c14e'],
    hours: 20,
  },
  {
    seller: 'annelie@demo.saffa.local',
    name: 'Wilbur Smith Collection (12 books)',
    price: 600,
    condition: 'good',
    category: 'books',
    description: 'Twelve paperbacks, the Courtney and Ballantyne novels.',
    locationName: 'Observatory',
    latitude: -33.938,
    longitude: 18.472,
    status: ListingStatus.available,
    colors: ['#5a3e9b', '#b59be0'],
    hours: 30,
  },
  {
    seller: 'johan@demo.saffa.local',
    name: 'Mountain Bike 29er',
    price: 5500,
    condition: 'fair',
    category: 'sports',
    description: 'Aluminium frame, 1x12 gears. Tyres need replacing soon.',
    locationName: 'Claremont',
    latitude: -33.9806,
    longitude: 18.4653,
    status: ListingStatus.pending,
    colors: ['#2f6b6b', '#7ec4c4'],
    hours: 44,
  },
  {
    seller: 'ayesha@demo.saffa.local',
    name: 'LEGO City Fire Station',
    price: 450,
    condition: 'like-new',
    category: 'toys',
    description: 'Complete with all minifigures and the instructions.',
    locationName: 'Woodstock',
    latitude: -33.9275,
    longitude: 18.4472,
    status: ListingStatus.available,
    colors: ['#a83232', '#f2a65a'],
    hours: 52,
  },
  {
    seller: 'lerato@demo.saffa.local',
    name: 'Weber Braai Kettle 57cm',
    price: 1800,
    condition: 'good',
    category: 'other',
    description: 'Kettle braai with the lid thermometer and a cover.',
    locationName: 'Tamboerskloof',
    latitude: -33.9277,
    longitude: 18.4078,
    status: ListingStatus.available,
    colors: ['#3d2314', '#b5651d'],
    hours: 70,
  },
  {
    seller: 'naledi@demo.saffa.local',
    name: 'Potjie Pot No. 3',
    price: 350,
    condition: 'poor',
    category: 'other',
    description: 'Well seasoned, some rust on the lid.',
    locationName: 'Gardens',
    latitude: -33.934,
    longitude: 18.413,
    status: ListingStatus.sold,
    colors: ['#222222', '#777777'],
    hours: 96,
  },
];

export const marketplaceDemo: DemoPart = {
  name: 'marketplace',
  async load() {
    const members = new Map(
      (
        await db()
          .getRepository(User)
          .find({ where: DEMO_MEMBERS.map((m) => ({ email: m.email })) })
      ).map((u) => [u.email, u.id]),
    );
    for (const l of DEMO_LISTINGS) {
      const sellerId = members.get(l.seller);
      if (!sellerId) continue;
      const photo = await demoPhoto(l.name, l.colors[0], l.colors[1]);
      const { seller: _seller, colors: _colors, hours, ...fields } = l;
      await db()
        .getRepository(MarketplaceListing)
        .insert({
          ...fields,
          ...coarsePosition(fields.latitude, fields.longitude),
          sellerId,
          imageUrl: photo.url,
          thumbnailUrl: photo.thumbnailUrl,
          files: storedUrls({
            url: photo.url,
            thumbnailUrl: photo.thumbnailUrl,
            image: photo,
            ext: 'jpg',
            mime: 'image/jpeg',
            bytes: 0,
          }),
          createdAt: hoursAgo(hours),
        });
    }
  },
};
