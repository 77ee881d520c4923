import { shareByWeight } from './document-breakdown';

/**
 * Sales tax and VAT on an order: the rule that prices tax, in cents, shared by
 * the cart, checkout and documents. A product has a tax class; a tax zone (a country, or a region of
 * it) has a rate per class. Tax is computed per rate, as EN 16931 and a buyer's accounts-payable
 * system compute it: the rate times everything taxed at it (its lines, and the freight's part at it),
 * rounded to the cent half up; each line's share of it is then given out by the one rule for sharing
 * cents (document-breakdown.ts shareByWeight), so the lines add up to the rate's tax exactly.
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
      lineTax(
        at.reduce((sum, index) => sum + (rated[index]?.amountCents ?? 0), 0),
        rate,
      ),
      at.map((index) => rated[index]?.amountCents ?? 0),
    );
    at.forEach((index, i) => (taxCents[index] = shares[i] ?? 0));
  }
  return rated.map((line, index) => ({ rate: line.rate, taxCents: taxCents[index] ?? 0 }));
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
): FreightTax[] {
  if (freightCents <= 0 || lines.length === 0) return [];
  const baseByRate = new Map<number, number>();
  for (const line of lines) baseByRate.set(line.rate, (baseByRate.get(line.rate) ?? 0) + line.amountCents);
  const total = [...baseByRate.values()].reduce((sum, cents) => sum + cents, 0);
  if (total === 0) {
    const rate = Math.max(...baseByRate.keys());
    return [{ rate, baseCents: freightCents, taxCents: lineTax(freightCents, rate) }];
  }
  // One rule for sharing cents, every document's (document-breakdown.ts).
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
      taxCents: lineTax(linesCents + baseCents, rate) - lineTax(linesCents, rate),
    }));
}
