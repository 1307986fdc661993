import { randomBytes } from 'node:crypto';
import { hashToken } from '../../modules/auth/tokens';
import { AccessToken, AccessTokenScope } from '../../modules/tokens/access-token.entity';
import { TOKEN_PREFIX } from '../../modules/tokens/access-token.service';
import { insert, memberRef, next } from './core';

/**
 * A member's personal access token (a new member unless given): read-only, never expiring, with the secret a client
 * would send (`Authorization: Bearer <secret>`), as the service makes one.
 */
export async function buildAccessToken(
  overrides: Partial<AccessToken> = {},
): Promise<{ accessToken: AccessToken; secret: string }> {
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const accessToken = await insert(AccessToken, {
    name: `Token ${next()}`,
    scope: AccessTokenScope.read,
    tokenHash: hashToken(secret),
    prefix: secret.slice(0, TOKEN_PREFIX.length + 4),
    expiresAt: null,
    lastUsedAt: null,
    ...overrides,
    memberId: await memberRef(overrides.memberId),
  });
  return { accessToken, secret };
}
