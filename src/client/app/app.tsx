import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { router } from './router';

// Loaded after the first paint: the home page's first script does not carry it (lib/notify.ts).
const ToastContainer = lazy(async () => ({
  default: (await import('react-toastify/unstyled')).ToastContainer,
}));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* react-toastify's defaults are the spec's (spec §9): 5000 ms, top-right, light. */}
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
    </QueryClientProvider>
  );
}
