import type { Viewer } from '../../kernel/context';
import { ownedBusinessIdsSql } from '../businesses/business-owners';

/** Who may see and manage a webhook: a member's own, by that member; a page's, by the page's owner (today's). */
export const webhookPolicy = {
  canManage: (
    viewer: Viewer,
    webhook: { memberId: string; businessId: string | null },
    businessOwnerId: string | null,
  ) => (webhook.businessId === null ? webhook.memberId === viewer.id : businessOwnerId === viewer.id),
};

/** SQL: the webhook `w` is the member `$m`'s to manage (the same rule, for lists). */
export const managedBySql = (m: string, w = 'w') =>
  `((${w}.business_id IS NULL AND ${w}.member_id = ${m}) OR ${w}.business_id IN (${ownedBusinessIdsSql(m)}))`;
