import { AdminAuditEntry } from '../../modules/admin/admin-audit-entry.entity';
import { FeatureChoice } from '../../modules/settings/feature-choice.entity';
import { insert, insertByKey, memberRef, next } from './core';

/** An entry of the admin audit log: an administrator (a new member unless `actorId` names one) changed a member. */
export async function buildAdminAuditEntry(overrides: Partial<AdminAuditEntry> = {}): Promise<AdminAuditEntry> {
  return insert(AdminAuditEntry, {
    actorName: `Admin ${next()}`,
    action: 'user.update',
    targetType: 'user',
    targetId: null,
    before: null,
    after: null,
    ...overrides,
    actorId: overrides.actorId === null ? null : await memberRef(overrides.actorId),
  });
}

/** A member's choice (a new member unless given) to turn a feature off (`dating` unless given). */
export async function buildFeatureChoice(overrides: Partial<FeatureChoice> = {}): Promise<FeatureChoice> {
  const key = { memberId: await memberRef(overrides.memberId), feature: overrides.feature ?? 'dating' };
  return insertByKey(FeatureChoice, key, { enabled: false, ...overrides });
}
