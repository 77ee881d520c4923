// @module-tag database-specific: a migration over data already stored
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPaths } from '../config/project-paths';

/** The committed migrations up to and including `lastTag`, as a folder drizzle's migrator reads. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolshop-migrations-'));
  cpSync(projectPaths.migrations, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

/** Products MIG-1… MIG-`count` (ids ending 1, 2, 3…), 1,000 in stock at $12.50, in one category. */
async function insertProducts(client: PGlite, count: number) {
  await client.exec(`
    insert into categories (slug, name) values ('migration', 'Migration');
    insert into products (id, sku, name, image_url, description, category_id, min_order, available,
                          price_cents, price_tiers)
      select ('00000000-0000-4000-8000-00000000000' || n)::uuid, 'MIG-' || n, 'Tool ' || n, '/images/x.svg', '',
             (select id from categories where slug = 'migration'), 100, 1000, 1250,
             '[{"minQuantity":100,"priceCents":1250}]'
      from generate_series(1, ${count}) as n;
  `);
}

/**
 * Migration 0011 on a shop that has traded: a database at migration 0010 holding orders in
 * every state, one from an accepted quote with units on backorder and one whose product was deleted,
 * becomes one where each order is a one-line order with the same amounts.
 */
describe('migration 0011: orders made of lines', () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    client = await PGlite.create({ extensions: await pgliteExtensions() });
    folder = migrationsUpTo('0010_shipments_and_backorders');
    await migrate(drizzle(client), { migrationsFolder: folder });

    await insertProducts(client, 3);
    await client.exec(`
      insert into quotes (id, user_id, product_id, item_name, sku, quantity, status, unit_price_cents, email, buyer_name)
        select '10000000-0000-4000-8000-000000000001', null, '00000000-0000-4000-8000-000000000003',
               'Tool 3', 'MIG-3', 2000, 'accepted', 1100, 'quote@example.com', 'Quinn';
      insert into orders (id, product_id, buyer_name, email, address, phone, item_name, sku, quantity,
                          unit_price_cents, amount_cents, status, hold_expires_at, quote_id, backordered_units,
                          ship_date, paid_at, shipped_at, closed_at, invoice_number, transaction_id)
      values
        ('20000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'Una', 'u@example.com',
         '1 Road', '5550100', 'Tool 1', 'MIG-1', 100, 1250, 125000, 'unpaid', now() + interval '1 day',
         null, 0, null, null, null, null, null, null),
        ('20000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Pat', 'p@example.com',
         '2 Road', '5550100', 'Tool 1', 'MIG-1', 300, 1200, 360000, 'paid', now(),
         null, 0, null, now(), null, null, 1, 'pi_paid'),
        ('20000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 'Sam', 's@example.com',
         '3 Road', '5550100', 'Tool 2', 'MIG-2', 150, 1250, 187500, 'shipped', now(),
         null, 0, null, now(), now(), null, 2, 'pi_shipped'),
        ('20000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000002', 'Cat', 'c@example.com',
         '4 Road', '5550100', 'Tool 2', 'MIG-2', 100, 1250, 125000, 'cancelled', now(),
         null, 0, null, null, null, now(), null, null),
        ('20000000-0000-4000-8000-000000000005', null, 'Eve', 'e@example.com',
         '5 Road', '5550100', 'A deleted tool', null, 200, 999, 199800, 'expired', now(),
         null, 0, null, null, null, now(), null, null),
        ('20000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000003', 'Quinn', 'quote@example.com',
         '6 Road', '5550100', 'Tool 3', 'MIG-3', 2000, 1100, 2200000, 'unpaid', now() + interval '1 day',
         '10000000-0000-4000-8000-000000000001', 1000, '2026-12-24', null, null, null, null, null);
    `);

    await migrate(drizzle(client), { migrationsFolder: projectPaths.migrations });
  });

  afterAll(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes every order a one-line order with the same product, name, SKU, units, price and amount', async () => {
    const { rows } = await client.query(`
      select o.id, o.status, o.quantity as order_units, o.amount_cents as order_cents, o.ship_date::text,
             l.line_number, l.product_id, l.sku, l.name, l.quantity, l.unit_price_cents, l.amount_cents,
             l.price_source, l.price_source_ref, l.backordered_units
      from orders o join order_lines l on l.order_id = o.id order by o.id`);
    expect(rows).toHaveLength(6);
    const line = (n: number) => rows[n - 1];
    expect(line(1)).toMatchObject({
      status: 'unpaid',
      order_units: 100,
      order_cents: 125000,
      line_number: 1,
      product_id: '00000000-0000-4000-8000-000000000001',
      sku: 'MIG-1',
      name: 'Tool 1',
      quantity: 100,
      unit_price_cents: 1250,
      amount_cents: 125000,
      price_source: 'tier',
      price_source_ref: null,
      backordered_units: 0,
    });
    expect(line(2)).toMatchObject({
      status: 'paid',
      quantity: 300,
      unit_price_cents: 1200,
      amount_cents: 360000,
    });
    expect(line(3)).toMatchObject({ status: 'shipped', sku: 'MIG-2', quantity: 150, amount_cents: 187500 });
    expect(line(4)).toMatchObject({ status: 'cancelled', quantity: 100, amount_cents: 125000 });
    // A deleted product's order keeps what it was called and what it cost.
    expect(line(5)).toMatchObject({
      status: 'expired',
      product_id: null,
      sku: null,
      name: 'A deleted tool',
      quantity: 200,
      unit_price_cents: 999,
      amount_cents: 199800,
    });
    // An accepted quote's order: priced by the quote, its backorder now on its line.
    expect(line(6)).toMatchObject({
      order_units: 2000,
      order_cents: 2200000,
      ship_date: '2026-12-24',
      price_source: 'quote',
      price_source_ref: '10000000-0000-4000-8000-000000000001',
      backordered_units: 1000,
      unit_price_cents: 1100,
    });
  });

  it('drops the one-product columns from orders', async () => {
    const { rows } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'orders'`,
    );
    const columns = rows.map((row) => row.column_name);
    expect(columns).toEqual(expect.arrayContaining(['quantity', 'amount_cents', 'ship_date', 'quote_id']));
    for (const gone of ['product_id', 'item_name', 'sku', 'unit_price_cents', 'backordered_units']) {
      expect(columns).not.toContain(gone);
    }
  });
});

/**
 * Migration 0013 on a shop with quotes in every state: each becomes a one-line quote with
 * the same product, name, SKU, quantity and answered price; one whose product was deleted keeps its
 * name and SKU.
 */
describe('migration 0013: quotes made of lines', () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    client = await PGlite.create({ extensions: await pgliteExtensions() });
    folder = migrationsUpTo('0012_carts');
    await migrate(drizzle(client), { migrationsFolder: folder });
    await insertProducts(client, 2);
    await client.exec(`
      insert into quotes (id, product_id, item_name, sku, quantity, status, unit_price_cents, valid_until,
                          email, buyer_name)
      values
        ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'Tool 1', 'MIG-1',
         500, 'requested', null, null, 'a@example.com', 'Ann'),
        ('10000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Tool 1', 'MIG-1',
         2500, 'answered', 1100, now() + interval '5 days', 'b@example.com', 'Ben'),
        ('10000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 'Tool 2', 'MIG-2',
         800, 'accepted', 990, now(), 'c@example.com', 'Cy'),
        ('10000000-0000-4000-8000-000000000004', null, 'A deleted tool', 'GONE-1',
         300, 'expired', 700, now() - interval '1 day', 'd@example.com', 'Di'),
        ('10000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', 'Tool 2', 'MIG-2',
         400, 'declined', null, null, 'e@example.com', 'Ed');
    `);
    await migrate(drizzle(client), { migrationsFolder: projectPaths.migrations });
  });

  afterAll(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('makes every quote a one-line quote with the same product, name, SKU, quantity and price', async () => {
    const { rows } = await client.query(`
      select q.status, q.quantity as quote_units, l.line_number, l.product_id, l.sku, l.name, l.quantity,
             l.unit_price_cents
      from quotes q join quote_lines l on l.quote_id = q.id order by q.id`);
    expect(rows).toEqual([
      {
        status: 'requested',
        quote_units: 500,
        line_number: 1,
        product_id: '00000000-0000-4000-8000-000000000001',
        sku: 'MIG-1',
        name: 'Tool 1',
        quantity: 500,
        unit_price_cents: null,
      },
      {
        status: 'answered',
        quote_units: 2500,
        line_number: 1,
        product_id: '00000000-0000-4000-8000-000000000001',
        sku: 'MIG-1',
        name: 'Tool 1',
        quantity: 2500,
        unit_price_cents: 1100,
      },
      {
        status: 'accepted',
        quote_units: 800,
        line_number: 1,
        product_id: '00000000-0000-4000-8000-000000000002',
        sku: 'MIG-2',
        name: 'Tool 2',
        quantity: 800,
        unit_price_cents: 990,
      },
      {
        status: 'expired',
        quote_units: 300,
        line_number: 1,
        product_id: null,
        sku: 'GONE-1',
        name: 'A deleted tool',
        quantity: 300,
        unit_price_cents: 700,
      },
      {
        status: 'declined',
        quote_units: 400,
        line_number: 1,
        product_id: '00000000-0000-4000-8000-000000000002',
        sku: 'MIG-2',
        name: 'Tool 2',
        quantity: 400,
        unit_price_cents: null,
      },
    ]);
  });

  it('drops the one-product columns from quotes', async () => {
    const { rows } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'quotes'`,
    );
    const columns = rows.map((row) => row.column_name);
    expect(columns).toEqual(expect.arrayContaining(['quantity', 'valid_until', 'ship_date', 'status']));
    for (const gone of ['product_id', 'item_name', 'sku', 'unit_price_cents']) {
      expect(columns).not.toContain(gone);
    }
  });
});
