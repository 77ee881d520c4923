/**
 * Sales tax and VAT on an order: the rule that prices tax, in cents, shared by
 * the cart, checkout and documents. A product has a tax class; a tax zone (a country, or a region of
 * it) has a rate per class. Tax is computed per rate, as EN 16931 and a buyer's accounts-payable
 * system compute it: the rate times everything taxed at it (its lines, and the freight's part at it),
 * rounded to the cent half up; each line's share of it is then given out by the one rule for sharing
 * cents (shareByWeight, below), so the lines add up to the rate's tax exactly.
 * An exempt line, or an order under an approved exemption or the reverse charge, is taxed at 0.
 */
export const TAX_CLASSES = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/**
 * A zone's rates in thousandths of a percent, so a rate such as New York City's 8.875 % is exact:
 * 8,875. Zero-rated goods are usually 0; exempt goods are never taxed, whatever the zone.
 */
export interface ZoneRates {
  standard: number;
  reduced: number;
  zero: number;
  /**
   * The taxes a combined rate is made of, where the zone levies more than one (Quebec: GST 5 % and QST
   * 9.975 %; British Columbia: GST 5 % and PST 7 %). A line taxed at their sum is charged each on its
   * own, rounded on its own, and its documents print each with its registration, so the buyer can
   * claim each credit. None (or absent): the zone's rates are one tax each.
   */
  components?: readonly TaxComponent[];
}

/** One tax of a combined rate: "GST" at 5,000 (thousandths of a percent), under its registration. */
export interface TaxComponent {
  name: string;
  /** Thousandths of a percent. */
  rate: number;
  /** The seller's registration for this tax ("123456789 RT0001"). */
  registration: string;
}

/** A component's share of a document's tax at its rate. */
export interface ComponentTax extends TaxComponent {
  taxCents: number;
}

/** A percentage (up to three decimals) as thousandths of a percent: 8.875 → 8,875. */
export const rateFromPercent = (percent: number) => Math.round(percent * 1000);
export const rateToPercent = (rate: number) => rate / 1000;

/** The tax on `amountCents` at `rate` (thousandths of a percent), rounded to the cent, half up. */
export function lineTax(amountCents: number, rate: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new Error(`Not an amount: ${amountCents}`);
  // Integer arithmetic: 1,000 % is 100,000 thousandths; adding half the divisor rounds half up.
  const cents = (BigInt(amountCents) * BigInt(rate) + 50_000n) / 100_000n;
  return Number(cents);
}

/** The components `rate` is made of in a zone (componentsAt), or null when it is one tax. */
export function componentsAt(
  rates: Pick<ZoneRates, 'components'> | null | undefined,
  rate: number,
): readonly TaxComponent[] | null {
  const components = rates?.components ?? [];
  if (rate === 0 || components.length < 2) return null;
  return components.reduce((sum, component) => sum + component.rate, 0) === rate ? components : null;
}

/**
 * The tax at `rate` on `baseCents`: where the zone makes the rate of components, the sum of each
 * component's tax, each rounded on its own (as each is declared on its own return); else lineTax.
 */
export function rateTax(
  baseCents: number,
  rate: number,
  rates?: Pick<ZoneRates, 'components'> | null,
): number {
  const components = componentsAt(rates, rate);
  if (!components) return lineTax(baseCents, rate);
  return components.reduce((sum, component) => sum + lineTax(baseCents, component.rate), 0);
}

/**
 * A document's tax at a rate made of components, split into them: each takes its share of `taxCents`
 * by what it charges on `taxableCents` (shareByWeight), so on an invoice each is exactly its rate times
 * the base, and a credit note's tax (shared from the invoice's lines) splits in the same proportion.
 * Null when the rate is one tax.
 */
export function componentTaxes(
  taxCents: number,
  taxableCents: number,
  rate: number,
  rates: Pick<ZoneRates, 'components'> | null | undefined,
): ComponentTax[] | null {
  const components = componentsAt(rates, rate);
  if (!components) return null;
  const shares = shareByWeight(
    taxCents,
    components.map((component) => lineTax(Math.max(0, taxableCents), component.rate)),
  );
  return components.map((component, index) => ({ ...component, taxCents: shares[index] ?? 0 }));
}

/**
 * The one rule for sharing cents, every document's: `total` shared by `weights` (non-negative), the
 * leftover cents to the largest remainders.
 */
export function shareByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const parts = weights.map((weight, index) => {
    const exact = BigInt(total) * BigInt(weight);
    return { index, cents: Number(exact / BigInt(sum)), remainder: exact % BigInt(sum) };
  });
  let left = total - parts.reduce((acc, part) => acc + part.cents, 0);
  for (const part of [...parts].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index,
  )) {
    if (left === 0) break;
    part.cents += 1;
    left -= 1;
  }
  return parts.map((part) => part.cents);
}

/** The rate that applies to a line of this class in a zone (none: 0). */
export function rateFor(taxClass: TaxClass, rates: ZoneRates | null): number {
  if (!rates || taxClass === 'exempt') return 0;
  return rates[taxClass];
}

export interface TaxLine {
  amountCents: number;
  taxClass: TaxClass;
}

export interface LineTax {
  /** Thousandths of a percent. */
  rate: number;
  taxCents: number;
}

/**
 * Each line's rate and tax in the zone's rates; every line at 0 when `untaxed` (an approved exemption
 * covering the destination, or the reverse charge between two EU countries). The lines at a rate
 * share the rate's tax on their sum (never a cent from rate × base, however many lines there are).
 */
export function taxLines(lines: readonly TaxLine[], rates: ZoneRates | null, untaxed = false): LineTax[] {
  const rated = lines.map((line) => ({
    amountCents: line.amountCents,
    rate: untaxed ? 0 : rateFor(line.taxClass, rates),
  }));
  const taxCents = new Array<number>(rated.length).fill(0);
  for (const rate of new Set(rated.map((line) => line.rate))) {
    const at = rated.flatMap((line, index) => (line.rate === rate ? [index] : []));
    const shares = shareByWeight(
      rateTax(
        at.reduce((sum, index) => sum + (rated[index]?.amountCents ?? 0), 0),
        rate,
        rates,
      ),
      at.map((index) => rated[index]?.amountCents ?? 0),
    );
    at.forEach((index, i) => (taxCents[index] = shares[i] ?? 0));
  }
  return rated.map((line, index) => ({ rate: line.rate, taxCents: taxCents[index] ?? 0 }));
}

/**
 * The tax by rate (taxesByRate) of an order's lines and its freight's parts, each rate made of
 * components split into them on what it taxes (componentTaxes): what an order's charges show, in the
 * cart as on its page and in its mails.
 */
export function taxesWithComponents(
  lines: readonly { amountCents: number; rate: number; taxCents: number }[],
  freightParts: readonly FreightTax[],
  rates: Pick<ZoneRates, 'components'> | null | undefined,
): { rate: number; taxCents: number; components?: ComponentTax[] }[] {
  return taxesByRate([...lines, ...freightParts]).map(({ rate, taxCents }) => {
    const taxable =
      lines.reduce((sum, line) => sum + (line.rate === rate ? line.amountCents : 0), 0) +
      freightParts.reduce((sum, part) => sum + (part.rate === rate ? part.baseCents : 0), 0);
    const components = componentTaxes(taxCents, taxable, rate, rates);
    return components ? { rate, taxCents, components } : { rate, taxCents };
  });
}

/** The tax by rate, the highest rate first, as an invoice's totals show it (lines at 0 % included). */
export function taxesByRate(lines: readonly LineTax[]): { rate: number; taxCents: number }[] {
  const byRate = new Map<number, number>();
  for (const line of lines) byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + line.taxCents);
  return [...byRate].sort(([a], [b]) => b - a).map(([rate, taxCents]) => ({ rate, taxCents }));
}

/** The tax on the freight at one rate: the part of the freight that follows goods at that rate. */
export interface FreightTax {
  rate: number;
  baseCents: number;
  taxCents: number;
}

/**
 * The tax on an order's freight where the destination taxes freight: the freight follows the goods,
 * so it is split across the lines' rates in proportion to the lines' amounts (the cents left over by
 * the split go to the largest remainders, so the parts add up to the freight exactly). Each part's
 * tax is what it adds to its rate's: the rate times the lines and the part together, less the rate
 * times the lines (taxLines), so a rate's tax is rate × base however its freight came (at checkout,
 * or quoted later). An order untaxed as a whole has every line at 0 %, and so its freight. Orders of
 * no value put their freight at their highest rate.
 */
export function freightTaxes(
  freightCents: number,
  lines: readonly { amountCents: number; rate: number }[],
  /** The zone's, for a rate made of components (rateTax). */
  rates?: Pick<ZoneRates, 'components'> | null,
): FreightTax[] {
  if (freightCents <= 0 || lines.length === 0) return [];
  const baseByRate = new Map<number, number>();
  for (const line of lines) baseByRate.set(line.rate, (baseByRate.get(line.rate) ?? 0) + line.amountCents);
  const total = [...baseByRate.values()].reduce((sum, cents) => sum + cents, 0);
  if (total === 0) {
    const rate = Math.max(...baseByRate.keys());
    return [{ rate, baseCents: freightCents, taxCents: rateTax(freightCents, rate, rates) }];
  }
  // One rule for sharing cents, every document's (shareByWeight).
  const byRate = [...baseByRate].sort(([a], [b]) => b - a);
  const shares = shareByWeight(
    freightCents,
    byRate.map(([, cents]) => cents),
  );
  return byRate
    .map(([rate, linesCents], index) => ({ rate, linesCents, baseCents: shares[index] ?? 0 }))
    .filter((part) => part.baseCents > 0)
    .map(({ rate, linesCents, baseCents }) => ({
      rate,
      baseCents,
      taxCents: rateTax(linesCents + baseCents, rate, rates) - rateTax(linesCents, rate, rates),
    }));
}
