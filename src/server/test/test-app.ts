import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import type { ShopDetails } from '../config/shop-details';
import type { Database } from '../db/database';
import type { PageRendererModule } from '../web/pages';
import { openTestDatabase } from './test-database';

export interface TestAppOptions {
  env?: Record<string, string>;
  clientDir?: string;
  /** Told of every SQL statement the app runs. */
  onQuery?: (sql: string) => void;
  /** How long catalog answers are cached; 0 (read every time) unless a test says otherwise. */
  catalogCacheMs?: number;
  sitemapMaxUrls?: number;
  /** The page renderer; none by default (pages get the shell), `renderFromSource` for the real one. */
  loadPageRenderer?: () => Promise<PageRendererModule | null>;
  /** The webhook worker's first retry delay and how often it looks (tests of delivery shorten them). */
  webhookRetryMs?: number;
  webhookPollMs?: number;
  /** The business's details, when not content/business.json's. */
  shop?: ShopDetails;
}

/** The public pages' renderer from its source (src/client/entry-server.tsx), as `vite build --ssr` builds it. */
export const renderFromSource = async () =>
  (await import('../../client/entry-server')) as unknown as PageRendererModule;

const databases = new WeakMap<object, Database>();

const origins = new WeakMap<object, string>();

/** The origin an app made by createTestApp trusts: its PUBLIC_URL (requests from elsewhere are refused). */
export function originOf(app: object): string | undefined {
  return origins.get(app);
}

/** The database of an app made by createTestApp (helpers that set up accounts use it). */
export function databaseOf(app: object): Database | undefined {
  return databases.get(app);
}

/** An app a test built itself (on a real folder, say), known to the helpers as createTestApp's are. */
export function rememberTestApp(app: object, db: Database, publicUrl: string): void {
  databases.set(app, db);
  origins.set(app, publicUrl);
}

/** The real app on a fresh real database, for `app.inject` tests. Close it in afterAll. */
export async function createTestApp({
  env = {},
  clientDir,
  onQuery,
  catalogCacheMs = 0,
  sitemapMaxUrls,
  loadPageRenderer = async () => null,
  webhookRetryMs,
  webhookPollMs,
  shop,
}: TestAppOptions = {}) {
  // Tests place many orders per account; the limits' own tests set these back to the defaults.
  const config = loadConfig({
    SEED_DEMO: 'false',
    // Nothing on disk: outbox files and uploads go nowhere, or to a folder removed on close.
    DATA_DIR: 'memory://',
    MAX_UNPAID_ORDERS: '1000',
    RATE_LIMIT_SCALE: '1000',
    // Tests change accounts in the database directly and expect the next request to see it.
    ...env,
  });
  const database = await openTestDatabase({ onQuery });
  const routes: string[] = [];
  // Tests never depend on whether `npm run build` happened: no client unless a test brings one.
  const app = await buildApp({
    config,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    database,
    clientDir: clientDir ?? join(tmpdir(), 'toolshop-no-client'),
    catalogCacheMs,
    sitemapMaxUrls,
    loadPageRenderer,
    backgroundJobs: false,
    webhookRetryMs,
    webhookPollMs,
    ...(shop ? { shop } : {}),
    onRoute: ({ method, url }) => {
      for (const verb of [method].flat()) routes.push(`${verb} ${url}`);
    },
  });
  await app.ready();
  rememberTestApp(app, database.db, config.publicUrl);
  return { app, db: database.db, config, routes };
}
