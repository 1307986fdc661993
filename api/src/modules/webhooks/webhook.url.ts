import { badInput } from '../../kernel/errors';
import { addressAllowed as allowedByKernel, hostOf, isLoopbackAddress, resolveHost } from '../../kernel/outbound';

/**
 * Where a webhook may point (issue 15 item 4): https only, no credentials, at a host that resolves only to public
 * addresses (SSRF: never the API's own network), as the kernel's outbound guard decides (kernel/outbound.ts:
 * ipaddr.js range names, IPv4 inside IPv6 unwrapped). `allowLoopback` (WEBHOOKS_ALLOW_HTTP_LOOPBACK, tests and
 * local development) also allows loopback addresses, over http or https; every other private range stays refused.
 * The delivery worker goes through the same guard at connect time (a host may resolve elsewhere by then).
 */

export const MAX_URL_LENGTH = 2000;

export const isLoopback = isLoopbackAddress;

/** Whether a webhook may connect to this resolved address. */
export const addressAllowed = (address: string, allowLoopback: boolean): boolean =>
  allowedByKernel(address, { loopback: allowLoopback });

export { hostOf };

/**
 * Checks a webhook URL (syntax, scheme, credentials, where its host resolves) and answers it normalised;
 * BAD_USER_INPUT naming the rule otherwise.
 */
export async function checkWebhookUrl(raw: unknown, allowLoopback: boolean): Promise<string> {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) throw badInput('url', 'is required');
  if (text.length > MAX_URL_LENGTH) throw badInput('url', `must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput('url', 'must be an absolute URL such as https://example.com/hooks/saffa');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badInput('url', 'must use https');
  if (url.username || url.password) throw badInput('url', 'must not contain a user name or password');
  if (url.hash) throw badInput('url', 'must not contain a #fragment');
  if (url.protocol === 'http:' && !allowLoopback) throw badInput('url', 'must use https');
  const host = hostOf(url);
  if (!host) throw badInput('url', 'must name a host');
  const addresses = await resolveHost(host);
  if (!addresses.length) throw badInput('url', `names a host that does not resolve: ${host}`);
  const loopbackOnly = addresses.every(isLoopback);
  if (url.protocol === 'http:' && !(allowLoopback && loopbackOnly)) throw badInput('url', 'must use https');
  if (!addresses.every((a) => addressAllowed(a, allowLoopback))) {
    throw badInput('url', 'must point to a public internet address, not a private, loopback or link-local one');
  }
  return url.toString();
}
