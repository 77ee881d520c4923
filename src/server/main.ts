import { createServer } from 'node:net';
import { resolveAuthSecret } from './auth/auth-secret';
import { type AppConfig, ConfigError, loadConfig } from './config/env';
import { DataDirError } from './db/data-dir-lock';
import { DatabaseUnreachableError, openDatabase } from './db/database';
import { seedDemoOnce } from './seed/seed-demo';
import { setFlagsFromString } from 'node:v8';

/**
 * V8 lets the old generation grow to several times the live heap between full collections: under the
 * memory soak (bench/soak.mjs, 10,000 products) the live heap is ~80 MiB and its garbage swung the
 * resident memory by ~200 MiB. Grown by 1.3x at most, the peak fell from 669 to 464 MiB embedded and
 * from 504 to 279 MiB on PostgreSQL, at the same requests per second. V8 reads the factor at every
 * collection, so it is set here (NODE_OPTIONS does not take it).
 */
setFlagsFromString('--heap-growing-percent=30');

/** After SIGTERM, how long requests in flight may take before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;
/** After SIGTERM, how long a request whose body is still arriving may take to finish sending it. */
const UNFINISHED_BODY_GRACE_MS = 2000;

class PortTakenError extends Error {
  override name = 'PortTakenError';
}

/** Fails at once when PORT is taken, before seconds are spent opening and migrating the database. */
async function assertPortFree({ port, host }: AppConfig): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortTakenError(
              `PORT ${port} is already in use on ${host}: another program (perhaps another copy of the ` +
                'shop) listens there. Stop it, or set PORT to a free port.',
            )
          : error,
      ),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * Holds Node's event loop open while the shop starts. Some of the start awaits only promises that
 * V8's background threads settle (compiling PGlite's WebAssembly); with no file, socket or timer
 * pending, the loop runs empty and Node then waits for every background task, the WebAssembly
 * compiler's optimisation of code it has already delivered included, before it goes on (measured:
 * 60-230 ms of an idle main thread in the middle of a start).
 */
function holdEventLoopOpen(): () => void {
  const timer = setInterval(() => undefined, 60_000);
  return () => clearInterval(timer);
}

async function main() {
  const release = holdEventLoopOpen();
  const config = loadConfig();
  await assertPortFree(config);
  // The application's modules load while the database opens: the bundle keeps them in a chunk of
  // their own, so the two overlap wherever either waits (files, the database's WebAssembly compiling).
  const appModule = import('./app');
  appModule.catch(() => undefined);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.databaseTimeouts,
    onConnectionError: (error) => console.warn(`PostgreSQL closed a connection: ${error.message}`),
    onRefusal: (refusal) =>
      refusal
        ? console.error(`The database refuses queries: ${refusal.message}`)
        : console.warn('The database folder takes writes again: queries are served'),
  });
  const authSecret = await resolveAuthSecret({
    configured: config.authSecret,
    dataDir: config.dataDir,
    database,
    warn: (message) => console.warn(message),
  });
  if (config.seedDemo && (await seedDemoOnce(database.db))) {
    console.info('Seeded the demo catalog and reviews into the new database.');
  }
  if (config.paymentsTestMode) {
    console.warn('Payments are in TEST MODE: the built-in test provider takes cards and no money moves.');
  }
  const { buildApp } = await appModule;
  const app = await buildApp({ config, authSecret, database, logger: { level: config.logLevel } });

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      // A keep-alive connection whose request finishes during shutdown is closed as soon as it is idle,
      // instead of holding the exit until the client lets it go.
      setInterval(() => app.server.closeIdleConnections(), 50).unref();
      // A client silent in the middle of its body would hold the exit until the grace ran out.
      setTimeout(() => {
        const ended = app.endUnfinishedRequests();
        if (ended > 0) app.log.warn({ ended }, 'closed connections whose request body stopped arriving');
      }, UNFINISHED_BODY_GRACE_MS).unref();
      setTimeout(() => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  release();
  const { port } = app.server.address() as { port: number };
  const where =
    config.host === '127.0.0.1' || config.host === '0.0.0.0' ? `http://localhost:${port}` : config.publicUrl;
  console.info(`\n  Tool shop is running at ${where}  (${database.kind} database)\n`);
}

/** Start failures an operator can fix get their message alone, not a stack trace. */
const EXPLAINED = [ConfigError, DataDirError, DatabaseUnreachableError, PortTakenError];

main().catch((error: unknown) => {
  console.error(EXPLAINED.some((kind) => error instanceof kind) ? (error as Error).message : error);
  process.exit(1);
});
