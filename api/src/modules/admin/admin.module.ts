import { defineModule } from '../../kernel/module';
import { AdminAuditEntryResolver, AdminResolver, AdminUserFieldsResolver } from './admin.resolver';
import { AdminAuditEntry } from './admin-audit.entity';
import { adminRest } from './admin.rest';

/** Admin operations and their audit log. */
export const adminModule = defineModule({
  name: 'admin',
  resolvers: [AdminResolver, AdminUserFieldsResolver, AdminAuditEntryResolver],
  entities: [AdminAuditEntry],
  rest: adminRest,
});
