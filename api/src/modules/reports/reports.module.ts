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
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // A member's reports are theirs; the reports an admin resolved stay (resolved_by SET NULL).
    // How a report was handled, and by which admin, is the moderators' (the API shows a reporter none of it).
    reports: { member: ['reporter_id'], mentions: ['resolved_by'], hidden: ['status', 'resolved_at', 'resolved_by'] },
  },
});
