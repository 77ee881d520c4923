import type { ShipToBody } from '../../shared/api/addresses.schemas';
import type { DeliveryDetails, Order } from '../../shared/api/orders.schemas';

/** An empty structured address, in the shop's own country first. */
export const emptyAddress = (country = 'US'): ShipToBody => ({
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country,
});

/**
 * A delivery form's first values (the buy form, checkout, a quote's acceptance, 'Order again'): where
 * an earlier order went (its structured address, when it has one), or empty in the shop's country; a
 * new PO number is the buyer's to give.
 */
export function deliveryDefaults(
  previous: Pick<Order, 'name' | 'address' | 'shipTo' | 'number' | 'company'> | null | undefined,
  buyerName = '',
): DeliveryDetails {
  const shipTo = previous?.shipTo;
  return {
    name: previous?.name ?? buyerName,
    address: previous?.address ?? '',
    shipTo: shipTo ? { ...shipTo, line2: shipTo.line2 ?? '', region: shipTo.region ?? '' } : emptyAddress(),
    number: previous?.number ?? '',
    company: previous?.company ?? '',
    poNumber: '',
  };
}
