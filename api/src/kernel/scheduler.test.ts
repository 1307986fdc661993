import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { startScheduler, type ScheduledJob } from './scheduler';

const silentLog = pino({ level: 'silent' });

describe('the scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job at start and again every everyMs after its run ended, never overlapping; stop ends it', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const job: ScheduledJob = {
      name: 'counting',
      everyMs: 1_000,
      run: async () => {
        runs++;
        if (running++) overlapped = true;
        await new Promise((r) => setTimeout(r, 1_500));
        running--;
      },
    };
    const stop = startScheduler([job], silentLog);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000); // the first run ends at 1.5 s; the next starts at 2.5 s
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(runs).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
    expect(overlapped).toBe(false);
  });

  it('logs a failed run and runs the job again at its next turn; reads a function everyMs after each run', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(silentLog, 'warn');
    let runs = 0;
    let every = 1_000;
    const stop = startScheduler(
      [
        {
          name: 'failing',
          everyMs: () => every,
          run: async () => {
            runs++;
            throw new Error('away');
          },
        },
      ],
      silentLog,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'failing' }), 'failing failed');
    every = 5_000;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(3);
    stop();
  });
});
