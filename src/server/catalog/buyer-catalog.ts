import type { PriceTier, Tool } from '../../shared/api/catalog.schemas';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import type { CatalogCache } from './catalog-cache';
import type { Executor } from '../db/database';
import { findOrderable } from '../records/products.repository';
import { type Buyer, type BuyerPricing, pricingFrom } from '../pricing/price-line';
import { contractEntriesFor } from '../pricing/contract-entries';
import { utcDayOf } from '../../shared/days';

/**
 * The catalog as a contract buyer sees it: the same answers a visitor gets, each product a
 * price list of the buyer's company prices shown at the contract price. A company's prices are read
 * once per UTC day (validity turns at midnight) and kept in the buyer cache with the answers made from
 * them, which a catalog or price-list change drops with the visitors' answers.
 */
export interface CatalogPrices {
  /** Names these prices in cache keys: the company and the day. */
  key: string;
  pricing: BuyerPricing;
  /**
   * Each SKU a list prices today: its unit price at the product's lower bound, in cents, as the
   * catalog's price sort and filters take it (the visitors' sort reads products.price_cents).
   */
  fromPrices: Record<string, number>;
}

/**
 * The prices the catalog shows `buyer`, or null when it shows them the visitors' answers: a visitor,
 * a customer of no company, or a company holding no price list.
 */
export async function catalogPricesFor(
  { db, buyerCache, minUnits }: { db: Executor; buyerCache: CatalogCache; minUnits: number },
  buyer: Buyer,
  at = new Date(),
): Promise<CatalogPrices | null> {
  const companyId = buyer?.company?.id;
  if (!companyId) return null;
  const key = `${companyId}:${utcDayOf(at)}`;
  return buyerCache.value(`prices:${key}`, async () => ({
    value: await readCatalogPrices(db, companyId, key, minUnits, at),
    tools: [],
  }));
}

async function readCatalogPrices(
  ex: Executor,
  companyId: string,
  key: string,
  floor: number,
  at: Date,
): Promise<CatalogPrices | null> {
  const entries = await contractEntriesFor(ex, companyId, 'all');
  if (entries.size === 0) return null;
  const pricing = pricingFrom(entries, floor, at);
  const priced = await findOrderable(ex, { skus: [...entries.keys()] });
  const fromPrices: Record<string, number> = {};
  for (const product of priced) {
    const { tiers, source } = pricing.tiers(product);
    const first = tiers[0];
    if (source.kind === 'contract' && first) fromPrices[product.sku] = first.priceCents;
  }
  return { key, pricing, fromPrices };
}

const inDollars = (tiers: readonly { minQuantity: number; priceCents: number }[]): PriceTier[] =>
  tiers.map((tier) => ({ minQuantity: tier.minQuantity, price: centsToDollars(tier.priceCents) }));

/**
 * A catalog product as the buyer sees it: at their contract price, saying which list sets it, with its
 * own breaks beside; or at its own breaks, saying so. A visitor's answer is the Tool as it is.
 */
export function pricedTool(tool: Tool, prices: CatalogPrices): Tool {
  if (prices.fromPrices[tool.sku] === undefined) return { ...tool, priceSource: 'tier', priceList: null };
  // A Tool's breaks already start at its lower bound: pricing them again from there changes nothing.
  const { tiers, source } = prices.pricing.tiers({
    sku: tool.sku,
    minOrder: tool.min_order,
    orderMultiple: tool.orderMultiple,
    priceTiers: tool.priceTiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: dollarsToCents(tier.price),
    })),
  });
  if (source.kind !== 'contract') return { ...tool, priceSource: 'tier', priceList: null };
  const shown = inDollars(tiers);
  return {
    ...tool,
    price: shown[0]?.price ?? tool.price,
    priceTiers: shown,
    priceSource: 'contract',
    priceList: source.label,
    listPriceTiers: tool.priceTiers,
  };
}
