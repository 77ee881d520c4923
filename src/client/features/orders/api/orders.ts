import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DeleteResult } from '../../../../shared/api/common.schemas';
import type { ChargesPreview } from '../../../../shared/api/cart.schemas';
import type {
  ChangeOrderLinesBody,
  Order,
  OrderDetail,
  PlaceOrderBody,
  PlaceOrderResult,
} from '../../../../shared/api/orders.schemas';
import { placeQuery } from '../../../../shared/domain/addresses';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** The signed-in customer's orders (spec §7 GET /purchase?email=). */
export const myOrdersQuery = (email: string) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'of', email.toLowerCase()],
    queryFn: ({ signal }) => api<Order[]>(`/purchase?email=${encodeURIComponent(email)}`, { signal }),
  });

/** One order, for the payment page (spec §7 GET /purchase/{id}). */
export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'one', orderId],
    queryFn: ({ signal }) => api<OrderDetail>(`/purchase/${encodeURIComponent(orderId)}`, { signal }),
  });

export function useMyOrders(email: string | undefined) {
  return useQuery({ ...myOrdersQuery(email ?? ''), enabled: Boolean(email) });
}

export function useOrder(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderQuery(orderId), enabled });
}

/**
 * What ordering `quantity` of a product would cost delivered to `place`: the server's
 * figures, which the order will carry. Kept while the next is found, so the figures do not flicker.
 */
export function useChargesPreview(
  toolId: string,
  quantity: number | null,
  place: { country: string; region: string | null } | null,
  notForResale = false,
) {
  return useQuery({
    queryKey: [
      ...queryRoots.orders,
      'preview',
      toolId,
      quantity,
      place?.country,
      place?.region,
      notForResale,
    ],
    queryFn: ({ signal }) =>
      api<ChargesPreview>(
        `/purchase/preview?toolId=${encodeURIComponent(toolId)}&quantity=${quantity}&${place ? placeQuery(place, notForResale) : ''}`,
        { signal },
      ),
    enabled: Boolean(place) && quantity !== null,
    placeholderData: (previous) => previous,
  });
}

/** Orders and stock move together: after either changes, both are read again. */
const useInvalidateOrdersAndStock = () => useInvalidate(queryRoots.orders, queryRoots.tools);

export function usePlaceOrder() {
  const invalidate = useInvalidateOrdersAndStock();
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => api<PlaceOrderResult>('/purchase', { method: 'POST', body }),
    onSettled: invalidate,
  });
}

export function useCancelOrder() {
  const invalidate = useInvalidateOrdersAndStock();
  return useMutation({
    mutationFn: (orderId: string) =>
      api<DeleteResult>(`/purchase/${encodeURIComponent(orderId)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** The buyer asks the shop to cancel a paid order that has not shipped; the shop answers by mail. */
export function useRequestCancellation() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      api<Order>(`/purchase/${encodeURIComponent(orderId)}/cancellation`, {
        method: 'POST',
        body: { reason },
      }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/**
 * The buyer changes an order before it is paid or invoiced: its lines priced again, its stock
 * reserved again. The order, the stock and the order's payment intent (cancelled by the change) are
 * read again.
 */
/**
 * What the change would make of the order (its lines priced, tax, freight, total, where it goes),
 * asked of the server as the buyer edits, changing nothing; `null` lines: nothing to ask yet.
 */
export function useChangePreview(orderId: string, lines: ChangeOrderLinesBody['lines'] | null) {
  return useQuery({
    queryKey: [...queryRoots.orders, orderId, 'change-preview', lines],
    queryFn: ({ signal }) =>
      api<Order>(`/purchase/${encodeURIComponent(orderId)}/lines/preview`, {
        method: 'POST',
        body: { lines: lines ?? [] },
        signal,
      }),
    enabled: lines !== null && lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}

export function useChangeOrderLines() {
  const invalidate = useInvalidate(queryRoots.orders, queryRoots.tools, queryRoots.paymentIntents);
  return useMutation({
    mutationFn: ({ orderId, lines }: { orderId: string } & ChangeOrderLinesBody) =>
      api<Order>(`/purchase/${encodeURIComponent(orderId)}/lines`, { method: 'PUT', body: { lines } }),
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}
