/**
 * Freight: what delivering an order costs, by its weight, in the zone it is
 * delivered to. A zone prices weight bands (up to so many kilograms, so much); an order worth at least
 * its free-freight threshold ships free; an order heavier than a pallet, or than the zone's last band,
 * ships on a pallet the shop quotes for (the order waits for that price before it can be paid).
 * Weights are whole grams, prices whole cents.
 */
export interface WeightBand {
  /** The heaviest order this band carries, in grams. */
  upToGrams: number;
  priceCents: number;
}

export interface ShippingRates {
  /** Ascending by weight. */
  bands: readonly WeightBand[];
  /** Orders worth at least this (before tax and freight) ship free; null: never. */
  freeFromCents: number | null;
  /** From this weight on an order goes on a pallet, quoted by the shop. */
  palletFromGrams: number;
}

export type Freight =
  | { kind: 'priced'; cents: number; band: WeightBand }
  | { kind: 'free'; cents: 0 }
  /** Too heavy for a parcel: the shop sets the price. */
  | { kind: 'quoted'; cents: null }
  /** The shop does not deliver to this place. */
  | { kind: 'unavailable'; cents: null };

export interface FreightLine {
  quantity: number;
  /** One unit's weight, in grams. */
  unitGrams: number;
  unitsPerCarton: number;
}

/** The order's weight in grams: every unit of every line. */
export function orderGrams(lines: readonly FreightLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitGrams, 0);
}

/** How many cartons the lines fill (a part-filled carton counts). */
export function cartonsOf(lines: readonly FreightLine[]): number {
  return lines.reduce((sum, line) => sum + Math.ceil(line.quantity / Math.max(1, line.unitsPerCarton)), 0);
}

/** The freight of an order weighing `grams` and worth `subtotalCents`, in a zone with `rates` (none: unavailable). */
export function freightFor(grams: number, subtotalCents: number, rates: ShippingRates | null): Freight {
  if (!rates) return { kind: 'unavailable', cents: null };
  if (grams >= rates.palletFromGrams) return { kind: 'quoted', cents: null };
  if (rates.freeFromCents !== null && subtotalCents >= rates.freeFromCents) return { kind: 'free', cents: 0 };
  const band = rates.bands.find((candidate) => grams <= candidate.upToGrams);
  return band ? { kind: 'priced', cents: band.priceCents, band } : { kind: 'quoted', cents: null };
}

/** What is wrong with a zone's rates, or null: bands rising in weight, none past the pallet weight. */
export function shippingRatesProblem(rates: ShippingRates): string | null {
  if (rates.bands.length === 0) return 'Give at least one weight band';
  for (let i = 1; i < rates.bands.length; i++) {
    const [before, band] = [rates.bands[i - 1], rates.bands[i]];
    if (before && band && band.upToGrams <= before.upToGrams) {
      return `Weight band ${i + 1} must carry more than band ${i} (bands go up in weight)`;
    }
  }
  const last = rates.bands.at(-1);
  if (last && last.upToGrams >= rates.palletFromGrams) {
    return 'Every weight band must stay below the pallet weight, from which the shop quotes';
  }
  return null;
}

/**
 * What a pallet's freight is reckoned at while the shop quotes it: the zone's heaviest band's price
 * per gram, times the order's weight, rounded up to the cent. An order counts as this against its
 * company's credit and spending limits until the quote replaces it; a pallet usually costs less per
 * kilogram than parcels, so this errs on the side of the limits.
 */
export function palletEstimateCents(grams: number, rates: ShippingRates): number {
  const heaviest = rates.bands.at(-1);
  if (!heaviest || heaviest.upToGrams <= 0) return 0;
  return Math.ceil((heaviest.priceCents * Math.max(grams, heaviest.upToGrams)) / heaviest.upToGrams);
}
