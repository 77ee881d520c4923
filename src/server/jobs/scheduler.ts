import type { FastifyBaseLogger } from 'fastify';
import type { JobObserver } from '../metrics/metrics';
import { AFTER_START_MS, repeat, waitAtMost } from '../config/time-limits';

/** A piece of the shop's background work, on a timer of its own. */
export interface Job {
  /** In logs, and in the setting that times it (e.g. order-expiry: ORDER_EXPIRY_EVERY_SECONDS). */
  name: string;
  /** How often it runs; 0 turns it off. */
  everyMs: number;
  /** One run; answers what it did, as counts (logged when any is above 0). */
  run: () => Promise<Record<string, number>>;
}

/**
 * Runs each job on its own timer: first a second after the start (or after its interval if that is
 * shorter: never at once, where its queries would run before the server's first answers), then every
 * interval. A job never overlaps itself; a failed run is logged under the job's name and the next run
 * tries again. Safe with several processes: each job claims its rows (SKIP LOCKED or conditional
 * updates). The returned function stops them all, waiting up to a second for runs under way (one cut
 * short leaves its work to the next run, here or elsewhere).
 */
export function scheduleJobs(
  jobs: readonly Job[],
  log: FastifyBaseLogger,
  observer?: JobObserver,
): () => Promise<void> {
  const running = new Map<string, Promise<void>>();
  const stops = jobs
    .filter((job) => job.everyMs > 0)
    .map((job) => {
      observer?.scheduled(job);
      const tick = () => {
        if (running.has(job.name)) return;
        const run = (async () => {
          const started = performance.now();
          try {
            const done = await job.run();
            observer?.finished(job, 'ok', (performance.now() - started) / 1000);
            if (Object.values(done).some((count) => count > 0))
              log.info({ job: job.name, ...done }, 'job ran');
          } catch (error) {
            observer?.finished(job, 'failed', (performance.now() - started) / 1000);
            log.error({ err: error, job: job.name }, 'job failed');
          } finally {
            running.delete(job.name);
          }
        })();
        running.set(job.name, run);
      };
      if (job.everyMs > AFTER_START_MS) return repeat(tick, job.everyMs, AFTER_START_MS);
      const timer = setInterval(tick, job.everyMs);
      timer.unref();
      return () => clearInterval(timer);
    });
  return async () => {
    for (const stop of stops) stop();
    await waitAtMost(1000, Promise.all(running.values()));
  };
}
