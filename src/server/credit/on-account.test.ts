// Database-specific (the tests tagged so run on both databases): two orders on account at once against one credit limit: the company row lock
import { describe, expect, it } from 'vitest';
import type { CheckoutResult } from '../../shared/api/cart.schemas';
import type { CompanyStatement } from '../../shared/api/credit.schemas';
import type { SalesDashboard } from '../../shared/api/dashboard.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import { addDays } from '../../shared/domain/ledger';
import { eq, sql } from 'drizzle-orm';
import { ledgerEntries, mailOutbox, products } from '../db/schema';
import { testMailContext } from '../test/mail-context';
import { remindInvoices } from './reminders';
import { type TestUser, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { deliveryToLeeds } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';
import { formatDay } from '../billing/invoice-pdf';
import { checkAccountCredit, companyStatement } from '../billing/ledger';
import { utcDayOf } from '../../shared/days';

/**
 * Pay on account: a company with terms orders without a card within its credit limit; the
 * invoice is issued at once with its due day and the bank details; payments and credit notes bring the
 * balance down; overdue invoices, a suspended company and the limit refuse an order on account, and
 * two orders at once cannot both squeeze under the limit.
 */
const t = useCompanyTestApp();
const today = () => utcDayOf(new Date());

async function onAccountCompany(terms: 'card' | 'net30' = 'net30', creditLimit = 5000) {
  const shopAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
  const { admin: buyer, companyId } = await newCompany(
    t.ctx.app,
    `Ledger Co ${Math.random().toString(36).slice(2, 7)}`,
  );
  const set = await t.call(shopAdmin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
    terms,
    creditLimit,
  });
  expect(set.statusCode, set.body).toBe(200);
  // $10.00 a unit: 100 units cost $1,000.
  const tool = await insertTool(t.ctx.db, { priceCents: 1000, available: 10_000 });
  return { shopAdmin, buyer, companyId, tool };
}

async function checkoutOnAccount(user: TestUser, toolId: string, quantity: number) {
  const line = await t.call(user, 'PUT', `/api/cart/lines/${toolId}`, { quantity });
  expect(line.statusCode, line.body).toBe(200);
  return t.call(user, 'POST', '/api/cart/checkout', { ...deliveryToLeeds, paymentMethod: 'account' });
}

const statementOf = async (user: TestUser) => {
  const response = await t.call(user, 'GET', '/api/company/statement');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CompanyStatement>();
};

describe('pay on account', () => {
  it('confirms the order at once with its invoice; payments and a credit note bring the balance down', async () => {
    const { shopAdmin, buyer, companyId, tool } = await onAccountCompany();
    const placed = await checkoutOnAccount(buyer, tool.id, 100);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json<CheckoutResult>();
    expect(order).toMatchObject({
      status: 'on_account',
      paymentMethod: 'account',
      paid: false,
      amount: 1000,
      dueDate: addDays(today(), 30),
      holdExpiresAt: null,
    });
    expect(order.invoiceNumber).toMatch(/^INV-/);
    // The stock stays with the order.
    const [stock] = await t.ctx.db.select().from(products).where(eq(products.id, tool.id));
    expect(stock?.available).toBe(9900);

    // The invoice is mailed at once, with its due day and where to pay; its PDF says so too.
    const mail = await t.smtp.nextMailTo(buyer.email, /confirmed on account/);
    // Every day is written one way, 'Dec 27, 2026', in the mail as on the invoice.
    const due = formatDay(order.dueDate ?? '');
    expect(due).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(mail.parsed.subject).toBe(
      `Order ${order.orderNumber} confirmed on account: invoice ${order.invoiceNumber} due ${due}`,
    );
    expect(mail.parsed.attachments.map((file) => file.filename)).toEqual([`${order.invoiceNumber}.pdf`]);
    expect(mail.parsed.text).toMatch(/Account number:\s+4410 2291 0087/);
    const invoice = await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const invoiceText = await pdfText(invoice.rawPayload);
    expect(invoiceText).toContain(`Due date ${due}`);
    expect(invoiceText).toContain(
      `Payment terms: on account, due ${due}. Please pay $1,000.00 by then, by bank transfer to:`,
    );
    expect(invoiceText).toContain('Routing number (ABA): 043000096');
    expect(invoiceText).toContain(`Reference: ${order.invoiceNumber}`);
    // Nothing is paid first on account, and nothing is supplied before it ships.
    expect(invoiceText).not.toContain('within 48 hours of payment');
    expect(invoiceText).toContain('Supply date on shipping (not shipped yet)');

    expect(await statementOf(buyer)).toMatchObject({
      terms: 'net30',
      balance: 1000,
      creditLimit: 5000,
      available: 4000,
      aging: { current: 1000, days1to30: 0 },
      openInvoices: [{ invoiceNumber: order.invoiceNumber, amount: 1000, open: 1000, daysOverdue: 0 }],
    });

    // The shop's admins see what it owes on their dashboard.
    const dashboard = (await t.call(shopAdmin, 'GET', '/api/admin/dashboard')).json<SalesDashboard>();
    expect(dashboard.receivables.companies.find((company) => company._id === companyId)).toMatchObject({
      balance: 1000,
      overdue: 0,
      aging: { current: 1000 },
    });
    expect(dashboard.receivables.balance).toBeGreaterThanOrEqual(1000);

    // A second order, cancelled before it ships: a credit note takes its invoice off.
    const second = (await checkoutOnAccount(buyer, tool.id, 200)).json<CheckoutResult>().order;
    expect((await statementOf(buyer)).balance).toBe(3000);
    const cancelled = await t.call(buyer, 'DELETE', `/api/purchase/${second._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [restocked] = await t.ctx.db.select().from(products).where(eq(products.id, tool.id));
    expect(restocked?.available).toBe(9900);

    // A partial payment, recorded by a shop admin with its day and reference.
    const paid = await t.call(shopAdmin, 'POST', `/api/admin/companies/${companyId}/payments`, {
      amount: 400,
      date: today(),
      reference: 'BACS 77812',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const statement = paid.json<CompanyStatement>();
    expect(statement.balance).toBe(600);
    expect(statement.entries.map((entry) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['invoice', 1000, 1000],
      ['invoice', 2000, 3000],
      ['credit_note', -2000, 1000],
      ['payment', -400, 600],
    ]);
    expect(statement.openInvoices).toEqual([
      expect.objectContaining({ invoiceNumber: order.invoiceNumber, amount: 1000, open: 600 }),
    ]);

    // At fixed days ahead, the open part ages: 15 and 45 days past its due day.
    const at = (days: number) => new Date(`${addDays(order.dueDate ?? '', days)}T12:00:00Z`);
    expect((await companyStatement(t.ctx.db, companyId, at(15))).aging).toMatchObject({ days1to30: 600 });
    expect((await companyStatement(t.ctx.db, companyId, at(45))).aging).toMatchObject({
      days1to30: 0,
      days31to60: 600,
    });
    // An invoice overdue past the company's grace days (0) refuses a new order on account.
    await expect(checkAccountCredit(t.ctx.db, companyId, 100, at(1), async () => 0)).rejects.toThrow(
      `Invoice ${order.invoiceNumber} was due on ${formatDay(order.dueDate ?? '')} and is still open: please pay it, or pay this order by card`,
    );
    await expect(checkAccountCredit(t.ctx.db, companyId, 100, at(0), async () => 0)).resolves.toBeUndefined();

    // The rest, paid ($550) and a $50 goodwill adjustment: nothing owed, nothing open; the shop's
    // admins see it in the company list. A zero or a future-dated entry is refused.
    await t.call(shopAdmin, 'POST', `/api/admin/companies/${companyId}/payments`, {
      amount: 550,
      date: today(),
      reference: 'BACS 77990',
    });
    const adjusted = await t.call(shopAdmin, 'POST', `/api/admin/companies/${companyId}/adjustments`, {
      amount: -50,
      date: today(),
      reference: 'Goodwill: late delivery',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect(
      (
        await t.call(shopAdmin, 'POST', `/api/admin/companies/${companyId}/adjustments`, {
          amount: 0,
          date: today(),
          reference: 'Nothing',
        })
      ).statusCode,
    ).toBe(400);
    const future = await t.call(shopAdmin, 'POST', `/api/admin/companies/${companyId}/payments`, {
      amount: 5,
      date: addDays(today(), 2),
      reference: 'Tomorrow',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json<ErrorBody>().error.message).toBe(
      'The day it was received or made cannot be after today',
    );
    expect(await statementOf(buyer)).toMatchObject({ balance: 0, available: 5000, openInvoices: [] });
    const listed = (await t.call(shopAdmin, 'GET', '/api/admin/companies')).json<
      { _id: string; balance: number; terms: string }[]
    >();
    expect(listed.find((company) => company._id === companyId)).toMatchObject({ balance: 0, terms: 'net30' });

    // The statement as a PDF, read by its text.
    const pdf = await t.call(buyer, 'GET', '/api/company/statement.pdf');
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('STATEMENT');
    expect(text).toContain('Balance due $0.00');
    expect(text).toContain('Credit available $5,000.00');
    expect(text).toContain(`Invoice · ${order.invoiceNumber} · Order ${order.orderNumber}`);
    expect(text).toContain('Payment · BACS 77812');
    expect(text).toContain('Account number: 4410 2291 0087');
  });

  it('refuses an order past the credit limit, from a card-only or suspended company; card stays open', async () => {
    const cardOnly = await onAccountCompany('card');
    const refused = await checkoutOnAccount(cardOnly.buyer, cardOnly.tool.id, 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'Your company pays by card: the shop has not given it terms on account',
    );
    const byCard = await t.call(cardOnly.buyer, 'POST', '/api/cart/checkout', deliveryToLeeds);
    expect(byCard.statusCode, byCard.body).toBe(201);
    expect(byCard.json<CheckoutResult>().order).toMatchObject({ status: 'unpaid', paymentMethod: 'card' });

    const { shopAdmin, buyer, companyId, tool } = await onAccountCompany('net30', 1500);
    expect((await checkoutOnAccount(buyer, tool.id, 100)).statusCode).toBe(201);
    const over = await checkoutOnAccount(buyer, tool.id, 100);
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorBody>().error.message).toBe(
      'On account your company may owe at most $1,500.00; it owes $1,000.00, and this order is $1,000.00. Pay this order by card, or pay an open invoice first',
    );
    // Nothing was ordered: the cart is as it was.
    expect((await t.call(buyer, 'GET', '/api/cart')).json<{ lines: unknown[] }>().lines).toHaveLength(1);

    await t.call(shopAdmin, 'PATCH', `/api/admin/companies/${companyId}`, { status: 'suspended' });
    const suspended = await t.call(buyer, 'POST', '/api/cart/checkout', {
      ...deliveryToLeeds,
      paymentMethod: 'account',
    });
    expect(suspended.statusCode).toBe(403);

    const loner = await onAccountCompany();
    const noCompany = await t.call(shopAdmin, 'POST', '/api/cart/checkout', {
      ...deliveryToLeeds,
      paymentMethod: 'account',
    });
    expect(noCompany.statusCode).toBe(400);
    expect(loner.companyId).toBeTruthy();
  });

  it(
    'lets only one of two orders placed at once take the last of the credit',
    { tags: ['database-specific'] },
    async () => {
      const { buyer, companyId, tool } = await onAccountCompany('net30', 5000);
      const colleague = await t.join(buyer, ['buyer']);
      // $3,000 each against a $5,000 limit: one fits, the second would not.
      for (const user of [buyer, colleague]) {
        await t.call(user, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 300 });
      }
      const [a, b] = await Promise.all(
        [buyer, colleague].map((user) =>
          t.call(user, 'POST', '/api/cart/checkout', { ...deliveryToLeeds, paymentMethod: 'account' }),
        ),
      );
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
      const invoices = await t.ctx.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.companyId, companyId));
      expect(invoices.map((entry) => entry.amountCents)).toEqual([300_000]);
    },
  );

  it('waits for an approver when the company asks, and is invoiced once approved', async () => {
    const { buyer: companyAdmin, companyId, tool } = await onAccountCompany();
    const buyer = await t.join(companyAdmin, ['buyer']);
    const approver = await t.join(companyAdmin, ['approver']);
    const rules = await t.call(companyAdmin, 'PUT', '/api/company/rules', {
      approvalAbove: 500,
      monthlyLimit: null,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const placed = (await checkoutOnAccount(buyer, tool.id, 100)).json<CheckoutResult>().order;
    expect(placed).toMatchObject({
      status: 'awaiting_approval',
      paymentMethod: 'account',
      invoiceNumber: null,
    });
    expect(await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.companyId, companyId))).toEqual(
      [],
    );

    const approved = await t.call(approver, 'POST', `/api/purchase/${placed._id}/approve`, {
      total: placed.amount,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [invoice] = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.companyId, companyId));
    expect(invoice).toMatchObject({ kind: 'invoice', amountCents: 100_000, dueDate: addDays(today(), 30) });
    const mail = await t.smtp.nextMailTo(buyer.email, /confirmed on account/);
    expect(mail.parsed.attachments.map((file) => file.filename)).toEqual([
      expect.stringMatching(/^INV-\d+\.pdf$/),
    ]);
  });

  it('keeps the ledger append-only: the database refuses to change, delete or truncate entries', async () => {
    const { buyer, companyId, tool } = await onAccountCompany();
    expect((await checkoutOnAccount(buyer, tool.id, 100)).statusCode).toBe(201);
    await expect(
      t.ctx.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.companyId, companyId)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.delete(ledgerEntries).where(eq(ledgerEntries.companyId, companyId)),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    const [entry] = await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.companyId, companyId));
    expect(entry?.kind).toBe('invoice');
  });

  it('reminds the buyer 3 days before an invoice is due and once when it is overdue, while it is open', async () => {
    const { shopAdmin, buyer, companyId, tool } = await onAccountCompany();
    const { order } = (await checkoutOnAccount(buyer, tool.id, 100)).json<CheckoutResult>();
    const due = order.dueDate ?? '';
    const dueWritten = formatDay(due);
    const deps = { db: t.ctx.db, mail: testMailContext() };
    const onDay = (day: string) => new Date(`${day}T09:00:00Z`);
    const remindedOf = async (day: string) => {
      await remindInvoices(deps, onDay(day));
      return (
        await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.email.toLowerCase()))
      )
        .map((mail) => mail.subject)
        .filter((subject) => subject.startsWith('Invoice'));
    };
    expect(await remindedOf(addDays(due, -4))).toEqual([]);
    expect(await remindedOf(addDays(due, -3))).toEqual([
      `Invoice ${order.invoiceNumber} is due on ${dueWritten}`,
    ]);
    expect(await remindedOf(addDays(due, -1))).toHaveLength(1);
    expect(await remindedOf(addDays(due, 1))).toEqual([
      `Invoice ${order.invoiceNumber} is due on ${dueWritten}`,
      `Invoice ${order.invoiceNumber} is overdue: it was due on ${dueWritten}`,
    ]);
    expect(await remindedOf(addDays(due, 20))).toHaveLength(2);

    // A paid invoice is not recalled.
    const second = (await checkoutOnAccount(buyer, tool.id, 100)).json<CheckoutResult>().order;
    await t.call(shopAdmin, 'POST', `/api/admin/companies/${companyId}/payments`, {
      amount: 2000,
      date: today(),
      reference: 'All of it',
    });
    expect(await remindedOf(addDays(second.dueDate ?? '', 1))).toHaveLength(2);
  });
});
