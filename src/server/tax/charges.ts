import { eq, inArray } from 'drizzle-orm';
import {
  type ChargeContext,
  type ChargeLine,
  type OrderCharges,
  REVERSE_CHARGE_NOTICE,
  type TaxBasis,
  orderCharges,
} from '../../shared/domain/order-charges';
import { reverseCharged } from '../../shared/domain/vat-id';
import type { Executor } from '../db/database';
import { companies, products } from '../db/schema';
import { approvedCertificateFor } from './exemptions';
import { type Place, placeName } from './places';
import type { ChargesPreview } from '../../shared/api/cart.schemas';
import { rateToPercent } from '../../shared/domain/tax';
import { centsToDollars } from '../../shared/money';
import { messages } from '../../shared/messages';
import { shippingRatesFor } from './shipping-zones';
import { taxZoneFor } from './tax-zones';

/**
 * An order's charges as the server finds them (issue 35): the destination's tax zone and shipping
 * zone, the buyer's evidence for not being taxed (an approved exemption certificate covering the
 * destination, or a VAT ID that reverse-charges it), and the products' tax classes and weights, all
 * read here and handed to the one function that adds them up (orderCharges). The cart, the buy form's
 * preview and every way of placing an order call this, so they agree to the cent.
 */

/** A line to charge: which product, how many, and what they cost before tax. */
export interface LineToCharge {
  productId: string | null;
  quantity: number;
  amountCents: number;
}

export interface Charges {
  charges: OrderCharges;
  basis: TaxBasis;
  /** The lines with the tax class they were charged by (the product's now). */
  lines: ChargeLine[];
}

export interface ChargeOptions {
  /** The buyer's company (its VAT ID and certificates), or null. */
  companyId: string | null;
  /** Where the shop sells from (content/business.json's country), for the reverse charge. */
  sellerCountry: string | null;
  /** The buyer says this order is not for resale: taxed although a certificate would cover it. */
  notForResale?: boolean | undefined;
  at?: Date;
}

const untaxedBasis = (treatment: TaxBasis['treatment']): TaxBasis => ({
  treatment,
  zone: null,
  rates: null,
  certificate: null,
  vatId: null,
  notForResale: false,
});

/** The charges of these lines delivered to `shipTo` (null: no structured destination, nothing added). */
export async function chargesFor(
  ex: Executor,
  lines: readonly LineToCharge[],
  shipTo: Place | null,
  options: ChargeOptions,
): Promise<Charges> {
  const [chargeLines, billTo] = await Promise.all([
    chargeLinesOf(ex, lines),
    options.companyId ? billToOf(ex, options.companyId) : null,
  ]);
  if (!shipTo) {
    const basis = { ...untaxedBasis('no_destination'), billTo };
    return { charges: orderCharges(chargeLines, null), basis, lines: chargeLines };
  }
  const { context, basis } = await chargeContextFor(ex, shipTo, billTo?.taxId ?? null, options);
  return { charges: orderCharges(chargeLines, context), basis: { ...basis, billTo }, lines: chargeLines };
}

/** What a delivery to `shipTo` is charged by, and the snapshot of why. */
async function chargeContextFor(
  ex: Executor,
  shipTo: Place,
  vatId: string | null,
  { companyId, sellerCountry, notForResale = false, at = new Date() }: ChargeOptions,
): Promise<{ context: ChargeContext; basis: TaxBasis }> {
  const place = { country: shipTo.country.toUpperCase(), region: shipTo.region?.toUpperCase() || null };
  const [zone, shipping, certificate] = await Promise.all([
    taxZoneFor(ex, place),
    shippingRatesFor(ex, place),
    companyId && !notForResale ? approvedCertificateFor(ex, companyId, place, at) : null,
  ]);
  const basis: TaxBasis = {
    treatment: zone ? 'taxed' : 'untaxed_place',
    zone: zone?.name ?? null,
    rates: zone?.rates ?? null,
    certificate: null,
    vatId: null,
    notForResale,
  };
  if (reverseCharged(vatId, place.country, sellerCountry)) {
    Object.assign(basis, { treatment: 'reverse_charge', vatId });
  } else if (zone && certificate) {
    Object.assign(basis, { treatment: 'exempt', certificate });
  }
  const untaxed = basis.treatment === 'reverse_charge' || basis.treatment === 'exempt';
  return { context: { taxRates: zone?.rates ?? null, shipping, untaxed }, basis };
}

/** The company as its invoices bill it now: legal name, billing address, tax or VAT ID. */
async function billToOf(ex: Executor, companyId: string): Promise<NonNullable<TaxBasis['billTo']> | null> {
  const [row] = await ex
    .select({ company: companies.name, address: companies.billingAddress, taxId: companies.taxId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** The lines with their products' tax class, unit weight and carton size (a deleted product's: standard, weightless). */
async function chargeLinesOf(ex: Executor, lines: readonly LineToCharge[]): Promise<ChargeLine[]> {
  const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const found =
    ids.length === 0
      ? []
      : await ex
          .select({
            id: products.id,
            taxClass: products.taxClass,
            weightGrams: products.weightGrams,
            unitsPerCarton: products.unitsPerCarton,
          })
          .from(products)
          .where(inArray(products.id, ids));
  const byId = new Map(found.map((product) => [product.id, product]));
  return lines.map((line) => {
    const product = line.productId ? byId.get(line.productId) : undefined;
    return {
      quantity: line.quantity,
      amountCents: line.amountCents,
      taxClass: product?.taxClass ?? 'standard',
      unitGrams: product?.weightGrams ?? 0,
      unitsPerCarton: product?.unitsPerCarton ?? 1,
    };
  });
}

/** How an order was taxed, as the API shows it (OrderTax), from its snapshot (null: placed before issue 35). */
export function toOrderTax(basis: TaxBasis | null) {
  const treatment = basis?.treatment ?? 'no_destination';
  return {
    treatment,
    zone: basis?.zone ?? null,
    certificateId: basis?.certificate?.id ?? null,
    vatId: basis?.vatId ?? null,
    notForResale: basis?.notForResale ?? false,
    notice: treatment === 'reverse_charge' ? REVERSE_CHARGE_NOTICE : null,
  };
}

/** Tax by rate as the API shows it: percent and dollars. */
export const toTaxesAtRate = (taxes: readonly { rate: number; taxCents: number }[]) =>
  taxes.map((tax) => ({ rate: rateToPercent(tax.rate), amount: centsToDollars(tax.taxCents) }));

/**
 * The charges of these lines delivered to `place`, as the cart and the buy form show them before the
 * order is placed (ChargesPreview), with the reason it could not be placed there, if any.
 */
export async function previewCharges(
  ex: Executor,
  lines: readonly LineToCharge[],
  place: Place,
  options: ChargeOptions,
): Promise<ChargesPreview> {
  const { charges, basis } = await chargesFor(ex, lines, place, options);
  const deliverTo = placeName(place.country.toUpperCase(), place.region?.toUpperCase() || null);
  const { freight } = charges;
  return {
    deliverTo,
    subtotal: centsToDollars(charges.subtotalCents),
    freight: freight.cents === null ? null : centsToDollars(freight.cents),
    freightStatus: freight.kind === 'none' ? 'priced' : freight.kind,
    taxes: toTaxesAtRate(charges.taxes),
    total: centsToDollars(charges.totalCents),
    tax: toOrderTax(basis),
    problem: freight.kind === 'unavailable' ? messages.noDeliveryTo(deliverTo) : null,
  };
}
