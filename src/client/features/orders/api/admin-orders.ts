import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminOrderPage } from '../../../../shared/api/admin-orders.schemas';
import type { UpdateResult } from '../../../../shared/api/common.schemas';
import type { OrderStatus } from '../../../../shared/domain/order-status';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** One page of every order, optionally of one state (Manage All Orders, DESIGN §5.7). */
export const allOrdersQuery = (status: OrderStatus | 'all', page: number, pageSize = 20) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'all', status, page, pageSize],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (status !== 'all') query.set('status', status);
      return api<AdminOrderPage>(`/admin/orders?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

export function useAllOrders(status: OrderStatus | 'all', page: number) {
  return useQuery(allOrdersQuery(status, page));
}

export function useShipOrder() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: (orderId: string) =>
      api<UpdateResult>(`/admin/orders/${encodeURIComponent(orderId)}/status`, {
        method: 'PATCH',
        body: { status: 'shipped' },
      }),
    onSuccess: invalidate,
  });
}
