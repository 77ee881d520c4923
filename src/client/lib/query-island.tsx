import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useQueryClientSlot } from './query-client-slot';

/**
 * Gives the pages that use TanStack Query its client (see query-client-slot.ts). Loaded with the first
 * of them, after the client is made; islands nest harmlessly, all with the one client.
 */
export function QueryIsland({ children }: { children: ReactNode }) {
  const client = useQueryClientSlot().current;
  if (!client) throw new Error('A TanStack Query page rendered before its client was made');
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
