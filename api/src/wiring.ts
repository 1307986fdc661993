import type { ModuleManifest } from './kernel/module';
import { onMemberSuspended } from './modules/admin/admin.service';
import { registerConversationOrigin } from './modules/messages/conversation-origins';
import type { ReportKind } from './modules/reports/report.entity';
import { registerReportable } from './modules/reports/reportables';

/**
 * Registers what modules declare for other modules in their manifests: what members can report (the reports module
 * imports none of the content modules), where conversations can start besides a member (messages imports none of
 * the origins) and what happens when a member is suspended (the admin module imports none of the hooks).
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
  }
}
