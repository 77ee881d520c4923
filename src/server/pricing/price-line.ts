import {
  type ContractEntry,
  type PriceSource,
  resolvePrice,
  resolveTiers,
} from '../../shared/domain/contract-prices';
import { lowerBound } from '../../shared/domain/order-quantity';
import { type CentsTier, priceOrder, tiersFrom } from '../../shared/domain/price-tiers';
import { centsToDollars } from '../../shared/money';
import type { Executor } from '../db/database';
import type { Buyer } from '../identity/request-user';

export type { Buyer };
import { contractEntriesFor } from './contract-entries';

/**
 * How the shop prices: the one place that says what a product's price breaks are
 * today and what a line of it costs a buyer, their company's contract prices included. The buy form,
 * the cart, checkout, product pages, JSON-LD and the catalog CSV all take their prices from here (the
 * browser previews with the same tier rule, and the server's price is the one that counts).
 */

/** What pricing needs of a product: its own minimum and its stored breaks, in cents. */
export interface PricedProduct {
  minOrder: number;
  /** Sold in packs of this many units: the lower bound is a whole number of them. */
  orderMultiple: number;
  priceTiers: readonly CentsTier[];
}

/** Where a line's price came from, as stored on the order line (price_source, its ref and label). */
export type LineSource =
  { kind: 'tier'; ref: null; label: null } | { kind: 'contract'; ref: string; label: string };

/** A line's price and where it came from. */
export interface LinePrice {
  unitPriceCents: number;
  amountCents: number;
  source: LineSource;
  /** What the same line costs at the product's own breaks (the list price), to show a contract's saving. */
  listUnitPriceCents: number;
}

/**
 * A product's breaks as they apply today: the first at its lower bound (its own minimum or the shop's
 * floor, ORDER_MIN_UNITS, whichever is higher), then every stored break above it.
 */
export function effectiveTiers(product: PricedProduct, floor: number): CentsTier[] {
  return tiersFrom(product.priceTiers, lowerBound(product.minOrder, floor, product.orderMultiple));
}

/** The breaks in dollars, as the API, the product forms and the CSV show them. */
export function effectiveTiersInDollars(product: PricedProduct, floor: number) {
  return effectiveTiers(product, floor).map((tier) => ({
    minQuantity: tier.minQuantity,
    price: centsToDollars(tier.priceCents),
  }));
}

/** A priced product as pricing for a buyer needs it: its SKU keys the contract entries. */
export type SkuProduct = PricedProduct & { sku: string };

/**
 * What `quantity` units of `product` cost a buyer whose company holds `entries` for it at `at`
 * (resolvePrice: its highest-priority valid list, else the product's breaks).
 */
export function priceLine(
  product: PricedProduct,
  quantity: number,
  floor: number,
  entries: readonly ContractEntry[] = [],
  at: Date = new Date(),
): LinePrice {
  const base = effectiveTiers(product, floor);
  const lower = lowerBound(product.minOrder, floor, product.orderMultiple);
  const listUnitPriceCents = priceOrder(base, quantity).unitPriceCents;
  const { unitPriceCents, amountCents, source } = resolvePrice(base, entries, quantity, at, lower);
  return { unitPriceCents, amountCents, source: lineSource(source), listUnitPriceCents };
}

const lineSource = (source: PriceSource): LineSource =>
  source.kind === 'contract'
    ? { kind: 'contract', ref: source.listId, label: source.listName }
    : { kind: 'tier', ref: null, label: null };

/**
 * The prices one buyer pays, for the products it was made for: their company's contract entries are
 * read once (contractEntriesFor), then every line and every product's breaks are priced from them.
 */
export interface BuyerPricing {
  line(product: SkuProduct, quantity: number): LinePrice;
  /** The product's breaks for this buyer from its lower bound, and where they come from. */
  tiers(product: SkuProduct): { tiers: CentsTier[]; source: LineSource };
  /** Whether any of the products has a contract entry for this buyer (valid or not). */
  readonly contract: boolean;
}

export function pricingFrom(
  entries: ReadonlyMap<string, readonly ContractEntry[]>,
  floor: number,
  at: Date,
): BuyerPricing {
  const entriesOf = (product: SkuProduct) => entries.get(product.sku.toUpperCase()) ?? [];
  return {
    contract: entries.size > 0,
    line: (product, quantity) => priceLine(product, quantity, floor, entriesOf(product), at),
    tiers: (product) => {
      const lower = lowerBound(product.minOrder, floor, product.orderMultiple);
      const resolved = resolveTiers(effectiveTiers(product, floor), entriesOf(product), at, lower);
      return { tiers: resolved.tiers, source: lineSource(resolved.source) };
    },
  };
}

/** Reads the contract entries `buyer`'s company holds for these SKUs, and prices from them. */
export async function pricingFor(
  ex: Executor,
  buyer: Buyer,
  skus: readonly string[],
  floor: number,
  at: Date = new Date(),
): Promise<BuyerPricing> {
  const company = buyer?.company;
  if (!company) return pricingFrom(new Map(), floor, at);
  return pricingFrom(await contractEntriesFor(ex, company.id, skus), floor, at);
}

/** A product's line of a new order: its name and SKU as they are now, priced for the buyer. */
export function orderLineFor(
  pricing: BuyerPricing,
  product: SkuProduct & { id: string; name: string; unit: string },
  quantity: number,
) {
  const price = pricing.line(product, quantity);
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    unit: product.unit,
    quantity,
    unitPriceCents: price.unitPriceCents,
    amountCents: price.amountCents,
    priceSource: price.source.kind,
    priceSourceRef: price.source.ref,
    priceSourceLabel: price.source.label,
  };
}
