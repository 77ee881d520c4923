import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart, CheckoutResult, QuickAddResult } from '../../../../shared/api/cart.schemas';
import type { DeliveryDetails } from '../../../../shared/api/orders.schemas';
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

/** A change answered with the whole cart: it becomes the cart on screen and the header's count. */
function useCartChange<T>(change: (input: T) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKey, cart);
      cartChanged(cart);
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; dryRun: boolean }) =>
      api<QuickAddResult>('/cart/quick-add', { method: 'POST', body }),
    onSuccess: ({ cart }) => {
      queryClient.setQueryData(cartKey, cart);
      cartChanged(cart);
    },
  });
}

/** Checkout: one order of the whole cart; the cart (now empty), orders and stock are read again. */
export function useCheckout() {
  const invalidate = useInvalidate(queryRoots.orders, queryRoots.tools);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: DeliveryDetails) =>
      api<CheckoutResult>('/cart/checkout', { method: 'POST', body: details }),
    onSettled: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: cartKey })]);
    },
  });
}
