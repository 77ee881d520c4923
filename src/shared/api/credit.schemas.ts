import { isWholeCents, wholeCentsError } from '../money';
import { z } from 'zod';
import { text } from './text';

/**
 * A company's account with the shop: GET /api/company/statement, the payments shop admins
 * record (POST /api/admin/companies/{id}/payments), and how each figure reads in dollars.
 */

export const Aging = z.object({
  /** Owed and not yet due. */
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  over90: z.number(),
});
export type Aging = z.infer<typeof Aging>;

export const LedgerEntry = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'payment', 'credit_note', 'adjustment']),
  invoiceNumber: z.string().nullable(),
  orderId: z.string().nullable(),
  dueDate: z.string().nullable(),
  reference: z.string(),
  /** What it added to the balance (payments and credit notes below zero). */
  amount: z.number(),
  /** The balance after it. */
  balance: z.number(),
});

export const OpenInvoice = z.object({
  invoiceNumber: z.string().nullable(),
  orderId: z.string().nullable(),
  issuedOn: z.string(),
  dueDate: z.string(),
  amount: z.number(),
  /** What is still owed of it. */
  open: z.number(),
  daysOverdue: z.number().int(),
});

export const CompanyStatement = z
  .object({
    company: z.string(),
    /** The day the statement is made for (UTC). */
    asOf: z.string(),
    terms: z.enum(['card', 'net15', 'net30', 'net60']),
    graceDays: z.number().int(),
    /** What the company owes now (below zero: a credit in its favour). */
    balance: z.number(),
    creditLimit: z.number(),
    /** What it may still put on account. */
    available: z.number(),
    aging: Aging,
    openInvoices: z.array(OpenInvoice),
    entries: z.array(LedgerEntry),
  })
  .meta({ id: 'CompanyStatement' });
export type CompanyStatement = z.infer<typeof CompanyStatement>;

const day = z.iso.date({ error: 'Give the day as YYYY-MM-DD' });

/** POST /api/admin/companies/{id}/payments: money received from the company, in full or in part. */
export const RecordPaymentBody = z.strictObject({
  amount: z
    .number({ error: 'Give the amount received in dollars' })
    .min(0.01, { error: 'The amount must be at least $0.01' })
    .max(20_000_000, { error: 'The amount is at most $20,000,000' })
    .refine(isWholeCents, { error: wholeCentsError('amount') }),
  /** The day the money arrived (its value day). */
  date: day,
  /** The bank's reference of the transfer. */
  reference: text({ required: 'Give the payment’s reference (the bank transfer’s)', max: 120 }),
});
export type RecordPaymentBody = z.input<typeof RecordPaymentBody>;

/**
 * POST /api/admin/companies/{id}/adjustments: a correction on the account, in dollars: above zero the
 * company owes more (a charge, due the day it is made), below zero less; with the reason it is made.
 */
export const RecordAdjustmentBody = z.strictObject({
  amount: z
    .number({ error: 'Give the adjustment in dollars' })
    .min(-20_000_000, { error: 'The adjustment is at most $20,000,000 either way' })
    .max(20_000_000, { error: 'The adjustment is at most $20,000,000 either way' })
    .refine((amount) => Math.round(amount * 100) !== 0, { error: 'The adjustment cannot be zero' })
    .refine(isWholeCents, { error: wholeCentsError('adjustment') }),
  date: day,
  reference: text({ required: 'Give the reason for the adjustment', max: 200 }),
});
export type RecordAdjustmentBody = z.input<typeof RecordAdjustmentBody>;
