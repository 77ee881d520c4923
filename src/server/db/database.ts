import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { projectPaths } from '../project-paths';
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
}

// Any constant works; it only has to be the same for every process of this application.
const MIGRATION_LOCK_KEY = 7_215_904_311;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = projectPaths.migrations;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can be cut by the server (restart, failover, admin); the pool replaces it,
    // and without this listener the error would end the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    // Several server processes may start at once against one PostgreSQL: one migrates, the others wait.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    return { db: drizzlePg(pool, { schema }), kind: 'postgres', close: () => pool.end() };
  }

  let location = options.dataDir;
  if (!location.startsWith('memory://')) {
    // PGlite creates only the last folder of its path.
    mkdirSync(location, { recursive: true });
    location = join(location, 'pglite');
  }
  const client = await PGlite.create(location, { loadDataDir: options.pgliteDump });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
