import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Cart,
  CheckoutResult,
  OrderAgainResult,
  QuickAddResult,
} from '../../../../shared/api/cart.schemas';
import type { DeliveryDetails } from '../../../../shared/api/orders.schemas';
import type { QuoteRequested } from '../../../../shared/api/quotes.schemas';
import { placeQuery } from '../../../../shared/domain/addresses';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';
import { cartChanged } from '../../../lib/cart-store';

const cartKey = queryRoots.cart;

export const cartQuery = () =>
  queryOptions({
    queryKey: cartKey,
    queryFn: async ({ signal }) => {
      const cart = await api<Cart>('/cart', { signal });
      cartChanged(cart);
      return cart;
    },
  });

export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cartQuery(), enabled });
}

/**
 * The cart's charges delivered to `place` (GET /api/cart?country=&region=): subtotal,
 * freight, tax by rate and total, as checkout will charge them. Read again whenever the cart changes
 * (its key is under the cart's), and kept on screen while the next figures are found.
 */
export function useCartCharges(
  place: { country: string; region: string | null } | null,
  notForResale = false,
) {
  return useQuery({
    queryKey: [...cartKey, 'charges', place?.country, place?.region, notForResale],
    queryFn: ({ signal }) => api<Cart>(`/cart?${place ? placeQuery(place, notForResale) : ''}`, { signal }),
    select: (cart) => cart.charges,
    enabled: Boolean(place),
    placeholderData: (previous) => previous,
  });
}

/**
 * A change answered with the whole cart (alone, or within a larger answer): it becomes the cart on
 * screen and the header's count.
 */
function useCartChange<T, R = Cart>(
  change: (input: T) => Promise<R>,
  cartIn: (answer: R) => Cart = (answer) => answer as Cart,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      const cart = cartIn(answer);
      queryClient.setQueryData(cartKey, cart);
      cartChanged(cart);
      void queryClient.invalidateQueries({ queryKey: [...cartKey, 'charges'] });
    },
  });
}

export function useSetCartLine() {
  return useCartChange(({ toolId, quantity }: { toolId: string; quantity: number }) =>
    api<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`, { method: 'PUT', body: { quantity } }),
  );
}

export function useRemoveCartLine() {
  return useCartChange((toolId: string) =>
    api<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`, { method: 'DELETE' }),
  );
}

/** Quick order: pasted rows judged (dryRun) or added to the cart; the answer carries the cart. */
export function useQuickAdd() {
  return useCartChange(
    (body: { text: string; dryRun: boolean }) =>
      api<QuickAddResult>('/cart/quick-add', { method: 'POST', body }),
    (answer) => answer.cart,
  );
}

/** Order again: an earlier order's lines back into the cart; the answer carries the cart and a note per changed line. */
export function useOrderAgain() {
  return useCartChange(
    (orderId: string) => api<OrderAgainResult>('/cart/order-again', { method: 'POST', body: { orderId } }),
    (answer) => answer.cart,
  );
}

/** A saved list's 'Add all to cart': every line, re-checked today; the answer carries the cart. */
export function useListToCart() {
  return useCartChange(
    (listId: string) =>
      api<OrderAgainResult>(`/lists/${encodeURIComponent(listId)}/cart`, { method: 'POST' }),
    (answer) => answer.cart,
  );
}

/** The whole cart becomes one quote request; the cart (now empty) and the quotes are read again. */
export function useRequestCartQuote() {
  const invalidate = useInvalidate(queryRoots.quotes);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      api<QuoteRequested>('/cart/quote', { method: 'POST', body: { note } }).then((result) => result.quote),
    // The form shows the refusal in place.
    meta: { errorToast: false },
    onSuccess: async () => {
      const emptied: Cart = { lines: [], total: 0, ready: false, charges: null };
      queryClient.setQueryData(cartKey, emptied);
      cartChanged(emptied);
      await invalidate();
    },
  });
}

/** Checkout: one order of the whole cart; the cart (now empty), orders and stock are read again. */
export function useCheckout() {
  const invalidate = useInvalidate(queryRoots.orders, queryRoots.tools, queryRoots.credit);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: DeliveryDetails & { paymentMethod?: 'card' | 'account' }) =>
      api<CheckoutResult>('/cart/checkout', { method: 'POST', body: details }),
    // Not awaited: the emptied cart's page must not replace the form before the caller's onSuccess
    // (the way to the payment page) has run.
    onSettled: () => {
      void invalidate();
      void queryClient.invalidateQueries({ queryKey: cartKey });
    },
  });
}
