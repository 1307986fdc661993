import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * Every request the server itself makes to another server (webhooks, news feeds, link cards, and the operator's
 * integrations) goes through `outboundFetch` (issue 24, items 11 and 12): SSRF cannot reach the server's own network.
 *
 * - An address is allowed when `ipaddr.js` names its range `unicast` (the maintained list of special ranges:
 *   private, loopback, link-local, carrier-grade NAT, unique-local, multicast, reserved, 6to4, Teredo, ...). IPv4
 *   inside IPv6 is unwrapped and checked as IPv4 (`::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`); the other carrying
 *   forms (`::a.b.c.d` IPv4-compatible, local-use NAT64 `64:ff9b:1::/48`, 6to4, Teredo) are refused outright.
 * - A host name is resolved once, every address it resolves to is checked, and the connection is made to those
 *   checked addresses (the connection's own `lookup`), so a name that answers differently the second time (DNS
 *   rebinding) cannot slip an internal address past the check. An IP literal is checked before connecting.
 * - Redirects are followed here, hop by hop, each hop checked the same way, at most `maxRedirects` of them.
 *
 * One allowance, `operatorConfigured`: the URL comes from the operator's own configuration (NEWS_SA_FEEDS,
 * NEWS_INTERNATIONAL_FEEDS, NEWS_LOCAL_FEED_TEMPLATE, GEOCODER_URL, ...), never from a member. The operator may run
 * such a service on their own network, so a hop on the configured URL's origin (scheme, host and port) may be at any
 * address; every hop to another origin (a redirect elsewhere) is checked like any other. A member's URL (webhooks,
 * link cards) never gets the allowance. `allowLoopback` (WEBHOOKS_ALLOW_HTTP_LOOPBACK: tests and local development)
 * also lets any hop reach loopback (127.0.0.0/8, ::1), and nothing else.
 */

/** An outbound request refused because of where it would go. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

const parse = (address: string): ipaddr.IPv4 | ipaddr.IPv6 | null => {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
};

/** The IPv4 address an IPv6 one carries where its owner is that IPv4 host (mapped, NAT64 well-known prefix). */
function embeddedIPv4(a: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (a.isIPv4MappedAddress()) return a.toIPv4Address();
  const p = a.parts;
  // 64:ff9b::/96 (RFC 6052's well-known prefix): the last 32 bits are the IPv4 host a DNS64 network reaches.
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0)) {
    return new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);
  }
  return null;
}

/** Whether an address (IPv4 or IPv6, brackets allowed) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const a = parse(address);
  if (!a) return false;
  if (a.kind() === 'ipv4') return a.range() === 'unicast';
  const v6 = a as ipaddr.IPv6;
  const inner = embeddedIPv4(v6);
  if (inner) return inner.range() === 'unicast';
  // ::/96 (unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d) is never a public host.
  if (v6.parts.slice(0, 6).every((x) => x === 0)) return false;
  return v6.range() === 'unicast';
}

/**
 * Whether an address is this machine's loopback (127.0.0.0/8, ::1, ::ffff:127.x.y.z; not NAT64 of it: that is a
 * gateway's).
 */
export function isLoopbackAddress(address: string): boolean {
  const a = parse(address);
  if (!a) return false;
  if (a.kind() === 'ipv4') return a.range() === 'loopback';
  const v6 = a as ipaddr.IPv6;
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().range() === 'loopback' : v6.range() === 'loopback';
}

export interface AddressAllowance {
  /** Loopback too (WEBHOOKS_ALLOW_HTTP_LOOPBACK: tests and local development). */
  loopback?: boolean;
}

/** Whether a request may connect to this resolved address. */
export const addressAllowed = (address: string, allow: AddressAllowance = {}): boolean =>
  isPublicAddress(address) || (!!allow.loopback && isLoopbackAddress(address));

/** The host part of a URL as DNS and `isIP` want it (IPv6 literals without brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address a host name resolves to (none when it does not resolve). */
export function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return Promise.resolve([host]);
  return new Promise((resolve) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, list) => resolve(err ? [] : list.map((a) => a.address))),
  );
}

const refusal = (host: string, address: string) =>
  new OutboundRefused(`${host} is at ${address}, not a public internet address: the server may not reach it`);

/** The connection's resolver: resolves, refuses when any address is not allowed, and connects only to those checked. */
function guardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return ((
    hostname: string,
    options: { all?: boolean },
    callback: (err: Error | null, address?: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err);
      const bad = addresses.find((a) => !allowed(a.address));
      if (!addresses.length || bad) return callback(refusal(hostname, bad?.address ?? 'no address'));
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  }) as unknown as LookupFunction;
}

export interface OutboundOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** For the whole exchange, every redirect included. */
  timeoutMs: number;
  /** Largest answer body kept (after gzip, deflate or brotli are undone); larger is an error. */
  maxBytes?: number;
  /** Redirects followed (each hop checked); 0 answers the redirect itself. */
  maxRedirects?: number;
  /** Read the answer's body (false: it is drained and dropped, as a webhook's is). */
  readBody?: boolean;
  /** The URL is the operator's own configuration: hops on its origin may be at any address (see above). */
  operatorConfigured?: boolean;
  allow?: AddressAllowance;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The URL that answered, after redirects. */
  url: string;
  body: Buffer;
  ok: boolean;
  text(): string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_BYTES = 5_000_000;
const DEFAULT_MAX_REDIRECTS = 5;

function decoded(res: IncomingMessage): Readable {
  switch (
    String(res.headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase()
  ) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

function readAll(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy();
    return Promise.reject(new Error(`answer larger than ${maxBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = decoded(res);
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        res.destroy();
        stream.destroy();
        reject(new Error(`answer larger than ${maxBytes} bytes`));
      } else chunks.push(c);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    res.on('error', reject);
  });
}

/** One hop: checks where it goes, connects to the checked address, answers the response (body not yet read). */
function hop(
  url: URL,
  opts: OutboundOptions,
  headers: Record<string, string>,
  trusted: boolean,
  signal: AbortSignal,
  body: string | undefined,
  method: string,
): Promise<IncomingMessage> {
  const allow = opts.allow ?? {};
  const allowed = (address: string) => trusted || addressAllowed(address, allow);
  const host = hostOf(url);
  if (isIP(host) && !allowed(host)) return Promise.reject(refusal(host, host));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      lookup: guardedLookup(allowed),
      agent: false,
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Makes a request to another server, checked as described at the top of this file: refused (OutboundRefused) when
 * any hop would reach an address that is not public; otherwise the final answer with its body (at most `maxBytes`).
 */
export async function outboundFetch(target: string | URL, opts: OutboundOptions): Promise<OutboundResponse> {
  const start = new URL(target);
  const origin = start.origin;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
  let url = start;
  let method: string = opts.method ?? 'GET';
  let body = opts.body;
  let headers = { ...opts.headers };
  try {
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new OutboundRefused(`${url.protocol} URLs are not fetched`);
      if (url.username || url.password) throw new OutboundRefused('URLs with a user name or password are not fetched');
      const trusted = !!opts.operatorConfigured && url.origin === origin;
      const res = await hop(url, opts, headers, trusted, controller.signal, body, method).catch((err) => {
        throw controller.signal.aborted ? controller.signal.reason : err;
      });
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location && maxRedirects > 0) {
        res.resume();
        if (redirects >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
        const next = new URL(location, url);
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        // Credentials are for the origin they were given to (as fetch does).
        if (next.origin !== url.origin)
          headers = Object.fromEntries(
            Object.entries(headers).filter(([k]) => !['authorization', 'cookie'].includes(k.toLowerCase())),
          );
        url = next;
        continue;
      }
      let bytes: Buffer = Buffer.alloc(0);
      if (opts.readBody === false) {
        res.resume();
        await new Promise<void>((resolve, reject) => {
          res.on('end', resolve);
          res.on('error', reject);
        });
      } else {
        bytes = await readAll(res, opts.maxBytes ?? DEFAULT_MAX_BYTES);
      }
      return {
        status,
        headers: res.headers,
        url: url.toString(),
        body: bytes,
        ok: status >= 200 && status <= 299,
        text: () => bytes.toString('utf8'),
      };
    }
  } catch (err) {
    throw controller.signal.aborted ? controller.signal.reason : err;
  } finally {
    clearTimeout(timer);
  }
}
