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
