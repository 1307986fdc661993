import type { Tx } from '../../kernel/database';
import { revokeAllAccessTokens } from '../tokens/access-token.service';
import { WebhookDisabledReason } from '../webhooks/webhook.entity';
import { disableWebhooksOf } from '../webhooks/webhook.service';

/**
 * What a password reset (always) and a password change (unless the member keeps them) take from whoever held the
 * account before: every personal access token is revoked (its websockets close) and every webhook the member manages
 * is switched off with the reason, for the member to switch on again in Settings. Runs in the transaction `tx` that
 * sets the new password, so both happen together or not at all.
 */
export async function endAccountAccess(
  tx: Tx,
  userId: string,
  cause: 'passwordReset' | 'passwordChange',
): Promise<void> {
  await revokeAllAccessTokens(tx, userId);
  await disableWebhooksOf(
    tx,
    userId,
    cause === 'passwordReset' ? WebhookDisabledReason.passwordReset : WebhookDisabledReason.passwordChange,
  );
}
