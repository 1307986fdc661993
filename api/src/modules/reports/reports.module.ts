import { defineModule } from '../../kernel/module';
import { ReportedContentResolver, ReportResolver } from './report.resolver';
import { Report } from './report.entity';
import { reportLoaders } from './report.loaders';
import { reportRest } from './report.rest';
import { removeReportedOf } from './report.service';

/** Reports and the moderation queue (each content module declares its own reportables). */
export const reportsModule = defineModule({
  name: 'reports',
  resolvers: [ReportResolver, ReportedContentResolver],
  entities: [Report],
  loaders: { reports: reportLoaders },
  rest: reportRest,
  // Suspending a member removes what of theirs was reported and is still open.
  onMemberSuspended: [removeReportedOf],
});
