import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InsertResult } from '../../../../shared/api/common.schemas';
import type { Order, PlaceOrderBody } from '../../../../shared/api/orders.schemas';
import { api } from '../../../lib/api-client';

export const ordersKey = (email: string) => ['orders', email.toLowerCase()] as const;

/** The signed-in customer's orders (spec §7 GET /purchase?email=). */
export function useMyOrders(email: string | undefined) {
  return useQuery({
    queryKey: ordersKey(email ?? ''),
    queryFn: ({ signal }) => api<Order[]>(`/purchase?email=${encodeURIComponent(email ?? '')}`, { signal }),
    enabled: Boolean(email),
  });
}

/** Orders and stock move together: after either changes, both are read again. */
function useInvalidateOrdersAndStock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
      queryClient.invalidateQueries({ queryKey: ['tools'] }),
    ]);
}

export function usePlaceOrder() {
  const invalidate = useInvalidateOrdersAndStock();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => api<InsertResult>('/purchase', { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useCancelOrder() {
  const invalidate = useInvalidateOrdersAndStock();
  return useMutation({
    mutationFn: (orderId: string) =>
      api<{ deletedCount: number }>(`/purchase/${encodeURIComponent(orderId)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}
