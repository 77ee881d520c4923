import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './test/server-process';

const startServer = (env: Record<string, string>) =>
  startServerProcess({ DATA_DIR: 'memory://', SEED_DEMO: 'true', ...env });

// Each test starts its own process, so they run at once.
describe.concurrent('the server process', () => {
  it('refuses to start on a bad environment value, naming the variable', async () => {
    const server = await startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: expected a port number');
  });

  it('prints its URL, serves, and shuts down cleanly on SIGTERM', async () => {
    const server = await startServer({});
    const url = await server.url();
    const health = await fetch(`${url}/api/healthz`);
    expect(health.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses the built-in test provider in production unless PAYMENTS_TEST_MODE says so', async () => {
    const server = await startServer({ PAYMENTS_TEST_MODE: 'false' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('NODE_ENV is production but Stripe is not configured');
    expect(server.output()).toContain('PAYMENTS_TEST_MODE=true');
  });

  it('finds a taken PORT before it opens the database, and says so', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const server = await startServer({
        PORT: String(port),
        DATA_DIR: join(tmpdir(), `toolshop-port-${port}`),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`PORT ${port} is already in use on 127.0.0.1`);
      expect(server.output()).not.toContain('Seeded');
    } finally {
      taken.close();
    }
  });

  it('names DATA_DIR when it cannot be written', async () => {
    const file = join(tmpdir(), `toolshop-not-a-folder-${process.pid}`);
    writeFileSync(file, 'a file, not a folder');
    const server = await startServer({ DATA_DIR: join(file, 'data') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`DATA_DIR ${join(file, 'data')} is not writable by this user`);
  });
});
