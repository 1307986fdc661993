/**
 * The real server as a black box: `node api/dist/main.js` with its own embedded PostgreSQL under a fresh
 * temporary DATA_DIR (or, in a suite with the shared PostgreSQL of shared-database.ts, its own copy of the migrated
 * template database there), on free ports, with its output captured. Build the API first (`npm run build -w api`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { databaseFromTemplate, sharedPgUrl } from './shared-database';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(REPO_ROOT, 'api', 'dist', 'main.js');

export interface App {
  /** Base URL, e.g. http://127.0.0.1:41234 (also the server's PUBLIC_URL unless overridden). */
  url: string;
  port: number;
  /** The server process's id (benchmarks read its CPU time from /proc/<pid>/stat). */
  pid: number;
  /** The server's DATA_DIR (a fresh temporary folder, removed by stop(), unless `env` gave one). */
  dataDir: string;
  /** Port of the embedded PostgreSQL this server started; null when it was given a DATABASE_URL. */
  pgPort: number | null;
  /** The database the server uses: its embedded PostgreSQL, or the DATABASE_URL it was given. */
  databaseUrl: string;
  /** Everything the server wrote to stdout and stderr so far. */
  logs(): string;
  /** How the process ended: its exit code, or the signal that killed it; null while it runs. */
  exitStatus(): number | string | null;
  /** The JSON log lines (pino) written so far. */
  logLines(): Array<Record<string, unknown>>;
  /** Waits for a JSON log line that matches (output reaches the test through a pipe, a moment after the response). */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** SIGTERM, wait for exit (SIGKILL after a grace period), then remove the data folder. */
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Kills a PostgreSQL left behind by a server that had to be killed (its pid is in postmaster.pid). */
function killOrphanPostgres(dataDir: string) {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    /* not running */
  }
}

/**
 * Starts the server with `env` on top of test defaults (DEMO_DATA=false, LOG_LEVEL=info, free PORT and
 * EMBEDDED_PG_PORT, PUBLIC_URL on 127.0.0.1) and waits until /healthz answers 200.
 * A value of `undefined` in `env` removes that variable.
 */
export async function startApp(
  env: Record<string, string | undefined> = {},
  opts: { timeoutMs?: number } = {},
): Promise<App> {
  // A free port can be taken by another suite's process between choosing it and listening on it: try again
  // with new ports then.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(env, opts);
    } catch (err) {
      if (attempt >= 3 || !String((err as Error).message).includes('EADDRINUSE')) throw err;
    }
  }
}

/**
 * For suites about something else that write a lot quickly (races, sweeps, fuzzing): the write limits of each kind
 * and the new-member sandbox out of the way. Suites about the limits leave them (api/src/write-limits.test.ts).
 */
export const ROOMY_WRITES = {
  RATE_WRITES_PER_MINUTE: '100000',
  RATE_MESSAGES_PER_MINUTE: '100000',
  RATE_CONVERSATIONS_PER_HOUR: '100000',
  RATE_SUPPORT_MESSAGES_PER_HOUR: '100000',
  NEW_MEMBER_HOURS: '0',
};

/** The server's environment: the outer one without settings that must not leak in, the test defaults, then `env`. */
function serverEnv(defaults: Record<string, string>, env: Record<string, string | undefined>): Record<string, string> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) childEnv[k] = v;
  // Settings of the outer environment must not leak into the server under test.
  for (const k of Object.keys(childEnv)) {
    if (
      /^(RATE_|NEW_MEMBER_|NEWS_|SMTP_|GOOGLE_|FACEBOOK_|OIDC_|GRAPHQL_|SESSION_|COOKIE_|MAIL_|MEDIA_DIR$|DATABASE_URL$|CORS_ORIGINS$|ADMIN_EMAILS$|TRUST_PROXY$|PASSWORD_MIN_LENGTH$|RESET_TOKEN_MINUTES$|MAX_PAGE_SIZE$|[A-Z_]*BODY_LIMIT_BYTES$)/.test(
        k,
      )
    ) {
      delete childEnv[k];
    }
  }
  // Suites and benchmarks send far more than a client would, all from 127.0.0.1: a roomy cost budget unless a test
  // sets its own (tests/contract/cost.contract.test.ts).
  const roomyBudget = { GRAPHQL_COST_CAPACITY: '100000000', GRAPHQL_COST_REFILL_PER_SECOND: '100000000' };
  Object.assign(childEnv, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    ...roomyBudget,
    ...defaults,
  });
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }

  return childEnv;
}

async function startAppOnce(env: Record<string, string | undefined>, opts: { timeoutMs?: number }): Promise<App> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build -w api" first`);
  // A DATA_DIR, PORT or EMBEDDED_PG_PORT in `env` is used as given (a server started again on the same ones, as a
  // restart does); a given DATA_DIR belongs to the caller and is left in place by stop().
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'saffa-app-'));
  // As root, the embedded PostgreSQL runs as its own user, which must be able to enter the folder.
  if (ownDataDir) fs.chmodSync(dataDir, 0o755);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const pgPort = env.EMBEDDED_PG_PORT ? Number(env.EMBEDDED_PG_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The suite's shared PostgreSQL, unless the caller chose where the database lives.
  const shared = sharedPgUrl();
  const copy =
    shared && !['DATABASE_URL', 'DATA_DIR', 'EMBEDDED_PG_PORT'].some((k) => k in env)
      ? await databaseFromTemplate(shared)
      : null;

  const childEnv = serverEnv(
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      ...(copy ? { DATABASE_URL: copy.url } : {}),
    },
    env,
  );

  let output = '';
  const child = spawn(process.execPath, [MAIN], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(20_000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited(child);
        killOrphanPostgres(dataDir);
        await sleep(500);
      }
    }
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await copy?.drop();
  };

  const timeoutMs = opts.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(100);
  }

  // The embedded server takes the next free port when EMBEDDED_PG_PORT is busy; its pid file names the real one.
  const externalDb = childEnv.DATABASE_URL;
  let embeddedPort: number | null = null;
  if (!externalDb) {
    embeddedPort = Number(childEnv.EMBEDDED_PG_PORT);
    try {
      const fromPidFile = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
      if (fromPidFile > 0) embeddedPort = fromPidFile;
    } catch {
      /* keep the port it was asked to use */
    }
  }

  const logLines = () =>
    output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    pgPort: embeddedPort,
    databaseUrl: externalDb ?? `postgres://saffa:saffa@127.0.0.1:${embeddedPort}/saffa`,
    logs: () => output,
    exitStatus: () => child.exitCode ?? child.signalCode ?? null,
    logLines,
    async waitForLog(match, timeout = 5_000) {
      const until = Date.now() + timeout;
      for (;;) {
        const found = logLines().find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no matching log line within ${timeout} ms:\n${output.slice(-3000)}`);
        await sleep(25);
      }
    },
    stop,
  };
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: any;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as-is (no JSON encoding); set a content-type in `headers` yourself. */
  rawBody?: string | Uint8Array;
}

export interface Client {
  get(path: string, opts?: RequestOptions): Promise<HttpResponse>;
  post(path: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse>;
  patch(path: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse>;
  put(path: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse>;
  delete(path: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse>;
  request(method: string, path: string, body?: unknown, opts?: RequestOptions): Promise<HttpResponse>;
  /** Runs a GraphQL operation over POST /graphql; answers the HTTP response (json has data/errors). */
  graphql(query: string, variables?: Record<string, unknown>, opts?: RequestOptions): Promise<HttpResponse>;
  /** The cookies the client holds, by name. */
  cookies: Map<string, string>;
  /** The Cookie header the client sends. */
  cookieHeader(): string;
}

/** Applies Set-Cookie headers to a jar (path and domain are ignored: one jar talks to one server). */
export function storeCookies(jar: Map<string, string>, headers: Headers) {
  for (const line of headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';');
    const i = pair.indexOf('=');
    if (i < 0) continue;
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const expired = attrs.some((a) => {
      const [k, v = ''] = a.split('=');
      const key = k.trim().toLowerCase();
      if (key === 'max-age') return Number(v) <= 0;
      if (key === 'expires') return new Date(v.trim()).getTime() <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/**
 * A tiny cookie-aware HTTP client for one server: keeps the cookies it is given, sends JSON when a
 * body is given, never follows redirects (the test looks at them). An absolute URL may be passed
 * instead of a path.
 */
export function client(baseUrl: string): Client {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const request = async (
    method: string,
    p: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<HttpResponse> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (cookies.size && !Object.keys(headers).some((h) => h.toLowerCase() === 'cookie'))
      headers.cookie = cookieHeader();
    let payload: string | Uint8Array | undefined = opts.rawBody;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
        headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(p, baseUrl), {
      method,
      headers,
      body: payload as BodyInit | undefined,
      redirect: 'manual',
    });
    storeCookies(cookies, res.headers);
    const text = await res.text();
    let json: any;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    request,
    get: (p, opts) => request('GET', p, undefined, opts),
    post: (p, body, opts) => request('POST', p, body, opts),
    patch: (p, body, opts) => request('PATCH', p, body, opts),
    put: (p, body, opts) => request('PUT', p, body, opts),
    delete: (p, body, opts) => request('DELETE', p, body, opts),
    graphql: (query, variables, opts) => request('POST', '/graphql', { query, variables }, opts),
    cookies,
    cookieHeader,
  };
}

let counter = 0;
/** A unique, valid e-mail address for a test member. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.test`;
}

export interface MemberInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A member's sign-up details, with overrides. */
export function memberInput(overrides: Partial<MemberInput> = {}): MemberInput {
  return {
    email: uniqueEmail(),
    password: 'correct horse battery',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    ...overrides,
  };
}

/** Registers a member through POST /api/auth/register and answers a client signed in as them. */
export async function signedUpClient(baseUrl: string, overrides: Partial<MemberInput> = {}) {
  const input = memberInput(overrides);
  const c = client(baseUrl);
  const res = await c.post('/api/auth/register', input);
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.text}`);
  return { client: c, input, user: res.json };
}

/**
 * Runs the server with `env` on top of the test defaults until it exits by itself (for starts that must fail),
 * and answers its exit code and what it wrote to stdout and stderr.
 */
export async function runUntilExit(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build -w api" first`);
  const port = await freePort();
  const defaults = {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    EMBEDDED_PG_PORT: String(await freePort()),
  };
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: serverEnv(defaults, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited(child);
  clearTimeout(timer);
  return { code: child.exitCode, stdout, stderr };
}

export interface DemoCredentials {
  email: string;
  password: string;
}

/**
 * The demo member's sign-in details, which a server started with DEMO_DATA=true prints once at its first start
 * ("member  <email>  password: <password>").
 */
export function demoMember(app: App): DemoCredentials {
  const m = app.logs().match(/^\s*member\s+(\S+@\S+)\s+password: (\S+)\s*$/m);
  if (!m)
    throw new Error(
      `no demo member in the server output (was it started with DEMO_DATA=true?):\n${app.logs().slice(-2000)}`,
    );
  return { email: m[1], password: m[2] };
}
