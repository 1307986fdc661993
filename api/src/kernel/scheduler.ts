import type { Logger } from './logger';

/** Periodic work of a module (or of the database's housekeeping), declared in its manifest. */
export interface ScheduledJob {
  /** Names the job in the log. */
  name: string;
  /**
   * How long after a run ends the next one starts; a function is read after each run (settings may change in tests).
   */
  everyMs: number | (() => number);
  /** One run; a failure is logged and the job runs again at its next turn. */
  run(log: Logger): Promise<unknown>;
}

/**
 * The one scheduler of the process: each job runs at start and then `everyMs` after its previous run ended, so runs of
 * one job never overlap. The timers do not keep the process alive. Answers a function that stops every job (called
 * on shutdown); a run in progress finishes, but no new one starts.
 */
export function startScheduler(jobs: ReadonlyArray<ScheduledJob>, log: Logger): () => void {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const every = (job: ScheduledJob) => (typeof job.everyMs === 'function' ? job.everyMs() : job.everyMs);
  const run = async (job: ScheduledJob) => {
    try {
      await job.run(log);
    } catch (err) {
      log.warn({ err, job: job.name }, `${job.name} failed`);
    }
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void run(job);
    }, every(job));
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) void run(job);
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
