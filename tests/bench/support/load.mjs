// The benchmarks' load generator, run as its own process pinned to one core (`taskset -c 1 node load.mjs <json>`):
// `connections` keep-alive connections each send the request again as soon as the answer is read, for `durationMs`
// after `warmupMs`. An answer counts as failed unless it is a 200 whose body holds `expect` (when given) and no
// GraphQL "errors". Prints one JSON line: requests, requests per second, latency percentiles (ms), failures.
import http from 'node:http';

const o = JSON.parse(process.argv[2]);
const url = new URL(o.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
const body = o.body === undefined ? undefined : Buffer.from(o.body);
const headers = { ...o.headers, ...(body && { 'content-length': String(body.length) }) };

function once() {
  return new Promise((resolve) => {
    const req = http.request(
      { agent, method: o.method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve(
            res.statusCode === 200 &&
              text.length > 0 &&
              (!o.expect || (text.includes(o.expect) && !text.includes('"errors"'))),
          );
        });
      },
    );
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

const latencies = [];
let failures = 0;
let total = 0; // warm-up included
let measuring = false;
const start = performance.now();
const measureFrom = start + (o.warmupMs ?? 0);
const end = measureFrom + o.durationMs;
await Promise.all(
  Array.from({ length: o.connections }, async () => {
    for (;;) {
      const t = performance.now();
      if (t >= end) return;
      const ok = await once();
      total++;
      if (!ok) failures++;
      if (t >= measureFrom) {
        measuring = true;
        latencies.push(performance.now() - t);
      }
    }
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
const seconds = (performance.now() - measureFrom) / 1000;
process.stdout.write(
  `${JSON.stringify({
    requests: latencies.length,
    total,
    perSecond: measuring ? latencies.length / seconds : 0,
    p50: pct(50),
    p99: pct(99),
    failures,
  })}\n`,
);
