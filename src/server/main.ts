import { buildApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/database';
import { seedDemoOnce } from './db/seed-demo';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir, (m) => console.warn(m));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`),
  });
  if (config.seedDemo && (await seedDemoOnce(database.db))) {
    console.info('Seeded the demo catalog and reviews into the new database.');
  }
  const app = await buildApp({
    config,
    authSecret,
    database,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
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
  const { port } = app.server.address() as { port: number };
  const where =
    config.host === '127.0.0.1' || config.host === '0.0.0.0' ? `http://localhost:${port}` : config.publicUrl;
  console.info(`\n  Tool shop is running at ${where}  (${database.kind} database)\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
