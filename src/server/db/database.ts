import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { projectPaths } from '../project-paths';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What a repository function runs its queries on: the database, or a transaction opened by the use
 * case that calls it (several writes that must land together).
 */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for a listening connection of its own); absent on the embedded database. */
  url?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files, or `memory://` for a throw-away database. */
  dataDir: string;
  /** Told when PostgreSQL drops an idle pooled connection (the pool reconnects by itself). */
  onIdleError?: (error: Error) => void;
  /** A PGlite data folder dump to start from instead of an empty one (tests: a migrated template). */
  pgliteDump?: Blob;
  /** PostgreSQL limits; a database that is down or stalled fails a request within them (DESIGN §6). */
  timeouts?: DatabaseTimeouts;
  /** Told of every SQL statement the application runs (tests count them). */
  onQuery?: (sql: string) => void;
}

export interface DatabaseTimeouts {
  /** To open a connection, or to wait for a free one in the pool. */
  connectMs: number;
  /** For one statement; the client gives up a second later if the server does not even answer. */
  statementMs: number;
  /** For a lock wait (a row another transaction holds). */
  lockMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 5000,
  lockMs: 3000,
};

/** Thrown when the database named by DATABASE_URL cannot be reached at start. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** The URL without its password, to name in messages. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

type TemplatePaths = Pick<
  typeof projectPaths,
  'pgliteTemplate' | 'pgliteTemplateDir' | 'pgliteTemplateInfo' | 'pgliteVersion'
>;

/**
 * Whether the migrated, empty database that `npm run build` made (scripts/build-server.mjs) can start a
 * new one: it is there, made by the PGlite version installed. Anything else (no build, another version)
 * starts the usual way, with initdb and every migration in WebAssembly (~2 s more).
 */
function templateFits(paths: TemplatePaths): boolean {
  try {
    const made = JSON.parse(readFileSync(paths.pgliteTemplateInfo, 'utf8')) as { pglite?: string };
    const installed = JSON.parse(readFileSync(paths.pgliteVersion, 'utf8')) as { version?: string };
    return Boolean(made.pglite) && made.pglite === installed.version;
  } catch {
    return false;
  }
}

/** For a new database in memory (`memory://`, the tests): the template's archive, which PGlite unpacks. */
export function readNewDatabaseTemplate(paths: TemplatePaths = projectPaths): Blob | undefined {
  if (!templateFits(paths)) return undefined;
  try {
    return new Blob([readFileSync(paths.pgliteTemplate)]);
  } catch {
    return undefined;
  }
}

/**
 * For a database on disk not created yet: the template's folder copied into place, ~0.2 s where PGlite
 * unpacking the archive into it took ~3 s. The copy is made beside the folder and renamed, so a copy cut
 * short is never taken for a database. Never over an existing database, nor over a folder that holds
 * anything (PGlite then says what is wrong with it). Resolves to whether it copied.
 */
export async function copyNewDatabaseTemplate(
  location: string,
  paths: TemplatePaths = projectPaths,
): Promise<boolean> {
  if (existsSync(location) && readdirSync(location).length > 0) return false;
  if (!templateFits(paths) || !existsSync(join(paths.pgliteTemplateDir, 'PG_VERSION'))) return false;
  const partial = `${location}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(paths.pgliteTemplateDir, partial, { recursive: true });
  await rm(location, { recursive: true, force: true });
  await rename(partial, location);
  return true;
}

function queryLogger(onQuery: ((sql: string) => void) | undefined) {
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
}

// Any constant works; it only has to be the same for every process of this application.
const MIGRATION_LOCK_KEY = 7_215_904_311;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = projectPaths.migrations;
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    // Only the driver in use is loaded (a quicker start).
    const [{ drizzle: drizzlePg }, { default: driver }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('pg'),
    ]);
    await migratePostgres(driver, options.databaseUrl, timeouts.connectMs, migrationsFolder);
    const pool = new driver.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      keepAlive: true,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.statementMs * 2,
      // A stalled server never answers, so no server-side timeout fires: the client stops waiting.
      query_timeout: timeouts.statementMs + 1000,
    });
    // An idle connection can be cut by the server (restart, failover, admin); the pool replaces it,
    // and without this listener the error would end the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    return {
      db: drizzlePg(pool, { schema, logger: queryLogger(options.onQuery) }),
      kind: 'postgres',
      url: options.databaseUrl,
      close: () => pool.end(),
    };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const location = inMemory ? options.dataDir : join(options.dataDir, 'pglite');
  const unlock = inMemory ? () => {} : lockDataDir(options.dataDir);
  try {
    if (!inMemory) await copyNewDatabaseTemplate(location);
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
    // pg_trgm serves catalog search (DESIGN §9); PGlite loads an extension only when asked to.
    const client = await PGlite.create(location, {
      loadDataDir: options.pgliteDump ?? (inMemory ? readNewDatabaseTemplate() : undefined),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite(client, { schema, logger: queryLogger(options.onQuery) });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Brings PostgreSQL's schema up to date on a connection of its own, without statement timeouts (a
 * migration may build an index on a big table). Several processes may start at once: one migrates,
 * the others wait. A server that cannot be reached, or accepts the connection but never answers,
 * stops the start within `connectMs`.
 */
async function migratePostgres(driver: typeof pg, url: string, connectMs: number, migrationsFolder: string) {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new driver.Client({ connectionString: url, connectionTimeoutMillis: connectMs });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnreachableError(
      `Cannot reach the database named by DATABASE_URL (${describeDatabaseUrl(url)}): ${reason}. ` +
        'Check that PostgreSQL runs and accepts connections there.',
    );
  }
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
