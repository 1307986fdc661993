/**
 * Measuring helpers every benchmark may use: the pinned load generator, rounds that alternate the variants,
 * medians, a process's CPU time, and number formats for the results table.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { record, type BenchRow } from './results';

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Percentile of a sorted-or-not sample (nearest rank). */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

export const fmt = {
  perSecond: (n: number) => `${Math.round(n).toLocaleString('en')}/s`,
  ms: (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`,
  ratio: (n: number) => `${n.toFixed(2)}×`,
};

/**
 * `rounds` rounds of every variant in turn (A B C A B C …), so drift on a shared machine touches each variant
 * alike; answers each variant's results in round order. With `discardFirst`, one more round runs first and is
 * thrown away: a process that has just started answers its first seconds of load before V8 has optimised its hot
 * paths (the first round of a cold app measured 0.5× its later ones), and that is not what a budget is about.
 */
export async function alternate<K extends string, T>(
  rounds: number,
  variants: Record<K, () => Promise<T>>,
  { discardFirst = false }: { discardFirst?: boolean } = {},
): Promise<Record<K, T[]>> {
  const out = Object.fromEntries(Object.keys(variants).map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let r = discardFirst ? -1 : 0; r < rounds; r++)
    for (const k of Object.keys(variants) as K[]) {
      const result = await variants[k]();
      if (r >= 0) out[k].push(result);
    }
  return out;
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * A text every answer must hold (e.g. a field name): an answer without it, or with GraphQL "errors", fails the bench.
   */
  expect?: string;
  connections: number;
  durationMs: number;
  warmupMs?: number;
}

export interface LoadResult {
  requests: number;
  /** Requests answered including the warm-up. */
  total: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

const LOAD = path.join(__dirname, 'load.mjs');

/** Runs the load generator (support/load.mjs) in its own process pinned to core 1 with taskset. */
export function load(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('taskset', ['-c', '1', process.execPath, LOAD, JSON.stringify(opts)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited ${code}: ${err}`));
      const result = JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
      if (result.failures)
        return reject(new Error(`${result.failures} of ${result.total} requests to ${opts.url} failed`));
      resolve(result);
    });
  });
}

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) a process has used so far, in ms (from /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** Runs `fn` and answers its result with the CPU ms `pid` used meanwhile. */
export async function withCpu<T>(pid: number, fn: () => Promise<T>): Promise<T & { cpuMs: number }> {
  const before = cpuMs(pid);
  const result = await fn();
  return { ...result, cpuMs: cpuMs(pid) - before };
}

/** What p50Row compares: two request bodies to one address, `rounds` rounds, and the budget of `other`. */
export interface P50RowOptions {
  rounds: number;
  request: Omit<LoadOptions, 'body' | 'connections'>;
  /** Each side's body, and its own headers when the two sides are asked by different members. */
  baseline: { label: string; body: string; headers?: Record<string, string> };
  other: { label: string; body: string; headers?: Record<string, string> };
  budget: number;
}

/**
 * One results row: the p50 of `other` against the p50 of `baseline` at 1 connection over real HTTP, alternating
 * them for `rounds` rounds; it passes when `other` takes at most `budget` × the baseline's time.
 */
export async function p50Row(
  opts: P50RowOptions,
): Promise<{ figure: string; baseline: string; value: string; ratio: number; budget: string; pass: boolean }> {
  const base = { ...opts.request, connections: 1 };
  const rounds = await alternate(opts.rounds, {
    first: () =>
      load({ ...base, body: opts.baseline.body, headers: opts.baseline.headers ?? base.headers }).then((r) => r.p50),
    other: () =>
      load({ ...base, body: opts.other.body, headers: opts.other.headers ?? base.headers }).then((r) => r.p50),
  });
  const ratio = median(rounds.first.map((f, i) => f / rounds.other[i]));
  const list = (xs: number[]) => `[${xs.map((t) => t.toFixed(1)).join(', ')}]`;
  return {
    figure: `${opts.other.label}, p50 at 1 conn ${list(rounds.other)} ms`,
    baseline: `${opts.baseline.label} ${fmt.ms(median(rounds.first))} ${list(rounds.first)}`,
    value: fmt.ms(median(rounds.other)),
    ratio,
    budget: `≥ ${(1 / opts.budget).toFixed(2)}× (≤ ${opts.budget}× ${opts.baseline.label})`,
    pass: ratio >= 1 / opts.budget,
  };
}

/**
 * A results row of two GraphQL requests to one app, as most benchmarks take it: both answers are read first (no
 * "errors", and `check` on each answer's data, e.g. a full page), then p50Row times them; the row is recorded and
 * the test fails when it missed its budget.
 */
export async function checkedP50Row(
  opts: P50RowOptions & { check: (data: Record<string, unknown>) => void },
): Promise<BenchRow> {
  for (const body of [opts.baseline.body, opts.other.body]) {
    const json = await (
      await fetch(opts.request.url, { method: opts.request.method, headers: opts.request.headers, body })
    ).json();
    expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
    opts.check(json.data);
  }
  const { check: _check, ...measured } = opts;
  const result = await p50Row(measured);
  record([result]);
  expect(result.pass, `${result.figure}: ${result.value} against ${result.baseline}`).toBe(true);
  return result;
}
