// @module-tag database-specific: a process killed mid-write: what the database kept
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { PROCESS_TEST_TIMEOUT_MS, processTestDatabases, startServerProcess } from '../test/server-process';
import { ShopClient } from '../test/shop-client';

/**
 * Kill -9 of the server under order load, then a restart: every order the shop
 * confirmed (201) is there, and every product's stock is its initial stock minus what orders reserve.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  cleanups.push(() => smtp.close());
});

async function placeUntilKilled(url: string, kill: () => void) {
  const customers = await Promise.all([1, 2, 3, 4].map(() => new ShopClient(url).signUp(smtp)));
  const [first] = customers;
  if (!first) throw new Error('no customer');
  const tools = await first.tools();
  const initial = new Map(tools.map((tool) => [tool._id, tool.available]));
  const confirmed: string[] = [];
  let killed = false;
  const load = customers.map(async (customer, n) => {
    for (let i = 0; !killed; i += 1) {
      const tool = tools[(n + i) % tools.length];
      if (!tool) return;
      try {
        const id = await customer.placeOrder(tool._id, Math.max(tool.min_order, 100));
        if (id) confirmed.push(id);
      } catch {
        return; // The connection died with the process: that order was never confirmed.
      }
    }
  });
  // Killed while orders are flowing: once ten are confirmed (a busy CI machine may take seconds to
  // confirm the first), or after 30 s at the latest; the four customers have more on the way then.
  const deadline = Date.now() + 30_000;
  while (confirmed.length < 10 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  kill();
  killed = true;
  await Promise.all(load);
  return { customers, initial, confirmed };
}

// Like every database test: on the embedded database, and on PostgreSQL in the run that names one.
const databases = processTestDatabases('crash', cleanups);

describe.each(databases)('kill -9 under order load on %s', (_name, makeDatabase) => {
  it(
    'keeps every confirmed order and the stock of every product',
    async () => {
      const env = {
        SMTP_URL: smtp.url,
        ...(await makeDatabase()),
        SEED_DEMO: 'true',
        AUTH_SECRET: 'crash-test-secret-crash-test-secret-0',
      };
      const first = await startServerProcess(env);
      const { customers, initial, confirmed } = await placeUntilKilled(await first.url(), () =>
        first.child.kill('SIGKILL'),
      );
      await first.exited;
      expect(confirmed.length).toBeGreaterThan(0);

      const second = await startServerProcess(env);
      const url = await second.url();
      try {
        const orders = (await Promise.all(customers.map((customer) => customer.at(url).myOrders()))).flat();
        const stored = new Set(orders.map((order) => order._id));
        expect(confirmed.filter((id) => !stored.has(id))).toEqual([]);

        const reserved = new Map<string, number>();
        for (const order of orders) {
          if (order.toolId) reserved.set(order.toolId, (reserved.get(order.toolId) ?? 0) + order.quantity);
        }
        const tools = await new ShopClient(url).tools();
        for (const tool of tools) {
          expect(tool.available).toBe((initial.get(tool._id) ?? 0) - (reserved.get(tool._id) ?? 0));
        }
        console.info(`${_name}: ${confirmed.length} orders confirmed before kill -9, all kept`);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
