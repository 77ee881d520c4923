import type { OrderAgainNote } from '../../../shared/api/cart.schemas';
import type { DeliveryDetails } from '../../../shared/api/orders.schemas';

/**
 * What 'Order again' hands the cart page (as the router's location state): which order went back into
 * the cart, the note on each line that changed on the way, and where that order went, to fill checkout.
 */
export interface OrderedAgain {
  orderNumber: number;
  notes: OrderAgainNote[];
  details: DeliveryDetails;
}

/** The location state 'Order again' left, or null (a reload, or any other way to the cart). */
export function orderedAgainIn(state: unknown): OrderedAgain | null {
  if (typeof state !== 'object' || state === null || !('orderedAgain' in state)) return null;
  return (state as { orderedAgain: OrderedAgain }).orderedAgain;
}
