// @module-tag database-specific: the embedded database's own disk full under the running shop
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, startServerProcess } from '../test/server-process';
import { smallDiskForEmbeddedDatabase } from '../test/tmpfs';

/**
 * The embedded database's disk fills up while the shop runs: the running process answers 503 with a
 * sentence, keeps answering its health checks, and stops when told. The disk is a small tmpfs mounted
 * here (the tests run as root, as CI does). The read-only disk of the fault report (PGlite's backend
 * aborted on the failed WAL write and spun at 100 % CPU, SIGTERM ignored) cannot be made here: Linux
 * will not remount a filesystem read-only while the database holds files open for writing. Its abort
 * is tried on the engine in pglite-guard.test.ts; this test passes without that guard too.
 */
const disk = smallDiskForEmbeddedDatabase('database-disk', '256m');

const within = (ms: number) => ({ signal: AbortSignal.timeout(ms) });

describe.skipIf(!disk.mounted)('the embedded database’s disk fills up', () => {
  it(
    'answers 503 instead of spinning, keeps answering its health checks, and stops on SIGTERM',
    async () => {
      const dataDir = join(disk.path, 'data');
      mkdirSync(dataDir);
      const shop = await startServerProcess({
        DATA_DIR: dataDir,
        AUTH_SECRET: 'database-disk-secret-database-disk-0123',
      });
      let stopped = false;
      try {
        const url = await shop.url();
        expect((await fetch(`${url}/api/readyz`, within(10_000))).status).toBe(200);

        disk.fill();
        // The guard probes the folder every second: readiness says so within a few.
        let ready = 200;
        for (let waited = 0; waited < 15_000 && ready !== 503; waited += 200) {
          ready = (await fetch(`${url}/api/readyz`, within(5_000))).status;
          if (ready !== 503) await sleep(200);
        }
        expect(ready).toBe(503);
        // A write is refused with a sentence, at once, not left hanging.
        const write = await fetch(`${url}/api/subscribe`, {
          method: 'POST',
          headers: { origin: url, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'late@example.com' }),
          ...within(10_000),
        });
        expect(write.status).toBe(503);
        expect(((await write.json()) as { error: { message: string } }).error.message).toMatch(
          /disk|storage|space/i,
        );
        // The process is not busy looping: liveness answers promptly, again and again.
        for (let n = 0; n < 5; n += 1) {
          expect((await fetch(`${url}/api/healthz`, within(2_000))).status).toBe(200);
        }

        shop.child.kill('SIGTERM');
        const outcome = await Promise.race([shop.exited, sleep(15_000).then(() => 'still running')]);
        stopped = outcome !== 'still running';
        expect(outcome, shop.output()).not.toBe('still running');
      } finally {
        disk.free();
        if (!stopped) {
          shop.child.kill('SIGKILL');
          await shop.exited;
        }
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
