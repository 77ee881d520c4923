/**
 * How much a verified buyer bought, as their reviews show it (DESIGN §9): a band, never the exact
 * number of units, so a review tells shoppers the scale of the buyer without disclosing their orders.
 */
const BANDS = [
  { from: 2000, label: '2,000+' },
  { from: 500, label: '500–1,999' },
  { from: 100, label: '100–499' },
  { from: 1, label: '1–99' },
] as const;

/** The band of `units` bought in paid orders, or null for none. */
export function buyerBand(units: number): string | null {
  return BANDS.find((band) => units >= band.from)?.label ?? null;
}
