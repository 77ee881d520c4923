import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ShipToBody } from '../../shared/api/addresses.schemas';
import { euVatCountry, vatIdProblem } from '../../shared/domain/vat-id';
import { projectPaths, readShopName } from './project-paths';

/** The seller as invoices and mails name it: content/business.json, which the shop owner edits. */
const BusinessFile = z.strictObject({
  legalName: z.string().min(1),
  address: z.array(z.string().min(1)).min(1),
  /**
   * The shop's own address, structured: an order given only the spec's one-box address is charged tax
   * and freight as if delivered here, so that no order goes untaxed for want of a destination.
   */
  premises: ShipToBody,
  /** The country the shop sells from (ISO 3166-1 alpha-2). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'country is an ISO code such as US or DE' })
    .optional(),
  /** Where customers write, and where the shop is told of new quote requests. */
  email: z.email(),
  phone: z.string().min(1),
  /** A tax or company registration number printed on invoices. */
  taxId: z.string().min(1),
  /**
   * The shop's EU VAT registration, if it has one: its deliveries from there to a verified VAT ID in
   * another member state are intra-community supplies (Article 138), with this ID on the invoice.
   */
  vatId: z
    .string()
    .optional()
    .superRefine((vatId, ctx) => {
      if (vatId && !euVatCountry(vatId)) {
        ctx.addIssue({ code: 'custom', message: vatIdProblem(vatId) ?? 'vatId is not an EU VAT ID' });
      }
    }),
  /** A closing line on every invoice paid by card. */
  invoiceNote: z.string().default(''),
  /** The closing line of an invoice on account (no payment comes first); the card one when unset. */
  onAccountInvoiceNote: z.string().optional(),
  /** Where a company on account pays its invoices by bank transfer, a line each. */
  bankDetails: z.array(z.string().min(1)).default([]),
  /**
   * The same account as e-invoices name it (EN 16931 BT-84 to BT-86), so that an accounting system
   * pays an invoice on account without a person: its IBAN, or its account number with the bank's
   * national clearing code (`routing`: a US ABA routing number, from which an ACH payment is built);
   * its name; the bank's BIC.
   */
  paymentAccount: z
    .strictObject({
      id: z.string().min(1),
      name: z.string().min(1),
      routing: z.string().min(1).optional(),
      bic: z.string().min(1).optional(),
    })
    .optional(),
  /**
   * What punchout messages say of the shop (DESIGN §11): its cXML credential (From and Sender of the
   * carts it returns), the UNSPSC commodity its tools are classed under, and the days it takes to ship.
   */
  punchout: z
    .strictObject({
      credential: z.strictObject({ domain: z.string().min(1), identity: z.string().min(1) }),
      unspsc: z.string().regex(/^\d{8}$/, { error: 'unspsc is an 8-digit UNSPSC commodity code' }),
      leadTimeDays: z.number().int().min(0).max(365),
    })
    .default({ credential: { domain: 'DUNS', identity: '000000000' }, unspsc: '27110000', leadTimeDays: 2 }),
});

export type ShopDetails = z.infer<typeof BusinessFile> & {
  /** The brand customers know (content/home.json). */
  name: string;
};

export function readShopDetails(file = join(projectPaths.content, 'business.json')): ShopDetails {
  const parsed = BusinessFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not valid: ${z.prettifyError(parsed.error)}`);
  }
  return { ...parsed.data, name: readShopName() };
}
