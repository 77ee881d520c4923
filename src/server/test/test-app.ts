import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openTestDatabase } from './test-database';

export interface TestAppOptions {
  env?: Record<string, string>;
  clientDir?: string;
}

/** The real app on a fresh real database, for `app.inject` tests. Close it in afterAll. */
export async function createTestApp({ env = {}, clientDir }: TestAppOptions = {}) {
  const config = loadConfig({ SEED_DEMO: 'false', ...env });
  const database = await openTestDatabase();
  const routes: string[] = [];
  // Tests never depend on whether `npm run build` happened: no client unless a test brings one.
  const app = await buildApp({
    config,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    database,
    clientDir: clientDir ?? join(tmpdir(), 'toolshop-no-client'),
    catalogCacheMs: 0,
    orderSweepMs: 0,
    onRoute: ({ method, url }) => {
      for (const verb of [method].flat()) routes.push(`${verb} ${url}`);
    },
  });
  await app.ready();
  return { app, db: database.db, config, routes };
}
