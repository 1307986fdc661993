/**
 * Faults of an app's embedded PostgreSQL, for reliability tests: freeze it (SIGSTOP on the postmaster and every
 * backend, as a stalled disk or VM does), thaw it, and stop it the ways an operator or a crash does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { App } from './app';

/** The postmaster's pid, from the data folder's postmaster.pid. */
export function postmasterPid(app: App): number {
  const pid = Number(fs.readFileSync(path.join(app.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!(pid > 0)) throw new Error('no running PostgreSQL for this app');
  return pid;
}

/** The postmaster and all its children (backends, checkpointer, walwriter...). */
function processTree(root: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === root) children.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return [root, ...children];
}

/** Freezes the database: every process stops where it is; connections stay open but nothing answers. */
export function freeze(app: App): number[] {
  const pids = processTree(postmasterPid(app));
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  return pids;
}

/** Lets frozen processes run again. */
export function thaw(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      /* exited */
    }
  }
}

/** Is this process still alive? */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the database: 'fast' (SIGINT: sessions are cut, as `pg_ctl stop -m fast`) or 'smart' (SIGTERM: no new
 * sessions, waits for the existing ones to end, as `pg_ctl stop -m smart`). Answers the stopped postmaster's pid.
 */
export function stopPostgres(app: App, mode: 'fast' | 'smart'): number {
  const pid = postmasterPid(app);
  process.kill(pid, mode === 'fast' ? 'SIGINT' : 'SIGTERM');
  return pid;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long /healthz takes to answer, and with what. */
export async function health(a: App) {
  const started = Date.now();
  try {
    const res = await fetch(`${a.url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, ms: Date.now() - started, body: await res.json() };
  } catch {
    return { status: 0, ms: Date.now() - started, body: null };
  }
}

/** Polls `check` every 100 ms until it answers something other than false; fails naming `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== false) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}
