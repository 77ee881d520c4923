import { createServer } from 'node:net';
import { resolveAuthSecret } from './auth/auth-secret';
import { type AppConfig, ConfigError, loadConfig } from './config/env';
import { DataDirError } from './db/data-dir-lock';
import { DatabaseUnreachableError, openDatabase } from './db/database';
import { isDatabaseBusy, isDatabaseUnavailable } from './db/unavailable';
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

/**
 * Node 24 pools the bytes of every small Buffer (under 32 KiB) in shared 64 KiB slabs, where Node 20 used
 * 8 KiB ones: a small buffer that lives long (a cached answer's, a session's) keeps its whole slab. Under
 * the soak the external memory was 55-85 MiB on Node 24 against 13 on Node 20; Node 20's slab size is
 * kept (a documented, writable setting).
 */
Buffer.poolSize = 8 * 1024;

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
  const authSecret = await whileDatabaseIsSlow('reading the sign-in secret', () =>
    resolveAuthSecret({
      configured: config.authSecret,
      dataDir: config.dataDir,
      database,
      warn: (message) => console.warn(message),
    }),
  );
  if (
    config.seedDemo &&
    (await whileDatabaseIsSlow('adding the demo catalog', () => seedDemoOnce(database.db)))
  ) {
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

/** How often, and how far apart, a start tries a step again that a busy or slow database refused. */
const START_ATTEMPTS = 6;
const START_RETRY_MS = 1000;

/**
 * Runs a step of the start, trying it again while the database is busy or slow (a lock timeout, a
 * statement timeout, a connection that timed out): up to START_ATTEMPTS times, waiting 1, 2, 4… s
 * between. A database that is still not answering then stops the start with a sentence, not the
 * stack trace a slow database used to end it with. Each step is one transaction: a try that failed
 * left nothing behind.
 */
async function whileDatabaseIsSlow<T>(step: string, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseBusy(error) && !isDatabaseUnavailable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= START_ATTEMPTS) {
        throw new DatabaseUnreachableError(
          `The database did not answer in time while ${step}, ${attempt} times (${reason}). ` +
            'Check that it is not overloaded or locked by another process, and start again.',
        );
      }
      const waitMs = START_RETRY_MS * 2 ** (attempt - 1);
      console.warn(
        `The database is slow or busy while ${step} (${reason}); trying again in ${waitMs / 1000} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** Start failures an operator can fix get their message alone, not a stack trace. */
const EXPLAINED = [ConfigError, DataDirError, DatabaseUnreachableError, PortTakenError];

main().catch((error: unknown) => {
  console.error(EXPLAINED.some((kind) => error instanceof kind) ? (error as Error).message : error);
  process.exit(1);
});
