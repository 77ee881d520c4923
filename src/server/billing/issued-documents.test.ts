import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders.schemas';
import type { Return } from '../../shared/api/returns.schemas';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { useCompanyTestApp } from '../test/company-helpers';
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
