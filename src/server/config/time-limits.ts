/** `work`, or a rejection once `ms` have passed without an answer. */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
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
