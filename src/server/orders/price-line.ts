import { lowerBound } from '../../shared/domain/order-quantity';
import { type CentsTier, priceOrder, tiersFrom } from '../../shared/domain/price-tiers';
import { centsToDollars } from '../../shared/money';

/**
 * How the shop prices (issue 32): the one place that says what a product's price breaks are today
 * and what a line of it costs a buyer. The buy form, the cart, checkout, product pages, JSON-LD and
 * the catalog CSV all take their prices from here (the browser previews with the same tier rule, and
 * the server's price is the one that counts).
 */

/** What pricing needs of a product: its own minimum and its stored breaks, in cents. */
export interface PricedProduct {
  minOrder: number;
  priceTiers: readonly CentsTier[];
}

/** Who is buying: a signed-in account, or null for a visitor. Contract prices (issue 34) key on it. */
export type Buyer = { id: string } | null;

/** A line's price and where it came from (stored on the order line as price_source and its ref). */
export interface LinePrice {
  unitPriceCents: number;
  amountCents: number;
  source: { kind: 'tier'; ref: null };
}

/**
 * A product's breaks as they apply today: the first at its lower bound (its own minimum or the shop's
 * floor, ORDER_MIN_UNITS, whichever is higher), then every stored break above it.
 */
export function effectiveTiers(product: PricedProduct, floor: number): CentsTier[] {
  return tiersFrom(product.priceTiers, lowerBound(product.minOrder, floor));
}

/** The breaks in dollars, as the API, the product forms and the CSV show them. */
export function effectiveTiersInDollars(product: PricedProduct, floor: number) {
  return effectiveTiers(product, floor).map((tier) => ({
    minQuantity: tier.minQuantity,
    price: centsToDollars(tier.priceCents),
  }));
}

/**
 * What `quantity` units of `product` cost `buyer`: the break the quantity reaches. Every buyer pays the
 * product's breaks today; a company's contract price (issue 34) will answer here with its own source.
 */
export function priceLine(_buyer: Buyer, product: PricedProduct, quantity: number, floor: number): LinePrice {
  const { unitPriceCents, amountCents } = priceOrder(effectiveTiers(product, floor), quantity);
  return { unitPriceCents, amountCents, source: { kind: 'tier', ref: null } };
}

/** A product's line of a new order: its name and SKU as they are now, priced for the buyer by priceLine. */
export function orderLineFor(
  buyer: Buyer,
  product: PricedProduct & { id: string; sku: string; name: string },
  quantity: number,
  floor: number,
) {
  const price = priceLine(buyer, product, quantity, floor);
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    quantity,
    unitPriceCents: price.unitPriceCents,
    amountCents: price.amountCents,
    priceSource: price.source.kind,
    priceSourceRef: price.source.ref,
  };
}
