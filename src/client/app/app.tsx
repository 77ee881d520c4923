import { type ReactNode, Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { afterPartsHydrated } from '../components/hydration-part';
import { toastsWanted } from '../lib/notify';
import { type QueryClientSlot, QueryClientSlotContext } from '../lib/query-client-slot';

// Loaded with the first toast: a visit that shows none does not fetch react-toastify (lib/notify.ts).
const ToastContainer = lazy(async () => ({
  default: (await import('react-toastify/unstyled')).ToastContainer,
}));

/** True once a toast has been asked for; never while React hydrates the server's HTML, which has none. */
const useToastsWanted = () => useSyncExternalStore(toastsWanted.subscribe, toastsWanted.current, () => false);

/**
 * The app around its router: the browser's (main.tsx) or the server's (entry-server.tsx), in the same
 * tree on both sides so that React's generated ids agree when the browser takes over the server's HTML.
 */
export function App({
  queryClientSlot,
  children,
}: {
  queryClientSlot: QueryClientSlot;
  children: ReactNode;
}) {
  const toastsShown = useToastsWanted();
  // Says the page answers input now, not only shows (a server-rendered page shows before its script
  // runs, and its parts are taken over one by one); the browser journeys wait for it before they act.
  useEffect(() => {
    afterPartsHydrated(() => {
      document.documentElement.dataset.app = 'ready';
    });
  }, []);
  return (
    <QueryClientSlotContext.Provider value={queryClientSlot}>
      {children}
      {/* react-toastify's defaults are the spec's (spec §9): 5000 ms, top-right, light. */}
      {toastsShown && (
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>
      )}
    </QueryClientSlotContext.Provider>
  );
}
