import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { Business } from './business.entity';

/** The five businesses of the home carousel (spec 000 "Home feed"). */
export const DEMO_BUSINESSES = [
  { name: 'Biltong & Co', category: 'Food & Drink', description: 'Traditional South African biltong and droëwors, air-dried the old way.', colors: ['#7b2d12', '#c0692c'] },
  { name: 'Mzansi Braai House', category: 'Restaurant', description: 'Weekend braais, boerewors rolls and pap for the whole community.', colors: ['#3d2314', '#b5651d'] },
  { name: 'Rooibos Corner Café', category: 'Café', description: 'Rooibos lattes, koeksisters and rusks, baked every morning.', colors: ['#8a3b12', '#e0a15e'] },
  { name: 'Springbok Movers', category: 'Relocation', description: 'Moving between South Africa and the world, door to door.', colors: ['#004d2c', '#2f9e6b'] },
  { name: 'Ubuntu Legal Services', category: 'Legal', description: 'Visas, citizenship and document help for South Africans abroad.', colors: ['#1e3a5f', '#4f7cac'] },
];

export const businessesDemo: DemoPart = {
  name: 'businesses',
  async load() {
    for (const b of DEMO_BUSINESSES) {
      const photo = await demoPhoto('', b.colors[0], b.colors[1]);
      await db().getRepository(Business).insert({ name: b.name, category: b.category, description: b.description, imageUrl: photo.thumbnailUrl });
    }
  },
};
