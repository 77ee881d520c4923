import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React takes over on its own: the browser hydrates each part
 * as a separate task, answering input in between, instead of one long task for the whole page.
 */
export function HydrationPart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
