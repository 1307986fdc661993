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
});
