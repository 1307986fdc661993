import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badInput } from '../../kernel/errors';

/**
 * Where a webhook may point (issue 15 item 4): https only, no credentials, at a host that resolves only to public
 * addresses (SSRF: never the API's own network). `allowLoopback` (WEBHOOKS_ALLOW_HTTP_LOOPBACK, tests and local
 * development) also allows loopback addresses, over http or https; every other private range stays refused.
 * The delivery worker checks the addresses again at connect time (a host may resolve elsewhere by then).
 */

export const MAX_URL_LENGTH = 2000;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Addresses that are not the public internet: private, loopback, link-local, shared, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:10.0.0.1), else the address itself. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return { address: m[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export const isLoopback = (address: string) => {
  const a = unmapped(address);
  return LOOPBACK.check(a.address, a.family);
};

/** Whether a webhook may connect to this resolved address. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const a = unmapped(address);
  if (allowLoopback && LOOPBACK.check(a.address, a.family)) return true;
  return !NOT_PUBLIC.check(a.address, a.family);
}

/** The host part of a URL as DNS and `isIP` want it (IPv6 literals without brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

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
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (!addresses.length) throw badInput('url', `names a host that does not resolve: ${host}`);
  const loopbackOnly = addresses.every(isLoopback);
  if (url.protocol === 'http:' && !(allowLoopback && loopbackOnly)) throw badInput('url', 'must use https');
  if (!addresses.every((a) => addressAllowed(a, allowLoopback))) {
    throw badInput('url', 'must point to a public internet address, not a private, loopback or link-local one');
  }
  return url.toString();
}

async function resolve(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return [];
  }
}
