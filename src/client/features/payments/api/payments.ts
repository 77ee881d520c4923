import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/api/orders.schemas';
import type { TestCardBody } from '../../../../shared/api/payments.schemas';
import { api } from '../../../lib/api-client';

/** One order for the payment page (spec §7 GET /purchase/{id}). */
export function useOrder(orderId: string) {
  return useQuery({
    queryKey: ['orders', 'one', orderId],
    queryFn: ({ signal }) => api<Order>(`/purchase/${encodeURIComponent(orderId)}`, { signal }),
  });
}

/** The order's payment intent; the server answers the same one however often it is asked. */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payment-intent', orderId],
    queryFn: () =>
      api<{ clientSecret: string }>('/create-payment-intent', { method: 'POST', body: { orderId } }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** The built-in test provider's stand-in for Stripe.js's confirmCardPayment. */
export function confirmTestCard(body: TestCardBody) {
  return api<{ status: 'succeeded'; transactionId: string }>('/payments/test/confirm', {
    method: 'POST',
    body,
  });
}

/** Asks the server to verify the payment with the provider and mark the order paid (spec §7 PATCH). */
export function useSettlePayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      api<{ modifiedCount: number }>(`/purchase/${encodeURIComponent(orderId)}`, {
        method: 'PATCH',
        body: { payment: { transactionId } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
    // The payment form shows its own errors in red below the card fields.
    meta: { errorToast: false },
  });
}
