import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { ReelResolver } from './reel.resolver';
import { ReelLike } from './reel-like.entity';
import { reelsDemo } from './reel.demo';
import { Reel } from './reel.entity';
import { reelFacts } from './reel.facts';
import { reelReportable } from './reel.reportable';
import { reelRest } from './reel.rest';

/** Reels and their likes. */
export const reelsModule = defineModule({
  name: 'reels',
  resolvers: [ReelResolver],
  entities: [Reel, ReelLike],
  facts: { reelFacts },
  rest: reelRest,
  reportables: { [ReportKind.reel]: reelReportable },
  mediaColumns: [
    ['reels', 'thumbnail_url'],
    ['reels', 'video_url'],
    ['reels', 'image_url'],
    ['reels', 'files'],
  ],
  demo: [reelsDemo],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    reels: { member: ['author_id'], media: ['files', 'video_url', 'image_url', 'thumbnail_url'] },
    reel_likes: { member: ['member_id'] },
  },
});
