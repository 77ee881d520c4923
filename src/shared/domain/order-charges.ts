import type { ShipTo } from './addresses';
import { type Freight, type FreightLine, type ShippingRates, freightFor, orderGrams } from './freight';
import { formatCents } from '../money';
import { type LineTax, type TaxClass, type ZoneRates, rateToPercent, taxLines, taxesByRate } from './tax';

/**
 * What an order costs (issue 35): its subtotal, freight, tax by rate and total, from one function,
 * orderCharges, which the cart, the buy form's preview, checkout, a quote's acceptance and every
 * document use. Tax is computed per line and rounded per line to the cent (tax.ts); freight is charged
 * as its zone prices the order's weight (freight.ts) and is not taxed (it is stated apart from the
 * goods, as most US states and Canadian provinces let it be); the total is the three added up.
 */

/** A delivery address as an order stores it (normalised: codes upper case, empty parts null). */
export type StoredShipTo = { [K in keyof ShipTo]-?: Exclude<ShipTo[K], undefined> };

/**
 * Why an order was taxed as it was: at its destination's zone rates (`taxed`), not at all because the
 * shop keeps no zone there (`untaxed_place`), under the buyer's approved exemption certificate
 * (`exempt`), by the reverse charge between two EU countries (`reverse_charge`), or with no structured
 * destination to tax by (`no_destination`: the spec's one-box address).
 */
export type TaxTreatment = 'taxed' | 'untaxed_place' | 'exempt' | 'reverse_charge' | 'no_destination';

/**
 * The snapshot an order keeps of how it was taxed (orders.tax_basis): the zone and its rates then,
 * and the evidence an untaxed order rests on. Credit notes and invoices read this, never today's rates.
 */
export interface TaxBasis {
  treatment: TaxTreatment;
  /** The zone that applied ("Pennsylvania, United States"), when one did. */
  zone: string | null;
  /** Its rates when the order was placed (thousandths of a percent). */
  rates: ZoneRates | null;
  /** The exemption certificate relied on: its id, the regions it covers and its expiry. */
  certificate: { id: string; regions: string[]; expiresOn: string } | null;
  /** The buyer's VAT ID the reverse charge rests on. */
  vatId: string | null;
  /** The buyer said this order is not for resale: taxed although they hold a certificate. */
  notForResale: boolean;
  /**
   * The buyer's company as its invoices bill it when the order was placed: its legal name, billing
   * address and tax or VAT ID (absent for a buyer of no company, and on orders before issue 35).
   */
  billTo?: { company: string; address: string; taxId: string | null } | null;
}

/** The one notice an invoice under the reverse charge must carry. */
export const REVERSE_CHARGE_NOTICE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

export interface ChargeLine extends FreightLine {
  amountCents: number;
  taxClass: TaxClass;
}

/** Where an order goes, as far as its charges care: the zone's tax rates and freight, and whether it is untaxed. */
export interface ChargeContext {
  taxRates: ZoneRates | null;
  shipping: ShippingRates | null;
  /** An approved exemption covering the destination, or the reverse charge: every line at 0 %. */
  untaxed: boolean;
}

export type OrderFreight = Freight | { kind: 'none'; cents: 0 };

export interface OrderCharges {
  subtotalCents: number;
  /** The order's weight in grams. */
  grams: number;
  freight: OrderFreight;
  /** Each line's rate and tax, in the lines' order. */
  lines: LineTax[];
  /** The tax by rate, the highest first. */
  taxes: { rate: number; taxCents: number }[];
  taxCents: number;
  /** Subtotal, freight and tax; without the freight while it is quoted or unavailable. */
  totalCents: number;
}

/**
 * The order's charges: its lines' subtotal, the freight to the destination and the tax on each line.
 * With no destination (`context` null) nothing is taxed and no freight is charged.
 */
export function orderCharges(lines: readonly ChargeLine[], context: ChargeContext | null): OrderCharges {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const grams = orderGrams(lines);
  const freight: OrderFreight = context
    ? freightFor(grams, subtotalCents, context.shipping)
    : { kind: 'none', cents: 0 };
  const taxed = taxLines(lines, context?.taxRates ?? null, context?.untaxed ?? true);
  const taxCents = taxed.reduce((sum, line) => sum + line.taxCents, 0);
  return {
    subtotalCents,
    grams,
    freight,
    lines: taxed,
    taxes: taxesByRate(taxed),
    taxCents,
    totalCents: subtotalCents + (freight.cents ?? 0) + taxCents,
  };
}

/** What an order's charge rows are made of, as stored (cents; rates in thousandths of a percent). */
export interface StoredCharges {
  subtotalCents: number;
  freightCents: number | null;
  freightKind: 'priced' | 'free' | 'quoted' | 'none';
  taxes: readonly { rate: number; taxCents: number }[];
  totalCents: number;
  treatment: TaxTreatment;
}

/** A rate for people: "8.875%", "0%". */
export const formatRate = (rate: number) => `${rateToPercent(rate)}%`;

/** What the freight row says: its price, "Free", or that the shop is quoting it. */
export function freightText(kind: StoredCharges['freightKind'], cents: number | null): string {
  if (kind === 'quoted' && cents === null) return 'Quoted by us (a pallet): we mail you the price';
  if (kind === 'free') return 'Free';
  return formatCents(cents ?? 0);
}

/**
 * The rows under an order's lines, as mails, invoices and credit notes print them: subtotal, freight,
 * tax by rate (with why an untaxed order is), total. An order with no structured destination (the
 * spec's one-box address) has only its total.
 */
export function chargeRows(charges: StoredCharges): [string, string][] {
  const total: [string, string] = ['Total', formatCents(charges.totalCents)];
  if (charges.treatment === 'no_destination') return [total];
  const taxRows: [string, string][] =
    charges.treatment === 'exempt'
      ? [['Tax', `${formatCents(0)} (exempt: resale or exemption certificate)`]]
      : charges.treatment === 'reverse_charge'
        ? [['VAT', `${formatCents(0)} (reverse charge)`]]
        : charges.taxes.map(({ rate, taxCents }): [string, string] => [
            `Tax at ${formatRate(rate)}`,
            formatCents(taxCents),
          ]);
  return [
    ['Subtotal', formatCents(charges.subtotalCents)],
    ['Freight', freightText(charges.freightKind, charges.freightCents)],
    ...taxRows,
    total,
  ];
}
