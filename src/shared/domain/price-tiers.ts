import { formatDollars } from '../money';
import { formatUnits } from '../numbers';
import { messages } from '../messages';

/**
 * Volume pricing (DESIGN §9): a product's price breaks, ascending by quantity, the first at the
 * product's lower bound, prices never rising. One set of rules prices the buy form and the server's
 * order; both work in cents, so a total is never off by a rounding.
 */
export interface CentsTier {
  minQuantity: number;
  priceCents: number;
}

/** The most breaks a product may have: a table a buyer reads at a glance. */
export const MAX_PRICE_TIERS = 8;

/** The break that prices `quantity` units: the last one it reaches (the first below all of them). */
export function tierFor<T extends { minQuantity: number }>(tiers: readonly T[], quantity: number): T {
  let tier = tiers[0];
  if (!tier) throw new Error('A product has at least one price');
  for (const candidate of tiers) {
    if (candidate.minQuantity <= quantity) tier = candidate;
  }
  return tier;
}

/** What an order of `quantity` units costs: its unit price and its amount, both in cents. */
export function priceOrder(
  tiers: readonly CentsTier[],
  quantity: number,
): { unitPriceCents: number; amountCents: number } {
  const { priceCents } = tierFor(tiers, quantity);
  return { unitPriceCents: priceCents, amountCents: priceCents * quantity };
}

/**
 * The breaks as they apply at the product's lower bound today: the first at `lower`, at the price an
 * order of `lower` units pays, then every break above it. Stored tiers start at the lower bound when
 * saved; this keeps them right when the shop-wide floor (ORDER_MIN_UNITS) moves later.
 */
export function tiersFrom<T extends { minQuantity: number }>(stored: readonly T[], lower: number): T[] {
  return [{ ...tierFor(stored, lower), minQuantity: lower }, ...stored.filter((t) => t.minQuantity > lower)];
}

/**
 * What is wrong with a list of breaks for a product whose lower bound is `lower`, or null when it is
 * right. The one statement of the rule: the product forms and the server both ask it.
 */
export function tierProblem(
  tiers: readonly { minQuantity: number; price: number }[],
  lower: number,
): string | null {
  const [first] = tiers;
  if (!first) return 'Give at least one price';
  if (first.minQuantity !== lower) {
    return `The first price break must start at the minimum order (${formatUnits(lower)} units)`;
  }
  let previous = first;
  for (const [i, tier] of tiers.entries()) {
    if (i === 0) continue;
    if (tier.minQuantity <= previous.minQuantity) {
      return `Price break ${i + 1}: its quantity must be above ${formatUnits(previous.minQuantity)} units (breaks go up in quantity)`;
    }
    if (tier.price > previous.price) {
      return `Price break ${i + 1}: its price must not be above ${formatDollars(previous.price)} (prices never rise with quantity)`;
    }
    previous = tier;
  }
  return null;
}

export interface VolumeNudge {
  /** Units to add to reach the next break. */
  addUnits: number;
  /** The unit price from that break on, in cents. */
  unitPriceCents: number;
  /** The larger order's total, in cents. */
  totalCents: number;
  /**
   * The larger order's total less today's, in cents: below zero the larger order costs less in all;
   * otherwise it is what the added units cost together, at the new break.
   */
  totalChangeCents: number;
}

/**
 * The next break above `quantity` that is cheaper, within the stock (`upper`): what the cart shows
 * beside a line ("from 1,000 units: $55.00 each"); null when there is none.
 */
export function nextBreak(tiers: readonly CentsTier[], quantity: number, upper: number): CentsTier | null {
  const current = tierFor(tiers, quantity);
  const next = tiers.find((tier) => tier.minQuantity > quantity);
  return next && next.minQuantity <= upper && next.priceCents < current.priceCents ? next : null;
}

/** A break counts as near when it is at most this share of the current quantity away. */
const NEAR_SHARE = 0.25;

/**
 * 'Add N more units to pay $Y per unit': the next break when it is near, cheaper, and within the stock
 * (`upper`); null otherwise.
 */
export function volumeNudge(
  tiers: readonly CentsTier[],
  quantity: number,
  upper: number,
): VolumeNudge | null {
  const current = tierFor(tiers, quantity);
  const next = tiers.find((tier) => tier.minQuantity > quantity);
  if (!next || next.minQuantity > upper || next.priceCents >= current.priceCents) return null;
  const addUnits = next.minQuantity - quantity;
  if (addUnits > Math.max(1, Math.floor(quantity * NEAR_SHARE))) return null;
  const totalCents = next.priceCents * next.minQuantity;
  return {
    addUnits,
    unitPriceCents: next.priceCents,
    totalCents,
    totalChangeCents: totalCents - current.priceCents * quantity,
  };
}

/** A price break that is not a whole number of packs (DESIGN §11), named; null when every break is. */
export function tierPackProblem(tiers: readonly { minQuantity: number }[], multiple: number): string | null {
  const odd = tiers.find((tier) => tier.minQuantity % multiple !== 0);
  return odd ? messages.tierNotWholePacks(odd.minQuantity, multiple) : null;
}
