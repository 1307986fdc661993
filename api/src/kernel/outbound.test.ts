import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, isPublicAddress, OutboundRefused, outboundFetch } from './outbound';

/** Two servers on loopback: `inside` plays the server's own network; `outside` plays a host that redirects. */
let inside: http.Server;
let outside: http.Server;
let insideUrl: string;
let insidePort: number;
let outsideUrl: string;
let insideHits = 0;

const listen = async (handler: http.RequestListener) => {
  const s = http.createServer(handler);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return s;
};

beforeAll(async () => {
  inside = await listen((req, res) => {
    insideHits++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
  });
  insidePort = (inside.address() as AddressInfo).port;
  insideUrl = `http://127.0.0.1:${insidePort}`;
  outside = await listen((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/to') return res.writeHead(302, { location: u.searchParams.get('url')! }).end();
    if (u.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (u.pathname === '/gzip')
      return res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('unzipped'));
    if (u.pathname === '/big') return res.writeHead(200).end('x'.repeat(2_000));
    if (u.pathname === '/headers') return res.writeHead(200).end(JSON.stringify(req.headers));
    res.writeHead(200).end('hello');
  });
  outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [inside, outside]) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe('isPublicAddress: only what ipaddr.js names unicast, with IPv4 inside IPv6 unwrapped (issue 24, item 12)', () => {
  it.each([
    ['127.0.0.1'],
    ['10.1.2.3'],
    ['172.16.0.1'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['255.255.255.255'],
    ['224.0.0.1'],
    ['198.18.0.1'],
    ['::1'],
    ['::'],
    ['::127.0.0.1'], // IPv4-compatible, as in http://[::127.0.0.1]/ (the URL parser writes it ::7f00:1)
    ['::7f00:1'],
    ['::a00:1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:10.0.0.1'],
    ['[::ffff:169.254.169.254]'],
    ['2002:7f00:1::1'], // 6to4 of 127.0.0.1
    ['2002:808:808::1'], // 6to4 even of a public IPv4: refused (a relay decides where it goes)
    ['64:ff9b::7f00:1'], // NAT64 of 127.0.0.1
    ['64:ff9b::a9fe:a9fe'], // NAT64 of 169.254.169.254
    ['64:ff9b:1::808:808'], // local-use NAT64 (RFC 8215)
    ['2001::1'], // Teredo
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['fe80::1'],
    ['fc00::1'],
    ['fd12:3456::1'],
    ['ff02::1'],
    ['2001:db8::1'],
    ['100::1'],
    ['fe80::1%eth0'],
    ['not an address'],
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(addressAllowed(address)).toBe(false);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['2606:4700:4700::1111'],
    ['2001:4860:4860::8888'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('the loopback allowance (tests, local development) adds loopback and nothing else', () => {
    for (const a of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'])
      expect(addressAllowed(a, { loopback: true }), a).toBe(true);
    for (const a of ['10.0.0.1', '169.254.169.254', 'fe80::1', '::7f00:1', '2002:7f00:1::1', '64:ff9b::7f00:1'])
      expect(addressAllowed(a, { loopback: true }), a).toBe(false);
  });
});

describe('outboundFetch', () => {
  const refused = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('fetched');
      },
      (e: Error) => e,
    );

  it('refuses an internal address written as an IP literal, in every IPv6 form, before connecting', async () => {
    const before = insideHits;
    for (const url of [
      insideUrl,
      `http://[::ffff:127.0.0.1]:${insidePort}/`,
      `http://[::127.0.0.1]:${insidePort}/`,
      `http://[::1]:${insidePort}/`,
      `http://[64:ff9b::7f00:1]:${insidePort}/`,
    ]) {
      const e = await refused(outboundFetch(url, { timeoutMs: 2_000 }));
      expect(e, url).toBeInstanceOf(OutboundRefused);
      expect(e.message).toMatch(/not a public internet address/);
    }
    expect(insideHits).toBe(before);
  });

  it('resolves a name and refuses it when an address it resolves to is internal (the check is on the connection)', async () => {
    const before = insideHits;
    const e = await refused(outboundFetch(`http://localhost:${insidePort}/`, { timeoutMs: 2_000 }));
    expect(e).toBeInstanceOf(OutboundRefused);
    expect(insideHits).toBe(before);
  });

  it('checks every redirect hop: a loopback-allowed start that redirects to the link-local metadata address is refused', async () => {
    const e = await refused(
      outboundFetch(`${outsideUrl}/to?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, {
        timeoutMs: 2_000,
        allow: { loopback: true },
      }),
    );
    expect(e).toBeInstanceOf(OutboundRefused);
    expect(e.message).toMatch(/169\.254\.169\.254/);
  });

  it("an operator's configured URL may be internal, but a redirect from it to another internal origin is refused", async () => {
    const ok = await outboundFetch(`${outsideUrl}/plain`, { timeoutMs: 2_000, operatorConfigured: true });
    expect(ok.text()).toBe('hello');
    const sameOrigin = await outboundFetch(`${outsideUrl}/to?url=/plain`, {
      timeoutMs: 2_000,
      operatorConfigured: true,
    });
    expect(sameOrigin.text()).toBe('hello');
    const before = insideHits;
    for (const to of [`${insideUrl}/`, `http://localhost:${insidePort}/`, `http://[::ffff:127.0.0.1]:${insidePort}/`]) {
      const e = await refused(
        outboundFetch(`${outsideUrl}/to?url=${encodeURIComponent(to)}`, { timeoutMs: 2_000, operatorConfigured: true }),
      );
      expect(e, to).toBeInstanceOf(OutboundRefused);
    }
    expect(insideHits).toBe(before);
  });

  it('follows at most maxRedirects hops; 0 answers the redirect itself; refuses other schemes', async () => {
    expect(
      (
        await refused(
          outboundFetch(`${outsideUrl}/loop`, { timeoutMs: 2_000, allow: { loopback: true }, maxRedirects: 3 }),
        )
      ).message,
    ).toMatch(/more than 3 redirects/);
    const res = await outboundFetch(`${outsideUrl}/to?url=${encodeURIComponent(`${insideUrl}/`)}`, {
      timeoutMs: 2_000,
      allow: { loopback: true },
      maxRedirects: 0,
    });
    expect(res.status).toBe(302);
    const e = await refused(
      outboundFetch(`${outsideUrl}/to?url=${encodeURIComponent('file:///etc/passwd')}`, {
        timeoutMs: 2_000,
        allow: { loopback: true },
      }),
    );
    expect(e).toBeInstanceOf(OutboundRefused);
  });

  it('undoes gzip, keeps at most maxBytes, and drops credentials on a redirect to another origin', async () => {
    const allow = { loopback: true };
    expect((await outboundFetch(`${outsideUrl}/gzip`, { timeoutMs: 2_000, allow })).text()).toBe('unzipped');
    expect(
      (await refused(outboundFetch(`${outsideUrl}/big`, { timeoutMs: 2_000, allow, maxBytes: 1_000 }))).message,
    ).toMatch(/larger than 1000 bytes/);
    const other = outsideUrl.replace('127.0.0.1', 'localhost');
    const res = await outboundFetch(`${outsideUrl}/to?url=${encodeURIComponent(`${other}/headers`)}`, {
      timeoutMs: 2_000,
      allow,
      headers: { authorization: 'Bearer secret', 'x-kept': '1' },
    });
    const seen = JSON.parse(res.text()) as Record<string, string>;
    expect(seen['x-kept']).toBe('1');
    expect(seen.authorization).toBeUndefined();
  });
});
