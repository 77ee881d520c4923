/** A read a loader made: its data, or why it failed (the page shows that with a retry). */
export type Settled<T> = { data: T } | { error: string };

/** Waits for a read without throwing: a loader's failed read is its page's to show, not the router's. */
export function settle<T>(read: Promise<T>): Promise<Settled<T>> {
  return read.then(
    (data) => ({ data }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
}

/** Whether any loader's data holds a failed read (the server renderer then sends the page unrendered). */
export function anyReadFailed(loaderData: Record<string, unknown>): boolean {
  return Object.values(loaderData).some(
    (data) =>
      typeof data === 'object' &&
      data !== null &&
      Object.values(data).some(
        (value) => typeof value === 'object' && value !== null && 'error' in value && !('data' in value),
      ),
  );
}
