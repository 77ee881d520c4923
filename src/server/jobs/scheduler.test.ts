import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleJobs } from './scheduler';

const log = () => ({ info: vi.fn(), error: vi.fn() });

describe('scheduleJobs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job on its own timer, first a second after the start, and not a job turned off', async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const logger = log();
    const stop = scheduleJobs(
      [
        { name: 'often', everyMs: 500, run: async () => ({ ran: runs.push('often') * 0 }) },
        { name: 'seldom', everyMs: 3000, run: async () => ({ expired: runs.push('seldom') }) },
        { name: 'off', everyMs: 0, run: async () => ({ ran: runs.push('off') }) },
      ],
      logger as never,
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs.filter((name) => name === 'often')).toHaveLength(6);
    // First after a second, then every 3 s: at 1 s and at 3 s.
    expect(runs.filter((name) => name === 'seldom')).toHaveLength(2);
    expect(runs).not.toContain('off');
    // Only a run that did something is logged.
    expect(logger.info.mock.calls.map(([fields]) => (fields as { job: string }).job)).toEqual([
      'seldom',
      'seldom',
    ]);
    await stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs.filter((name) => name === 'often')).toHaveLength(6);
  });

  it('never overlaps a job with itself, and a failed run is logged under its name and tried again', async () => {
    vi.useFakeTimers();
    const logger = log();
    let started = 0;
    let release: () => void = () => undefined;
    const stop = scheduleJobs(
      [
        {
          name: 'slow',
          everyMs: 100,
          run: () => {
            started += 1;
            return new Promise<Record<string, number>>((resolve) => {
              release = () => resolve({});
            });
          },
        },
        {
          name: 'failing',
          everyMs: 100,
          run: async () => {
            throw new Error('database down');
          },
        },
      ],
      logger as never,
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    const failures = logger.error.mock.calls.map(([fields]) => fields as { job: string; err: Error });
    expect(failures.length).toBeGreaterThanOrEqual(9);
    expect(
      failures.every((fields) => fields.job === 'failing' && fields.err.message === 'database down'),
    ).toBe(true);
    release();
    await stop();
  });
});
