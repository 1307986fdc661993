// The feed benchmark's baseline: a bare node:http + pg handler for one feed page. It authenticates the session
// cookie and runs the feed's statements (feed-sql.mjs), answering the same bytes as the GraphQL HomeFeed answer.
// Run: node bare-server.mjs <database url> (listens on a free loopback port and prints {"port": n} when ready).
import http from 'node:http';
import pg from 'pg';
import { feedBody, feedRows, sessionToken } from './feed-sql.mjs';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    try {
      const { variables = {} } = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      const token = sessionToken(req.headers.cookie);
      const rows = token ? await feedRows(pool, token, variables.first ?? 20, variables.after ?? null) : null;
      const body = rows ? feedBody(rows) : '{"errors":[{"message":"Sign in first"}]}\n';
      res.writeHead(rows ? 200 : 401, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err?.stack ?? err));
    }
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
