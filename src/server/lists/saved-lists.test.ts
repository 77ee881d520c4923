import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Cart, OrderAgainResult } from '../../shared/api/cart.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { AddToListResult, SavedList, SavedListSummary } from '../../shared/api/lists.schemas';
import { LIST_MAX_LINES } from '../../shared/api/lists.schemas';
import { products } from '../db/schema';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { placeOrderAs } from '../test/order-helpers';

/**
 * Saved lists: named products and quantities, shared in a company, filled from a product, the
 * cart, a past order or a CSV; 'Add all to cart' re-checks every line and keeps the list.
 */
const t = useCompanyTestApp();
const { call, join } = t;

async function newList(user: TestUser, name = 'Monthly site order') {
  const created = await call(user, 'POST', '/api/lists', { name });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ insertedId: string }>().insertedId;
}
async function add(user: TestUser, listId: string, body: Record<string, unknown>) {
  const response = await call(user, 'POST', `/api/lists/${listId}/lines`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AddToListResult>();
}
const quantities = (list: SavedList) => list.lines.map((line) => [line.sku, line.quantity]);

describe('a saved list', () => {
  it('is filled from a product, the cart, a past order and a CSV; repeats add up; unknown rows are reported', async () => {
    const { admin } = await newCompany(t.ctx.app, 'Lists Ltd');
    const buyer = await join(admin, ['buyer']);
    const [drill, saw, bits] = [
      await insertTool(t.ctx.db, { sku: 'LS-DRILL', priceCents: 1000 }),
      await insertTool(t.ctx.db, { sku: 'LS-SAW', priceCents: 2000 }),
      await insertTool(t.ctx.db, { sku: 'LS-BITS', priceCents: 300 }),
    ];
    const listId = await newList(buyer);

    await add(buyer, listId, { toolId: drill.id, quantity: 100 });
    await call(buyer, 'PUT', `/api/cart/lines/${saw.id}`, { quantity: 200 });
    await add(buyer, listId, { fromCart: true });
    const order = await placeOrderAs(t.ctx.app, buyer, drill.id, { quantity: 150 });
    await add(buyer, listId, { fromOrder: order._id });
    const csv = await add(buyer, listId, {
      csv: 'sku,quantity\nLS-BITS,500\nLS-BTIS,100\nLS-SAW,many\nls-bits,100',
    });
    expect(csv.added).toBe(2);
    expect(csv.skipped).toEqual([
      { row: 3, sku: 'LS-BTIS', message: expect.stringMatching(/LS-BTIS.*LS-BITS/) as unknown },
      { row: 4, sku: 'LS-SAW', message: expect.any(String) as unknown },
    ]);
    expect(quantities(csv.list)).toEqual([
      ['LS-DRILL', 250],
      ['LS-SAW', 200],
      ['LS-BITS', 600],
    ]);
    expect(csv.list.lines.find((line) => line.sku === 'LS-BITS')).toMatchObject({
      name: bits.name,
      unitPrice: 3,
      savedUnitPrice: 3,
      problem: null,
    });

    // A colleague reads it; the list names the company's lists only to its colleagues.
    const viewer = await join(admin, ['viewer']);
    const listed = (await call(viewer, 'GET', '/api/lists')).json<SavedListSummary[]>();
    expect(listed).toEqual([expect.objectContaining({ _id: listId, shared: true, lineCount: 3 })]);
    expect((await call(viewer, 'GET', `/api/lists/${listId}`)).statusCode).toBe(200);
  });

  it('is changed line by line, renamed and deleted by those who may order; a viewer only reads it', async () => {
    const { admin } = await newCompany(t.ctx.app, 'Edits Ltd');
    const viewer = await join(admin, ['viewer']);
    const tool = await insertTool(t.ctx.db);
    const listId = await newList(admin, 'Site A');

    const set = await call(admin, 'PUT', `/api/lists/${listId}/lines/${tool.id}`, { quantity: 300 });
    expect(set.statusCode, set.body).toBe(200);
    expect(quantities(set.json<SavedList>())).toEqual([[tool.sku, 300]]);
    const again = await call(admin, 'PUT', `/api/lists/${listId}/lines/${tool.id}`, { quantity: 120 });
    expect(quantities(again.json<SavedList>())).toEqual([[tool.sku, 120]]);
    const bad = await call(admin, 'PUT', `/api/lists/${listId}/lines/${tool.id}`, { quantity: 0 });
    expect(bad.statusCode).toBe(400);

    for (const [method, url, payload] of [
      ['PATCH', `/api/lists/${listId}`, { name: 'Mine now' }],
      ['PUT', `/api/lists/${listId}/lines/${tool.id}`, { quantity: 5 }],
      ['DELETE', `/api/lists/${listId}`, undefined],
      ['POST', `/api/lists/${listId}/cart`, undefined],
      ['POST', '/api/lists', { name: 'Viewer list' }],
    ] as const) {
      const refused = await call(viewer, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toMatch(/lets you read its lists, not change them/);
    }

    expect((await call(admin, 'PATCH', `/api/lists/${listId}`, { name: 'Site B' })).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/lists/${listId}`)).json<SavedList>().name).toBe('Site B');
    const removed = await call(admin, 'DELETE', `/api/lists/${listId}/lines/${tool.id}`);
    expect(removed.json<SavedList>().lines).toEqual([]);
    expect((await call(admin, 'DELETE', `/api/lists/${listId}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/lists/${listId}`)).statusCode).toBe(404);
  });

  it('is nobody else’s: another company, a customer of none and the shop’s admins are told it does not exist', async () => {
    const { admin } = await newCompany(t.ctx.app, 'Private Lists Ltd');
    const listId = await newList(admin);
    const other = await newCompany(t.ctx.app, 'Other Lists Ltd');
    const lone = await signUp(t.ctx.app);
    const shopAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
    for (const outsider of [other.admin, lone, shopAdmin]) {
      expect((await call(outsider, 'GET', `/api/lists/${listId}`)).statusCode).toBe(404);
      expect((await call(outsider, 'POST', `/api/lists/${listId}/cart`)).statusCode).toBe(404);
      expect((await call(outsider, 'GET', '/api/lists')).json<SavedListSummary[]>()).toEqual([]);
    }
    // A customer of no company keeps lists of their own.
    const own = await newList(lone, 'My list');
    expect((await call(lone, 'GET', '/api/lists')).json<SavedListSummary[]>()).toEqual([
      expect.objectContaining({ _id: own, shared: false }),
    ]);
    expect((await call(admin, 'GET', `/api/lists/${own}`)).statusCode).toBe(404);
  });

  it('goes into the cart whole, each line re-checked against today’s price, stock and minimum; the list stays', async () => {
    const { admin } = await newCompany(t.ctx.app, 'Refill Ltd');
    const buyer = await join(admin, ['buyer']);
    const [steady, scarce, repriced, gone] = [
      await insertTool(t.ctx.db, { sku: 'RF-STEADY', available: 10_000 }),
      await insertTool(t.ctx.db, { sku: 'RF-SCARCE', available: 10_000 }),
      await insertTool(t.ctx.db, { sku: 'RF-PRICE', priceCents: 1000, available: 10_000 }),
      await insertTool(t.ctx.db, { sku: 'RF-GONE', available: 10_000 }),
    ];
    const listId = await newList(buyer);
    await add(buyer, listId, { csv: 'RF-STEADY,100\nRF-SCARCE,500\nRF-PRICE,100\nRF-GONE,100' });
    await t.ctx.db.update(products).set({ available: 300 }).where(eq(products.id, scarce.id));
    await t.ctx.db
      .update(products)
      .set({ priceCents: 1100, priceTiers: [{ minQuantity: 100, priceCents: 1100 }] })
      .where(eq(products.id, repriced.id));
    await t.ctx.db.delete(products).where(eq(products.id, gone.id));

    const before = (await call(buyer, 'GET', `/api/lists/${listId}`)).json<SavedList>();
    expect(before.lines.map((line) => [line.sku, line.problem])).toEqual([
      ['RF-STEADY', null],
      ['RF-SCARCE', expect.stringContaining('300') as unknown],
      ['RF-PRICE', null],
      ['RF-GONE', 'No longer sold'],
    ]);

    const filled = await call(buyer, 'POST', `/api/lists/${listId}/cart`);
    expect(filled.statusCode, filled.body).toBe(200);
    const result = filled.json<OrderAgainResult>();
    expect(result.added).toBe(3);
    expect(result.notes).toEqual([
      { line: 2, sku: 'RF-SCARCE', name: scarce.name, message: expect.stringMatching(/300/) as unknown },
      { line: 3, sku: 'RF-PRICE', name: repriced.name, message: 'Now $11.00 a unit (it was $10.00)' },
      { line: 4, sku: 'RF-GONE', name: gone.name, message: 'No longer sold, so it was left out' },
    ]);
    const cart = (await call(buyer, 'GET', '/api/cart')).json<Cart>();
    expect(cart.lines.map((line) => [line.sku, line.quantity]).sort()).toEqual([
      ['RF-PRICE', 100],
      ['RF-SCARCE', 300],
      ['RF-STEADY', 100],
    ]);
    expect(steady.id).toBeDefined();
    // The list is as it was.
    expect(quantities((await call(buyer, 'GET', `/api/lists/${listId}`)).json<SavedList>())).toEqual(
      quantities(before),
    );
  });

  it(`holds at most ${LIST_MAX_LINES} lines, refusing a CSV that would pass it whole`, async () => {
    const owner = await signUp(t.ctx.app);
    const listId = await newList(owner, 'Everything');
    const tools = [];
    for (let n = 0; n <= LIST_MAX_LINES; n++) tools.push(await insertTool(t.ctx.db, { sku: `CAP-${n}` }));
    const rows = tools.map((tool) => `${tool.sku},100`);
    const refused = await call(owner, 'POST', `/api/lists/${listId}/lines`, { csv: rows.join('\n') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toBe(
      `A list holds at most ${LIST_MAX_LINES} lines: make a second list for the rest`,
    );
    expect((await call(owner, 'GET', `/api/lists/${listId}`)).json<SavedList>().lines).toEqual([]);
    await add(owner, listId, { csv: rows.slice(0, LIST_MAX_LINES).join('\n') });
    // Raising a line already there is no new line.
    await add(owner, listId, { csv: rows[0] ?? '' });
  });
});
