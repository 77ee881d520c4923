import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CheckoutResult, QuickAddResult } from '../../shared/api/cart.schemas';
import type { CatalogPage, Tool } from '../../shared/api/catalog.schemas';
import type { SavedList } from '../../shared/api/lists.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { deliveryToLeeds, placeOrderAs, shipsToUk } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';
import { companyMembers } from '../db/schema';
import { pricingFor } from '../pricing/price-line';

/**
 * A company's contract prices, everywhere its members see or pay a price: the catalog (its
 * sort and filters), the product and buy pages, the cart, checkout, quick order and saved lists.
 * Visitors and other customers keep seeing and caching the list prices.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let shopAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  await shipsToUk(ctx.db);
  shopAdmin = await signUpAdmin(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  injectAs(ctx.app, user, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

const category = 'Contract test tools';
const catalogOf = async (user: TestUser | null, query: string) => {
  const response = await call(user, 'GET', `/api/catalog?category=contract-test-tools&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { page: response.json<CatalogPage>(), cacheControl: response.headers['cache-control'] };
};
const prices = (page: CatalogPage) => page.items.map((tool) => [tool.sku, tool.price]);

describe('contract prices', () => {
  it('price a member’s catalog, product page, cart, order, quick order and lists; nobody else’s', async () => {
    const drill = await insertTool(ctx.db, {
      category,
      sku: 'CP-DRILL',
      available: 5000,
      priceTiers: [
        { minQuantity: 100, priceCents: 2000 },
        { minQuantity: 500, priceCents: 1800 },
      ],
    });
    const saw = await insertTool(ctx.db, { category, sku: 'CP-SAW', priceCents: 1000, available: 5000 });
    await insertTool(ctx.db, { category, sku: 'CP-LEVEL', priceCents: 1700 });

    const made = await call(shopAdmin, 'POST', '/api/admin/price-lists', {
      name: 'Acme 2027',
      entries: [
        { sku: 'CP-DRILL', priceTiers: [{ minQuantity: 100, price: 15 }] },
        { sku: 'CP-SAW', percentOff: 10 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const listId = made.json<{ insertedId: string }>().insertedId;
    const { admin: buyer, companyId } = await newCompany(ctx.app, 'Contract Buyers Ltd');
    const outsider = await signUp(ctx.app, { verified: true });

    // Before the company holds the list, its buyer sees what a visitor sees.
    expect(prices((await catalogOf(buyer, 'sort=price_asc')).page)).toEqual([
      ['CP-SAW', 10],
      ['CP-LEVEL', 17],
      ['CP-DRILL', 20],
    ]);
    const held = await call(shopAdmin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: listId, priority: 1 },
    ]);
    expect(held.statusCode, held.body).toBe(200);

    // The catalog: the buyer's prices decide the price sort and filters; nobody else's answer moves.
    const mine = await catalogOf(buyer, 'sort=price_asc');
    expect(prices(mine.page)).toEqual([
      ['CP-SAW', 9],
      ['CP-DRILL', 15],
      ['CP-LEVEL', 17],
    ]);
    expect(mine.cacheControl).toBe('private, no-cache');
    expect(mine.page.items[1]).toMatchObject({
      priceSource: 'contract',
      priceList: 'Acme 2027',
      priceTiers: [{ minQuantity: 100, price: 15 }],
      listPriceTiers: [
        { minQuantity: 100, price: 20 },
        { minQuantity: 500, price: 18 },
      ],
    });
    expect(mine.page.items[2]).toMatchObject({ priceSource: 'tier', priceList: null });
    expect(prices((await catalogOf(buyer, 'sort=price_desc&maxPrice=16')).page)).toEqual([
      ['CP-DRILL', 15],
      ['CP-SAW', 9],
    ]);
    expect((await catalogOf(buyer, 'sort=price_desc&maxPrice=16')).page.total).toBe(2);
    // Sorted otherwise, the visitors' page repriced.
    expect(prices((await catalogOf(buyer, 'sort=newest')).page)).toEqual([
      ['CP-LEVEL', 17],
      ['CP-SAW', 9],
      ['CP-DRILL', 15],
    ]);
    for (const someoneElse of [null, outsider]) {
      const theirs = await catalogOf(someoneElse, 'sort=price_asc');
      expect(prices(theirs.page)).toEqual([
        ['CP-SAW', 10],
        ['CP-LEVEL', 17],
        ['CP-DRILL', 20],
      ]);
      expect(theirs.cacheControl).toBe('no-cache');
      expect(theirs.page.items[0]).not.toHaveProperty('priceSource');
      expect(prices((await catalogOf(someoneElse, 'maxPrice=16')).page)).toEqual([['CP-SAW', 10]]);
    }
    const home = (await call(buyer, 'GET', '/api/tool')).json<Tool[]>();
    expect(home.find((tool) => tool.sku === 'CP-DRILL')?.price).toBe(15);
    const product = (await call(buyer, 'GET', `/api/buyNow/${drill.id}`)).json<Tool>();
    expect(product).toMatchObject({ price: 15, priceSource: 'contract', priceList: 'Acme 2027' });
    expect((await call(null, 'GET', `/api/buyNow/${drill.id}`)).json<Tool>().price).toBe(20);

    // The cart shows the contract price with the list price beside it; checkout charges it.
    await call(buyer, 'PUT', `/api/cart/lines/${drill.id}`, { quantity: 500 });
    await call(buyer, 'PUT', `/api/cart/lines/${saw.id}`, { quantity: 100 });
    const cart = (await call(buyer, 'GET', '/api/cart')).json<Cart>();
    expect(cart.lines.map((line) => [line.sku, line.unitPrice, line.priceSource, line.priceList])).toEqual([
      ['CP-DRILL', 15, 'contract', 'Acme 2027'],
      ['CP-SAW', 9, 'contract', 'Acme 2027'],
    ]);
    expect(cart.lines[0]?.listUnitPrice).toBe(18);
    expect(cart.total).toBe(500 * 15 + 100 * 9);
    const checkedOut = await call(buyer, 'POST', '/api/cart/checkout', deliveryToLeeds);
    expect(checkedOut.statusCode, checkedOut.body).toBe(201);
    const { order } = checkedOut.json<CheckoutResult>();
    expect(order.amount).toBe(8400);
    expect(order.lines.map((line) => [line.unitPrice, line.priceSource, line.priceList])).toEqual([
      [15, 'contract', 'Acme 2027'],
      [9, 'contract', 'Acme 2027'],
    ]);

    // The buy page's one-product order, quick order and saved lists price the same way.
    expect((await placeOrderAs(ctx.app, buyer, drill.id, { quantity: 100 })).lines[0]).toMatchObject({
      unitPrice: 15,
      priceSource: 'contract',
      priceList: 'Acme 2027',
    });
    expect((await placeOrderAs(ctx.app, outsider, drill.id, { quantity: 100 })).lines[0]).toMatchObject({
      unitPrice: 20,
      priceSource: 'tier',
      priceList: null,
    });
    const quick = await call(buyer, 'POST', '/api/cart/quick-add', { text: 'CP-DRILL, 100', dryRun: true });
    expect(quick.json<QuickAddResult>().rows[0]?.message).toBe(
      `${drill.name}: 100 units at $15.00 (Your contract price (list Acme 2027)), $1,500.00`,
    );
    const list = (await call(buyer, 'POST', '/api/lists', { name: 'Weekly' })).json<{ insertedId: string }>();
    await call(buyer, 'POST', `/api/lists/${list.insertedId}/lines`, { toolId: saw.id, quantity: 100 });
    const saved = (await call(buyer, 'GET', `/api/lists/${list.insertedId}`)).json<SavedList>();
    expect(saved.lines[0]).toMatchObject({ savedUnitPrice: 9, unitPrice: 9, priceList: 'Acme 2027' });

    // A change to the list shows at once; a company no longer holding it is back at list prices.
    await call(shopAdmin, 'PUT', `/api/admin/price-lists/${listId}`, {
      name: 'Acme 2027',
      entries: [{ sku: 'CP-DRILL', priceTiers: [{ minQuantity: 100, price: 14 }] }],
    });
    expect(prices((await catalogOf(buyer, 'sort=price_asc')).page)).toEqual([
      ['CP-SAW', 10],
      ['CP-DRILL', 14],
      ['CP-LEVEL', 17],
    ]);
    await call(shopAdmin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, []);
    const after = await catalogOf(buyer, 'sort=price_asc');
    expect(prices(after.page)).toEqual([
      ['CP-SAW', 10],
      ['CP-LEVEL', 17],
      ['CP-DRILL', 20],
    ]);
    expect(after.page.items[0]).not.toHaveProperty('priceSource');
  });

  it('show a contract buyer’s pages as pricing each product alone does, first page and by price', async () => {
    // 45 products with their own breaks and bounds; two lists held at two priorities, overlapping,
    // fixed breaks and percentages, one list no longer valid.
    const tools = [];
    for (let n = 0; n < 45; n += 1) {
      const minOrder = 100 + 75 * (n % 3);
      const priceCents = 700 + ((n * 137) % 2300);
      tools.push(
        await insertTool(ctx.db, {
          category: 'Brute force tools',
          sku: `BF-${String(n).padStart(2, '0')}`,
          minOrder,
          orderMultiple: n % 4 === 0 ? 50 : 1,
          priceTiers: [
            { minQuantity: minOrder, priceCents },
            { minQuantity: 1000, priceCents: priceCents - 100 },
          ],
        }),
      );
    }
    const list = async (name: string, entries: object[], validity: object = {}) => {
      const made = await call(shopAdmin, 'POST', '/api/admin/price-lists', { name, entries, ...validity });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ insertedId: string }>().insertedId;
    };
    const first = await list(
      'Brute first',
      tools
        .filter((_, n) => n % 2 === 0)
        .map((tool, n) =>
          n % 3 === 0
            ? { sku: tool.sku, priceTiers: [{ minQuantity: 100, price: 9 + n / 4 }] }
            : { sku: tool.sku, percentOff: 5 + n },
        ),
    );
    const second = await list(
      'Brute second',
      tools.filter((_, n) => n % 3 === 0).map((tool, n) => ({ sku: tool.sku, percentOff: 30 + n })),
    );
    const lapsed = await list(
      'Brute lapsed',
      tools.map((tool) => ({ sku: tool.sku, percentOff: 90 })),
      { validFrom: '2020-01-01', validTo: '2020-12-31' },
    );
    const { admin: buyer, companyId } = await newCompany(ctx.app, 'Brute Force Ltd');
    const held = await call(shopAdmin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: second, priority: 2 },
      { priceListId: first, priority: 1 },
      { priceListId: lapsed, priority: 0 },
    ]);
    expect(held.statusCode, held.body).toBe(200);

    // Each product priced alone, as the cart and checkout price it: its entries read for its SKU.
    const bruteForce = new Map<string, number>();
    for (const tool of tools) {
      const pricing = await pricingFor(ctx.db, { id: buyer.id, company: { id: companyId } }, [tool.sku], 100);
      const [lowest] = pricing.tiers(tool).tiers;
      if (lowest) bruteForce.set(tool.sku, lowest.priceCents / 100);
    }
    expect(new Set(bruteForce.values()).size).toBeGreaterThan(30);

    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      const seen: [string, number][] = [];
      let cursor: string | null = null;
      do {
        const query = `/api/catalog?category=brute-force-tools&sort=${sort}&limit=12${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await call(buyer, 'GET', query);
        expect(response.statusCode, response.body).toBe(200);
        const page = response.json<CatalogPage>();
        seen.push(...page.items.map((tool): [string, number] => [tool.sku, tool.price]));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.map(([sku]) => sku).sort()).toEqual([...bruteForce.keys()].sort());
      for (const [sku, price] of seen) expect([sku, price]).toEqual([sku, bruteForce.get(sku)]);
      const shown = seen.map(([, price]) => price);
      if (sort !== 'newest') {
        const ordered = [...shown].sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
        expect(shown, sort).toEqual(ordered);
      }
    }
  });

  it('stop for a colleague removed from the company at their very next request', async () => {
    await insertTool(ctx.db, { category: 'Removal tools', sku: 'CP-RM-1', priceCents: 1000 });
    const made = await call(shopAdmin, 'POST', '/api/admin/price-lists', {
      name: 'Removal list',
      entries: [{ sku: 'CP-RM-1', percentOff: 50 }],
    });
    const listId = made.json<{ insertedId: string }>().insertedId;
    const { admin, companyId } = await newCompany(ctx.app, 'Removal Ltd');
    await call(shopAdmin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: listId, priority: 1 },
    ]);
    const colleague = await signUp(ctx.app);
    await ctx.db.insert(companyMembers).values({ companyId, userId: colleague.id, roles: ['buyer'] });
    const priceOf = async (user: TestUser) =>
      (await call(user, 'GET', '/api/catalog?category=removal-tools')).json<CatalogPage>().items[0]?.price;
    expect(await priceOf(colleague)).toBe(5);
    const removed = await injectAs(ctx.app, admin, {
      method: 'DELETE',
      url: `/api/company/members/${colleague.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await priceOf(colleague)).toBe(10);
    expect(await priceOf(admin)).toBe(5);
  });
});
