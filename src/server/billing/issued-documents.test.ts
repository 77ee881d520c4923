import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders.schemas';
import type { Return } from '../../shared/api/returns.schemas';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { deliveryToLeeds, payOrderAs } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';

/**
 * An issued invoice or credit note never changes (docs/decisions/0009-issued-documents.md): each of
 * its files, downloaded after every later step of its order (each shipment, a return refunded with a
 * credit note, a cancellation of the rest), is byte for byte the file downloaded when it was issued,
 * and the one mailed. Before, the invoice was drawn anew on each download from the order as it stood:
 * its UBL lost InvoicePeriod and gained ActualDeliveryDate once shipped, and the PDF's supply date
 * changed.
 */
const t = useCompanyTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
});

const FORMATS = ['pdf', 'ubl', 'cii'] as const;

/** Every file of a document, by format: its download's bytes. */
async function filesOf(user: TestUser, url: string): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const format of FORMATS) {
    const response = await t.call(user, 'GET', `${url}?format=${format}`);
    expect(response.statusCode, response.body).toBe(200);
    files[format] = response.rawPayload;
  }
  return files;
}

describe('issued documents', () => {
  it('are the same bytes after every later step: shipments, a refunded return, a cancellation', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { available: 1000, priceCents: 2000 });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      quantity: 100,
      ...deliveryToLeeds,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    await payOrderAs(t.ctx.app, buyer, order._id);
    const invoiceUrl = `/api/purchase/${order._id}/invoice`;
    const invoice = await filesOf(buyer, invoiceUrl);
    expect(await pdfText(invoice.pdf ?? Buffer.alloc(0))).toContain('on shipping (not shipped yet)');
    // The mail that carried it carried the same file.
    const mail = await t.smtp.nextMailTo(buyer.email, /^Payment received/);
    const attached = mail.parsed.attachments.find((file) => file.contentType === 'application/pdf');
    expect(attached?.content.equals(invoice.pdf ?? Buffer.alloc(0))).toBe(true);

    const sameInvoice = async (step: string) => {
      const now = await filesOf(buyer, invoiceUrl);
      for (const format of FORMATS)
        expect(now[format]?.equals(invoice[format] ?? Buffer.alloc(0)), `${format} after ${step}`).toBe(true);
    };

    const ship = (quantity: number) =>
      t.call(admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
        lines: [{ sku: tool.sku, quantity }],
        carrier: 'UPS',
      });
    expect((await ship(40)).statusCode).toBe(201);
    await sameInvoice('the first shipment');
    expect((await ship(30)).statusCode).toBe(201);
    await sameInvoice('the second shipment');

    // A return of 10 shipped units, refunded: a credit note; then the 30 not shipped are cancelled.
    const asked = await t.call(buyer, 'POST', `/api/purchase/${order._id}/returns`, {
      lines: [{ sku: tool.sku, quantity: 10, reason: 'Wrong size' }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json<Return>();
    for (const [step, body] of [
      ['approve', { instructions: 'Dock 2' }],
      ['receive', { lines: [{ sku: tool.sku, quantity: 10, condition: 'resellable' }] }],
      ['refund', {}],
    ] as const) {
      const done = await t.call(admin, 'POST', `/api/admin/returns/${rma._id}/${step}`, body);
      expect(done.statusCode, done.body).toBe(200);
    }
    await sameInvoice('the refunded return');
    const noteNumber = (await t.call(admin, 'GET', `/api/returns/${rma._id}`)).json<Return>().creditNote
      ?.number;
    const noteUrl = `/api/credit-notes/${noteNumber ?? ''}`;
    const note = await filesOf(buyer, noteUrl);

    const cancelled = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancel`, {
      lines: [{ sku: tool.sku, quantity: 30 }],
      reason: 'Out of production',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sameInvoice('the cancellation');
    const noteNow = await filesOf(buyer, noteUrl);
    for (const format of FORMATS)
      expect(noteNow[format]?.equals(note[format] ?? Buffer.alloc(0)), format).toBe(true);
  });

  it('are found by the shop admin and sent again as issued, to the buyer and the company’s billing address', async () => {
    const { admin: buyer } = await newCompany(t.ctx.app, 'Resend Tooling Ltd');
    const billing = `billing-${buyer.email}`;
    const set = await t.call(buyer, 'PATCH', '/api/company', { billingEmail: billing });
    expect(set.statusCode, set.body).toBe(200);
    const tool = await insertTool(t.ctx.db, { available: 1000, priceCents: 2000 });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      quantity: 100,
      ...deliveryToLeeds,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    await payOrderAs(t.ctx.app, buyer, order._id);
    const cancelled = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancel`, {
      lines: [{ sku: tool.sku, quantity: 40 }],
      reason: 'Discontinued',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const detail = cancelled.json<Order>();
    const note = detail.creditNotes[0]?.number ?? '';
    const invoice = detail.invoiceNumber ?? '';

    // Found by its number, its invoice's, the company, or the day it was issued.
    for (const q of [note, invoice, 'resend tooling', buyer.email]) {
      const found = await t.call(admin, 'GET', `/api/admin/credit-notes?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(
        found.json<{ number: string }[]>().map((item) => item.number),
        q,
      ).toContain(note);
    }
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await t.call(admin, 'GET', `/api/admin/credit-notes?from=${today}&to=${today}`);
    expect(byDay.json<{ number: string }[]>().map((item) => item.number)).toContain(note);
    expect((await t.call(buyer, 'GET', '/api/admin/credit-notes')).statusCode).toBe(403);

    // Sent again: the very files issued, to the buyer and the billing address.
    const issuedPdf = (await t.call(buyer, 'GET', `/api/purchase/${order._id}/invoice`)).rawPayload;
    const resent = await t.call(admin, 'POST', `/api/admin/documents/${invoice}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<{ sentTo: string[] }>().sentTo).toEqual([buyer.email, billing]);
    for (const to of [buyer.email, billing]) {
      const mail = await t.smtp.nextMailTo(to, new RegExp(`invoice ${invoice} for order \\d+, sent again`));
      const pdf = mail.parsed.attachments.find((file) => file.contentType === 'application/pdf');
      expect(pdf?.content.equals(issuedPdf), to).toBe(true);
    }
    const noteResent = await t.call(admin, 'POST', `/api/admin/documents/${note}/resend`);
    expect(noteResent.statusCode, noteResent.body).toBe(200);
    await t.smtp.nextMailTo(buyer.email, new RegExp(`credit note ${note} for order \\d+, sent again`));
    expect((await t.call(admin, 'POST', '/api/admin/documents/CN-999999/resend')).statusCode).toBe(404);
    expect((await t.call(admin, 'POST', '/api/admin/documents/PO-1/resend')).statusCode).toBe(400);
    expect((await t.call(buyer, 'POST', `/api/admin/documents/${invoice}/resend`)).statusCode).toBe(403);
  });

  it('are never changed or deleted in the database', async () => {
    const [row] = (
      (await t.ctx.db.execute(sql`select id from issued_documents limit 1`)) as { rows: { id: string }[] }
    ).rows;
    expect(row).toBeDefined();
    await expect(
      t.ctx.db.execute(sql`update issued_documents set number = number + 1000 where id = ${row?.id}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from issued_document_files`)).rejects.toThrow();
  });
});
