import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminOrderPage,
  CancelOrderBody,
  CancelPreview,
  ChangeOrderStatusBody,
  CreditNoteListItem,
  CreditNotesQuery,
  ResendResult,
  SetFreightBody,
  ShipmentBody,
} from '../../../../shared/api/admin-orders.schemas';
import type { Order, Shipment } from '../../../../shared/api/orders.schemas';
import type { SalesDashboard } from '../../../../shared/api/dashboard.schemas';
import type { UpdateResult } from '../../../../shared/api/common.schemas';
import type { OrderStatus } from '../../../../shared/domain/order-status';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** Which orders Manage All Orders shows and exports, as its URL keeps them (every field optional). */
export interface AdminOrdersFilter {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  sku?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  by?: 'placed' | 'paid' | undefined;
  holdEndsWithin?: number | undefined;
}

/** The API's query string for a filter, without empty fields. */
export function adminOrdersQueryString(
  filter: AdminOrdersFilter & { page?: number; pageSize?: number },
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}

/** GET /api/admin/orders.csv: the filter's orders as a file (a link the browser downloads). */
export const ordersCsvUrl = (filter: AdminOrdersFilter) =>
  `/api/admin/orders.csv?${adminOrdersQueryString(filter)}`;

/** One page of the orders a filter picks (Manage All Orders, DESIGN §5.7 and §9). */
export const allOrdersQuery = (filter: AdminOrdersFilter, page: number, pageSize = 20) =>
  queryOptions({
    queryKey: [...queryRoots.orders, 'all', filter, page, pageSize],
    queryFn: ({ signal }) =>
      api<AdminOrderPage>(`/admin/orders?${adminOrdersQueryString({ ...filter, page, pageSize })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useAllOrders(filter: AdminOrdersFilter, page: number) {
  return useQuery(allOrdersQuery(filter, page));
}

/**
 * The admin's dashboard (GET /api/admin/dashboard). Kept under the orders root: an order shipped,
 * paid or cancelled refreshes it.
 */
export const salesDashboardQuery = queryOptions({
  queryKey: [...queryRoots.orders, 'dashboard'],
  queryFn: ({ signal }) => api<SalesDashboard>('/admin/dashboard', { signal }),
});

export function useSalesDashboard() {
  return useQuery(salesDashboardQuery);
}

export function useShipOrder() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({
      orderId,
      shipment,
    }: {
      orderId: string;
      shipment: Omit<ChangeOrderStatusBody, 'status'>;
    }) =>
      api<UpdateResult>(`/admin/orders/${encodeURIComponent(orderId)}/status`, {
        method: 'PATCH',
        body: { status: 'shipped', ...shipment } satisfies ChangeOrderStatusBody,
      }),
    // The dialog shows the refusal.
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/** A shop admin ships some units of an order: a shipment of the lines and quantities chosen. */
export function useShipLines() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({ orderId, shipment }: { orderId: string; shipment: ShipmentBody }) =>
      api<Shipment>(`/admin/orders/${encodeURIComponent(orderId)}/shipments`, {
        method: 'POST',
        body: shipment,
      }),
    // The form shows the refusal.
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/** A shop admin quotes a pallet's freight: the order can then be paid, or goes on account. */
export function useQuoteFreight() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({ orderId, freight }: { orderId: string; freight: number }) =>
      api<Order>(`/admin/orders/${encodeURIComponent(orderId)}/freight`, {
        method: 'PUT',
        body: { freight } satisfies SetFreightBody,
      }),
    onSuccess: invalidate,
  });
}

/** A shop admin cancels an order, whole (no lines) or some units not shipped: credited and refunded. */
export function useCancelOrder() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: CancelOrderBody }) =>
      api<Order>(`/admin/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body }),
    // The form shows the refusal.
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/** What cancelling would do (its credit and where it goes), asked before the admin confirms. */
export function usePreviewCancelOrder() {
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: CancelOrderBody }) =>
      api<CancelPreview>(`/admin/orders/${encodeURIComponent(orderId)}/cancel/preview`, {
        method: 'POST',
        body,
      }),
    // The form shows the refusal.
    meta: { errorToast: false },
  });
}

/** A shop admin refuses a buyer's request to cancel an order, saying why. */
export function useRefuseCancellation() {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      api<Order>(`/admin/orders/${encodeURIComponent(orderId)}/cancellation/refuse`, {
        method: 'POST',
        body: { reason },
      }),
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

/** Credit notes, newest first, by number, invoice, company or email and days issued (admin). */
export function useAdminCreditNotes(query: CreditNotesQuery) {
  return useQuery({
    queryKey: [...queryRoots.orders, 'credit-notes', query],
    queryFn: ({ signal }) =>
      api<CreditNoteListItem[]>(`/admin/credit-notes?${adminOrdersQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Sends an invoice or credit note (INV-…, CN-…) again, as it was issued, to the buyer and the billing address. */
export function useResendDocument() {
  return useMutation({
    mutationFn: (number: string) =>
      api<ResendResult>(`/admin/documents/${encodeURIComponent(number)}/resend`, { method: 'POST' }),
  });
}
