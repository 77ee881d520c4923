import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { PROCESS_TEST_TIMEOUT_MS, startServerProcess } from '../test/server-process';
import { openTestDatabase } from '../test/test-database';

/**
 * A client that sends its headers and part of its body, then nothing. Its request is
 * answered 408 once the request timeout passes, and a shutdown does not wait for it.
 */
function sendHalfABody(port: number) {
  const socket = connect({ host: '127.0.0.1', port });
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    'POST /api/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\n\r\n{"email":',
  );
  return { closed, answer: () => answer, socket };
}

describe('a request whose body stops arriving', () => {
  it('is answered 408 and closed once the request timeout passes', async () => {
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', DATA_DIR: 'memory://' }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database: await openTestDatabase(),
      backgroundJobs: false,
      requestTimeoutMs: 500,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const client = sendHalfABody(port);
      await client.closed;
      expect(client.answer()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await app.close();
    }
  });

  it(
    'does not hold a shutdown: the server exits 0 soon after SIGTERM',
    async () => {
      const server = await startServerProcess({ DATA_DIR: 'memory://', LOG_LEVEL: 'info' });
      const client = sendHalfABody(Number(new URL(await server.url()).port));
      // The request is in flight (its headers are read) before the signal.
      await server.printed(/incoming request/);
      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // The grace for requests in flight is 10 s; a stalled body is given one.
      expect(Date.now() - started).toBeLessThan(8000);
      client.socket.destroy();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'nor does a connection that sends nothing, or half of its headers: the server exits 0 soon after SIGTERM',
    async () => {
      const server = await startServerProcess({ DATA_DIR: 'memory://', LOG_LEVEL: 'info' });
      const port = Number(new URL(await server.url()).port);
      const silent = connect({ host: '127.0.0.1', port });
      const halfHeaders = connect({ host: '127.0.0.1', port });
      for (const socket of [silent, halfHeaders]) socket.on('error', () => undefined);
      await Promise.all(
        [silent, halfHeaders].map((socket) => new Promise((resolve) => socket.once('connect', resolve))),
      );
      halfHeaders.write('GET /api/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ');
      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(8000);
      silent.destroy();
      halfHeaders.destroy();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
