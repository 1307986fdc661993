/**
 * Fixture feeds for the news tests (module, contract and browser): an RSS feed whose titles and descriptions
 * carry HTML and scripts, an Atom feed, and a stub server on 127.0.0.1 that serves them, a slow feed and a broken one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const RSS_FIXTURE =
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Karoo Courier</title>
    <link>https://karoo.example/</link>
    <item>
      <title>Rain &lt;b&gt;finally&lt;/b&gt; falls on the Karoo</title>
      <link>https://karoo.example/rain</link>
      <pubDate>Mon, 23 Nov 2026 08:00:00 GMT</pubDate>
      <description><![CDATA[<p>Farmers <strong>celebrate</strong> the first rain in ` +
  `months.</p><script>alert('xss')</script><img src="https://karoo.example/rain.jpg" ` +
  `onerror="alert(1)">]]></description>
    </item>
    <item>
      <title>Springboks name squad</title>
      <link>https://karoo.example/boks</link>
      <pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate>
      <description>&lt;script&gt;document.cookie&lt;/script&gt;The coach names 33 players &amp; two new ` +
  `caps.</description>
      <media:content url="https://karoo.example/boks.jpg" medium="image" />
    </item>
    <item>
      <title>A javascript link is dropped</title>
      <link>javascript:alert(1)</link>
      <pubDate>Mon, 23 Nov 2026 09:00:00 GMT</pubDate>
      <description>Never shown</description>
    </item>
  </channel>
</rss>`;

export const ATOM_FIXTURE = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>World Wire</title>
  <link href="https://wire.example/"/>
  <updated>2026-11-23T09:30:00Z</updated>
  <id>urn:uuid:wire</id>
  <entry>
    <title>Summit ends with a climate deal</title>
    <link href="https://wire.example/summit"/>
    <id>urn:uuid:summit</id>
    <updated>2026-11-23T09:30:00Z</updated>
    <summary type="html">&lt;p&gt;Leaders agree on &lt;em&gt;new&lt;/em&gt; targets.&lt;/p&gt;</summary>
  </entry>
</feed>`;

export interface FeedStub {
  url: string;
  /** How many requests each path received. */
  hits: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Serves /rss, /atom, /local (RSS; the query is kept in `lastLocalQuery`), /slow (answers after `slowMs`), /broken
 * (not XML), /redirect?to=<url> (302 there) and /missing (404).
 */
export async function startFeedStub(
  opts: { slowMs?: number; port?: number } = {},
): Promise<FeedStub & { lastLocalQuery: () => string | null }> {
  const hits: Record<string, number> = {};
  let lastLocal: string | null = null;
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    hits[u.pathname] = (hits[u.pathname] ?? 0) + 1;
    const xml = (body: string, type = 'application/rss+xml') => res.writeHead(200, { 'content-type': type }).end(body);
    if (u.pathname === '/rss') return xml(RSS_FIXTURE);
    if (u.pathname === '/atom') return xml(ATOM_FIXTURE, 'application/atom+xml');
    if (u.pathname === '/local') {
      lastLocal = u.search;
      return xml(RSS_FIXTURE.replace('Karoo Courier', `Local Courier ${u.searchParams.get('q') ?? ''}`));
    }
    if (u.pathname === '/slow') {
      const t = setTimeout(() => xml(ATOM_FIXTURE.replaceAll('wire.example', 'slow.example')), opts.slowMs ?? 10_000);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (u.pathname === '/redirect') return res.writeHead(302, { location: u.searchParams.get('to') ?? '/rss' }).end();
    if (u.pathname === '/broken') return xml('<rss><channel><title>Broken <item>oops', 'application/rss+xml');
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    lastLocalQuery: () => lastLocal,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
