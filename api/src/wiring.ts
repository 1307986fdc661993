import type { ModuleManifest } from './kernel/module';
import { registerExportRules } from './modules/account/account.rules';
import { onMemberSuspended } from './modules/admin/admin.service';
import { registerConversationOrigin } from './modules/messages/conversation-origins';
import type { ReportKind } from './modules/reports/report.entity';
import { registerReportable } from './modules/reports/reportables';
import { registerSearchKind } from './modules/search/search.kinds';

/**
 * Registers what modules declare for other modules in their manifests: what members can report (the reports module
 * imports none of the content modules), where conversations can start besides a member (messages imports none of
 * the origins), what happens when a member is suspended (the admin module imports none of the hooks) and what of a
 * member's data each table keeps (the account export and deletion import none of the tables' modules) and what
 * Explore's search finds (the search module imports none of the kinds' modules).
 * Registering again replaces (a test may wire a list with a module of its own).
 */
export function wireModules(list: readonly ModuleManifest[]): void {
  for (const m of list) {
    for (const [kind, reportable] of Object.entries(m.reportables ?? {})) {
      if (reportable) registerReportable(kind as ReportKind, reportable);
    }
    for (const [kind, o] of Object.entries(m.conversationOrigins ?? {})) {
      if (o) registerConversationOrigin(kind as Parameters<typeof registerConversationOrigin>[0], o.origin, o.rules);
    }
    for (const hook of m.onMemberSuspended ?? []) onMemberSuspended(hook);
    if (m.exportRules) registerExportRules(m.exportRules);
    for (const kind of m.searchKinds ?? []) registerSearchKind(kind);
  }
}
