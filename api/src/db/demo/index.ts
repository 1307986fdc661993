import { db } from '../../kernel/database';
import type { DemoPart } from '../../kernel/demo';
import type { Logger } from '../../kernel/logger';
import { AppMeta } from '../app-meta.entity';
import { braggingDemo } from '../../modules/bragging/bragging.demo';
import { businessesDemo } from '../../modules/businesses/business.demo';
import { datingDemo } from '../../modules/dating/dating.demo';
import { eventsDemo } from '../../modules/events/event.demo';
import { groupsDemo } from '../../modules/groups/group.demo';
import { jobsDemo } from '../../modules/jobs/job.demo';
import { marketplaceDemo } from '../../modules/marketplace/listing.demo';
import { messagesDemo } from '../../modules/messages/message.demo';
import { nootDemo } from '../../modules/noot/noot.demo';
import { postsDemo } from '../../modules/posts/post.demo';
import { radarDemo } from '../../modules/radar/radar.demo';
import { recipesDemo } from '../../modules/recipes/recipe.demo';
import { reelsDemo } from '../../modules/reels/reel.demo';
import { profilesDemo } from '../../modules/users/profile.demo';
import { usersDemo } from '../../modules/users/user.demo';

/** Every module's demo part, in the order they depend on each other (members first). */
const parts: DemoPart[] = [
  usersDemo,
  businessesDemo,
  reelsDemo,
  postsDemo,
  jobsDemo,
  eventsDemo,
  datingDemo,
  messagesDemo,
  nootDemo,
  recipesDemo,
  groupsDemo,
  marketplaceDemo,
  profilesDemo,
  radarDemo,
  braggingDemo,
];

export async function loadDemoData(log: Logger): Promise<void> {
  const meta = db().getRepository(AppMeta);
  for (const part of parts) {
    const key = `demo:${part.name}`;
    if (await meta.existsBy({ key })) {
      await part.refresh?.(log);
      continue;
    }
    await part.load(log);
    await meta.insert({ key, value: new Date().toISOString() });
    log.info({ part: part.name }, 'demo data loaded');
  }
}
