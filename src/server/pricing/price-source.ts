import type { PriceSourceFields } from '../../shared/api/cart.schemas';
import { centsToDollars } from '../../shared/money';
import type { LinePrice } from './price-line';

/** A priced line's source as the cart, quick order and saved lists show it. */
export function priceSourceFields(price: LinePrice): PriceSourceFields {
  return {
    priceSource: price.source.kind,
    priceList: price.source.label,
    listUnitPrice: centsToDollars(price.listUnitPriceCents),
  };
}
