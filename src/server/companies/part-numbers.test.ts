import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickAddResult } from '../../shared/api/cart.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { SavedList } from '../../shared/api/lists.schemas';
import type { PartNumberList } from '../../shared/api/part-numbers.schemas';
import { parse } from 'csv-parse/sync';
import type { PlaceOrderResult } from '../../shared/api/orders.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import {
  answerQuoteAs,
  daysFromToday,
  deliveryToLeeds,
  placeOrderAs,
  requestQuoteAs,
  shipsToUk,
} from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

/**
 * A company's own part numbers (DESIGN §11): kept by its admins, typed in quick order instead of the
 * shop's SKUs (with packs too), and shown on its cart lines; another company's numbers mean nothing.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let other: TestUser;
let shopAdmin: TestUser;
let saw: Awaited<ReturnType<typeof insertTool>>;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await newCompany(ctx.app));
  ({ admin: other } = await newCompany(ctx.app, 'Other Trading Ltd'));
  await insertTool(ctx.db, { sku: 'FT-PN-BIT', name: 'Bit', orderMultiple: 50, minOrder: 100 });
  saw = await insertTool(ctx.db, { sku: 'FT-PN-SAW', name: 'Saw' });
  shopAdmin = await signUpAdmin(ctx.app, ctx.db);
  await shipsToUk(ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const put = (user: TestUser, rows: object[]) =>
  injectAs(ctx.app, user, { method: 'PUT', url: '/api/company/part-numbers', payload: { rows } });

describe('part numbers', () => {
  it('keeps a company’s list, refusing unknown SKUs and numbers given twice, all named', async () => {
    const refused = await put(admin, [
      { sku: 'FT-PN-BIT', partNumber: 'ACME-1' },
      { sku: 'FT-NOPE', partNumber: 'ACME-2' },
      { sku: 'FT-PN-SAW', partNumber: 'acme-1' },
    ]);
    expect(refused.statusCode).toBe(400);
    const message = refused.json<ErrorBody>().error.message;
    expect(message).toContain('row 3: part number acme-1 is already on row 1');
    expect(message).toContain('row 2: the shop has no SKU FT-NOPE');
    const saved = await put(admin, [
      { sku: 'ft-pn-bit', partNumber: 'ACME-BIT-5' },
      { sku: 'FT-PN-SAW', partNumber: 'ACME-SAW' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PartNumberList>().rows).toEqual([
      { sku: 'FT-PN-BIT', partNumber: 'ACME-BIT-5' },
      { sku: 'FT-PN-SAW', partNumber: 'ACME-SAW' },
    ]);
    const lone = await signUp(ctx.app);
    expect((await put(lone, [])).statusCode).toBe(404);
  });

  it('takes the list as a spreadsheet’s CSV, refused whole naming each bad line', async () => {
    const putCsv = (csv: string) =>
      injectAs(ctx.app, admin, { method: 'PUT', url: '/api/company/part-numbers', payload: { csv } });
    const refused = await putCsv('sku,part_number\nFT-PN-BIT,ACME-BIT-5\nFT-PN-SAW,\n');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.message).toBe('line 3: Give the part number');
    const wrongHeader = await putCsv('sku,number\nFT-PN-BIT,ACME-BIT-5\n');
    expect(wrongHeader.json<ErrorBody>().error.message).toContain(
      'line 1: The first line must name the columns',
    );
    // The list refused is the list kept.
    const kept = await injectAs(ctx.app, admin, { method: 'GET', url: '/api/company/part-numbers' });
    expect(kept.json<PartNumberList>().rows).toHaveLength(2);
    const saved = await putCsv('\uFEFFSKU,Part_Number\r\nft-pn-bit,ACME-BIT-5\r\n"FT-PN-SAW","ACME-SAW"\r\n');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PartNumberList>().rows).toEqual([
      { sku: 'FT-PN-BIT', partNumber: 'ACME-BIT-5' },
      { sku: 'FT-PN-SAW', partNumber: 'ACME-SAW' },
    ]);
  });

  it('takes them in quick order, packs too, and shows them on the cart', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/cart/quick-add',
      payload: { text: 'acme-bit-5 3 BX\nACME-SAW 100' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = response.json<QuickAddResult>();
    expect(rows.map((row) => [row.sku, row.quantity, row.ok])).toEqual([
      ['FT-PN-BIT', 150, true],
      ['FT-PN-SAW', 100, true],
    ]);
    const cart = (await injectAs(ctx.app, admin, { method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.lines.map((line) => [line.sku, line.partNumber])).toEqual([
      ['FT-PN-BIT', 'ACME-BIT-5'],
      ['FT-PN-SAW', 'ACME-SAW'],
    ]);
  });

  it('shows them on the company’s saved lists', async () => {
    const created = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/lists',
      payload: { name: 'Site kit' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listId = created.json<{ insertedId: string }>().insertedId;
    const added = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/lists/${listId}/lines`,
      payload: { csv: 'sku,quantity\nACME-SAW,100' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const list = (
      await injectAs(ctx.app, admin, { method: 'GET', url: `/api/lists/${listId}` })
    ).json<SavedList>();
    expect(list.lines.map((line) => [line.sku, line.partNumber])).toEqual([['FT-PN-SAW', 'ACME-SAW']]);
  });

  it('means nothing to another company', async () => {
    const response = await injectAs(ctx.app, other, {
      method: 'POST',
      url: '/api/cart/quick-add',
      payload: { text: 'ACME-SAW 100', dryRun: true },
    });
    expect(response.json<QuickAddResult>().rows[0]).toMatchObject({ ok: false, sku: 'ACME-SAW' });
  });

  it('keeps them on the order lines of every way an order is made, and the shop’s export', async () => {
    const placed = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/cart/checkout',
      payload: deliveryToLeeds,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const fromCart = placed.json<PlaceOrderResult>().order;
    expect(fromCart.lines.map((line) => [line.sku, line.partNumber, line.unit])).toEqual([
      ['FT-PN-BIT', 'ACME-BIT-5', 'EA'],
      ['FT-PN-SAW', 'ACME-SAW', 'EA'],
    ]);
    const bought = await placeOrderAs(ctx.app, admin, saw.id, { quantity: 100 });
    expect(bought.lines[0]?.partNumber).toBe('ACME-SAW');
    const quote = await requestQuoteAs(ctx.app, admin, saw.id, 300);
    await answerQuoteAs(ctx.app, shopAdmin, quote._id, { unitPrice: 9, validUntil: daysFromToday(7) });
    const accepted = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/quotes/${quote._id}/accept`,
      payload: deliveryToLeeds,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<PlaceOrderResult>().order.lines[0]?.partNumber).toBe('ACME-SAW');
    // Another company's order of the same product carries no number: the numbers are the company's own.
    const theirs = await placeOrderAs(ctx.app, other, saw.id, { quantity: 100 });
    expect(theirs.lines[0]?.partNumber).toBeNull();
    const csv = await injectAs(ctx.app, shopAdmin, { method: 'GET', url: '/api/admin/orders.csv' });
    const rows = parse<Record<string, string>>(csv.body, { columns: true, bom: true });
    expect(
      rows.filter((row) => row.order_number === String(fromCart.orderNumber)).map((row) => row.part_number),
    ).toEqual(['ACME-BIT-5', 'ACME-SAW']);
    expect(rows.find((row) => row.order_number === String(theirs.orderNumber))?.part_number).toBe('');
  });
});
