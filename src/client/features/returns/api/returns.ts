import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ReceiveReturnBody, Return, ReturnBody } from '../../../../shared/api/returns.schemas';
import type { ReturnStatus } from '../../../../shared/domain/returns';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Returns live under the orders' root: a return's steps change its order (returned units, the
 * timeline) and the stock, and an order's page refreshes with them.
 */
export const myReturnsQuery = queryOptions({
  queryKey: [...queryRoots.orders, 'returns', 'mine'],
  queryFn: ({ signal }) => api<Return[]>('/returns', { signal }),
});

export const useMyReturns = () => useQuery(myReturnsQuery);

export const adminReturnsQuery = (status: ReturnStatus | undefined) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'returns', 'all', status ?? 'any'],
    queryFn: ({ signal }) => api<Return[]>(`/admin/returns${status ? `?status=${status}` : ''}`, { signal }),
  });

export const useAdminReturns = (status: ReturnStatus | undefined) => useQuery(adminReturnsQuery(status));

export const returnQuery = (returnId: string) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'returns', 'one', returnId],
    queryFn: ({ signal }) => api<Return>(`/returns/${encodeURIComponent(returnId)}`, { signal }),
  });

export const useReturn = (returnId: string) => useQuery(returnQuery(returnId));

/** The buyer returns shipped units of an order. */
export function useRequestReturn() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: ReturnBody }) =>
      api<Return>(`/purchase/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

type Step =
  | { step: 'approve'; body: { instructions: string } }
  | { step: 'reject'; body: { reason: string } }
  | { step: 'receive'; body: ReceiveReturnBody }
  | { step: 'refund'; body: { restockingFeePercent?: number } };

/** What refunding a received return would credit, asked before the admin confirms (changes nothing). */
export function usePreviewReturnRefund(returnId: string) {
  return useMutation({
    mutationFn: (body: { restockingFeePercent?: number }) =>
      api<Return>(`/admin/returns/${encodeURIComponent(returnId)}/refund/preview`, { method: 'POST', body }),
    meta: { errorToast: false },
  });
}

/** A shop admin's step on a return: approve, reject, receive or refund. */
export function useReturnStep(returnId: string) {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({ step, body }: Step) =>
      api<Return>(`/admin/returns/${encodeURIComponent(returnId)}/${step}`, { method: 'POST', body }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}
