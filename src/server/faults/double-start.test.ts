import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { PROCESS_TEST_TIMEOUT_MS, startServerProcess } from '../test/server-process';
import { ShopClient } from '../test/shop-client';

/** One owner for the embedded database. */
const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-double-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(() => smtp.close());

/** Whether this machine lets a test start a process in a PID namespace of its own (root, util-linux). */
function pidNamespaces(): boolean {
  try {
    execFileSync('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const start = () => startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true', SMTP_URL: smtp.url });

describe('two processes on one DATA_DIR', () => {
  it(
    'refuses the second within a second, naming the first, and the first keeps every order',
    async () => {
      const first = await start();
      const url = await first.url();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const customer = await new ShopClient(url).signUp(smtp);
      const [tool] = await customer.tools();
      if (!tool) throw new Error('no demo tool');
      const placed = await Promise.all(
        [1, 2, 3].map(() => customer.placeOrder(tool._id, Math.max(tool.min_order, 100))),
      );
      expect(placed.every(Boolean)).toBe(true);

      const startedAt = Date.now();
      const second = await start();
      expect(await second.exited).toBe(1);
      const refusedAfterMs = Date.now() - startedAt;
      expect(second.output()).toContain(`is in use by process ${first.child.pid}`);
      expect(second.output()).toContain('set DATABASE_URL to a PostgreSQL database to run several processes');
      console.info(`second process refused after ${refusedAfterMs} ms (process start included)`);

      const admin = await startServerProcess(
        { DATA_DIR: dataDir },
        { entry: 'admin', args: ['grant', customer.email] },
      );
      expect(await admin.exited).toBe(1);
      expect(admin.output()).toContain(`is in use by process ${first.child.pid}`);

      // The first goes on serving, with every order it confirmed.
      const mine = await customer.myOrders();
      expect(mine.map((order) => order._id).sort()).toEqual([...placed].sort());
      expect((await customer.placeOrder(tool._id, Math.max(tool.min_order, 100))) !== null).toBe(true);

      // Killed, it leaves its lock behind; the next start takes it over and finds every order.
      first.child.kill('SIGKILL');
      await first.exited;
      const third = await start();
      const again = customer.at(await third.url());
      expect(await again.myOrders()).toHaveLength(4);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it.skipIf(!pidNamespaces())(
    'refuses a second shop with the same process id (each PID 1 in its own namespace), on a folder whose path is 200 characters long',
    async () => {
      const base = mkdtempSync(join(tmpdir(), 'toolshop-long-'));
      const dir = join(base, 'd'.repeat(200 - base.length - 1));
      // Each its own container's first process: the same PID, the same host name.
      const asPid1 = { within: ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'] };
      const env = { DATA_DIR: dir, SEED_DEMO: 'true', SMTP_URL: smtp.url };
      const first = await startServerProcess(env, asPid1);
      try {
        const customer = await new ShopClient(await first.url()).signUp(smtp);
        const [tool] = await customer.tools();
        if (!tool) throw new Error('no demo tool');
        expect(await customer.placeOrder(tool._id, Math.max(tool.min_order, 100))).not.toBeNull();
        expect(readFileSync(join(dir, 'shop.lock'), 'utf8')).toContain('"pid":1,');

        const second = await startServerProcess(env, asPid1);
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain('is in use by process 1 ');
        // The first still serves, with its order.
        expect(await customer.myOrders()).toHaveLength(1);
      } finally {
        first.child.kill('SIGKILL');
        await first.exited;
        rmSync(base, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'takes over a lock whose process is gone',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'toolshop-stale-'));
      try {
        writeFileSync(
          join(dir, 'shop.lock'),
          JSON.stringify({
            pid: 2 ** 22 + 17,
            host: (await import('node:os')).hostname(),
            command: 'main.js',
            since: '2026-01-01',
          }),
        );
        const server = await startServerProcess({ DATA_DIR: dir });
        await server.url();
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
