import { defineModule } from '../../kernel/module';
import { ReportKind } from '../reports/report.entity';
import { CommentResolver, PostCommentsResolver } from './comment.resolver';
import { Comment } from './comment.entity';
import { postCommentFacts } from './comment.facts';
import { commentReportable } from './comment.reportable';
import { commentRest } from './comment.rest';

/** Comments on posts. */
export const commentsModule = defineModule({
  name: 'comments',
  resolvers: [CommentResolver, PostCommentsResolver],
  entities: [Comment],
  facts: { postFacts: postCommentFacts },
  rest: commentRest,
  reportables: { [ReportKind.comment]: commentReportable },
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    comments: { member: ['author_id'] },
  },
});
