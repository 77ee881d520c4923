// @module-tag database-specific: the embedded database's backup and restore (PostgreSQL's are pg_dump's)
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { runAdminCommand } from '../cli/admin';
import { loadConfig } from '../config/env';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { deliveryToLeeds, payOrderAs, placeOrderAs, shipsToUk } from '../test/order-helpers';
import { rememberTestApp } from '../test/test-app';
import { BackupError, backupEmbedded, backupSocketOf, restoreEmbedded } from './backup';
import { DataDirError } from './data-dir-lock';
import { type Database, openDatabase } from './database';
import { ledgerEntries, orders } from './schema';

/**
 * `npm run backup` and `npm run restore` for the embedded database: a backup taken while the shop
 * serves, restored into the stopped shop, holds every order, ledger entry and invoice number it had.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let db: Database;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolshop-backup-'));
    const config = loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false', RATE_LIMIT_SCALE: '1000' });
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const database = await openDatabase({ dataDir: dir, pgliteDump: template });
    db = database.db;
    app = await buildApp({
      config,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      clientDir: join(tmpdir(), 'toolshop-no-client'),
      catalogCacheMs: 0,
      loadPageRenderer: async () => null,
      backgroundJobs: false,
    });
    await app.ready();
    rememberTestApp(app, db, config.publicUrl);
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const snapshot = async (on: Database) => ({
    orders: await on
      .select({
        id: orders.id,
        number: orders.orderNumber,
        invoice: orders.invoiceNumber,
        status: orders.status,
      })
      .from(orders)
      .orderBy(asc(orders.orderNumber)),
    ledger: await on
      .select({ id: ledgerEntries.id, kind: ledgerEntries.kind, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .orderBy(asc(ledgerEntries.id)),
  });

  it('backs up the running shop and restores it, stopped, with every order, ledger entry and invoice number', async () => {
    await shipsToUk(db);
    const tool = await insertTool(db, { priceCents: 1000, available: 100_000 });
    const buyer: TestUser = await signUp(app);
    for (let n = 0; n < 3; n += 1) {
      const order = await placeOrderAs(app, buyer, tool.id);
      if (n < 2) await payOrderAs(app, buyer, order._id);
    }
    const shopAdmin = await signUpAdmin(app, db);
    const { admin: accountBuyer, companyId } = await newCompany(app, 'Backup Ledger Ltd');
    await injectAs(app, shopAdmin, {
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/terms`,
      payload: { terms: 'net30', creditLimit: 50_000 },
    });
    await injectAs(app, accountBuyer, {
      method: 'PUT',
      url: `/api/cart/lines/${tool.id}`,
      payload: { quantity: 100 },
    });
    const onAccount = await injectAs(app, accountBuyer, {
      method: 'POST',
      url: '/api/cart/checkout',
      payload: { ...deliveryToLeeds, paymentMethod: 'account' },
    });
    expect(onAccount.statusCode, onAccount.body).toBe(201);

    const before = await snapshot(db);
    expect(before.orders.filter((order) => order.invoice !== null)).toHaveLength(3);
    expect(before.ledger.length).toBeGreaterThanOrEqual(1);

    // While the shop serves: through its socket, with orders placed meanwhile.
    expect(existsSync(backupSocketOf(dir))).toBe(true);
    const file = join(dir, '..', `${dir.split('/').pop()}-backup.tar.gz`);
    const [how] = await Promise.all([backupEmbedded(dir, file), placeOrderAs(app, buyer, tool.id)]);
    expect(how).toBe('running');
    const during = await snapshot(db);
    await placeOrderAs(app, buyer, tool.id);

    // A restore is refused while the shop runs, and nothing is touched.
    await expect(restoreEmbedded(dir, file)).rejects.toThrow(DataDirError);
    await expect(restoreEmbedded(dir, file)).rejects.toThrow(/is in use by process/);

    await app.close();
    const kept = await restoreEmbedded(dir, file);
    expect(kept && existsSync(kept)).toBe(true);
    const restored = await openDatabase({ dataDir: dir });
    try {
      const after = await snapshot(restored.db);
      // Everything before the backup is there; the order placed during it is there or not, whole.
      expect(after.ledger).toEqual(before.ledger);
      expect(after.orders.slice(0, before.orders.length)).toEqual(before.orders);
      expect(after.orders.length).toBeLessThanOrEqual(during.orders.length);
      expect(after.orders.length).toBeGreaterThanOrEqual(before.orders.length);
    } finally {
      await restored.close();
    }

    // A stopped shop is backed up by the command itself.
    const second = join(dir, '..', `${dir.split('/').pop()}-second.tar.gz`);
    expect(await runAdminCommand(['backup', second], { DATA_DIR: dir })).toBe(0);
    expect((await readFile(second)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    await rm(file, { force: true });
    await rm(second, { force: true });
  });

  it('refuses a file that is not a backup, and leaves the database as it was', async () => {
    const bogus = join(tmpdir(), `not-a-backup-${Date.now()}.tar.gz`);
    await writeFile(bogus, 'hello');
    await expect(restoreEmbedded(dir, bogus)).rejects.toThrow(BackupError);
    await expect(restoreEmbedded(dir, bogus)).rejects.toThrow(/not a backup made by npm run backup/);
    expect(await runAdminCommand(['restore', join(tmpdir(), 'missing.tar.gz')], { DATA_DIR: dir })).toBe(1);
    expect(await runAdminCommand(['backup', bogus], { DATABASE_URL: 'postgres://x@127.0.0.1/x' })).toBe(2);
    await rm(bogus, { force: true });
  });
});
