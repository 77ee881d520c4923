import type { StoredShipTo } from '../../shared/domain/order-charges';
import {
  type ChargeContext,
  type ChargeLine,
  type OrderCharges,
  type TaxBasis,
  orderCharges,
  taxNotice,
} from '../../shared/domain/order-charges';
import { type BuyerVat, euBusinessSupply, euVatCountry } from '../../shared/domain/vat-id';
import type { ShopDetails } from '../config/shop-details';
import type { Executor } from '../db/database';
import { findCompany } from '../records/companies.repository';
import { shippingFactsOf } from '../records/products.repository';
import { approvedCertificateFor } from './exemptions';
import { type Place, placeName } from './places';
import type { ChargesPreview } from '../../shared/api/cart.schemas';
import { type ComponentTax, rateToPercent } from '../../shared/domain/tax';
import { centsToDollars } from '../../shared/money';
import { messages } from '../../shared/messages';
import { shippingRatesFor } from './shipping-zones';
import { taxZoneFor } from './tax-zones';

/**
 * An order's charges as the server finds them: the destination's tax zone (where the shop is
 * registered to collect tax, and under which registration) and shipping zone, the buyer's evidence for
 * not being taxed (an approved exemption certificate covering the destination, or a verified VAT ID
 * that makes it an intra-community supply), and the products' tax classes and weights, all read here
 * and handed to the one function that adds them up (orderCharges). The cart, the buy form's preview
 * and every way of placing an order call this, so they agree to the cent.
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

/** The seller as tax sees it: its own premises and its EU VAT registration (content/business.json). */
export type Seller = Pick<ShopDetails, 'premises' | 'vatId'>;

export interface ChargeOptions {
  /** The buyer's company (its VAT ID and certificates), or null. */
  companyId: string | null;
  seller: Seller;
  /** The buyer says this order is not for resale: taxed although a certificate would cover it. */
  notForResale?: boolean | undefined;
  at?: Date;
}

/**
 * The charges of these lines delivered to `shipTo`. With no structured destination (the spec's
 * one-product call, given a one-box address) they are charged as if delivered to the shop's own
 * premises: never untaxed for want of a place.
 */
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
  const place = shipTo ?? options.seller.premises;
  const { context, basis } = await chargeContextFor(ex, place, billTo, options);
  return {
    charges: orderCharges(chargeLines, { ...context, atShopAddress: !shipTo }),
    basis: {
      ...basis,
      ...(shipTo ? {} : { atShopAddress: true }),
      billTo: billTo && {
        company: billTo.company,
        address: billTo.address,
        taxId: billTo.taxId,
        postal: billTo.postal,
        peppolId: billTo.peppolId,
      },
    },
    lines: chargeLines,
  };
}

/** What a delivery to `shipTo` is charged by, and the snapshot of why. */
async function chargeContextFor(
  ex: Executor,
  shipTo: Place,
  billTo: BillTo | null,
  { companyId, seller, notForResale = false, at = new Date() }: ChargeOptions,
): Promise<{ context: ChargeContext; basis: TaxBasis }> {
  const place = { country: shipTo.country.toUpperCase(), region: shipTo.region?.toUpperCase() || null };
  const [zone, shipping, certificate] = await Promise.all([
    taxZoneFor(ex, place),
    shippingRatesFor(ex, place),
    companyId && !notForResale ? approvedCertificateFor(ex, companyId, place, at) : null,
  ]);
  const buyer: BuyerVat = {
    vatId: billTo?.taxId ?? null,
    verified: billTo?.vatVerified ?? false,
    billingCountry: billTo?.billingCountry ?? null,
  };
  // The goods leave from the seller's premises, its one stock location.
  const from = seller.premises.country.toUpperCase();
  const basis: TaxBasis = {
    treatment: zone ? 'taxed' : 'untaxed_place',
    zone: zone?.name ?? null,
    rates: zone?.rates ?? null,
    registration: zone?.registration || null,
    freightTaxed: zone?.taxesFreight ?? false,
    dispatch: { from, exported: place.country !== from },
    certificate: null,
    vatId: null,
    notForResale,
  };
  const sellerVatCountry = euVatCountry(seller.vatId);
  const supply = euBusinessSupply(buyer, place.country, sellerVatCountry, from);
  if (supply === 'intra_community') {
    Object.assign(basis, { treatment: 'intra_community', vatId: buyer.vatId, registration: seller.vatId });
  } else if (supply === 'export') {
    Object.assign(basis, { treatment: 'untaxed_place', zone: null, rates: null, registration: null });
  } else if (zone && certificate) {
    Object.assign(basis, { treatment: 'exempt', certificate });
  }
  const untaxed = basis.treatment !== 'taxed';
  return {
    context: {
      taxRates: zone?.rates ?? null,
      shipping,
      untaxed,
      freightTaxed: !untaxed && (zone?.taxesFreight ?? false),
    },
    basis,
  };
}

interface BillTo {
  company: string;
  address: string;
  taxId: string | null;
  vatVerified: boolean;
  billingCountry: string | null;
  /** The billing address structured, when the company gave it so. */
  postal: StoredShipTo | null;
  peppolId: string | null;
}

/** The company as its invoices bill it now (legal name, billing address, tax or VAT ID) and its VAT standing. */
async function billToOf(ex: Executor, companyId: string): Promise<BillTo | null> {
  const row = await findCompany(ex, companyId);
  if (!row) return null;
  return {
    company: row.name,
    address: row.billingAddress,
    taxId: row.taxId,
    vatVerified: row.vatVerifiedAt !== null,
    billingCountry: row.billingTo?.country ?? null,
    postal: row.billingTo,
    peppolId: row.peppolId,
  };
}

/** The lines with their products' tax class, unit weight and carton size (a deleted product's: standard, weightless). */
async function chargeLinesOf(ex: Executor, lines: readonly LineToCharge[]): Promise<ChargeLine[]> {
  const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const found = await shippingFactsOf(ex, ids);
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

/** How an order was taxed, as the API shows it (OrderTax), from its snapshot (null: placed before tax). */
export function toOrderTax(basis: TaxBasis | null) {
  const treatment = basis?.treatment ?? 'no_destination';
  return {
    treatment,
    zone: basis?.zone ?? null,
    registration: basis?.registration ?? null,
    certificateId: basis?.certificate?.id ?? null,
    certificateKind: basis?.certificate?.kind ?? null,
    vatId: basis?.vatId ?? null,
    notForResale: basis?.notForResale ?? false,
    atShopAddress: basis?.atShopAddress ?? false,
    notice: taxNotice({ treatment, dispatch: basis?.dispatch }),
  };
}

/** Tax by rate as the API shows it: percent and dollars. */
export const toTaxesAtRate = (
  taxes: readonly { rate: number; taxCents: number; components?: readonly ComponentTax[] }[],
) =>
  taxes.map((tax) => ({
    rate: rateToPercent(tax.rate),
    amount: centsToDollars(tax.taxCents),
    ...(tax.components
      ? {
          components: tax.components.map((component) => ({
            name: component.name,
            rate: rateToPercent(component.rate),
            registration: component.registration,
            amount: centsToDollars(component.taxCents),
          })),
        }
      : {}),
  }));

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
