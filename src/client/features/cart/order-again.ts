import type { OrderAgainNote } from '../../../shared/api/cart.schemas';
import type { DeliveryDetails } from '../../../shared/api/orders.schemas';

/**
 * What 'Order again' (or a saved list's 'Add all to cart') hands the cart page, as the router's
 * location state: where the lines came from ("order 10042", "the list Monthly site order"), the note on
 * each line that changed on the way, and for an order where it went, to fill checkout.
 */
export interface OrderedAgain {
  from: string;
  notes: OrderAgainNote[];
  details?: DeliveryDetails;
}

/** The location state 'Order again' left, or null (a reload, or any other way to the cart). */
export function orderedAgainIn(state: unknown): OrderedAgain | null {
  if (typeof state !== 'object' || state === null || !('orderedAgain' in state)) return null;
  return (state as { orderedAgain: OrderedAgain }).orderedAgain;
}
