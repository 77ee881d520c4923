import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect, useSyncExternalStore } from 'react';

// Loaded after the first paint: the home page's first script does not carry it (lib/notify.ts).
const ToastContainer = lazy(async () => ({
  default: (await import('react-toastify/unstyled')).ToastContainer,
}));

const noSubscription = () => () => {};

/** False while React hydrates the server's HTML (which has no toasts), true from then on. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * The app around its router: the browser's (main.tsx) or the server's (entry-server.tsx), in the same
 * tree on both sides so that React's generated ids agree when the browser takes over the server's HTML.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const hydrated = useHydrated();
  // Says the page answers input now, not only shows (a server-rendered page shows before its script
  // runs); the browser journeys wait for it before they act.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* react-toastify's defaults are the spec's (spec §9): 5000 ms, top-right, light. */}
      {hydrated && (
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
