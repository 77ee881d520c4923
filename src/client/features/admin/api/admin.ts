import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderPage } from '../../../../shared/api/admin-orders.schemas';
import type { InsertResult } from '../../../../shared/api/common.schemas';
import type { AddProductBody, UpdateProductBody } from '../../../../shared/api/products.schemas';
import type { OrderStatus } from '../../../../shared/domain/order-status';
import { api } from '../../../lib/api-client';

/** Product changes show on the home grid and in Manage Products without stale data. */
function useInvalidateTools() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['tools'] });
}

export function useAddProduct() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (body: AddProductBody) => api<InsertResult>('/addproduct', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProductBody }) =>
      api<{ modifiedCount: number }>(`/tools/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ deletedCount: number }>(`/tools/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAllOrders(status: OrderStatus | 'all', page: number, pageSize = 20) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status !== 'all') query.set('status', status);
  return useQuery({
    queryKey: ['orders', 'admin', status, page, pageSize],
    queryFn: ({ signal }) => api<AdminOrderPage>(`/admin/orders?${query.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api<{ modifiedCount: number }>(`/admin/orders/${encodeURIComponent(orderId)}/status`, {
        method: 'PATCH',
        body: { status: 'shipped' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
