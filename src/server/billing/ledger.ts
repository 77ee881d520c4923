import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CompanyStatement,
  RecordAdjustmentBody,
  RecordPaymentBody,
} from '../../shared/api/credit.schemas';
import { formatInvoiceNumber } from '../../shared/domain/document-numbers';
import {
  AGING_BUCKETS,
  type Aging,
  type AgingBucket,
  type Statement,
  addDays,
  statementOf,
} from '../../shared/domain/ledger';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents, formatCents } from '../../shared/money';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { type OrderRow, ledgerEntries } from '../db/schema';
import { companiesWithLedgerEntries, findCompany } from '../records/companies.repository';
import { DomainError } from '../http/domain-error';
import { nextInvoiceNumber } from './document-numbers';
import { utcDayOf } from '../../shared/days';

/**
 * A company's account with the shop: its ledger, appended to when an order on account is
 * invoiced or cancelled and when a shop admin records a payment or an adjustment, never changed (a
 * trigger refuses it); its statement at any day (shared/domain/ledger.ts); and the checks an order on
 * account must pass, made under the company's row lock so that two orders cannot both squeeze under
 * the credit limit.
 */

/** Days from an invoice to its due day, by the company's terms. */
export const TERM_DAYS = { card: 0, net15: 15, net30: 30, net60: 60 } as const;

/** The company's entries in the order they count: by day, then as recorded. */
export function ledgerOf(ex: Executor, companyId: string) {
  return ex
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.companyId, companyId))
    .orderBy(asc(ledgerEntries.occurredOn), asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

/**
 * Whether the company may put `amountCents` more on its account at `at`, its row locked for the rest
 * of the transaction first: it has terms, is not suspended, has no invoice overdue past its grace
 * days, and stays within its credit limit. Throws the reason when it may not.
 */
export async function checkAccountCredit(
  ex: Executor,
  companyId: string,
  amountCents: number,
  at: Date,
  /**
   * What the company's orders on account not invoiced yet owe (awaiting their freight quote or their
   * approval), read once the company is locked; the orders' storage answers it (orders/ passes it).
   */
  uninvoicedCents: () => Promise<number>,
): Promise<void> {
  const company = await findCompany(ex, companyId, { lock: true });
  if (!company) throw new DomainError('FORBIDDEN', messages.accountNeedsCompany);
  if (company.status !== 'active') throw new DomainError('FORBIDDEN', messages.companySuspended);
  if (company.paymentTerms === 'card') throw new DomainError('FORBIDDEN', messages.accountNotOffered);
  const statement = statementOf(await ledgerOf(ex, companyId), utcDayOf(at));
  const late = statement.openItems.find((item) => item.daysOverdue > company.graceDays);
  if (late) {
    throw new DomainError(
      'CONFLICT',
      messages.accountOverdue(
        late.invoiceNumber === null ? 'a charge' : formatInvoiceNumber(late.invoiceNumber),
        late.dueDate,
      ),
    );
  }
  // Owed: the invoices open on the ledger, and the orders on account not invoiced yet (awaiting their
  // freight quote or their approval), each at its total and a pallet's estimated freight.
  const owedCents = statement.balanceCents + (await uninvoicedCents());
  if (owedCents + amountCents > company.creditLimitCents) {
    throw new DomainError(
      'CONFLICT',
      messages.creditLimitReached(
        formatCents(company.creditLimitCents),
        formatCents(Math.max(0, owedCents)),
        formatCents(amountCents),
      ),
    );
  }
}

/**
 * Invoices an order placed on account (on placing, or when an approver approves it): the next invoice
 * number, the due day by the company's terms, and the invoice on the company's ledger. Answers what
 * the order is to record (orders/transitions.ts, enterOnAccount).
 */
export async function invoiceOnAccount(
  ex: Executor,
  order: OrderRow,
  at: Date,
): Promise<{ invoiceNumber: number; invoicedAt: Date; dueDate: string }> {
  if (!order.companyId) throw new Error(`Order ${order.id} on account has no company`);
  const company = await findCompany(ex, order.companyId);
  // checkAccountCredit let the order on account only with terms: card never reaches here.
  if (!company || company.paymentTerms === 'card')
    throw new Error(`Order ${order.id} on account without terms`);
  const issuedOn = utcDayOf(at);
  const dueDate = addDays(issuedOn, TERM_DAYS[company.paymentTerms]);
  const invoiceNumber = await nextInvoiceNumber(ex);
  await ex.insert(ledgerEntries).values({
    companyId: order.companyId,
    kind: 'invoice',
    amountCents: order.amountCents,
    occurredOn: issuedOn,
    dueDate,
    orderId: order.id,
    invoiceNumber,
    reference: `Order ${order.orderNumber}`,
    recordedBy: 'shop',
  });
  return { invoiceNumber, invoicedAt: at, dueDate };
}

/** GET /api/company/statement: the balance, the credit left, the aging and every entry with the running balance. */
export async function companyStatement(ex: Executor, companyId: string, at: Date): Promise<CompanyStatement> {
  const company = await findCompany(ex, companyId);
  if (!company) throw new DomainError('NOT_FOUND', messages.companyNotFound);
  const asOf = utcDayOf(at);
  const entries = await ledgerOf(ex, companyId);
  const statement = statementOf(entries, asOf);
  let running = 0;
  return {
    company: company.name,
    asOf,
    terms: company.paymentTerms,
    graceDays: company.graceDays,
    balance: centsToDollars(statement.balanceCents),
    creditLimit: centsToDollars(company.creditLimitCents),
    available: centsToDollars(Math.max(0, company.creditLimitCents - statement.balanceCents)),
    aging: agingInDollars(statement.aging),
    openInvoices: statement.openItems.map((item) => ({
      invoiceNumber: item.invoiceNumber === null ? null : formatInvoiceNumber(item.invoiceNumber),
      orderId: item.orderId,
      issuedOn: item.issuedOn,
      dueDate: item.dueDate,
      amount: centsToDollars(item.amountCents),
      open: centsToDollars(item.openCents),
      daysOverdue: Math.max(0, item.daysOverdue),
    })),
    entries: entries.map((entry) => {
      running += entry.amountCents;
      return {
        date: entry.occurredOn,
        kind: entry.kind,
        invoiceNumber: entry.invoiceNumber === null ? null : formatInvoiceNumber(entry.invoiceNumber),
        orderId: entry.orderId,
        dueDate: entry.dueDate,
        reference: entry.reference,
        amount: centsToDollars(entry.amountCents),
        balance: centsToDollars(running),
      };
    }),
  };
}

/** Each company's balance and aging at `at` (the shop admins' list of companies): one query for all. */
export async function balancesOf(ex: Executor, companyIds: readonly string[], at: Date) {
  const statements = await statementsOf(ex, companyIds, at);
  return new Map(
    companyIds.map((id) => {
      const statement = statements.get(id);
      return [
        id,
        { balance: centsToDollars(statement?.balanceCents ?? 0), aging: agingInDollars(statement?.aging) },
      ];
    }),
  );
}

/** Each company's statement in cents at `at`: its entries read in one query for all. */
async function statementsOf(
  ex: Executor,
  companyIds: readonly string[],
  at: Date,
): Promise<Map<string, Statement>> {
  const byCompany = new Map<string, (typeof ledgerEntries.$inferSelect)[]>();
  if (companyIds.length > 0) {
    const rows = await ex
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.companyId, [...companyIds]))
      .orderBy(asc(ledgerEntries.occurredOn), asc(ledgerEntries.createdAt));
    for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
  }
  const asOf = utcDayOf(at);
  return new Map(companyIds.map((id) => [id, statementOf(byCompany.get(id) ?? [], asOf)]));
}

const agingInDollars = (aging: Aging | undefined) =>
  Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, centsToDollars(aging?.[bucket] ?? 0)])) as Record<
    AgingBucket,
    number
  >;

/** What is owed past its due day, in cents. */
const overdueCents = (aging: Aging) => aging.days1to30 + aging.days31to60 + aging.days61to90 + aging.over90;

/**
 * POST /api/admin/companies/{id}/payments: a shop admin records money received from the company (in
 * full or in part, dated the day it arrived, with the transfer's reference): a payment on its ledger,
 * which goes to its earliest-due invoices. Audited.
 */
export async function recordPayment(
  db: Database,
  admin: SessionUser,
  companyId: string,
  body: z.output<typeof RecordPaymentBody>,
  at = new Date(),
): Promise<void> {
  await recordByAdmin(db, admin, companyId, { ...body, amount: -body.amount, kind: 'payment' }, at);
}

/**
 * POST /api/admin/companies/{id}/adjustments: a shop admin's correction, with its reason (the ledger
 * is never edited: a mistake is corrected by an adjustment). Audited.
 */
export async function recordAdjustment(
  db: Database,
  admin: SessionUser,
  companyId: string,
  body: z.output<typeof RecordAdjustmentBody>,
  at = new Date(),
): Promise<void> {
  await recordByAdmin(db, admin, companyId, { ...body, kind: 'adjustment' }, at);
}

/** A payment (its amount below zero) or an adjustment on the company's ledger, audited. */
async function recordByAdmin(
  db: Database,
  admin: SessionUser,
  companyId: string,
  body: { kind: 'payment' | 'adjustment'; amount: number; date: string; reference: string },
  at: Date,
): Promise<void> {
  if (body.date > utcDayOf(at)) throw new DomainError('VALIDATION_FAILED', messages.paymentInFuture);
  await db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId, { lock: true });
    if (!company) throw new DomainError('NOT_FOUND', messages.companyNotFoundForAdmin);
    await tx.insert(ledgerEntries).values({
      companyId,
      kind: body.kind,
      amountCents: dollarsToCents(body.amount),
      occurredOn: body.date,
      reference: body.reference,
      recordedBy: admin.email.toLowerCase(),
    });
    await recordAudit(tx, admin, {
      action: 'company.payment',
      subject: company.name,
      before: null,
      after: { [body.kind]: body.amount, date: body.date, reference: body.reference },
    });
  });
}

/**
 * What companies owe on account (the admin's dashboard): the total, its aging, and the `limit`
 * companies owing most, the most overdue first. Reads the entries of the companies that have any.
 */
export async function receivables(ex: Executor, at: Date, limit: number) {
  const owing = await companiesWithLedgerEntries(ex);
  const statements = await statementsOf(
    ex,
    owing.map((company) => company.id),
    at,
  );
  const owed = owing
    .map((company) => ({ company, statement: statements.get(company.id) }))
    .flatMap(({ company, statement }) =>
      statement && statement.balanceCents > 0 ? [{ company, statement }] : [],
    )
    .sort(
      (a, b) =>
        overdueCents(b.statement.aging) - overdueCents(a.statement.aging) ||
        b.statement.balanceCents - a.statement.balanceCents ||
        a.company.name.localeCompare(b.company.name),
    );
  const total = (pick: (statement: Statement) => number) =>
    owed.reduce((sum, { statement }) => sum + pick(statement), 0);
  return {
    balance: centsToDollars(total((statement) => statement.balanceCents)),
    aging: agingInDollars(
      Object.fromEntries(
        AGING_BUCKETS.map((bucket) => [bucket, total((statement) => statement.aging[bucket])]),
      ) as Aging,
    ),
    companies: owed.slice(0, limit).map(({ company, statement }) => ({
      _id: company.id,
      name: company.name,
      balance: centsToDollars(statement.balanceCents),
      overdue: centsToDollars(overdueCents(statement.aging)),
      aging: agingInDollars(statement.aging),
    })),
  };
}
