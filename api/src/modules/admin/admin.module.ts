import { defineModule } from '../../kernel/module';
import { AdminAuditEntryResolver, AdminResolver, AdminUserFieldsResolver } from './admin.resolver';
import { AdminAuditEntry } from './admin-audit-entry.entity';
import { adminRest } from './admin.rest';

/** Admin operations and their audit log. */
export const adminModule = defineModule({
  name: 'admin',
  resolvers: [AdminResolver, AdminUserFieldsResolver, AdminAuditEntryResolver],
  entities: [AdminAuditEntry],
  rest: adminRest,
  // What of the member's data this module keeps, table by table (the account export and deletion read it).
  exportRules: {
    // The admin actions an admin took are theirs; on deletion the rows stay (the log is append-only) with actor_id
    // NULL.
    admin_audit_log: { member: ['actor_id'] },
  },
});
