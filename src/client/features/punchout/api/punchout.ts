import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  CreatePunchoutConnectionBody,
  CreatedPunchoutConnection,
  OrderPunchout,
  PunchoutConnection,
  PunchoutSessionInfo,
  UpdatePunchoutConnectionBody,
} from '../../../../shared/api/punchout.schemas';
import { ApiError, api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

let asked: Promise<PunchoutSessionInfo | null> | undefined;

/**
 * The punchout this browser is in, asked once per page load and only of a punchout's session. Read
 * without TanStack Query: the banner sits under the header, which every page (the home page's first
 * load too) renders before any query client exists.
 */
export function usePunchoutSession(enabled: boolean): PunchoutSessionInfo | null {
  const [info, setInfo] = useState<PunchoutSessionInfo | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    asked ??= api<PunchoutSessionInfo>('/punchout/session').catch(() => {
      asked = undefined;
      return null;
    });
    void asked.then((found) => {
      if (live) setInfo(found);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? info : null;
}

/** Every connection, with its latest punchouts and orders (the shop's admin). */
export function usePunchoutConnections() {
  return useQuery({
    queryKey: [...queryRoots.punchout, 'connections'],
    queryFn: ({ signal }) => api<PunchoutConnection[]>('/admin/punchout-connections', { signal }),
  });
}

export function useCreatePunchoutConnection() {
  const invalidate = useInvalidate(queryRoots.punchout);
  return useMutation({
    mutationFn: (body: CreatePunchoutConnectionBody) =>
      api<CreatedPunchoutConnection>('/admin/punchout-connections', { method: 'POST', body }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdatePunchoutConnection() {
  const invalidate = useInvalidate(queryRoots.punchout);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePunchoutConnectionBody }) =>
      api(`/admin/punchout-connections/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeletePunchoutConnection() {
  const invalidate = useInvalidate(queryRoots.punchout);
  return useMutation({
    mutationFn: (id: string) =>
      api(`/admin/punchout-connections/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The procurement system an order came from by punchout; null for any other order. */
export function useOrderPunchout(orderId: string) {
  return useQuery({
    queryKey: [...queryRoots.punchout, 'order', orderId],
    queryFn: async ({ signal }) => {
      try {
        return await api<OrderPunchout>(`/purchase/${encodeURIComponent(orderId)}/punchout`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}
