import type { ShipTo } from './addresses';
import {
  type Freight,
  type FreightLine,
  type ShippingRates,
  freightFor,
  orderGrams,
  palletEstimateCents,
} from './freight';
import { formatCents } from '../money';
import { countryName } from './addresses';
import {
  type ComponentTax,
  type FreightTax,
  type LineTax,
  type TaxClass,
  type ZoneRates,
  freightTaxes,
  rateToPercent,
  taxLines,
  taxesWithComponents,
} from './tax';

/**
 * What an order costs: its subtotal, freight, tax by rate and total, from one function, orderCharges,
 * which the cart, the buy form's preview, checkout, a quote's acceptance and every document use. Tax
 * is computed per line and rounded per line to the cent (tax.ts); freight is charged as its zone
 * prices the order's weight (freight.ts) and is taxed where the destination taxes it, at the goods'
 * rates (freightTaxes); the total is the three added up.
 *
 * Tax follows the seller's registrations: a tax zone is a place where the shop is registered to
 * collect tax, under the registration it carries. A delivery to a place without a zone is not taxed
 * (an export, outside the shop's registrations); a delivery from the shop's EU VAT registration to a
 * verified VAT ID in another member state is an intra-community supply, exempt under Article 138.
 */

/** A delivery address as an order stores it (normalised: codes upper case, empty parts null). */
export type StoredShipTo = { [K in keyof ShipTo]-?: Exclude<ShipTo[K], undefined> };

/**
 * Why an order was taxed as it was: at its destination's zone rates (`taxed`), not at all because the
 * shop is not registered there (`untaxed_place`: an export), under the buyer's approved exemption
 * certificate (`exempt`), as an intra-community supply to a verified VAT ID (`intra_community`).
 * Orders placed before these rules may also say `reverse_charge` (a VAT ID then sufficed) or
 * `no_destination` (the spec's one-box address was then not taxed); no new order says either.
 */
export type TaxTreatment =
  'taxed' | 'untaxed_place' | 'exempt' | 'intra_community' | 'reverse_charge' | 'no_destination';

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
  /**
   * The seller's registration the tax was collected under (the zone's: a state permit, a VAT ID), or
   * for an intra-community supply the seller's EU VAT ID; null where none applied.
   */
  registration?: string | null;
  /** Whether the freight was taxed there (at the goods' rates). */
  freightTaxed?: boolean;
  /**
   * Where the goods leave from (the seller's premises, its one stock location) and whether the
   * delivery leaves that country (an export); absent on orders placed before it was kept.
   */
  dispatch?: { from: string; exported: boolean };
  /**
   * The certificate relied on: its id, kind and the number its issuer gave it (both absent on orders
   * placed before they were kept), the regions it covers and its expiry.
   */
  certificate: {
    id: string;
    kind?: CertificateKind;
    number?: string;
    regions: string[];
    expiresOn: string;
  } | null;
  /** The buyer's VAT ID an intra-community supply rests on (verified by the shop). */
  vatId: string | null;
  /** The buyer said this order is not for resale: taxed although they hold a certificate. */
  notForResale: boolean;
  /**
   * Charged as if delivered to the shop's own address: the spec's one-product call gave only a
   * one-box address, which cannot be taxed by, and the seller's own place is never untaxed.
   */
  atShopAddress?: boolean;
  /**
   * The buyer's company as its invoices bill it when the order was placed: its legal name, billing
   * address and tax or VAT ID (absent for a buyer of no company, and on older orders).
   */
  billTo?: {
    company: string;
    address: string;
    taxId: string | null;
    /** Its billing address structured, and its Peppol participant ID (both absent on older orders). */
    postal?: StoredShipTo | null;
    peppolId?: string | null;
  } | null;
}

/**
 * The identifier in a registration as a tax zone words it for people ("Pennsylvania sales tax license
 * 12345678", "Washington UBI 604 123 456", "GST/HST 123456789 RT0001"): its last words that carry a
 * digit, which an accounting system matches; the first registration of several ("GST …, QST …").
 * A registration that is an identifier alone (a VAT ID) is itself.
 */
export function registrationIdentifier(registration: string): string {
  const [first = registration] = registration.split(/[,;]/);
  const words = first.trim().split(/\s+/);
  let start = words.length;
  while (start > 0 && /\d/.test(words[start - 1] ?? '')) start -= 1;
  return start === words.length ? first.trim() : words.slice(start).join(' ');
}

/** A resale certificate (the buyer resells what it buys) or an exemption certificate (it is exempt). */
export type CertificateKind = 'resale' | 'exemption';

/** "resale certificate", "exemption certificate": what an untaxed order's certificate is called everywhere. */
export const certificateName = (kind: CertificateKind | null | undefined) =>
  kind ? `${kind} certificate` : 'tax certificate';

/**
 * The certificate an exempt order rests on as its documents name it: its kind and the number its
 * issuer gave it ("resale certificate PA-REV-1220-55"), which the buyer's books and an auditor know;
 * never the shop's own id for it. Orders placed before the number was kept name the kind alone.
 */
export const certificateLabel = (certificate: TaxBasis['certificate']) =>
  [certificateName(certificate?.kind), certificate?.number].filter(Boolean).join(' ');

/** What an invoice under an older order's reverse charge says (no new order is reverse-charged). */
export const REVERSE_CHARGE_NOTICE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

/** The notice an intra-community supply's invoice must carry (Article 226(11) asks for the ground). */
export const INTRA_COMMUNITY_NOTICE =
  'Intra-community supply of goods: exempt from VAT under Article 138 of Council Directive 2006/112/EC.';

/** Why a delivery that leaves the seller's country carries no tax: an export, its import the buyer's. */
export const exportNotice = (from: string) =>
  `No tax charged: an export (goods shipped from ${countryName(from)} to another country); import duties and taxes at the destination are the buyer’s.`;

/** Why a delivery in the seller's country, where it is not registered to collect tax, carries none. */
export const OUTSIDE_REGISTRATIONS_NOTICE =
  'No tax charged: delivered where the seller is not registered to collect sales tax.';

/**
 * The notice an order's documents carry for how it was taxed, if any. An untaxed delivery is an export
 * only when it left the seller's country; one inside it (to a state where the shop collects no sales
 * tax) says so instead, as do older orders, which did not keep where the goods left from.
 */
export function taxNotice(basis: Pick<TaxBasis, 'treatment' | 'dispatch'>): string | null {
  if (basis.treatment === 'intra_community') return INTRA_COMMUNITY_NOTICE;
  if (basis.treatment === 'reverse_charge') return REVERSE_CHARGE_NOTICE;
  if (basis.treatment === 'untaxed_place') {
    return basis.dispatch?.exported ? exportNotice(basis.dispatch.from) : OUTSIDE_REGISTRATIONS_NOTICE;
  }
  return null;
}

export interface ChargeLine extends FreightLine {
  amountCents: number;
  taxClass: TaxClass;
}

/** Where an order goes, as far as its charges care: the zone's tax rates and freight, and whether it is untaxed. */
export interface ChargeContext {
  taxRates: ZoneRates | null;
  shipping: ShippingRates | null;
  /** An approved exemption covering the destination, or an intra-community supply: every line at 0 %. */
  untaxed: boolean;
  /** Whether the destination taxes freight (at the goods' rates). */
  freightTaxed: boolean;
  /**
   * Charged at the shop's own premises (the spec's one-box address): where the shop keeps no shipping
   * zone for its own place, no freight rather than 'not delivered'.
   */
  atShopAddress?: boolean;
}

export type OrderFreight = Freight | { kind: 'none'; cents: 0 };

export interface OrderCharges {
  subtotalCents: number;
  /** The order's weight in grams. */
  grams: number;
  freight: OrderFreight;
  /** Each line's rate and tax, in the lines' order. */
  lines: LineTax[];
  /** The freight's tax by rate (empty where freight is not taxed, or not priced yet). */
  freightTaxes: FreightTax[];
  /** The tax by rate, the lines' and the freight's together, the highest first (a rate made of taxes split). */
  taxes: { rate: number; taxCents: number; components?: ComponentTax[] }[];
  taxCents: number;
  /** Subtotal, freight and tax; without the freight while it is quoted or unavailable. */
  totalCents: number;
  /**
   * While the freight is quoted (a pallet): the freight and its tax as estimated (palletEstimateCents),
   * which the order counts as against credit and spending limits until it is quoted; else null.
   */
  freightEstimateCents: number | null;
}

/**
 * The order's charges: its lines' subtotal, the freight to the destination and the tax on each line
 * and on the freight. With no destination (`context` null: an order placed before every order had
 * one) nothing is taxed and no freight is charged.
 */
export function orderCharges(lines: readonly ChargeLine[], context: ChargeContext | null): OrderCharges {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const grams = orderGrams(lines);
  const freight: OrderFreight =
    context && (context.shipping || !context.atShopAddress)
      ? freightFor(grams, subtotalCents, context.shipping)
      : { kind: 'none', cents: 0 };
  const taxed = taxLines(lines, context?.taxRates ?? null, context?.untaxed ?? true);
  const rates = context?.taxRates ?? null;
  const onFreight = context?.freightTaxed ? taxOnFreight(freight.cents ?? 0, lines, taxed, rates) : [];
  const taxCents = [...taxed, ...onFreight].reduce((sum, line) => sum + line.taxCents, 0);
  const estimate =
    freight.kind === 'quoted' && context?.shipping ? palletEstimateCents(grams, context.shipping) : null;
  const estimateTax =
    estimate !== null && context?.freightTaxed ? taxOnFreight(estimate, lines, taxed, rates) : [];
  return {
    subtotalCents,
    grams,
    freight,
    lines: taxed,
    freightTaxes: onFreight,
    taxes: taxesWithComponents(
      taxed.map((line, index) => ({ ...line, amountCents: lines[index]?.amountCents ?? 0 })),
      onFreight,
      rates,
    ),
    taxCents,
    totalCents: subtotalCents + (freight.cents ?? 0) + taxCents,
    freightEstimateCents:
      estimate === null ? null : estimate + estimateTax.reduce((sum, part) => sum + part.taxCents, 0),
  };
}

/** The freight's tax at the lines' rates (freightTaxes), from the lines and their taxes in order. */
export function taxOnFreight(
  freightCents: number,
  lines: readonly { amountCents: number }[],
  taxed: readonly LineTax[],
  rates?: ZoneRates | null,
): FreightTax[] {
  return freightTaxes(
    freightCents,
    lines.map((line, index) => ({ amountCents: line.amountCents, rate: taxed[index]?.rate ?? 0 })),
    rates,
  );
}

/** What an order's charge rows are made of, as stored (cents; rates in thousandths of a percent). */
export interface StoredCharges {
  subtotalCents: number;
  freightCents: number | null;
  freightKind: 'priced' | 'free' | 'quoted' | 'none';
  /** By rate; a rate made of components (Quebec's GST and QST) with its split. */
  taxes: readonly { rate: number; taxCents: number; components?: readonly ComponentTax[] }[];
  totalCents: number;
  treatment: TaxTreatment;
  /** An exempt order's certificate's kind, where it is known. */
  certificateKind?: CertificateKind | null;
  /**
   * A credit note's restocking fee, net (its tax is already out of `taxes`): a deduction before tax,
   * as the document's breakdown and its XML state it.
   */
  feeCents?: number;
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
  const zeroTax = (label: string, why: string): [string, string][] => [[label, `${formatCents(0)} (${why})`]];
  const taxRows: [string, string][] =
    charges.treatment === 'exempt'
      ? zeroTax('Tax', `exempt: ${certificateName(charges.certificateKind)}`)
      : charges.treatment === 'reverse_charge'
        ? zeroTax('VAT', 'reverse charge')
        : charges.treatment === 'intra_community'
          ? zeroTax('VAT', 'exempt, Art. 138')
          : charges.treatment === 'untaxed_place'
            ? zeroTax('Tax', 'outside our tax registrations')
            : charges.taxes.flatMap(({ rate, taxCents, components }): [string, string][] =>
                components
                  ? components.map((component) => [
                      `${component.name} at ${formatRate(component.rate)} (${component.registration})`,
                      formatCents(component.taxCents),
                    ])
                  : [[`Tax at ${formatRate(rate)}`, formatCents(taxCents)]],
              );
  return [
    ['Subtotal', formatCents(charges.subtotalCents)],
    ['Freight', freightText(charges.freightKind, charges.freightCents)],
    ...(charges.feeCents
      ? [['Restocking fee kept (before tax)', `−${formatCents(charges.feeCents)}`] as [string, string]]
      : []),
    ...taxRows,
    total,
  ];
}
