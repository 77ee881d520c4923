/** What `within` rejects with when its time ran out. */
export class NoAnswerInTime extends Error {
  override name = 'NoAnswerInTime';
}

/** `work`, or a rejection (NoAnswerInTime) once `ms` have passed without an answer. */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoAnswerInTime(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Waits for `work` (a background task stopping), but no longer than `ms`; never throws. */
export async function waitAtMost(ms: number, work: Promise<unknown> | null): Promise<void> {
  if (work) await within(ms, work).catch(() => undefined);
}

/**
 * How long after the start the background work begins. On the embedded database its queries share the
 * server's one thread, so that thread handles the start's first requests before the background work.
 */
export const AFTER_START_MS = 1000;

/**
 * Runs `work` once after `firstMs`, then every `intervalMs`, in the background (the timers keep no
 * process alive); the returned function stops both timers.
 */
export function repeat(work: () => void, intervalMs: number, firstMs: number): () => void {
  const first = setTimeout(work, firstMs);
  first.unref();
  const timer = setInterval(work, intervalMs);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * The loop of an outbox's worker (the mail's, the webhooks'): `drainOnce` takes and sends one batch and
 * answers whether a full batch was taken (then it runs again at once); it runs every `pollMs`, first
 * after `firstRunMs`, and when nudged, never twice at a time. `stop()` waits up to `graceMs` for the
 * batch being sent: a message cut off is sent again after its claim lapses, by this or another process.
 */
export function outboxLoop(
  drainOnce: (stopped: () => boolean) => Promise<boolean>,
  { pollMs, firstRunMs, onError }: { pollMs: number; firstRunMs: number; onError: (error: unknown) => void },
) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;

  async function drain() {
    do {
      again = false;
      if (await drainOnce(isStopped)) again = true;
    } while (again && !stopped);
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }

  const stopPolling = repeat(run, pollMs, firstRunMs);
  return {
    nudge: run,
    async stop(graceMs = 1000) {
      stopped = true;
      stopPolling();
      await waitAtMost(graceMs, running);
    },
  };
}
