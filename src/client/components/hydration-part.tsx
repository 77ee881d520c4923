import { type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';

/** The parts on the page that React has not taken over yet, and who waits for there to be none. */
const pending = new Set<object>();
let waiting: (() => void)[] = [];

function takenOver(part: object) {
  pending.delete(part);
  if (pending.size > 0) return;
  const callbacks = waiting;
  waiting = [];
  for (const callback of callbacks) callback();
}

/**
 * Calls `callback` once every part on the page answers input: at once when none is still being taken
 * over. React commits the page around its parts first and each part in a later task, so the app's
 * own first effect runs while parts may still be server HTML that ignores a click or a key.
 */
export function afterPartsHydrated(callback: () => void): void {
  if (pending.size === 0) callback();
  else waiting.push(callback);
}

function Hydrated({ part }: { part: object }) {
  useEffect(() => takenOver(part), [part]);
  return null;
}

/**
 * A part of a server-rendered page that React takes over on its own: the browser hydrates each part
 * as a separate task, answering input in between, instead of one long task for the whole page.
 */
export function HydrationPart({ children }: { children: ReactNode }) {
  const [part] = useState(() => ({}));
  // Runs with the commit of the page around the part, before any passive effect of that commit (the
  // app's included); the part's own effect comes with the part's commit.
  useLayoutEffect(() => {
    pending.add(part);
    return () => takenOver(part);
  }, [part]);
  return (
    <Suspense fallback={null}>
      <Hydrated part={part} />
      {children}
    </Suspense>
  );
}
