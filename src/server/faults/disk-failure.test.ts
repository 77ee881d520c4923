// @module-tag database-specific: the embedded database's disk fails or loses power under load
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/api/catalog.schemas';
import { type LoopDisk, loopDisksAvailable, makeLoopDisk } from '../test/loop-disk';
import { PROCESS_TEST_TIMEOUT_MS, type ServerProcess, startServerProcess } from '../test/server-process';
import { ShopClient } from '../test/shop-client';
import { startSmtpCatcher } from '../test/smtp-catcher';

/**
 * What a killed process cannot show: the disk under the embedded database fails (ext4 aborts its
 * journal, as on an I/O error) or loses power (it stops without writing its log) while customers
 * order and pay. Whatever the operating system's cache held and nobody flushed is gone, as on real
 * hardware. After the repair (e2fsck) the shop starts again, and every order and payment it
 * acknowledged is there, the stock is exact, and the invoice counter did not go back (a number
 * acknowledged before the fault is never issued again). Before commits were flushed (PGlite ran with
 * fsync off), orders acknowledged seconds before the fault were gone and the counter went back.
 */
const skip = Boolean(process.env.TEST_DATABASE_URL) || !loopDisksAvailable();

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>> | undefined;
beforeAll(async () => {
  if (!skip) smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp?.close();
});

/** The first of a list a test made, or a failure saying what was missing. */
function first<T>(list: readonly T[], what: string): T {
  const [item] = list;
  if (item === undefined) throw new Error(`no ${what}`);
  return item;
}

interface Acknowledged {
  /** Order ids the shop answered 201 for, by the customer who placed them. */
  orders: { customer: ShopClient; id: string }[];
  /** Orders whose payment the shop answered 200 for, and the invoice number the customer then saw. */
  payments: { id: string; invoiceNumber: string | null }[];
}

/**
 * Four customers order and pay until `fault` has happened and a second more has passed: the fault
 * comes once at least twelve orders and four payments are acknowledged (or after 30 s).
 */
async function orderAndPayThrough(url: string, fault: () => void) {
  const customers = await Promise.all([1, 2, 3, 4].map(() => new ShopClient(url).signUp(smtp)));
  const tools = await first(customers, 'customer').tools();
  const acknowledged: Acknowledged = { orders: [], payments: [] };
  let stop = false;
  const load = customers.map(async (customer, n) => {
    for (let i = 0; !stop; i += 1) {
      const tool = tools[(n * 3 + i) % tools.length] ?? first(tools, 'product');
      try {
        const id = await customer.placeOrder(tool._id, Math.max(tool.min_order, 100));
        if (!id) continue;
        acknowledged.orders.push({ customer, id });
        if (i % 2 === 1) continue;
        if (!(await customer.payOrder(id))) continue;
        // What the customer sees of the paid order: its invoice number, when it could still be read.
        const read = await customer.call('GET', `/api/purchase/${id}`);
        const invoiceNumber =
          read.status === 200
            ? ((await read.json()) as { invoiceNumber: string | null }).invoiceNumber
            : null;
        acknowledged.payments.push({ id, invoiceNumber });
      } catch {
        await sleep(50); // The process refused the connection or died: nothing was acknowledged.
      }
    }
  });
  const deadline = Date.now() + 30_000;
  while ((acknowledged.orders.length < 12 || acknowledged.payments.length < 4) && Date.now() < deadline) {
    await sleep(50);
  }
  const acknowledgedBeforeFault = acknowledged.orders.length;
  fault();
  // Whatever the shop still acknowledges after the fault must survive it too.
  await sleep(1000);
  stop = true;
  await Promise.all(load);
  return { customers, tools, acknowledged, acknowledgedBeforeFault };
}

async function stopShop(shop: ServerProcess) {
  shop.child.kill('SIGKILL');
  await shop.exited;
}

describe.skipIf(skip)('the embedded database’s disk fails under order load', () => {
  it.each([
    ['its journal aborts (a disk error)', (disk: LoopDisk) => disk.failJournal()],
    ['it loses power (ext4 stops without writing its log)', (disk: LoopDisk) => disk.cutPower()],
  ])(
    '%s: after the repair every acknowledged order, payment and invoice number is there',
    async (_fault, fault) => {
      const disk = makeLoopDisk('disk-failure', 256);
      try {
        const env = {
          DATA_DIR: join(disk.path, 'data'),
          SMTP_URL: smtp?.url ?? '',
          SEED_DEMO: 'true',
          AUTH_SECRET: 'disk-failure-secret-disk-failure-secret',
        };
        const shop = await startServerProcess(env);
        const run = await orderAndPayThrough(await shop.url(), () => fault(disk));
        await stopShop(shop);
        expect(run.acknowledgedBeforeFault).toBeGreaterThanOrEqual(12);
        disk.repair();

        const restarted = await startServerProcess(env);
        try {
          const url = await restarted.url();
          // A customer whose session (or account) the fault took sees none of their orders.
          const orders = (
            await Promise.all(
              run.customers.map((customer) =>
                customer
                  .at(url)
                  .myOrders()
                  .catch(() => []),
              ),
            )
          ).flat();
          const stored = new Map(orders.map((order) => [order._id, order]));
          const lost = run.acknowledged.orders.filter(({ id }) => !stored.has(id)).map(({ id }) => id);
          expect(
            lost,
            `${lost.length} of ${run.acknowledged.orders.length} acknowledged orders missing after the repair`,
          ).toEqual([]);
          for (const payment of run.acknowledged.payments) {
            const order = stored.get(payment.id);
            expect(order?.status, `paid order ${payment.id}`).toBe('paid');
            if (payment.invoiceNumber) expect(order?.invoiceNumber).toBe(payment.invoiceNumber);
          }
          // Every product's stock is its first stock less what the stored orders hold.
          const held = new Map<string, number>();
          for (const order of orders) {
            for (const { toolId, quantity } of order.lines)
              if (toolId) held.set(toolId, (held.get(toolId) ?? 0) + quantity);
          }
          const buyer = first(run.customers, 'customer').at(url);
          const now = new Map((await buyer.tools()).map((tool: Tool) => [tool._id, tool]));
          for (const tool of run.tools) {
            expect(now.get(tool._id)?.available, tool.name).toBe(tool.available - (held.get(tool._id) ?? 0));
          }
          // The invoice counter did not go back: the next payment's number follows every number issued.
          const issued = orders.flatMap((order) => (order.invoiceNumber ? [order.invoiceNumber] : []));
          expect(new Set(issued).size).toBe(issued.length);
          const tool = first(run.tools, 'product');
          const next = await buyer.placeOrder(tool._id, Math.max(tool.min_order, 100));
          if (!next) throw new Error('the shop took no order after the repair');
          expect(await buyer.payOrder(next)).toBe(true);
          const nextNumber =
            (await buyer.myOrders()).find((order) => order._id === next)?.invoiceNumber ?? '';
          expect(nextNumber).toMatch(/^INV-/);
          // INV-000042: zero-padded, so the strings compare as the numbers do.
          for (const number of issued)
            expect(nextNumber > number, `${nextNumber} after ${number}`).toBe(true);
          console.info(
            `${_fault}: ${run.acknowledged.orders.length} orders and ${run.acknowledged.payments.length} payments acknowledged (${run.acknowledgedBeforeFault} orders before the fault), all there after the repair`,
          );
        } finally {
          await stopShop(restarted);
        }
      } finally {
        disk.remove();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
