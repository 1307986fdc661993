import { db } from '../../kernel/database';
import { demoPhoto, type DemoPart } from '../../kernel/demo';
import { DEMO_MEMBERS } from '../users/user.demo';
import { User } from '../users/user.entity';
import { Reel } from './reel.entity';

/** The two reels of the home strip. */
export const reelsDemo: DemoPart = {
  name: 'reels',
  async load() {
    const users = db().getRepository(User);
    const samples = [
      {
        by: DEMO_MEMBERS[1].email,
        title: 'Sunset at Camps Bay',
        caption: 'Nothing beats a Cape Town sunset.',
        colors: ['#f76b1c', '#6a1b9a'],
      },
      {
        by: DEMO_MEMBERS[3].email,
        title: 'Braai day in London',
        caption: 'Boerewors on a rainy Saturday, still lekker.',
        colors: ['#2e7d32', '#1565c0'],
      },
    ];
    for (const s of samples) {
      const author = await users.findOneByOrFail({ email: s.by });
      const photo = await demoPhoto('', s.colors[0], s.colors[1]);
      await db()
        .getRepository(Reel)
        .insert({ authorId: author.id, title: s.title, caption: s.caption, thumbnailUrl: photo.thumbnailUrl });
    }
  },
};
