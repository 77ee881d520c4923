import { z } from 'zod';

/**
 * What an admin (of the shop, or of a company) can do that the audit log records (DESIGN §9), each with the words the Audit Log page
 * shows. The database keeps the same list as an enum (migrations 0008, 0009 and 0016).
 */
export const AUDIT_ACTIONS = {
  'product.add': 'Product added',
  'product.edit': 'Product edited',
  'product.delete': 'Product deleted',
  'product.import': 'Product imported',
  'user.make_admin': 'Admin rights granted',
  'user.delete': 'Account deleted',
  'order.ship': 'Order marked shipped',
  'review.delete': 'Review removed',
  'quote.answer': 'Quote answered',
  'user.revoke_admin': 'Admin rights revoked',
  'upload.add': 'Picture uploaded',
  'orders.export': 'Orders exported',
  'products.export': 'Products exported',
  'company.create': 'Company created',
  'company.invite': 'Colleague invited',
  'company.join': 'Invitation accepted',
  'company.member_roles': 'Company roles changed',
  'company.member_remove': 'Colleague removed',
  'company.status': 'Company suspended or reinstated',
  'company.rules': 'Company approval and spending rules changed',
  'company.member_limit': 'Colleague’s monthly spending limit changed',
  'price_list.save': 'Price list saved',
  'price_list.delete': 'Price list deleted',
  'company.price_lists': 'Company’s price lists changed',
  'company.terms': 'Company’s payment terms or credit limit changed',
  'company.payment': 'Payment or adjustment recorded on a company’s account',
  'tax_zone.save': 'Tax zone made or changed',
  'tax_zone.delete': 'Tax zone deleted',
  'shipping_zone.save': 'Shipping zone made or changed',
  'shipping_zone.delete': 'Shipping zone deleted',
  'order.freight': 'Freight quoted',
  'tax_certificate.decide': 'Tax certificate decided',
  'company.vat_verification': 'VAT ID verified',
  'company.invitation_revoke': 'Invitation revoked',
  'tax_certificate.upload': 'Tax certificate uploaded',
  'company.details': 'Company’s name, tax number or billing address changed',
  'order.cancel': 'Order cancelled, whole or in part (credit note and refund)',
  'order.cancellation_refused': 'Buyer’s request to cancel an order refused',
  'return.decide': 'Return approved or rejected',
  'return.receive': 'Returned units received (resellable back to stock)',
  'return.refund': 'Return refunded (credit note and refund)',
  'webhook.create': 'Webhook registered',
  'webhook.delete': 'Webhook removed',
  'webhook.resend': 'Webhook delivery sent again',
  'api_key.create': 'API key made',
  'api_key.revoke': 'API key revoked',
  'punchout.connection_save': 'Punchout connection saved',
  'punchout.connection_delete': 'Punchout connection removed',
  'punchout.session': 'Punchout session started',
  'punchout.order': 'Punchout order received',
  'document.resend': 'Invoice or credit note sent again',
  'category.attributes': 'Category specifications changed',
  'family.add': 'Product family added',
  'family.edit': 'Product family edited',
  'company.part_numbers': 'Company part numbers saved',
} as const;

export const AuditAction = z.enum(Object.keys(AUDIT_ACTIONS) as [keyof typeof AUDIT_ACTIONS]);
export type AuditAction = z.infer<typeof AuditAction>;

/** Field values as they were before and after an action (absent for what did not exist). */
export const AuditValues = z.record(z.string(), z.unknown());
export type AuditValues = z.infer<typeof AuditValues>;

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    actorEmail: z.string(),
    action: AuditAction,
    /** What was acted on, in the shop's words: "SKU DRL-18V", "order 10042", "jo@example.com". */
    subject: z.string(),
    before: AuditValues.nullable(),
    after: AuditValues.nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

const day = z.iso.date({ error: 'Dates are written YYYY-MM-DD' });

/** GET /api/admin/audit: newest first, filtered by actor, action and a range of days (UTC). */
export const AuditQuery = z.strictObject({
  /** An admin's address (any case), or a system actor: `npm run admin`, `ADMIN_EMAILS`. */
  actor: z.string().trim().max(254).optional(),
  action: AuditAction.optional(),
  from: day.optional(),
  to: day.optional(),
  /** The keyset cursor: entries older than this id. */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditPage = z.object({
  entries: z.array(AuditEntry),
  /** The cursor for the next, older page; null at the oldest. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;
