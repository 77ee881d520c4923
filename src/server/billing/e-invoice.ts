import {
  type DocumentFormat,
  type IssuedDocument,
  type IssuedSnapshot,
  issuedDocumentOf,
  issuedFile,
} from './issued-documents';
import type { Invoice, InvoiceService } from '@e-invoice-eu/core';
import { createRequire } from 'node:module';
import { formatCreditNoteNumber, formatInvoiceNumber } from '../../shared/domain/document-numbers';
import {
  type TaxBasis,
  certificateLabel,
  registrationIdentifier,
  taxNotice,
} from '../../shared/domain/order-charges';
import { rateToPercent } from '../../shared/domain/tax';
import { euVatCountry } from '../../shared/domain/vat-id';
import { EU_COUNTRIES } from '../../shared/domain/addresses';
import { parsePeppolId } from '../../shared/domain/peppol';
import type { ShopDetails } from '../config/shop-details';
import type { OrderLineRow } from '../db/schema';
import type { OrderLoader } from './billed-order';
import type { Database } from '../db/database';
import type { MailAttachmentRef } from '../db/schema';
import type { MailFile } from '../mail/mailer';
import { type CreditNote, findCreditNoteById } from '../records/credit-notes.repository';
import { type InvoicedOrder, renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf';

/**
 * An invoice as data an accounting system books by itself (EN 16931): the order's
 * snapshot (its lines, rates, tax treatment and the buyer's billing details as they were invoiced)
 * in the semantic model of EN 16931, written by @e-invoice-eu/core as a UBL 2.1 Invoice following
 * Peppol BIS Billing 3.0, or as UN/CEFACT CII D16B. Every amount is the stored one, in cents; nothing
 * is priced or taxed again.
 */

/** The syntaxes an invoice is served in as data. */
export type EInvoiceSyntax = 'ubl' | 'cii';

const PEPPOL_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const EN16931 = 'urn:cen.eu:en16931:2017';
const CURRENCY = 'USD';
/** UN/ECE Recommendation 20: one piece, for lines ordered before their unit was kept. */
const PIECE = 'H87';

/** An EN 16931 VAT category (UNTDID 5305) with its rate, and for the untaxed ones why. */
interface TaxCategory {
  id: 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O';
  percent: number;
  reasonCode?: string;
  reason?: string;
}

const money = (cents: number) => (cents / 100).toFixed(2);
const percentOf = (rate: number) => String(rate / 1000);
const day = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString().slice(0, 10));

/**
 * The VAT category of a line (or of freight taxed as goods at `rate`), by how the order was taxed:
 * standard or zero rated at its destination's rate; exempt under the buyer's certificate (E, naming
 * it); an intra-community supply; an older order's reverse charge. An untaxed delivery is an export
 * free of VAT (G) only where the goods leave the EU from a member state; goods sent from outside the
 * EU (the shop's Pittsburgh stock), and deliveries inside the seller's country where it collects no
 * tax, are outside the scope of EU VAT (O), with the notice that says which.
 */
function categoryOf(basis: TaxBasis | null, rate: number, shipsTo: string): TaxCategory {
  switch (basis?.treatment) {
    case 'taxed':
      return rate > 0 ? { id: 'S', percent: rate } : { id: 'Z', percent: 0 };
    case 'exempt':
      return {
        id: 'E',
        percent: 0,
        reason: `Exempt under the buyer's ${certificateLabel(basis.certificate)}`,
      };
    case 'intra_community':
      return { id: 'K', percent: 0, reasonCode: 'VATEX-EU-IC' };
    case 'reverse_charge':
      return { id: 'AE', percent: 0, reasonCode: 'VATEX-EU-AE' };
    case 'untaxed_place': {
      const from = basis.dispatch?.from;
      return from && EU_COUNTRIES.includes(from) && !EU_COUNTRIES.includes(shipsTo)
        ? { id: 'G', percent: 0, reasonCode: 'VATEX-EU-G' }
        : { id: 'O', percent: 0, reasonCode: 'VATEX-EU-O', reason: taxNotice(basis) ?? undefined };
    }
    default:
      return { id: 'O', percent: 0, reasonCode: 'VATEX-EU-O' };
  }
}

/** A line of goods the law exempts (its product's tax class), in a sale otherwise taxed. */
const EXEMPT_GOODS: TaxCategory = { id: 'E', percent: 0, reason: 'Exempt goods: no tax is due on them' };

const categoryKey = (category: TaxCategory) => `${category.id}:${category.percent}`;

/** UBL's TaxCategory of a category, as lines (ClassifiedTaxCategory) and the breakdown give it. */
function ublCategory(category: TaxCategory, { withReason }: { withReason: boolean }) {
  return {
    'cbc:ID': category.id,
    // Not subject to VAT has no rate (BR-O-05).
    ...(category.id === 'O' ? {} : { 'cbc:Percent': percentOf(category.percent) }),
    ...(withReason && category.reasonCode ? { 'cbc:TaxExemptionReasonCode': category.reasonCode } : {}),
    ...(withReason && category.reason ? { 'cbc:TaxExemptionReason': category.reason } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/** A taxable share of the invoice: a line, or a part of its freight. */
interface Taxed {
  category: TaxCategory;
  baseCents: number;
  taxCents: number;
}

function address(
  lines: readonly string[],
  country: string,
  extra: { city?: string; postalCode?: string; region?: string | null } = {},
) {
  const [street, additional] = lines;
  return {
    ...(street ? { 'cbc:StreetName': street } : {}),
    ...(additional ? { 'cbc:AdditionalStreetName': additional } : {}),
    ...(extra.city ? { 'cbc:CityName': extra.city } : {}),
    ...(extra.postalCode ? { 'cbc:PostalZone': extra.postalCode } : {}),
    ...(extra.region ? { 'cbc:CountrySubentity': extra.region } : {}),
    'cac:Country': { 'cbc:IdentificationCode': country },
  };
}

/** A line of a document: units of an order line at its price, and their tax. */
interface DocumentLine {
  line: OrderLineRow;
  quantity: number;
  amountCents: number;
  taxCents: number;
}

/**
 * What a document bills or credits, from the order's snapshot: an invoice its order's lines and
 * freight (paid already when by card), a credit note the units it credits, the freight when the whole
 * order went, less a return's restocking fee, referring to the invoice it corrects.
 */
interface DocumentContent {
  number: string;
  /** UNTDID 1001: 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381';
  issued: string;
  lines: DocumentLine[];
  freightCents: number;
  freightTaxes: { rate: number; baseCents: number; taxCents: number }[];
  feeCents: number;
  paidCents: number;
  dueDate: string | null;
  paymentTerms: string;
  invoice: { number: string; issued: string } | null;
}

const invoiceDayOf = (order: InvoicedOrder) => day(order.invoicedAt ?? order.paidAt ?? order.createdAt);

/** An invoiced order's invoice, as it was issued. */
function invoiceContent(order: InvoicedOrder): DocumentContent {
  const number = formatInvoiceNumber(order.invoiceNumber);
  const issued = invoiceDayOf(order);
  const onAccount = order.paymentMethod === 'account';
  return {
    number,
    typeCode: '380',
    issued,
    lines: order.lines.map((line) => ({
      line,
      quantity: line.quantity,
      amountCents: line.amountCents,
      taxCents: line.taxCents,
    })),
    freightCents: order.freightCents ?? 0,
    freightTaxes: order.freightTaxes,
    feeCents: 0,
    paidCents: onAccount ? 0 : order.amountCents,
    dueDate: onAccount ? order.dueDate : null,
    paymentTerms: onAccount
      ? `On account: ${money(order.amountCents)} ${CURRENCY} due ${order.dueDate ?? ''} by bank transfer, reference ${number}.`
      : `Paid in full by card on ${day(order.paidAt ?? issued)}.`,
    invoice: null,
  };
}

/** One of an invoiced order's credit notes, as it was issued: the invoice's prices and rates. */
function creditNoteContent(order: InvoicedOrder, note: CreditNote): DocumentContent {
  const byNumber = new Map(order.lines.map((line) => [line.lineNumber, line]));
  return {
    number: formatCreditNoteNumber(note.number),
    typeCode: '381',
    issued: day(note.issuedAt),
    lines: note.lines.flatMap((credited) => {
      const line = byNumber.get(credited.lineNumber);
      return line
        ? [
            {
              line,
              quantity: credited.quantity,
              amountCents: credited.amountCents,
              taxCents: credited.taxCents,
            },
          ]
        : [];
    }),
    freightCents: note.freightCents,
    freightTaxes: note.freightTaxes,
    feeCents: note.restockingFeeCents,
    paidCents: 0,
    dueDate: null,
    paymentTerms:
      order.paymentMethod === 'account'
        ? `${money(note.amountCents)} ${CURRENCY} credited to the company's account.`
        : `${money(note.amountCents)} ${CURRENCY} refunded to the card paid with.`,
    invoice: { number: formatInvoiceNumber(order.invoiceNumber), issued: invoiceDayOf(order) },
  };
}

/**
 * An invoice, or one of its credit notes, in @e-invoice-eu/core's internal format (UBL's structure
 * as JSON), from which it writes UBL, CII and Factur-X alike.
 */
export function eInvoiceOf(
  /** The document as it was issued: every amount is read from it, its breakdown's included. */
  { order, note, shop, breakdown: stored }: IssuedSnapshot,
  /** Peppol BIS Billing 3.0 (UBL, CII), or EN 16931 itself (Factur-X's EN 16931 profile names only it). */
  specification: 'peppol' | 'en16931' = 'peppol',
): Invoice {
  const content = note ? creditNoteContent(order, note) : invoiceContent(order);
  const { number, issued } = content;
  const basis = order.taxBasis;
  const sellerCountry = shop.premises.country;
  const destination = order.shipTo ?? shop.premises;
  // Goods of the exempt class in a taxed sale are exempt (E, with why), not zero-rated (Z); so is the
  // freight's share that follows them, and a fee's, where every line at 0 % is exempt goods.
  const exemptAtZero =
    basis?.treatment === 'taxed' &&
    order.lines.some((line) => line.taxRate === 0) &&
    order.lines.filter((line) => line.taxRate === 0).every((line) => line.taxClass === 'exempt');
  const category = (rate: number) =>
    rate === 0 && exemptAtZero ? EXEMPT_GOODS : categoryOf(basis, rate, destination.country);

  const lines = content.lines.map((line) => ({
    ...line,
    category:
      line.line.taxClass === 'exempt' && basis?.treatment === 'taxed'
        ? EXEMPT_GOODS
        : category(line.line.taxRate),
    baseCents: line.amountCents,
  }));
  const freight = freightCharges(content, category);
  const breakdown = new Map<string, Taxed>();
  for (const part of [...lines, ...freight]) {
    const key = categoryKey(part.category);
    const sum = breakdown.get(key) ?? { category: part.category, baseCents: 0, taxCents: 0 };
    breakdown.set(key, {
      ...sum,
      baseCents: sum.baseCents + part.baseCents,
      taxCents: sum.taxCents + part.taxCents,
    });
  }
  // A return's restocking fee, per rate as the breakdown stored with the document shares it (the PDF prints
  // the same amounts).
  const fees: Taxed[] = stored.rates
    .filter((part) => part.feeCents + part.feeTaxCents > 0)
    .map((part) => ({ category: category(part.rate), baseCents: part.feeCents, taxCents: part.feeTaxCents }));
  for (const fee of fees) {
    const key = categoryKey(fee.category);
    const sum = breakdown.get(key);
    if (sum)
      breakdown.set(key, {
        ...sum,
        baseCents: sum.baseCents - fee.baseCents,
        taxCents: sum.taxCents - fee.taxCents,
      });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.baseCents, 0);
  const freightCents = freight.reduce((sum, part) => sum + part.baseCents, 0);
  const feeBaseCents = fees.reduce((sum, fee) => sum + fee.baseCents, 0);
  const taxCents = [...breakdown.values()].reduce((sum, part) => sum + part.taxCents, 0);
  const exclusiveCents = subtotalCents + freightCents - feeBaseCents;
  const paidCents = content.paidCents;
  const categories = new Set([...breakdown.values()].map((part) => part.category.id));
  // The seller's VAT ID: the EU registration the tax was collected under, or for an intra-community
  // supply, a reverse charge or an export the shop's EU VAT ID (BR-IC-02, BR-AE-02, BR-G-02); a sale
  // taxed under a state permit names that permit as its tax registration instead.
  const sellerVatId =
    basis?.registration && euVatCountry(basis.registration)
      ? basis.registration
      : ['K', 'AE', 'G'].some((id) => categories.has(id as TaxCategory['id']))
        ? (shop.vatId ?? null)
        : null;
  // Not subject to VAT: no VAT identifiers at all (BR-O-02); otherwise the seller's EU VAT ID where it
  // has one, and the registration the tax was collected under (a state permit) as its tax registration.
  const outsideScope = categories.has('O');
  const billTo = basis?.billTo ?? null;
  const buyerVatId = basis?.vatId ?? (billTo?.taxId && euVatCountry(billTo.taxId) ? billTo.taxId : null);
  const buyerName = billTo?.company ?? order.company ?? order.buyerName;
  // The company's Peppol participant ID as it was when the order was placed: its electronic address.
  const buyerPeppolId = billTo?.peppolId ? parsePeppolId(billTo.peppolId) : null;
  const buyerLines = (billTo?.address ?? order.address).split(/\s*\n\s*/).filter(Boolean);
  const notice = basis ? taxNotice(basis) : null;
  // EN 16931 knows one VAT per rate: a rate made of taxes of their own (Quebec's GST and QST) is
  // stated at its sum, and each tax, its amount and registration in the note, as the PDF prints them.
  const components = stored.rates.flatMap((rate) => rate.components ?? []);
  const componentNote = components.length
    ? `Tax by component: ${components
        .map(
          (component) =>
            `${component.name} ${rateToPercent(component.rate)}% ${money(component.taxCents)} ${CURRENCY} (registration ${component.registration})`,
        )
        .join('; ')}.`
    : null;
  const firstShipment = order.shipments[0]?.shippedAt ?? order.shippedAt;

  // The parties' electronic addresses (BT-34, BT-49). Peppol BIS is claimed only when both are Peppol
  // participants (a Peppol ID, or an EU VAT ID in its country's scheme): an email address is no Peppol
  // endpoint (PEPPOL-EN16931-CL008), and such a document is plain EN 16931.
  const sellerEndpoint = endpoint(shop.vatId ?? null, shop.email);
  const buyerEndpoint = buyerPeppolId
    ? { 'cbc:EndpointID': buyerPeppolId.id, 'cbc:EndpointID@schemeID': buyerPeppolId.scheme }
    : endpoint(billTo?.taxId && euVatCountry(billTo.taxId) ? billTo.taxId : null, order.email);
  const onPeppol =
    specification === 'peppol' &&
    sellerEndpoint['cbc:EndpointID@schemeID'] !== 'EM' &&
    buyerEndpoint['cbc:EndpointID@schemeID'] !== 'EM';

  const invoice = {
    ...(onPeppol
      ? { 'cbc:CustomizationID': PEPPOL_CUSTOMIZATION, 'cbc:ProfileID': PEPPOL_PROFILE }
      : { 'cbc:CustomizationID': EN16931 }),
    'cbc:ID': number,
    'cbc:IssueDate': issued,
    ...(content.dueDate ? { 'cbc:DueDate': content.dueDate } : {}),
    'cbc:InvoiceTypeCode': content.typeCode,
    ...(notice || componentNote || order.paidInTestMode
      ? {
          'cbc:Note': [
            [notice, componentNote, order.paidInTestMode ? 'Test payment: no money was taken.' : null]
              .filter(Boolean)
              .join(' '),
          ],
        }
      : {}),
    'cbc:DocumentCurrencyCode': CURRENCY,
    // The buyer's reference (Peppol asks for it or the order's): their PO number, else our order number.
    'cbc:BuyerReference': order.poNumber ?? String(order.orderNumber),
    ...(firstShipment ? {} : { 'cac:InvoicePeriod': { 'cbc:StartDate': issued, 'cbc:EndDate': issued } }),
    ...(order.poNumber ? { 'cac:OrderReference': { 'cbc:ID': order.poNumber } } : {}),
    // A credit note names the invoice it corrects (BG-3).
    ...(content.invoice
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': content.invoice.number,
                'cbc:IssueDate': content.invoice.issued,
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        ...sellerEndpoint,
        'cac:PartyName': { 'cbc:Name': shop.name },
        'cac:PostalAddress': address(
          [shop.premises.line1, shop.premises.line2 ?? ''].filter(Boolean),
          sellerCountry,
          {
            city: shop.premises.city,
            postalCode: shop.premises.postalCode,
            region: shop.premises.region,
          },
        ),
        ...(outsideScope
          ? {}
          : {
              'cac:PartyTaxScheme': [
                ...(sellerVatId
                  ? [{ 'cbc:CompanyID': sellerVatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }]
                  : []),
                ...(basis?.registration && basis.registration !== sellerVatId
                  ? [
                      {
                        'cbc:CompanyID': registrationIdentifier(basis.registration),
                        'cac:TaxScheme': { 'cbc:ID': 'TAX' },
                      },
                    ]
                  : !sellerVatId
                    ? [{ 'cbc:CompanyID': shop.taxId, 'cac:TaxScheme': { 'cbc:ID': 'TAX' } }]
                    : []),
              ],
            }),
        // Its company registration (an EIN) identifies it where no VAT ID does (BR-CO-26).
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': shop.legalName, 'cbc:CompanyID': shop.taxId },
        'cac:Contact': { 'cbc:Telephone': shop.phone, 'cbc:ElectronicMail': shop.email },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        ...buyerEndpoint,
        'cac:PartyName': { 'cbc:Name': buyerName },
        'cac:PostalAddress': billTo?.postal
          ? address([billTo.postal.line1, billTo.postal.line2 ?? ''].filter(Boolean), billTo.postal.country, {
              city: billTo.postal.city,
              postalCode: billTo.postal.postalCode,
              region: billTo.postal.region,
            })
          : address(buyerLines.slice(0, 2), destination.country),
        ...(buyerVatId && !outsideScope
          ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyerVatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
          : {}),
        // A tax number that is no VAT ID (a US EIN, a Canadian business number), or any where VAT IDs
        // are out of place (BR-O-03), is its legal registration (BT-47): the PDF prints it too.
        'cac:PartyLegalEntity': {
          'cbc:RegistrationName': buyerName,
          ...(billTo?.taxId && (outsideScope || billTo.taxId !== buyerVatId)
            ? { 'cbc:CompanyID': registrationIdentifier(billTo.taxId) }
            : {}),
        },
        'cac:Contact': {
          'cbc:Name': order.placedByName ?? order.buyerName,
          'cbc:ElectronicMail': order.email,
        },
      },
    },
    'cac:Delivery': {
      ...(firstShipment ? { 'cbc:ActualDeliveryDate': day(firstShipment) } : {}),
      'cac:DeliveryLocation': {
        'cac:Address': order.shipTo
          ? address([order.shipTo.line1, order.shipTo.line2 ?? ''].filter(Boolean), order.shipTo.country, {
              city: order.shipTo.city,
              postalCode: order.shipTo.postalCode,
              region: order.shipTo.region,
            })
          : address(
              order.address
                .split(/\s*\n\s*/)
                .filter(Boolean)
                .slice(0, 2),
              destination.country,
            ),
      },
      'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': order.buyerName } },
    },
    // A credit note's money goes back to the card that paid, or onto the company's account with the
    // shop (clearing between partners): never to the seller's bank account as a payee.
    'cac:PaymentMeans':
      note && order.paymentMethod === 'account'
        ? [{ 'cbc:PaymentMeansCode': '97', 'cbc:PaymentID': number }]
        : order.paymentMethod === 'account'
          ? [
              {
                'cbc:PaymentMeansCode': '30',
                'cbc:PaymentID': number,
                ...(shop.paymentAccount
                  ? { 'cac:PayeeFinancialAccount': payeeAccount(shop.paymentAccount) }
                  : {}),
              },
            ]
          : [{ 'cbc:PaymentMeansCode': '48', 'cbc:PaymentID': order.transactionId ?? number }],
    'cac:PaymentTerms': {
      'cbc:Note': content.paymentTerms,
    },
    ...(freight.length + fees.length > 0
      ? {
          'cac:AllowanceCharge': [
            ...freight.map((part) => ({
              'cbc:ChargeIndicator': 'true',
              'cbc:AllowanceChargeReasonCode': 'FC',
              'cbc:AllowanceChargeReason': 'Freight',
              'cbc:Amount': money(part.baseCents),
              'cbc:Amount@currencyID': CURRENCY,
              'cac:TaxCategory': ublCategory(part.category, { withReason: false }),
            })),
            // A return's restocking fee, kept by the shop: less credited.
            ...fees.map((fee) => ({
              'cbc:ChargeIndicator': 'false',
              'cbc:AllowanceChargeReason': 'Restocking fee kept by the seller',
              'cbc:Amount': money(fee.baseCents),
              'cbc:Amount@currencyID': CURRENCY,
              'cac:TaxCategory': ublCategory(fee.category, { withReason: false }),
            })),
          ],
        }
      : {}),
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': money(taxCents),
        'cbc:TaxAmount@currencyID': CURRENCY,
        'cac:TaxSubtotal': [...breakdown.values()].map((part) => ({
          'cbc:TaxableAmount': money(part.baseCents),
          'cbc:TaxableAmount@currencyID': CURRENCY,
          'cbc:TaxAmount': money(part.taxCents),
          'cbc:TaxAmount@currencyID': CURRENCY,
          'cac:TaxCategory': ublCategory(part.category, { withReason: true }),
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(subtotalCents),
      'cbc:LineExtensionAmount@currencyID': CURRENCY,
      'cbc:TaxExclusiveAmount': money(exclusiveCents),
      'cbc:TaxExclusiveAmount@currencyID': CURRENCY,
      'cbc:TaxInclusiveAmount': money(exclusiveCents + taxCents),
      'cbc:TaxInclusiveAmount@currencyID': CURRENCY,
      ...(feeBaseCents > 0
        ? { 'cbc:AllowanceTotalAmount': money(feeBaseCents), 'cbc:AllowanceTotalAmount@currencyID': CURRENCY }
        : {}),
      ...(freightCents > 0
        ? { 'cbc:ChargeTotalAmount': money(freightCents), 'cbc:ChargeTotalAmount@currencyID': CURRENCY }
        : {}),
      ...(paidCents > 0
        ? { 'cbc:PrepaidAmount': money(paidCents), 'cbc:PrepaidAmount@currencyID': CURRENCY }
        : {}),
      'cbc:PayableAmount': money(exclusiveCents + taxCents - paidCents),
      'cbc:PayableAmount@currencyID': CURRENCY,
    },
    'cac:InvoiceLine': lines.map(({ line, quantity, amountCents, category: lineCategory }) => ({
      'cbc:ID': String(line.lineNumber),
      'cbc:InvoicedQuantity': String(quantity),
      'cbc:InvoicedQuantity@unitCode': line.unit ?? PIECE,
      'cbc:LineExtensionAmount': money(amountCents),
      'cbc:LineExtensionAmount@currencyID': CURRENCY,
      'cac:Item': {
        'cbc:Name': line.name,
        ...(line.partNumber ? { 'cac:BuyersItemIdentification': { 'cbc:ID': line.partNumber } } : {}),
        ...(line.sku ? { 'cac:SellersItemIdentification': { 'cbc:ID': line.sku } } : {}),
        'cac:ClassifiedTaxCategory': ublCategory(lineCategory, { withReason: false }),
      },
      'cac:Price': {
        'cbc:PriceAmount': money(line.unitPriceCents),
        'cbc:PriceAmount@currencyID': CURRENCY,
      },
    })),
  };
  return { 'ubl:Invoice': invoice } as unknown as Invoice;
}

/**
 * The seller's account as BT-84 to BT-86: an IBAN with the bank's BIC; any other account by its
 * number with the bank's national clearing code (a US routing number: with the account number, what
 * an ACH payment is made from), or its BIC where no such code is given.
 */
function payeeAccount(account: NonNullable<ShopDetails['paymentAccount']>) {
  const institution = isIban(account.id) ? account.bic : (account.routing ?? account.bic);
  return {
    'cbc:ID': isIban(account.id) ? account.id.replaceAll(' ', '') : account.id,
    'cbc:Name': account.name,
    ...(institution ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': institution } } : {}),
  };
}

/**
 * The order's freight as document-level charges: taxed as the goods were where its destination taxes
 * freight (a part per rate, as stored), otherwise in the goods' category where they were not taxed at
 * all, and exempt where only the goods were taxed.
 */
function freightCharges(
  { freightCents, freightTaxes }: Pick<DocumentContent, 'freightCents' | 'freightTaxes'>,
  category: (rate: number) => TaxCategory,
): Taxed[] {
  if (freightCents === 0) return [];
  if (freightTaxes.length > 0) {
    return freightTaxes.map((part) => ({
      category: category(part.rate),
      baseCents: part.baseCents,
      taxCents: part.taxCents,
    }));
  }
  const goods = category(0);
  const untaxedFreight: TaxCategory =
    goods.id === 'Z' ? { id: 'E', percent: 0, reason: 'Freight is not taxed where it is delivered' } : goods;
  return [{ category: untaxedFreight, baseCents: freightCents, taxCents: 0 }];
}

/**
 * A party's electronic address (BT-34, BT-49): on Peppol by its EU VAT ID where it has one (the EAS
 * scheme of its country), otherwise its email address (EN 16931 allows it; Peppol needs a participant
 * ID, which a party without an EU VAT ID does not have here).
 */
function endpoint(vatId: string | null, email: string) {
  const scheme = vatId ? vatEndpointScheme(vatId) : null;
  return scheme && vatId
    ? { 'cbc:EndpointID': vatId, 'cbc:EndpointID@schemeID': scheme }
    : { 'cbc:EndpointID': email, 'cbc:EndpointID@schemeID': 'EM' };
}

/** The Peppol electronic address scheme (EAS) of a VAT ID's country: 9944 for the Netherlands, … */
function vatEndpointScheme(vatId: string): string | null {
  const schemes: Record<string, string> = {
    AT: '9914',
    BE: '9925',
    BG: '9926',
    CY: '9928',
    CZ: '9929',
    DE: '9930',
    EE: '9931',
    GR: '9933',
    EL: '9933',
    ES: '9920',
    FR: '9957',
    HR: '9934',
    HU: '9910',
    IE: '9935',
    IT: '0211',
    LT: '9937',
    LU: '9938',
    LV: '9939',
    MT: '9943',
    NL: '9944',
    PL: '9945',
    PT: '9946',
    RO: '9947',
    SE: '9955',
    SI: '9949',
    SK: '9950',
    DK: '0198',
    FI: '0213',
  };
  return schemes[vatId.slice(0, 2).toUpperCase()] ?? null;
}

/**
 * The library (with its PDF and spreadsheet code) is loaded on the first e-invoice asked for, not
 * when the server starts: most processes never write one.
 */
let service: Promise<InvoiceService> | undefined;
const invoiceService = () =>
  (service ??= import('@e-invoice-eu/core').then(({ InvoiceService: Service, FormatFactoryService }) => {
    compileEachSchemaOnce();
    const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
    const formats = new FormatFactoryService();
    mendCiiMapping(Object.getPrototypeOf(formats.createFormatService('CII', quiet)) as CiiWriter);
    infoAsXmp(Object.getPrototypeOf(formats.createFormatService('Factur-X-EN16931', quiet)) as FacturXWriter);
    return new Service(quiet);
  }));

type CiiNode = Record<string, unknown>;
interface CiiWriter {
  generate: (this: object, invoice: Invoice, options: unknown) => Promise<unknown>;
  postProcess: (this: object, cii: CiiNode) => void;
}

/**
 * @e-invoice-eu/core (2.3.4) writes two business terms of the UBL data to the wrong place in CII, and
 * so in the Factur-X XML: a credit note's preceding invoice (BT-25, BT-26), which it looks for where
 * UBL never puts it (`BillingReference/ID` for `BillingReference/InvoiceDocumentReference/ID`) and so
 * leaves out; and a payment account that is no IBAN (BT-84), which it always writes as `IBANID`. Its
 * CII writer (the Factur-X one is the same class's) is given both as the UBL data holds them: the
 * preceding invoice as `InvoiceReferencedDocument` after the totals, as D16B orders it, and an
 * account number as `ProprietaryID` after the account's name.
 */
function mendCiiMapping(writer: CiiWriter): void {
  const { generate, postProcess } = writer;
  const invoiceOf = new WeakMap<object, Invoice>();
  writer.generate = function generateKeepingData(invoice, options) {
    invoiceOf.set(this, invoice);
    return generate.call(this, invoice, options);
  };
  writer.postProcess = function postProcessMended(cii) {
    postProcess.call(this, cii);
    const data = (invoiceOf.get(this) as unknown as { 'ubl:Invoice': CiiNode } | undefined)?.['ubl:Invoice'];
    const transaction = (cii['rsm:CrossIndustryInvoice'] as CiiNode | undefined)?.[
      'rsm:SupplyChainTradeTransaction'
    ] as CiiNode | undefined;
    const settlement = transaction?.['ram:ApplicableHeaderTradeSettlement'] as CiiNode | undefined;
    if (!data || !settlement || !transaction) return;
    const references = (data['cac:BillingReference'] ?? []) as {
      'cac:InvoiceDocumentReference': { 'cbc:ID': string; 'cbc:IssueDate'?: string };
    }[];
    const mended: CiiNode = {};
    for (const [key, value] of Object.entries(settlement)) {
      if (key === 'ram:InvoiceReferencedDocument') continue;
      mended[key] = key === 'ram:SpecifiedTradeSettlementPaymentMeans' ? accountsMended(value) : value;
      if (key === 'ram:SpecifiedTradeSettlementHeaderMonetarySummation' && references.length > 0) {
        mended['ram:InvoiceReferencedDocument'] = references.map(
          ({ 'cac:InvoiceDocumentReference': reference }) => ({
            'ram:IssuerAssignedID': reference['cbc:ID'],
            ...(reference['cbc:IssueDate']
              ? {
                  'ram:FormattedIssueDateTime': {
                    'qdt:DateTimeString': reference['cbc:IssueDate'].replaceAll('-', ''),
                    'qdt:DateTimeString@format': '102',
                  },
                }
              : {}),
          }),
        );
      }
    }
    transaction['ram:ApplicableHeaderTradeSettlement'] = mended;
  };
}

/** The few pdf-lib document methods the Factur-X writer's metadata step is given. */
interface InfoDictionary {
  getKeywords(): string | undefined;
  setTitle(title: string): void;
  setAuthor(author: string): void;
  setSubject(subject: string): void;
  setCreator(creator: string): void;
  setProducer(producer: string): void;
}
interface FacturXWriter {
  addMetadata: (this: object, pdf: InfoDictionary, xmp: string) => void;
}

/**
 * A PDF/A file's document information dictionary must say what its XMP metadata says (ISO 19005-3,
 * 6.6.2.3.2): the library writes them apart (the Info title "Seller: Invoice N" against the XMP's
 * "Invoice N dated … issued by …", the library's address as Info producer against the seller's name
 * in XMP, keywords only in Info). The metadata step makes Info say the XMP's title, author,
 * description, creator tool and producer, and the XMP the Info's keywords.
 */
function infoAsXmp(writer: FacturXWriter): void {
  const { addMetadata } = writer;
  writer.addMetadata = function addAgreeingMetadata(pdf, xmp) {
    const value = (element: string) => {
      const text = new RegExp(`<${element}>\\s*(?:<rdf:(?:Alt|Seq)>\\s*<rdf:li[^>]*>)?([^<]*)<`).exec(
        xmp,
      )?.[1];
      return text === undefined ? undefined : unescapeXml(text);
    };
    const set = (element: string, to: (text: string) => void) => {
      const text = value(element);
      if (text !== undefined) to(text);
    };
    set('dc:title', (text) => pdf.setTitle(text));
    set('dc:creator', (text) => pdf.setAuthor(text));
    set('dc:description', (text) => pdf.setSubject(text));
    set('xmp:CreatorTool', (text) => pdf.setCreator(text));
    set('pdf:Producer', (text) => pdf.setProducer(text));
    const keywords = pdf.getKeywords();
    const withKeywords =
      keywords && !xmp.includes('<pdf:Keywords>')
        ? xmp.replace('<pdf:Producer>', `<pdf:Keywords>${escapeXml(keywords)}</pdf:Keywords><pdf:Producer>`)
        : xmp;
    addMetadata.call(this, pdf, withKeywords);
  };
}

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};
const unescapeXml = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity);
const escapeXml = (text: string) =>
  text.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char] ?? char);

/** IBAN: two letters, two check digits, up to 30 letters and digits (ISO 13616), spaces aside. */
const isIban = (account: string) => /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(account.replaceAll(' ', ''));

/** Payment means whose payee account is no IBAN, naming it as the account number it is. */
function accountsMended(means: unknown): unknown {
  if (Array.isArray(means)) return means.map(accountsMended);
  const account = (means as CiiNode | undefined)?.['ram:PayeePartyCreditorFinancialAccount'] as
    CiiNode | undefined;
  const id = account?.['ram:IBANID'];
  if (!account || typeof id !== 'string' || isIban(id)) return means;
  const rest = Object.fromEntries(Object.entries(account).filter(([key]) => key !== 'ram:IBANID'));
  return {
    ...(means as CiiNode),
    'ram:PayeePartyCreditorFinancialAccount': { ...rest, 'ram:ProprietaryID': id },
  };
}

interface AjvClass {
  prototype: { compile: (this: { opts: object }, schema: object) => unknown };
}

/**
 * @e-invoice-eu/core (2.3.4, its latest) checks each document's data against its invoice schema with
 * a new Ajv, which compiles the schema anew on every `generate`: 220-390 ms of this thread per
 * document, two documents for each invoice mailed (the Factur-X PDF and the UBL). A compiled
 * validator depends on nothing but its schema (the one for the format asked for) and its Ajv's
 * options, so the library's Ajv class keeps each one it compiled, keyed by the options' plain values
 * and the schema's JSON (91 KB, serialised in under a millisecond): as many entries as the library has
 * formats. Its validators run synchronously and the library reads their errors at once, so one
 * validator serves every document. Only that class is changed (the library alone uses it): Fastify's
 * and everyone else's Ajv is not.
 */
function compileEachSchemaOnce(): void {
  const requireFromLibrary = createRequire(createRequire(import.meta.url).resolve('@e-invoice-eu/core'));
  const Ajv2019 = requireFromLibrary('ajv/dist/2019') as AjvClass;
  const compile = Ajv2019.prototype.compile;
  const compiled = new Map<string, unknown>();
  Ajv2019.prototype.compile = function compileOnce(schema) {
    const options = Object.entries(this.opts).filter(([, value]) =>
      ['boolean', 'number', 'string'].includes(typeof value),
    );
    const key = JSON.stringify([options, schema]);
    if (!compiled.has(key)) compiled.set(key, compile.call(this, schema));
    return compiled.get(key);
  };
}

/**
 * The invoice, or one of its credit notes (a UBL CreditNote naming the invoice), written as UBL 2.1
 * (Peppol BIS Billing 3.0) or CII D16B XML.
 */
export async function renderEInvoice(snapshot: IssuedSnapshot, syntax: EInvoiceSyntax): Promise<string> {
  const written = await (
    await invoiceService()
  ).generate(eInvoiceOf(snapshot, 'peppol'), {
    format: syntax === 'ubl' ? 'UBL' : 'CII',
    lang: 'en-us',
  });
  return typeof written === 'string' ? written : Buffer.from(written).toString('utf8');
}

/**
 * A document's PDF as Factur-X (profile EN 16931): the PDF drawn for people, made PDF/A-3 with the
 * document's CII attached as factur-x.xml and described in its XMP metadata, so that one file serves
 * the person and the accounting system alike.
 */
async function renderFacturX(snapshot: IssuedSnapshot, pdf: Buffer): Promise<Buffer> {
  const { order, note } = snapshot;
  const number = note ? formatCreditNoteNumber(note.number) : formatInvoiceNumber(order.invoiceNumber);
  const written = await (
    await invoiceService()
  ).generate(eInvoiceOf(snapshot, 'en16931'), {
    format: 'Factur-X-EN16931',
    lang: 'en-us',
    pdf: { buffer: new Uint8Array(pdf), filename: `${number}.pdf`, mimetype: 'application/pdf' },
  });
  return plainAttachmentName(Buffer.from(typeof written === 'string' ? Buffer.from(written) : written));
}

/**
 * The attachment's file specification names it in UTF-16 (`/UF <FEFF…>`), which is valid PDF, but
 * poppler's pdfdetach (which the Factur-X checker, and many a mail server's scanner, use) does not
 * find an attachment named so. The same name as a plain string, padded with spaces to the same length
 * so that every byte offset in the cross-reference table stays right.
 */
const UTF16_NAME = Buffer.from(
  `/UF <FEFF${Buffer.from('factur-x.xml', 'utf16le').swap16().toString('hex').toUpperCase()}>`,
);
const PLAIN_NAME = Buffer.from('/UF (factur-x.xml)'.padEnd(UTF16_NAME.length, ' '));

function plainAttachmentName(pdf: Buffer): Buffer {
  const at = pdf.indexOf(UTF16_NAME);
  if (at === -1) return pdf;
  PLAIN_NAME.copy(pdf, at);
  return pdf;
}

/** An invoice's or credit note's PDF, downloaded or mailed: drawn for people, made Factur-X. */
async function renderDocumentPdf(snapshot: IssuedSnapshot): Promise<Buffer> {
  const { order, note, shop, breakdown } = snapshot;
  const pdf = note
    ? await renderCreditNotePdf(order, note, shop, breakdown)
    : await renderInvoicePdf(order, shop, breakdown);
  return renderFacturX(snapshot, pdf);
}

/**
 * A file of an issued invoice or credit note: the bytes kept since it was first rendered, from the
 * snapshot recorded as it was issued (billing/issued-documents.ts), never from the order as it
 * stands today.
 */
export function issuedDocumentFile(db: Database, document: IssuedDocument, format: DocumentFormat) {
  return issuedFile(db, document, format, async (snapshot) =>
    format === 'pdf' ? renderDocumentPdf(snapshot) : Buffer.from(await renderEInvoice(snapshot, format)),
  );
}

/** The mail worker's attachments: each invoice and credit note as it was issued. */
export async function makeOrderAttachments(
  db: Database,
  shop: ShopDetails,
  refs: MailAttachmentRef[],
  load: OrderLoader,
): Promise<MailFile[]> {
  return Promise.all(
    refs.map(async (ref) => {
      const note = ref.kind === 'credit_note' ? await findCreditNoteById(db, ref.creditNoteId) : null;
      if (ref.kind === 'credit_note' && !note) throw new Error(`Credit note ${ref.creditNoteId} is missing`);
      const orderId = ref.kind === 'invoice' ? ref.orderId : (note?.orderId ?? '');
      const document = await issuedDocumentOf(
        db,
        note ? { kind: 'credit_note', orderId, creditNoteId: note.id } : { kind: 'invoice', orderId },
        shop,
        load,
      );
      if (!document) throw new Error(`Order ${orderId} has no invoice to attach`);
      const number =
        document.kind === 'credit_note'
          ? formatCreditNoteNumber(document.number)
          : formatInvoiceNumber(document.number);
      const format = ref.format === 'ubl' ? 'ubl' : 'pdf';
      return {
        filename: `${number}.${format === 'ubl' ? 'xml' : 'pdf'}`,
        content: await issuedDocumentFile(db, document, format),
        contentType: format === 'ubl' ? 'application/xml' : 'application/pdf',
      };
    }),
  );
}
