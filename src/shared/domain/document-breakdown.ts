import { type ComponentTax, type ZoneRates, componentTaxes, shareByWeight } from './tax';

/**
 * An invoice's or credit note's numbers, per tax rate: the one breakdown every rendering of the
 * document reads (its PDF, UBL, CII and the Factur-X XML inside the PDF), computed here once by one
 * rule for sharing cents, and kept with the document as it is issued (billing/issued-documents.ts).
 *
 * A credit note's restocking fee is a share of the returned goods, tax included, that the shop keeps:
 * it is shared among the goods' rates by their amounts with tax (the cents left over by the split go
 * to the largest remainders, as freight is shared in tax.ts), and each share is split into the net
 * amount it takes off that rate's goods and the tax it takes off that rate's tax. The PDF prints those
 * very amounts (the fee as a deduction before tax, the tax after it) and the XML states them as an
 * allowance per rate, so the two agree to the cent.
 */
export interface RateBreakdown {
  /** Thousandths of a percent. */
  rate: number;
  goodsCents: number;
  goodsTaxCents: number;
  freightCents: number;
  freightTaxCents: number;
  /** The fee's net share at this rate (0 without one): taken off the goods. */
  feeCents: number;
  /** The tax the fee's share carries: taken off this rate's tax. */
  feeTaxCents: number;
  /** What is taxed at this rate: goods and freight, less the fee. */
  taxableCents: number;
  /** The tax at this rate: the goods' and the freight's, less the fee's. */
  taxCents: number;
  /**
   * Where the rate is made of taxes of its own (Quebec's GST and QST), the tax split into them
   * (tax.ts componentTaxes); absent where it is one tax.
   */
  components?: ComponentTax[];
}

export interface DocumentBreakdown {
  /** By rate, the highest first. */
  rates: RateBreakdown[];
  goodsCents: number;
  freightCents: number;
  /** The fee, net and its tax (their sum is the fee as charged, tax included). */
  feeCents: number;
  feeTaxCents: number;
  taxCents: number;
  /** What the document bills or credits: goods and freight, less the fee, and the tax. */
  totalCents: number;
}

export interface BreakdownInput {
  /** The document's lines: their amounts and tax, each at its rate. */
  lines: readonly { rate: number; amountCents: number; taxCents: number }[];
  freightCents: number;
  /** The freight's parts at the lines' rates (tax.ts freightTaxes); none when freight is untaxed. */
  freightTaxes: readonly { rate: number; baseCents: number; taxCents: number }[];
  /** A restocking fee kept from a credit note, tax included (0: none). */
  feeGrossCents?: number;
  /** The order's zone rates as it was taxed (its tax basis): a rate made of components is split. */
  zoneRates?: Pick<ZoneRates, 'components'> | null;
}

/** The net part of `grossCents` at `rate`, rounded half up: gross ÷ (1 + rate). */
function netOf(grossCents: number, rate: number): number {
  return Number((BigInt(grossCents) * 200_000n + BigInt(100_000 + rate)) / (2n * BigInt(100_000 + rate)));
}

export function documentBreakdown({
  lines,
  freightCents,
  freightTaxes,
  feeGrossCents = 0,
  zoneRates = null,
}: BreakdownInput): DocumentBreakdown {
  const byRate = new Map<number, RateBreakdown>();
  const at = (rate: number) => {
    let entry = byRate.get(rate);
    if (!entry) {
      entry = {
        rate,
        goodsCents: 0,
        goodsTaxCents: 0,
        freightCents: 0,
        freightTaxCents: 0,
        feeCents: 0,
        feeTaxCents: 0,
        taxableCents: 0,
        taxCents: 0,
      };
      byRate.set(rate, entry);
    }
    return entry;
  };
  for (const line of lines) {
    const entry = at(line.rate);
    entry.goodsCents += line.amountCents;
    entry.goodsTaxCents += line.taxCents;
  }
  if (freightTaxes.length > 0) {
    for (const part of freightTaxes) {
      const entry = at(part.rate);
      entry.freightCents += part.baseCents;
      entry.freightTaxCents += part.taxCents;
    }
  } else if (freightCents > 0) {
    // Freight the destination does not tax.
    at(0).freightCents += freightCents;
  }
  const rates = [...byRate.values()].sort((a, b) => b.rate - a.rate);
  if (feeGrossCents > 0) {
    const goods = rates.filter((entry) => entry.goodsCents + entry.goodsTaxCents > 0);
    const shares = shareByWeight(
      feeGrossCents,
      goods.map((entry) => entry.goodsCents + entry.goodsTaxCents),
    );
    goods.forEach((entry, index) => {
      const share = shares[index] ?? 0;
      entry.feeCents = netOf(share, entry.rate);
      entry.feeTaxCents = share - entry.feeCents;
    });
  }
  for (const entry of rates) {
    entry.taxableCents = entry.goodsCents + entry.freightCents - entry.feeCents;
    entry.taxCents = entry.goodsTaxCents + entry.freightTaxCents - entry.feeTaxCents;
    const components = componentTaxes(entry.taxCents, entry.taxableCents, entry.rate, zoneRates);
    if (components) entry.components = components;
  }
  const sum = (pick: (entry: RateBreakdown) => number) => rates.reduce((acc, entry) => acc + pick(entry), 0);
  const taxCents = sum((entry) => entry.taxCents);
  const goodsCents = sum((entry) => entry.goodsCents);
  const feeCents = sum((entry) => entry.feeCents);
  return {
    rates,
    goodsCents,
    freightCents,
    feeCents,
    feeTaxCents: sum((entry) => entry.feeTaxCents),
    taxCents,
    totalCents: goodsCents + freightCents - feeCents + taxCents,
  };
}
