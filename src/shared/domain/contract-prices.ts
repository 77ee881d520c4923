import { type CentsTier, priceOrder, tiersFrom } from './price-tiers';
import { utcDayOf } from '../days';

/**
 * Contract prices: a price list's entry for one SKU, as a company it is assigned to sees it.
 * An entry either fixes its own price breaks or takes a percentage off the product's base breaks; it
 * applies from `validFrom` to `validTo`, whole UTC days, both included (null: no bound), which are the
 * list's validity and the entry's own taken together.
 */
export interface ContractEntry {
  listId: string;
  listName: string;
  /** The list's priority for this company: a higher number wins. */
  priority: number;
  priceTiers: readonly CentsTier[] | null;
  /** A percentage off every base break, up to two decimals (12.5 is 12.5 %). */
  percentOff: number | null;
  validFrom: string | null;
  validTo: string | null;
}

/** Where a line's price came from. */
export type PriceSource = { kind: 'tier' } | { kind: 'contract'; listId: string; listName: string };

export interface ResolvedPrice {
  unitPriceCents: number;
  amountCents: number;
  source: PriceSource;
}

/** Whether the entry applies at `at`: from the start of its first UTC day to the end of its last. */
export function validAt(entry: Pick<ContractEntry, 'validFrom' | 'validTo'>, at: Date): boolean {
  const day = utcDayOf(at);
  return (
    (entry.validFrom === null || entry.validFrom <= day) && (entry.validTo === null || day <= entry.validTo)
  );
}

/**
 * The base breaks with `percentOff` taken off each, rounded to the cent (half a cent up). Computed in
 * basis points, so 12.5 % of 1,999 cents is exactly 249.875 and the price 1,749 cents.
 */
export function discountedTiers(base: readonly CentsTier[], percentOff: number): CentsTier[] {
  const keptBasisPoints = 10_000 - Math.round(percentOff * 100);
  return base.map((tier) => ({
    minQuantity: tier.minQuantity,
    // Never below a cent: a contract price is a price, and a free line makes an order nobody can pay.
    priceCents: Math.max(1, Math.round((tier.priceCents * keptBasisPoints) / 10_000)),
  }));
}

/** The entry's breaks for a product whose base breaks (already from its lower bound) are `base`. */
export function entryTiers(entry: ContractEntry, base: readonly CentsTier[], lower: number): CentsTier[] {
  if (entry.priceTiers && entry.priceTiers.length > 0) return tiersFrom(entry.priceTiers, lower);
  return discountedTiers(base, entry.percentOff ?? 0);
}

/**
 * What `quantity` units cost a buyer whose company holds these entries for the product: the entries of
 * the highest priority valid at `at` price it, the lowest of them when several share that priority
 * (ties go to the first list by name); with none, the product's base breaks. `base` starts at the
 * product's lower bound `lower` (effectiveTiers). An accepted quote's price is not this rule's: an
 * order made from a quote keeps the quote's prices.
 */
export function resolvePrice(
  base: readonly CentsTier[],
  entries: readonly ContractEntry[],
  quantity: number,
  at: Date,
  lower: number,
): ResolvedPrice {
  const valid = entries.filter((entry) => validAt(entry, at));
  if (valid.length === 0) return { ...priceOrder(base, quantity), source: { kind: 'tier' } };
  const top = Math.max(...valid.map((entry) => entry.priority));
  let best: ResolvedPrice | null = null;
  for (const entry of [...valid].sort((a, b) => a.listName.localeCompare(b.listName))) {
    if (entry.priority !== top) continue;
    const price = priceOrder(entryTiers(entry, base, lower), quantity);
    if (!best || price.unitPriceCents < best.unitPriceCents) {
      best = { ...price, source: { kind: 'contract', listId: entry.listId, listName: entry.listName } };
    }
  }
  // `valid` is not empty, so some entry has the top priority.
  return best ?? { ...priceOrder(base, quantity), source: { kind: 'tier' } };
}

/**
 * The breaks a buyer holding these entries pays for the product at `at`, as product pages and the
 * catalog show them: with no valid entry, the base breaks; otherwise, at every quantity where one of
 * the top-priority entries breaks, the lowest of their prices there. priceOrder on these breaks gives
 * resolvePrice's price at every quantity. The source is the entry that prices the lower bound.
 */
export function resolveTiers(
  base: readonly CentsTier[],
  entries: readonly ContractEntry[],
  at: Date,
  lower: number,
): { tiers: CentsTier[]; source: PriceSource } {
  const valid = entries.filter((entry) => validAt(entry, at));
  if (valid.length === 0) return { tiers: [...base], source: { kind: 'tier' } };
  const top = Math.max(...valid.map((entry) => entry.priority));
  const ladders = valid
    .filter((entry) => entry.priority === top)
    .sort((a, b) => a.listName.localeCompare(b.listName))
    .map((entry) => ({ entry, tiers: entryTiers(entry, base, lower) }));
  const breaks = [...new Set(ladders.flatMap(({ tiers }) => tiers.map((tier) => tier.minQuantity)))].sort(
    (a, b) => a - b,
  );
  const tiers: CentsTier[] = [];
  for (const minQuantity of breaks) {
    const priceCents = Math.min(
      ...ladders.map(({ tiers: own }) => priceOrder(own, minQuantity).unitPriceCents),
    );
    // A break that does not lower the price is no break to show.
    if (tiers.at(-1)?.priceCents === priceCents) continue;
    tiers.push({ minQuantity, priceCents });
  }
  const cheapest = resolvePrice(base, valid, lower, at, lower);
  return { tiers, source: cheapest.source };
}
