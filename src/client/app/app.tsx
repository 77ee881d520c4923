import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { createQueryClient } from '../lib/query-client';
import { router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* react-toastify's defaults are the spec's (spec §9): 5000 ms, top-right, light. */}
      <ToastContainer />
    </QueryClientProvider>
  );
}
