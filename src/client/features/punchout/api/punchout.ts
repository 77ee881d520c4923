import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreatePunchoutConnectionBody,
  CreatedPunchoutConnection,
  OrderPunchout,
  PunchoutConnection,
  UpdatePunchoutConnectionBody,
} from '../../../../shared/api/punchout.schemas';
import { ApiError, api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

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
