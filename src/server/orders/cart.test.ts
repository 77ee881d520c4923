// Database-specific (the tests tagged so run on both databases): checkouts of overlapping carts at once: lock order and deadlocks between transactions
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CheckoutResult } from '../../shared/api/cart.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import { MAX_ORDER_LINES } from '../../shared/domain/order-lines';
import { createCatalogCache } from '../catalog/catalog-cache';
import { cartLines, mailOutbox, orderLines, orders, products } from '../db/schema';
import { createTestPaymentProvider } from '../payments/test-provider';
import { testMailContext } from '../test/mail-context';
import { expireOverdueOrders } from './expire-orders';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { shipsToUk } from '../test/order-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await shipsToUk(ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const delivery = {
  name: 'Dana Buyer',
  shipTo: { line1: '1 Dock Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
  number: '5550100',
  poNumber: 'PO-4411',
};

const setLine = (user: TestUser, toolId: string, quantity: unknown) =>
  injectAs(ctx.app, user, { method: 'PUT', url: `/api/cart/lines/${toolId}`, payload: { quantity } });
const getCart = async (user: TestUser) =>
  (await injectAs(ctx.app, user, { method: 'GET', url: '/api/cart' })).json<Cart>();
const quickAdd = (user: TestUser, text: string, dryRun?: boolean) =>
  injectAs(ctx.app, user, { method: 'POST', url: '/api/cart/quick-add', payload: { text, dryRun } });
const checkout = (user: TestUser, payload: Record<string, unknown> = delivery) =>
  injectAs(ctx.app, user, { method: 'POST', url: '/api/cart/checkout', payload });

/** A drill with breaks: 100 at $12.50, 500 at $11.00. */
const drill = () =>
  insertTool(ctx.db, {
    name: 'Cordless Drill',
    minOrder: 100,
    available: 2000,
    priceTiers: [
      { minQuantity: 100, priceCents: 1250 },
      { minQuantity: 500, priceCents: 1100 },
    ],
  });

describe('the cart', () => {
  it('prices each line by its break, live, and totals them; lines can change and go', async () => {
    const buyer = await signUp(ctx.app);
    const [a, b] = [await drill(), await insertTool(ctx.db, { name: 'Claw Hammer', priceCents: 800 })];
    expect((await setLine(buyer, a.id, 100)).statusCode).toBe(200);
    const cart = (await setLine(buyer, b.id, 200)).json<Cart>();
    expect(cart).toMatchObject({
      lines: [
        {
          toolId: a.id,
          sku: a.sku,
          name: 'Cordless Drill',
          quantity: 100,
          unitPrice: 12.5,
          amount: 1250,
          // The next break is shown beside the line.
          nextBreak: { minQuantity: 500, unitPrice: 11 },
          problem: null,
        },
        {
          toolId: b.id,
          name: 'Claw Hammer',
          quantity: 200,
          unitPrice: 8,
          amount: 1600,
          nextBreak: null,
          problem: null,
        },
      ],
      total: 2850,
      ready: true,
    });
    // 500 reaches the next break.
    const more = (await setLine(buyer, a.id, 500)).json<Cart>();
    expect(more.lines[0]).toMatchObject({ quantity: 500, unitPrice: 11, amount: 5500, nextBreak: null });
    expect(more.total).toBe(7100);
    const removed = (
      await injectAs(ctx.app, buyer, { method: 'DELETE', url: `/api/cart/lines/${b.id}` })
    ).json<Cart>();
    expect(removed.lines.map((line) => line.toolId)).toEqual([a.id]);
    const emptied = (await injectAs(ctx.app, buyer, { method: 'DELETE', url: '/api/cart' })).json<Cart>();
    expect(emptied).toEqual({ lines: [], total: 0, ready: false, charges: null });
  });

  it('says what stands in each line’s way: below the minimum, over the stock, a price changed since', async () => {
    const buyer = await signUp(ctx.app);
    const low = await insertTool(ctx.db, { minOrder: 300, available: 5000 });
    const scarce = await insertTool(ctx.db, { available: 150 });
    const repriced = await insertTool(ctx.db, { priceCents: 1000 });
    await setLine(buyer, low.id, 100);
    await setLine(buyer, scarce.id, 400);
    await setLine(buyer, repriced.id, 100);
    await ctx.db
      .update(products)
      .set({ priceTiers: [{ minQuantity: 100, priceCents: 1200 }] })
      .where(eq(products.id, repriced.id));
    const cart = await getCart(buyer);
    expect(cart.lines.map((line) => line.problem)).toEqual([
      'The smallest order of this product is 300 units',
      'Only 150 units are in stock',
      'The price has changed from $10.00 to $12.00 a unit since you set this line',
    ]);
    expect(cart.ready).toBe(false);
    // Setting the line again is seeing the new price.
    expect((await setLine(buyer, repriced.id, 100)).json<Cart>().lines[2]?.problem).toBeNull();
  });

  it('refuses bad input clearly and holds at most 200 lines', async () => {
    const buyer = await signUp(ctx.app);
    const tool = await insertTool(ctx.db);
    for (const [quantity, message] of [
      [0, 'Quantity: The quantity must be at least 1'],
      [1.5, 'Quantity: The quantity must be a whole number'],
      ['100', 'Quantity: Please enter a quantity'],
    ] as const) {
      const response = await setLine(buyer, tool.id, quantity);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(message);
    }
    expect((await setLine(buyer, 'not-a-uuid', 100)).statusCode).toBe(400);
    expect((await setLine(buyer, '00000000-0000-4000-8000-000000000000', 100)).statusCode).toBe(404);

    const many = await Promise.all(Array.from({ length: MAX_ORDER_LINES }, () => insertTool(ctx.db)));
    await ctx.db.insert(cartLines).values(
      many.map((product) => ({
        userId: buyer.id,
        productId: product.id,
        quantity: 100,
        seenUnitPriceCents: 1250,
      })),
    );
    const full = await setLine(buyer, tool.id, 100);
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorBody>().error.message).toBe(
      'A cart holds at most 200 lines: check out or remove some first',
    );
    // A line already in the cart still changes.
    expect((await setLine(buyer, many[0]?.id ?? '', 300)).statusCode).toBe(200);
  });

  it('merges the cart kept in the browser at sign-in: the larger quantity of a product in both wins', async () => {
    const buyer = await signUp(ctx.app);
    const [a, b, c] = [await insertTool(ctx.db), await insertTool(ctx.db), await insertTool(ctx.db)];
    await setLine(buyer, a.id, 300);
    await setLine(buyer, b.id, 100);
    const merged = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/cart/merge',
      payload: {
        lines: [
          { toolId: a.id, quantity: 200 },
          { toolId: b.id, quantity: 250 },
          { toolId: c.id, quantity: 120 },
          { toolId: '00000000-0000-4000-8000-000000000000', quantity: 100 },
        ],
      },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json<Cart>().lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [a.id, 300],
      [b.id, 250],
      [c.id, 120],
    ]);
  });
});

describe('POST /api/cart/quick-add', () => {
  it('judges every pasted row, merges duplicates, suggests SKUs, and adds the good rows in one step', async () => {
    const buyer = await signUp(ctx.app);
    const drill = await insertTool(ctx.db, {
      sku: 'QO-DRILL-18',
      name: 'Quick Drill',
      available: 5000,
      priceTiers: [
        { minQuantity: 100, priceCents: 1250 },
        { minQuantity: 500, priceCents: 1100 },
      ],
    });
    await insertTool(ctx.db, { sku: 'QO-SAW-7', name: 'Quick Saw', minOrder: 300, available: 5000 });
    await insertTool(ctx.db, { sku: 'QO-VISE-4', name: 'Quick Vise', available: 120 });
    const text = [
      'SKU,Quantity',
      'qo-drill-18,300',
      'QO-SAW-7\t100',
      'QO-VISE-4;200',
      'QO-DRIL-18 100',
      'QO-DRILL-18 250',
      'what',
    ].join('\r\n');

    const checked = await quickAdd(buyer, text, true);
    expect(checked.statusCode, checked.body).toBe(200);
    const { rows, added, cart } = checked.json<{ rows: unknown[]; added: number; cart: Cart }>();
    expect(rows).toEqual([
      {
        row: 2,
        sku: 'QO-DRILL-18',
        quantity: 550,
        ok: true,
        message: 'Quick Drill: 550 units at $11.00, $6,050.00',
        suggestions: [],
      },
      {
        row: 3,
        sku: 'QO-SAW-7',
        quantity: 100,
        ok: false,
        message: 'Quick Saw: The smallest order of this product is 300 units',
        suggestions: [],
      },
      {
        row: 4,
        sku: 'QO-VISE-4',
        quantity: 200,
        ok: false,
        message: 'Quick Vise: Only 120 units are in stock',
        suggestions: [],
      },
      {
        row: 5,
        sku: 'QO-DRIL-18',
        quantity: 100,
        ok: false,
        message: expect.stringMatching(
          /^No product has the SKU QO-DRIL-18\. Did you mean QO-DRILL-18/,
        ) as string,
        suggestions: expect.arrayContaining(['QO-DRILL-18']) as string[],
      },
      {
        row: 6,
        sku: 'QO-DRILL-18',
        quantity: 250,
        ok: true,
        message: 'Added to row 2, which has the same SKU',
        suggestions: [],
      },
      {
        row: 7,
        sku: 'what',
        quantity: null,
        ok: false,
        message: 'Write a SKU and a quantity, e.g. FT-CLW-16 250, or a number of packs, e.g. FT-BIT-5MM 3 BX',
        suggestions: [],
      },
    ]);
    expect(added).toBe(0);
    expect(cart.lines).toHaveLength(0);

    const done = (await quickAdd(buyer, text)).json<{ added: number; cart: Cart }>();
    expect(done.added).toBe(1);
    expect(done.cart.lines).toMatchObject([{ toolId: drill.id, quantity: 550, amount: 6050 }]);
  });

  it('suggests the SKUs a keystroke or two away first, where trigrams alone tie (short SKUs)', async () => {
    const buyer = await signUp(ctx.app);
    for (const n of ['001', '002', '006', '012', '021', '120']) {
      await insertTool(ctx.db, { sku: `KS-${n}`, name: `Keystroke ${n}` });
    }
    const { rows } = (await quickAdd(buyer, 'KS-0L2 100\nKS-12 100\nZZZZZZZZ 100', true)).json<{
      rows: { message: string }[];
    }>();
    expect(rows.map((row) => row.message)).toEqual([
      // One keystroke from each of the first two (L for 0, or for 1); ties go to the more alike.
      'No product has the SKU KS-0L2. Did you mean KS-002, KS-012, KS-001?',
      'No product has the SKU KS-12. Did you mean KS-120, KS-012, KS-002?',
      'No product has the SKU ZZZZZZZZ',
    ]);
  });

  it('finds the SKU a keystroke away in a range larger than the 200 nearest SKUs it weighs', async () => {
    const buyer = await signUp(ctx.app);
    const { categoryId } = await insertTool(ctx.db, { sku: 'RANGE-0000', name: 'Range 0' });
    await ctx.db.insert(products).values(
      Array.from({ length: 300 }, (_, i) => {
        const n = String(i + 1).padStart(4, '0');
        return {
          sku: `RANGE-${n}`,
          name: `Range ${n}`,
          imageUrl: '/images/tools/claw-hammer.svg',
          description: 'One of a long range',
          categoryId,
          minOrder: 100,
          available: 1000,
          priceCents: 1250,
          priceTiers: [{ minQuantity: 100, priceCents: 1250 }],
        };
      }),
    );
    const { rows } = (await quickAdd(buyer, 'RANGE-O123 100', true)).json<{ rows: { message: string }[] }>();
    // A letter O for a zero: one keystroke from RANGE-0123, among 301 SKUs that share most trigrams.
    expect(rows[0]?.message).toMatch(/^No product has the SKU RANGE-O123\. Did you mean RANGE-0123, /);
  });

  it('refuses an empty paste and one of more than 500 rows, adding nothing', async () => {
    const buyer = await signUp(ctx.app);
    const empty = await quickAdd(buyer, '\n\n');
    expect(empty.statusCode).toBe(400);
    const long = await quickAdd(buyer, Array.from({ length: 501 }, (_, n) => `SKU-${n} 100`).join('\n'));
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorBody>().error.message).toBe(
      'This list has 501 rows; a quick order takes at most 500. Split it in two.',
    );
    expect((await getCart(buyer)).lines).toHaveLength(0);
  });
});

describe('POST /api/cart/checkout', () => {
  it('makes one order of a 10-line cart: one total, every line reserved, the cart emptied, one mail', async () => {
    const buyer = await signUp(ctx.app, { verified: true });
    const tools = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        insertTool(ctx.db, { available: 1000, priceCents: 1000 + n * 100 }),
      ),
    );
    for (const [n, tool] of tools.entries()) await setLine(buyer, tool.id, 100 + n * 10);
    const response = await checkout(buyer);
    expect(response.statusCode, response.body).toBe(201);
    const { order, insertedId } = response.json<CheckoutResult>();
    expect(order._id).toBe(insertedId);
    expect(order.lines).toHaveLength(10);
    expect(order.lines[0]).toMatchObject({
      line: 1,
      toolId: tools[0]?.id,
      quantity: 100,
      unitPrice: 10,
      amount: 1000,
    });
    const expected = tools.reduce((sum, _tool, n) => sum + (100 + n * 10) * (1000 + n * 100), 0) / 100;
    expect(order).toMatchObject({ amount: expected, quantity: 1450, poNumber: 'PO-4411', status: 'unpaid' });
    expect(order.itemName).toBe(`${tools[0]?.name} + 9 more`);
    expect(order.unitPrice).toBeNull();

    const stock = await ctx.db
      .select({ id: products.id, available: products.available })
      .from(products)
      .where(
        inArray(
          products.id,
          tools.map((tool) => tool.id),
        ),
      );
    for (const [n, tool] of tools.entries()) {
      expect(stock.find((row) => row.id === tool.id)?.available).toBe(1000 - (100 + n * 10));
    }
    expect(await getCart(buyer)).toEqual({ lines: [], total: 0, ready: false, charges: null });
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.email));
    expect(mails.filter((mail) => mail.subject.startsWith(`Order ${order.orderNumber} placed`))).toHaveLength(
      1,
    );
    // The spec's calls show the same order, with its lines.
    const shown = await injectAs(ctx.app, buyer, { method: 'GET', url: `/api/purchase/${insertedId}` });
    expect(shown.json()).toMatchObject({ lines: order.lines, amount: expected });
  });

  it('refuses a cart with lines that do not fit, naming each and what would; nothing is reserved or lost', async () => {
    const buyer = await signUp(ctx.app, { verified: true });
    const fine = await insertTool(ctx.db, { available: 1000 });
    const scarce = await insertTool(ctx.db, { name: 'Scarce Saw', available: 150 });
    const small = await insertTool(ctx.db, { name: 'Big Minimum', minOrder: 500, available: 5000 });
    await setLine(buyer, fine.id, 100);
    await setLine(buyer, scarce.id, 400);
    await setLine(buyer, small.id, 100);
    const refused = await checkout(buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error).toEqual({
      code: 'OUT_OF_STOCK',
      message: `Nothing was ordered: 2 lines need changing. ${scarce.sku} Scarce Saw: Only 150 units are in stock. ${small.sku} Big Minimum: The smallest order of this product is 500 units.`,
    });
    const [stock] = await ctx.db
      .select({ available: products.available })
      .from(products)
      .where(eq(products.id, fine.id));
    expect(stock?.available).toBe(1000);
    expect((await getCart(buyer)).lines).toHaveLength(3);

    const empty = await signUp(ctx.app);
    const none = await checkout(empty);
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().error.message).toBe('Your cart is empty: add products before checking out');
    expect((await checkout(buyer, { ...delivery, number: 'x' })).statusCode).toBe(400);
  });

  it(
    'carts being filled (quick order, many products at once) while others check out the same products: nobody waits on a deadlock',
    { tags: ['database-specific'] },
    async () => {
      const tools = await Promise.all(
        Array.from({ length: 10 }, () => insertTool(ctx.db, { available: 1_000_000 })),
      );
      const checkers = await Promise.all(
        Array.from({ length: 8 }, () => signUp(ctx.app, { verified: true })),
      );
      const fillers = await Promise.all(Array.from({ length: 8 }, () => signUp(ctx.app, { verified: true })));
      for (const buyer of checkers) {
        await quickAdd(buyer, tools.map((tool) => `${tool.sku} 100`).join('\n'));
      }
      // The fillers paste the same SKUs in the opposite order to the products' ids, over and over.
      const pasted = [...tools]
        .sort((a, b) => b.id.localeCompare(a.id))
        .map((tool) => `${tool.sku} 100`)
        .join('\n');
      const answers = await Promise.all([
        ...checkers.map((buyer) => checkout(buyer)),
        ...fillers.flatMap((buyer) =>
          [1, 2, 3].map(() =>
            injectAs(ctx.app, buyer, {
              method: 'POST',
              url: '/api/cart/quick-add',
              payload: { text: pasted },
            }),
          ),
        ),
      ]);
      expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 500)).toEqual([]);
      expect(answers.slice(0, checkers.length).map((answer) => answer.statusCode)).toEqual(
        checkers.map(() => 201),
      );
    },
  );

  it(
    '20 buyers checking out overlapping 10-line carts over 30 products while stock runs out: no oversell, no deadlock',
    // 200 lines checked out at once: minutes, not seconds, on a busy 2-core machine.
    { tags: ['database-specific'], timeout: 180_000 },
    async () => {
      const tools = await Promise.all(
        Array.from({ length: 30 }, () => insertTool(ctx.db, { available: 700 })),
      );
      const buyers = await Promise.all(Array.from({ length: 20 }, () => signUp(ctx.app, { verified: true })));
      // Each cart takes 10 of the 30 products, starting at a different one: every product is in several
      // carts. Filled in one quick-add each (200 separate calls took minutes on a loaded machine).
      for (const [b, buyer] of buyers.entries()) {
        const rows = Array.from(
          { length: 10 },
          (_, n) => `${tools[(b * 3 + n) % 30]?.sku ?? ''} ${100 + ((b + n) % 3) * 50}`,
        );
        expect((await quickAdd(buyer, rows.join('\n'))).json<{ added: number }>().added).toBe(10);
      }
      const answers = await Promise.all(buyers.map((buyer) => checkout(buyer)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
      for (const answer of answers.filter((a) => a.statusCode === 409)) {
        // Each refusal names its lines by SKU.
        expect(answer.json<ErrorBody>().error.message).toMatch(
          /^Nothing was ordered: .*T-[\w-]+ [^:]+: (Only [\d,]+ units are in stock|Out of stock: none can be ordered now)\./,
        );
      }
      // Every unit reserved is in an order line; no product went below zero.
      const stock = await ctx.db
        .select({ id: products.id, available: products.available })
        .from(products)
        .where(
          inArray(
            products.id,
            tools.map((tool) => tool.id),
          ),
        );
      const lines = await ctx.db
        .select({ productId: orderLines.productId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(
          inArray(
            orderLines.productId,
            tools.map((tool) => tool.id),
          ),
        );
      for (const { id, available } of stock) {
        expect(available).toBeGreaterThanOrEqual(0);
        const ordered = lines
          .filter((line) => line.productId === id)
          .reduce((sum, line) => sum + line.quantity, 0);
        expect(available + ordered).toBe(700);
      }
    },
  );
});

describe('POST /api/cart/order-again', () => {
  const orderAgain = (user: TestUser, orderId: string) =>
    injectAs(ctx.app, user, { method: 'POST', url: '/api/cart/order-again', payload: { orderId } });

  it('puts every line of an order back into the cart, kept to today’s bounds, with a note per changed line', async () => {
    const buyer = await signUp(ctx.app);
    const same = await drill();
    const scarce = await insertTool(ctx.db, { name: 'Pipe Wrench', available: 1000 });
    const raised = await insertTool(ctx.db, { name: 'Tape Measure', available: 5000 });
    const gone = await insertTool(ctx.db, { name: 'Old Saw', available: 5000 });
    const soldOut = await insertTool(ctx.db, { name: 'Level', available: 5000 });
    const repriced = await insertTool(ctx.db, { name: 'Chisel', priceCents: 900, available: 5000 });
    for (const [tool, quantity] of [
      [same, 500],
      [scarce, 800],
      [raised, 100],
      [gone, 100],
      [soldOut, 100],
      [repriced, 100],
    ] as const) {
      await setLine(buyer, tool.id, quantity);
    }
    const placed = (await checkout(buyer)).json<CheckoutResult>().order;

    // Today: the wrench has 150 left, the tape's smallest order is 250, the saw is gone, the level is
    // sold out, the chisel costs more.
    await ctx.db.update(products).set({ available: 150 }).where(eq(products.id, scarce.id));
    await ctx.db.update(products).set({ minOrder: 250 }).where(eq(products.id, raised.id));
    await ctx.db.delete(products).where(eq(products.id, gone.id));
    await ctx.db.update(products).set({ available: 40 }).where(eq(products.id, soldOut.id));
    await ctx.db
      .update(products)
      .set({ priceTiers: [{ minQuantity: 100, priceCents: 1000 }] })
      .where(eq(products.id, repriced.id));

    const response = await orderAgain(buyer, placed._id);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ notes: unknown[]; added: number; cart: Cart }>();
    expect(body.added).toBe(4);
    expect(body.notes).toEqual([
      {
        line: 2,
        sku: scarce.sku,
        name: 'Pipe Wrench',
        message: 'Lowered from 800 to 150 units: all there is in stock now',
      },
      {
        line: 3,
        sku: raised.sku,
        name: 'Tape Measure',
        message: "Raised from 100 to 250 units, this product's smallest order now",
      },
      { line: 4, sku: gone.sku, name: 'Old Saw', message: 'No longer sold, so it was left out' },
      { line: 5, sku: soldOut.sku, name: 'Level', message: 'Out of stock now, so it was left out' },
      { line: 6, sku: repriced.sku, name: 'Chisel', message: 'Now $10.00 a unit (it was $9.00)' },
    ]);
    expect(body.cart.lines.map((line) => [line.name, line.quantity, line.problem])).toEqual([
      ['Cordless Drill', 500, null],
      ['Pipe Wrench', 150, null],
      ['Tape Measure', 250, null],
      ['Chisel', 100, null],
    ]);
    expect(body.cart.ready).toBe(true);
  });

  it('is what the mail of a several-line order that expired unpaid leads to: My Orders, not one product', async () => {
    const buyer = await signUp(ctx.app);
    const [a, b] = [await insertTool(ctx.db), await insertTool(ctx.db)];
    await setLine(buyer, a.id, 100);
    await setLine(buyer, b.id, 100);
    const placed = (await checkout(buyer)).json<CheckoutResult>().order;
    await ctx.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed._id));
    await expireOverdueOrders({
      db: ctx.db,
      catalogCache: createCatalogCache({ maxAgeMs: 0 }),
      provider: createTestPaymentProvider(ctx.db),
      mail: testMailContext('https://shop.example'),
    });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, buyer.email),
          eq(mailOutbox.subject, `Order ${placed.orderNumber} expired unpaid`),
        ),
      );
    expect(mail?.textBody).toContain('https://shop.example/dashboard/myOrder');
    expect(mail?.textBody).not.toContain('/buyNow/');
  });

  it('is the buyer’s own orders only, and refuses to overfill the cart', async () => {
    const buyer = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const tool = await insertTool(ctx.db, { available: 5000 });
    await setLine(buyer, tool.id, 100);
    const placed = (await checkout(buyer)).json<CheckoutResult>().order;
    const stranger = await orderAgain(other, placed._id);
    expect(stranger.statusCode).toBe(404);
    expect((await getCart(other)).lines).toEqual([]);
    const malformed = await orderAgain(buyer, 'order-1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorBody>().error.message).toBe('Order ID: Malformed order id');

    const many = await Promise.all(Array.from({ length: MAX_ORDER_LINES }, () => insertTool(ctx.db)));
    await ctx.db.insert(cartLines).values(
      many.map((product) => ({
        userId: buyer.id,
        productId: product.id,
        quantity: 100,
        seenUnitPriceCents: 1,
      })),
    );
    const full = await orderAgain(buyer, placed._id);
    expect(full.statusCode).toBe(409);
    const held = await ctx.db.select().from(cartLines).where(eq(cartLines.userId, buyer.id));
    expect(held).toHaveLength(MAX_ORDER_LINES);
  });
});
