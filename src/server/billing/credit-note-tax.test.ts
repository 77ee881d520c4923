import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, PlaceOrderResult } from '../../shared/api/orders.schemas';
import type { DocumentBreakdown } from '../../shared/domain/document-breakdown';
import { projectPaths } from '../config/project-paths';
import { creditNotes, issuedDocuments } from '../db/schema';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { payOrderAs } from '../test/order-helpers';

/**
 * A credit note stores the numbers its documents print: the tax credited is its breakdown's (the
 * goods' tax less the tax a restocking fee keeps), not the goods' tax before the fee. Migration 0059
 * gave the notes issued before it the same figures by the same rule.
 */
const t = useCompanyTestApp();
let admin: TestUser;
const rotterdam = { line1: 'Coolsingel 40', city: 'Rotterdam', postalCode: '3011 AD', country: 'NL' };

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  for (const [url, body] of [
    [
      '/api/admin/tax-zones',
      { country: 'NL', rates: { standard: 21, reduced: 9, zero: 0 }, registration: 'NL859123455B01' },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'NL', bands: [{ upToKg: 100, price: 25 }], freeFrom: null, palletFromKg: 500 },
    ],
  ] as const) {
    const created = await t.call(admin, 'POST', url, body);
    expect(created.statusCode, created.body).toBe(201);
  }
});

/** A return of units at two rates, refunded less a 15 % restocking fee: its credit note's row and breakdown. */
async function refundedReturn(buyer: TestUser) {
  const [standard, reduced] = await Promise.all([
    insertTool(t.ctx.db, { priceCents: 1999, weightGrams: 10 }),
    insertTool(t.ctx.db, { priceCents: 333, weightGrams: 10, taxClass: 'reduced' }),
  ]);
  for (const [tool, quantity] of [
    [standard, 100],
    [reduced, 200],
  ] as const) {
    expect((await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity })).statusCode).toBe(200);
  }
  const placed = await t.call(buyer, 'POST', '/api/cart/checkout', {
    name: 'Dock',
    number: '+31 10 000 0000',
    shipTo: rotterdam,
    paymentMethod: 'card',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<PlaceOrderResult>().order;
  await payOrderAs(t.ctx.app, buyer, order._id);
  const shipped = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
    lines: [
      { sku: standard.sku, quantity: 100 },
      { sku: reduced.sku, quantity: 200 },
    ],
    carrier: 'DHL',
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  const asked = await t.call(buyer, 'POST', `/api/purchase/${order._id}/returns`, {
    lines: [
      { sku: standard.sku, quantity: 7, reason: 'Wrong size' },
      { sku: reduced.sku, quantity: 13, reason: 'Wrong size' },
    ],
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const rmaId = asked.json<{ _id: string }>()._id;
  for (const [step, body] of [
    ['approve', { instructions: 'Dock 2' }],
    [
      'receive',
      {
        lines: [
          { sku: standard.sku, quantity: 7, condition: 'resellable' },
          { sku: reduced.sku, quantity: 13, condition: 'resellable' },
        ],
      },
    ],
    ['refund', { restockingFeePercent: 15 }],
  ] as const) {
    const done = await t.call(admin, 'POST', `/api/admin/returns/${rmaId}/${step}`, body);
    expect(done.statusCode, done.body).toBe(200);
  }
  const [note] = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>().creditNotes;
  // Downloading it records it as issued, with its breakdown.
  expect((await t.call(buyer, 'GET', `/api/credit-notes/${note?.number ?? ''}?format=ubl`)).statusCode).toBe(
    200,
  );
  const [row] = await t.ctx.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.number, Number(note?.number.slice(3))));
  if (!row) throw new Error('no credit note');
  const [issued] = await t.ctx.db
    .select({ snapshot: issuedDocuments.snapshot })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.creditNoteId, row.id));
  const breakdown = (issued?.snapshot as { breakdown: DocumentBreakdown }).breakdown;
  return { row, breakdown };
}

describe('a credit note with a restocking fee', () => {
  it('stores the tax its documents print: the goods’ tax less the tax the fee keeps', async () => {
    const { row, breakdown } = await refundedReturn(await signUp(t.ctx.app));
    expect(breakdown.feeTaxCents).toBeGreaterThan(0);
    expect(row).toMatchObject({
      taxCents: breakdown.taxCents,
      restockingFeeTaxCents: breakdown.feeTaxCents,
      amountCents: breakdown.totalCents,
    });
    expect(row.restockingFeeCents).toBe(breakdown.feeCents + breakdown.feeTaxCents);
    expect(row.amountCents).toBe(row.subtotalCents + row.freightCents + row.taxCents - breakdown.feeCents);
  });

  it('as migration 0059 gave the notes issued before it, by the same rule', async () => {
    const { row, breakdown } = await refundedReturn(await signUp(t.ctx.app));
    // As such a note was stored: its tax before the fee's, no fee tax.
    await t.ctx.db
      .update(creditNotes)
      .set({ taxCents: row.taxCents + row.restockingFeeTaxCents, restockingFeeTaxCents: 0 })
      .where(eq(creditNotes.id, row.id));
    const migration = readFileSync(join(projectPaths.migrations, '0059_credit-note-fee-tax.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('UPDATE "credit_notes"');
    await t.ctx.db.execute(sql.raw(backfill));
    const [after] = await t.ctx.db.select().from(creditNotes).where(eq(creditNotes.id, row.id));
    expect(after).toMatchObject({
      taxCents: breakdown.taxCents,
      restockingFeeTaxCents: breakdown.feeTaxCents,
    });
  });
});
