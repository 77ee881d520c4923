import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UpdateResult } from '../../../../shared/api/common.schemas';
import type {
  ConfirmPaymentBody,
  CreateIntentBody,
  CreateIntentResult,
  TestCardBody,
  TestCardResult,
} from '../../../../shared/api/payments.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** The order's payment intent; the server answers the same one however often it is asked. */
export const paymentIntentQuery = (orderId: string) =>
  queryOptions({
    queryKey: [...queryRoots.paymentIntents, orderId],
    queryFn: () =>
      api<CreateIntentResult>('/create-payment-intent', {
        method: 'POST',
        body: { orderId } satisfies CreateIntentBody,
      }),
    staleTime: Infinity,
    retry: false,
  });

export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQuery(orderId), enabled });
}

/** The built-in test provider's stand-in for Stripe.js's confirmCardPayment. */
export function confirmTestCard(body: TestCardBody) {
  return api<TestCardResult>('/payments/test/confirm', { method: 'POST', body });
}

/**
 * Pays an order: `charge` takes the card payment with the provider and answers its transaction id, then
 * the server verifies that payment and marks the order paid (spec §7 PATCH /purchase/{id}). The
 * mutation's data is the transaction id; its error is the card's or the server's reason, which the
 * payment form shows in red itself (no toast).
 */
export function usePayOrder(orderId: string) {
  const invalidate = useInvalidate(queryRoots.orders);
  return useMutation({
    mutationFn: async (charge: () => Promise<string>) => {
      const transactionId = await charge();
      await api<UpdateResult>(`/purchase/${encodeURIComponent(orderId)}`, {
        method: 'PATCH',
        body: { payment: { transactionId } } satisfies ConfirmPaymentBody,
      });
      return transactionId;
    },
    onSuccess: invalidate,
    meta: { errorToast: false },
  });
}

export type PayOrder = ReturnType<typeof usePayOrder>;
