import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { postReportable } from './post.reportable';
import { PostResolver } from './post.resolver';
import { postsDemo } from './post.demo';
import { Post } from './post.entity';
import { postShareFacts } from './post.facts';
import { postLoaders } from './post.loaders';
import { postRest } from './post.rest';
import { PostShare } from './post-share.entity';

/** Posts (the feed) and their shares. */
export const postsModule = defineModule({
  name: 'posts',
  resolvers: [PostResolver],
  entities: [Post, PostShare],
  loaders: { posts: postLoaders },
  facts: { postFacts: postShareFacts },
  rest: postRest,
  reportables: { [ReportKind.post]: postReportable },
  mediaColumns: [
    ['posts', 'images'],
    ['posts', 'video_url'],
    ['posts', 'document_url'],
  ],
  // After the reels' part: the order the demo has always loaded in.
  demo: [{ ...postsDemo, after: ['reels'] }],
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    posts: { member: ['author_id'], media: ['images', 'video_url', 'document_url'] },
    post_shares: { member: ['member_id'] },
  },
});
