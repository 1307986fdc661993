/**
 * The one results table of `npm run bench`: every benchmark records its figures here, and the run prints them
 * together at the end (figure, baseline, ratio, budget, pass or fail).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

export interface BenchRow {
  /** What was measured, e.g. "GraphQL feed page of 20, 20 connections: requests/s". */
  figure: string;
  /** The baseline it is compared with, with its value, e.g. "bare node:http + pg: 2,310/s". */
  baseline: string;
  /** The measured value, e.g. "1,420/s". */
  value: string;
  /** value ÷ baseline (or baseline ÷ value for times, so that higher is always better); null when not a ratio. */
  ratio: number | null;
  /** The budget, e.g. "≥ 0.5×" or "≤ 4 statements". */
  budget: string;
  pass: boolean;
  /**
   * The bench file that recorded the row (filled in by record(); the runner re-runs a file whose budget was missed).
   */
  file?: string;
}

/** `npm run bench -- --quick`: a small data set and short rounds (CI runs this). */
export const QUICK = process.env.BENCH_QUICK === '1';

/** Appends rows to this run's results file (BENCH_RESULTS, set by the runner); printed at the end of the run. */
export function record(rows: BenchRow[]): void {
  const file = process.env.BENCH_RESULTS;
  const testPath = expect.getState().testPath;
  const from = testPath ? path.relative(process.cwd(), testPath) : undefined;
  for (const row of rows) {
    const line = JSON.stringify({ ...row, file: row.file ?? from });
    if (file) fs.appendFileSync(file, `${line}\n`);
    else console.log(line);
  }
}
