import { isWholeCents, wholeCentsError } from '../money';
import { z } from 'zod';
import { peppolIdProblem } from '../domain/peppol';
import { Aging } from './credit.schemas';
import { COMPANY_ROLES, companyRolesProblem } from '../domain/company-roles';
import { DeliveryDetails, requireShipTo } from './orders.schemas';
import { vatIdProblem } from '../domain/vat-id';
import { ShipTo, ShipToBody } from './addresses.schemas';
import { text } from './text';

export const CompanyRole = z.enum(COMPANY_ROLES, { error: 'Roles are admin, buyer, approver or viewer' });

export const CompanyRoles = z.array(CompanyRole, { error: 'Choose a role' }).superRefine((roles, ctx) => {
  const problem = companyRolesProblem(roles);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A company's tax number: free text (a US EIN, a Canadian business number), but one written as an EU
 * VAT ID must pass its member state's check-digit rule, since it may make orders VAT-free.
 */
const taxId = text({ max: 40 })
  .optional()
  .superRefine((value, ctx) => {
    const problem = vatIdProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/companies: the company as its invoices will name it. */
export const CreateCompanyBody = z.strictObject({
  name: text({ required: 'Please give the company’s legal name', max: 200 }),
  taxId,
  billingAddress: text({ max: 500, multiline: true }).optional(),
  /** The billing address structured; `billingAddress` is then its formatted text. */
  billingTo: ShipToBody.optional(),
});
export type CreateCompanyBody = z.input<typeof CreateCompanyBody>;

/** POST /api/company/invitations: who to invite, and as what. */
export const InviteBody = z.strictObject({
  email: z
    .email({ error: 'Please enter a valid email address' })
    .max(254)
    .transform((email) => email.toLowerCase()),
  roles: CompanyRoles,
});

/** An amount in dollars and cents that a rule sets, or null: no such rule. */
const ruleAmount = (what: string, min: number) =>
  z
    .number({ error: `Give the ${what} in dollars, or null for none` })
    .min(min, { error: `The ${what} must be at least $${min.toFixed(2)}` })
    .max(20_000_000, { error: `The ${what} is too large (at most $20,000,000)` })
    .refine(isWholeCents, { error: wholeCentsError(what) })
    .nullable();

/**
 * PUT /api/company/rules (company admins): orders above `approvalAbove` wait for an approver, and the
 * company's orders in a calendar month may not pass `monthlyLimit` (dollars; null: no such rule).
 * `autoApprove` lets the company's only approver's own orders through without a second pair of eyes.
 */
export const CompanyRulesBody = z.strictObject({
  approvalAbove: ruleAmount('approval threshold', 0),
  monthlyLimit: ruleAmount('monthly limit', 0.01),
  autoApprove: z.boolean().optional(),
});
export type CompanyRulesBody = z.input<typeof CompanyRulesBody>;

/** PATCH /api/company/members/{userId}: a colleague's roles, their own monthly spending limit, or both. */
export const UpdateMemberBody = z
  .strictObject({
    roles: CompanyRoles.optional(),
    monthlyLimit: ruleAmount('monthly limit', 0.01).optional(),
  })
  .refine((body) => body.roles !== undefined || body.monthlyLimit !== undefined, {
    error: 'Give the colleague’s roles or monthly limit',
  });

export const MemberParams = z.object({ userId: z.string().min(1).max(100) });
export const InvitationParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This invitation link is not valid' }),
});
export const CompanyIdParams = z.object({ id: z.uuid({ error: 'Malformed company id' }) });

/** PATCH /api/admin/companies/{id}: a shop admin suspends a company (its members can read, not order). */
export const CompanyStatusBody = z.strictObject({ status: z.enum(['active', 'suspended']) });

export const CompanyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(CompanyRole),
  /** Their own monthly spending limit in dollars (null: only the company's applies). */
  monthlyLimit: z.number().nullable(),
  joinedAt: z.string(),
});

/** The company's rules as GET /api/company answers them, with what its orders this month add up to. */
export const CompanyRules = z.object({
  approvalAbove: z.number().nullable(),
  monthlyLimit: z.number().nullable(),
  autoApprove: z.boolean(),
  /** The company's orders placed this calendar month (UTC), unpaid or paid, in dollars. */
  spentThisMonth: z.number(),
});
export type CompanyRules = z.infer<typeof CompanyRules>;

export const CompanyInvitation = z.object({
  _id: z.string(),
  email: z.string(),
  roles: z.array(CompanyRole),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** The address of the admin who sent it (null once their account is gone). */
  invitedBy: z.string().nullable(),
});

export const InvitationIdParams = z.object({ id: z.uuid({ error: 'Malformed invitation id' }) });

/** GET /api/invitations/{token}: what the link offers, read by the invited before they accept. */
export const InvitationPreview = z.object({
  company: z.string(),
  email: z.string(),
  roles: z.array(CompanyRole),
  invitedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** A ship-to address of the company's book, as its admins write it (POST, PUT /api/company/addresses). */
export const CompanyAddressBody = DeliveryDetails.pick({ name: true, address: true, number: true })
  .extend({
    label: text({ required: 'Please name the address, e.g. Leeds depot', max: 80 }),
    /** The address structured: orders shipped to it are taxed and charged freight by it. */
    shipTo: ShipToBody.optional(),
    isDefault: z.boolean().optional(),
  })
  .superRefine(requireShipTo);
export type CompanyAddressBody = z.input<typeof CompanyAddressBody>;

export const CompanyAddress = z.object({
  _id: z.string(),
  label: z.string(),
  name: z.string(),
  address: z.string(),
  shipTo: ShipTo.nullable(),
  number: z.string(),
  isDefault: z.boolean(),
  /**
   * False for an address written as one box of text before addresses were structured: it cannot be
   * shipped to (nothing could tax it) until an admin completes it.
   */
  complete: z.boolean(),
});
export type CompanyAddress = z.infer<typeof CompanyAddress>;
export const AddressParams = z.object({ id: z.uuid({ error: 'Malformed address id' }) });

/** PATCH /api/company: its admins change its details, and whether colleagues may ship elsewhere. */
export const UpdateCompanyBody = z.strictObject({
  name: text({ required: 'Please give the company’s legal name', max: 200 }).optional(),
  taxId,
  billingAddress: text({ max: 500, multiline: true }).optional(),
  billingTo: ShipToBody.optional(),
  freeAddresses: z.boolean().optional(),
  /** Where invoices and credit notes are mailed besides the buyer (empty: the buyer only). */
  billingEmail: z
    .union([z.literal(''), z.email({ error: 'Please give a valid billing email address' })])
    .optional(),
  /** Invoices and credit notes by mail: a Factur-X PDF, UBL, or both. */
  invoiceDelivery: z.enum(['pdf', 'ubl', 'both'], { error: 'Invoices go as pdf, ubl or both' }).optional(),
  /** Its Peppol participant ID, named in its e-invoices (empty: none). */
  peppolId: text({ max: 90 })
    .optional()
    .superRefine((value, ctx) => {
      const problem = value ? peppolIdProblem(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type UpdateCompanyBody = z.input<typeof UpdateCompanyBody>;

/** GET /api/company: the caller's company; invitations are listed to its admins only. */
export const Company = z
  .object({
    _id: z.string(),
    name: z.string(),
    taxId: z.string().nullable(),
    /** When a shop admin verified the tax number as a registered EU VAT ID; null until then. */
    vatVerifiedAt: z.string().nullable(),
    billingAddress: z.string(),
    billingTo: ShipTo.nullable(),
    billingEmail: z.string().nullable(),
    invoiceDelivery: z.enum(['pdf', 'ubl', 'both']),
    peppolId: z.string().nullable(),
    status: z.enum(['active', 'suspended']),
    /** Whether colleagues may ship to an address outside the book. */
    freeAddresses: z.boolean(),
    addresses: z.array(CompanyAddress),
    rules: CompanyRules,
    /** The caller's own roles in it. */
    roles: z.array(CompanyRole),
    members: z.array(CompanyMember),
    invitations: z.array(CompanyInvitation),
    createdAt: z.string(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof Company>;

/** GET /api/admin/companies: every company, for the shop's admins. */
/** How a company pays: card before shipping, or on account, the invoice due in 15, 30 or 60 days. */
export const PaymentTerms = z.enum(['card', 'net15', 'net30', 'net60'], {
  error: 'Terms are card, net15, net30 or net60',
});

/** PUT /api/admin/companies/{id}/terms: the company's payment terms and credit limit (dollars). */
export const CompanyTermsBody = z.strictObject({
  terms: PaymentTerms,
  creditLimit: z
    .number({ error: 'Give the credit limit in dollars' })
    .min(0, { error: 'The credit limit cannot be negative' })
    .max(20_000_000, { error: 'The credit limit is at most $20,000,000' })
    .refine(isWholeCents, { error: wholeCentsError('credit limit') }),
  /** Days an invoice may be overdue before the company may no longer order on account (default 0). */
  graceDays: z
    .number({ error: 'Give the grace days as a number' })
    .int({ error: 'Grace days are whole days' })
    .min(0, { error: 'Grace days cannot be negative' })
    .max(90, { error: 'At most 90 grace days' })
    .optional(),
});

export type CompanyTermsBody = z.input<typeof CompanyTermsBody>;

/** PUT /api/admin/companies/{id}/vat-verification: a shop admin records whether VIES knows the VAT ID. */
/**
 * PUT /api/admin/companies/{id}/vat-verification: whether the VAT ID is registered, and which ID the
 * admin checked: a verification names it, and is refused (409) when the company's ID is another now.
 */
export const VatVerificationBody = z
  .strictObject({
    verified: z.boolean({ error: 'Say whether the VAT ID is verified (true or false)' }),
    vatId: text({ max: 40 }).optional(),
  })
  .refine((body) => !body.verified || Boolean(body.vatId), {
    error: 'Please name the VAT ID you checked in VIES',
    path: ['vatId'],
  });

export const AdminCompany = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  /** Whether the tax number is an EU VAT ID, and when a shop admin verified it (null: not verified). */
  vatCountry: z.string().nullable(),
  vatVerifiedAt: z.string().nullable(),
  vatVerifiedBy: z.string().nullable(),
  billingCountry: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  terms: PaymentTerms,
  creditLimit: z.number(),
  graceDays: z.number().int(),
  /** What it owes on account now, and how late. */
  balance: z.number(),
  aging: Aging,
  members: z.array(CompanyMember),
  createdAt: z.string(),
});
export type AdminCompany = z.infer<typeof AdminCompany>;
export const AdminCompanyList = z.array(AdminCompany);

export const Inserted = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type Inserted = z.infer<typeof Inserted>;
export const Joined = z.object({ acknowledged: z.literal(true), companyId: z.string() });
export type Joined = z.infer<typeof Joined>;
