import { pgliteExtensions } from './pglite-extensions';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { projectPaths } from '../config/project-paths';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';
import { ANSWERED_RECENTLY_MS, sqlStateOf } from './unavailable';
import { guardPglite } from './pglite-guard';
import { DURABLE_START_PARAMS, DurableNodeFS, flushNewDatabase, withoutFsyncOff } from './pglite-durability';
import type { DatabaseTimeouts } from '../config/database-timeouts';
import { DEFAULT_DATABASE_TIMEOUTS } from '../config/database-timeouts';
import { type Listening, listenOnPglite, listenOnPostgres, type NoticeHandlers } from './notices';

/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What a repository function runs its queries on: the database, or a transaction opened by the use
 * case that calls it (several writes that must land together).
 */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for a listening connection of its own); absent on the embedded database. */
  url?: string;
  /**
   * Listens to a NOTIFY channel: on PostgreSQL on a connection of its own that reconnects by itself,
   * on the embedded database in-process (db/notices.ts).
   */
  listen(channel: string, handlers: NoticeHandlers): Listening;
  /** The PostgreSQL pool's connections now (metrics); absent on the embedded database. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * The embedded database's whole data folder as a gzipped tarball, taken between two statements
   * after a checkpoint (a restore replays the log up to the last commit); absent on PostgreSQL.
   */
  dump?: () => Promise<Blob>;
  /**
   * Whether the database, though it kept a request waiting, is up: PostgreSQL answers a statement now
   * on a connection of its own, outside the pool the request waited for; the embedded engine took a
   * step within the last two seconds. A wait that ran out while it answers is "busy", otherwise
   * "down" (unavailable.ts, /api/readyz). False once the handle is closed.
   */
  stillAnswering(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files, or `memory://` for a throw-away database. */
  dataDir: string;
  /**
   * Told when PostgreSQL cuts a pooled connection, idle or in use by a request (which answers 503);
   * the pool connects anew by itself.
   */
  onConnectionError?: (error: Error) => void;
  /** A PGlite data folder dump to start from instead of an empty one (tests: a migrated template). */
  pgliteDump?: Blob;
  /** PostgreSQL limits; a database that is down or stalled fails a request within them (DESIGN §6). */
  timeouts?: DatabaseTimeouts;
  /** Told of every SQL statement the application runs (tests count them). */
  onQuery?: (sql: string) => void;
  /**
   * Told when the embedded database starts or stops refusing queries: its folder takes no write (an
   * error), takes writes again (undefined), or the database aborted (an error, for good).
   */
  onRefusal?: (refusal: Error | undefined) => void;
}

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

/**
 * For a database not created yet, the migrated empty one `npm run build` made (scripts/build-server.mjs),
 * when it was made by this PGlite version: its gzipped tarball's path. PGlite then skips initdb and the
 * migrations so far. Anything else (an existing database, no build, another version) starts the usual way.
 */
export function newDatabaseTemplate(
  location: string,
  paths: Pick<typeof projectPaths, 'pgliteTemplate' | 'pgliteTemplateInfo' | 'pgliteVersion'> = projectPaths,
): string | undefined {
  if (!location.startsWith('memory://') && existsSync(join(location, 'PG_VERSION'))) return undefined;
  try {
    const made = JSON.parse(readFileSync(paths.pgliteTemplateInfo, 'utf8')) as { pglite?: string };
    const installed = JSON.parse(readFileSync(paths.pgliteVersion, 'utf8')) as { version?: string };
    if (!made.pglite || made.pglite !== installed.version) return undefined;
    return existsSync(paths.pgliteTemplate) ? paths.pgliteTemplate : undefined;
  } catch {
    return undefined;
  }
}

/** The template as PGlite's `loadDataDir` takes it, for a database in memory. */
export function readNewDatabaseTemplate(
  location: string,
  paths: Pick<typeof projectPaths, 'pgliteTemplate' | 'pgliteTemplateInfo' | 'pgliteVersion'> = projectPaths,
): Blob | undefined {
  const template = newDatabaseTemplate(location, paths);
  return template ? new Blob([readFileSync(template)]) : undefined;
}

/**
 * Unpacks the template into a folder, PG_VERSION last, so that a folder a crash left half-written is no
 * database yet and the next start writes it again (as PGlite would, over what is there). Every file
 * and folder is flushed to the disk before PG_VERSION is written, and PG_VERSION before the process
 * ends: a power cut in the first half minute (ext4's delayed writes) had left every file empty and a
 * shop that would not start. Run as a process of its own: `node -e UNPACK <tar's module> <tarball>
 * <folder>`.
 */
const UNPACK = `
const { openSync, fsyncSync, closeSync, readdirSync } = require('node:fs');
const { join, dirname } = require('node:path');
const [tarModule, file, cwd] = process.argv.slice(1);
const { extract } = require(tarModule);
const last = (path) => path.replace(/^\\/+/, '') === 'PG_VERSION';
const flush = (path) => { const fd = openSync(path, 'r'); try { fsyncSync(fd); } finally { closeSync(fd); } };
const flushTree = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) flushTree(path); else if (entry.isFile()) flush(path);
  }
  flush(folder);
};
extract({ file, cwd, filter: (path) => !last(path) })
  .then(() => flushTree(cwd))
  .then(() => extract({ file, cwd, filter: last }))
  .then(() => { flush(join(cwd, 'PG_VERSION')); flush(cwd); flush(dirname(cwd)); })
  .catch((error) => { console.error(error.message); process.exit(1); });
`;

/**
 * A new folder's database written from the template, before PGlite opens the folder as an existing
 * database. PGlite's own `loadDataDir` holds the tarball, its 43 MB unpacked and a copy of each file in
 * memory at once, and unpacking it in this process (node-tar) still left malloc 35-45 MB it never gave
 * back; in a short-lived process of its own, the memory goes with that process. The first start peaked
 * at 343-360 MB resident with `loadDataDir`, and at ~230 MB this way (December 2026). PostgreSQL wants
 * its folder private (0700).
 */
export async function writeDatabaseFromTemplate(location: string, template: string): Promise<void> {
  await mkdir(location, { recursive: true, mode: 0o700 });
  const tarModule = createRequire(import.meta.url).resolve('tar');
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', UNPACK, tarModule, template, location], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
  if (code !== 0 || !existsSync(join(location, 'PG_VERSION'))) {
    throw new Error(`Could not write the new database into ${location} from ${template}: ${stderr.trim()}`);
  }
}

function queryLogger(onQuery: ((sql: string) => void) | undefined) {
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
}

// Any constant works; it only has to be the same for every process of this application.
const MIGRATION_LOCK_KEY = 7_215_904_311;

/**
 * The embedded database's buffer pool, instead of PostgreSQL's 128 MB. PGlite zeroes its whole shared
 * memory as it starts, in one long call to `memset` that V8 runs unoptimised (3-7 ms per MB on this
 * machine): 128 MB cost ~0.3 s more than 32 MB, and 32 MB ~0.08 s more than 16 MB, on every start
 * (alternated runs, November 2026). Its files are read through the operating system's cache anyway:
 * 16 MB (2,048 pages) holds the demo catalog many times over, and of a catalog of ten thousand
 * products (~16 MB with its indexes) the pages in use; a page not held costs one read from that
 * cache. A larger shop runs on PostgreSQL (DATABASE_URL).
 * bench/cold-start.mjs opens PGlite alone with the same setting.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * The embedded database's engine (9 MB of WebAssembly) runs as V8's baseline compiler, Liftoff, makes
 * it, without the optimising tier V8 otherwise recompiles its busiest functions with in the background.
 * That tier's code and its compilers' working memory held 50-65 MiB of the process for little gain on a
 * shop's queries. PGlite alone, opened and given 50,000 rows with a trigram index: 2.9-3.5 s and 229-256
 * MiB resident with Liftoff alone, 4.0-5.0 s and 288-320 MiB with both tiers; then 3,000 trigram
 * searches as fast either way, 3,000 keyset pages ~30 % slower (alternated runs). Under the memory soak
 * (10,000 products) its other anonymous memory fell from 68 to 18 MiB at the same requests per second
 * (December 2026). Node 20 honours it set here, before the module is compiled; Node 24 only from the
 * command line, which `npm start` gives it: without it a start of the embedded shop peaked at 720-750
 * MiB, the engine's functions recompiled in the background a second after the start (170 MiB with it).
 * The process compiles no other WebAssembly of its own.
 */
function compileEmbeddedEngineWithBaselineOnly(): void {
  setFlagsFromString('--liftoff-only');
}

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = projectPaths.migrations;
  const { databaseUrl } = options;
  if (databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    // Only the driver in use is loaded (a quicker start).
    const [{ drizzle: drizzlePg }, { default: driver }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('pg'),
    ]);
    await migratePostgres(driver, databaseUrl, timeouts.connectMs, migrationsFolder);
    const pool = new driver.Pool({
      connectionString: databaseUrl,
      max: 10,
      keepAlive: true,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.statementMs * 2,
      // PostgreSQL's default 4 MB makes a catalog search for a word half a large catalog holds (a
      // prefix match of 400,000 products) a lossy bitmap, each of its pages' rows read again: 8 MB
      // keeps it exact, half the time at a million SKUs (docs/decisions/0008).
      options: '-c work_mem=8MB',
      // A stalled server never answers, so no server-side timeout fires: the client stops waiting.
      query_timeout: timeouts.statementMs + 1000,
    });
    // The server may cut any connection (a restart, a failover, pg_terminate_backend, or
    // idle_in_transaction_session_timeout after a stalled event loop), and an 'error' event with no
    // listener ends the process. The pool listens on its idle clients (it replaces them) and passes
    // the error on as its own, but takes that listener off a client a request has checked out: a cut
    // in the middle of a transaction ended the whole process within a second. So every client has a
    // listener of its own for as long as it lives (it tells of the cut once); the request's next query
    // fails ("not queryable": a 503 with Retry-After), the server rolls its transaction back, and the
    // pool drops the client as it is released.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionError?.(error));
    });
    const answersOutsideThePool = probeOutsideThePool(driver, databaseUrl);
    let closed = false;
    return {
      db: drizzlePg(pool, { schema, logger: queryLogger(options.onQuery) }),
      kind: 'postgres',
      url: databaseUrl,
      listen: (channel, handlers) => listenOnPostgres(driver, databaseUrl, channel, handlers),
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      // Whether the server answers a probe outside the pool the request waited for (once a second at
      // most); a pool this process closed answers nothing, whoever else the server serves.
      stillAnswering: async () => !closed && (await answersOutsideThePool()),
      close: () => {
        closed = true;
        return pool.end();
      },
    };
  }

  let location = options.dataDir;
  let unlock = () => {};
  if (!location.startsWith('memory://')) {
    unlock = await lockDataDir(location);
    location = join(location, 'pglite');
  }
  try {
    compileEmbeddedEngineWithBaselineOnly();
    const [{ PGlite }, extensions, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        pgliteExtensions(),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
    // A new database starts from the template: in memory as PGlite's load, in a folder unpacked first.
    const inMemory = location.startsWith('memory://');
    const loadDataDir = options.pgliteDump ?? (inMemory ? readNewDatabaseTemplate(location) : undefined);
    const template = loadDataDir || inMemory ? undefined : newDatabaseTemplate(location);
    if (template) await writeDatabaseFromTemplate(location, template);
    const created = !inMemory && !template && !existsSync(join(location, 'PG_VERSION'));
    const buffers = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    // In a folder, a commit is on the disk before PGlite answers it (pglite-durability.ts); in memory
    // there is no disk to wait for.
    const client = await PGlite.create({
      ...(inMemory
        ? { dataDir: location, startParams: [...PGlite.defaultStartParams, ...buffers] }
        : {
            fs: new DurableNodeFS(location),
            startParams: [...withoutFsyncOff(PGlite.defaultStartParams), ...DURABLE_START_PARAMS, ...buffers],
          }),
      loadDataDir,
      extensions,
    });
    const db = drizzlePglite(client, { schema, logger: queryLogger(options.onQuery) });
    if (!(await hasNewestMigration(client, migrationsFolder))) await migratePglite(db, { migrationsFolder });
    // A database initdb has just made (no template: a start without a build) is on the disk before
    // it serves, as one from the template is (writeDatabaseFromTemplate).
    if (created) {
      await client.exec('CHECKPOINT');
      flushNewDatabase(location);
    }
    // A folder that turns read-only or full must not reach PGlite's WAL writes (pglite-guard.ts).
    let closed = false;
    const guard = location.startsWith('memory://')
      ? undefined
      : guardPglite(client, options.dataDir, { onChange: options.onRefusal });
    return {
      db,
      kind: 'pglite',
      listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
      dump: async () => {
        await client.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      },
      // Its one thread answers queries in turn: one that took a step lately is busy, not down (in
      // memory there is no guard: it is up until it is closed).
      stillAnswering: async () => !closed && (guard?.answeredWithin(ANSWERED_RECENTLY_MS) ?? true),
      close: async () => {
        closed = true;
        guard?.stop();
        // An aborted backend, or one whose shutdown checkpoint could not be written, is left as a
        // killed one is: the next start replays the log up to the last commit.
        if (!guard || (!guard.aborted() && (await guard.probe()))) await client.close();
        try {
          unlock();
        } catch {
          // A read-only folder keeps its lock file: the next start takes over a lock nobody holds.
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** How long a probe of PostgreSQL outside the pool may take before the database counts as down. */
const PROBE_MS = 1000;

/**
 * Whether PostgreSQL answers `select 1` on a connection of its own within PROBE_MS. Asked by every
 * request refused at once, it connects once: its answer is shared while it runs and kept for a second.
 */
function probeOutsideThePool(driver: typeof pg, url: string): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    if (last && Date.now() - last.at < PROBE_MS) return last.answer;
    const client = new driver.Client({
      connectionString: url,
      connectionTimeoutMillis: PROBE_MS,
      query_timeout: PROBE_MS,
    });
    client.on('error', () => undefined);
    const answer = client
      .connect()
      .then(() => client.query('select 1'))
      .then(
        () => true,
        () => false,
      )
      .finally(() => void client.end().catch(() => undefined));
    last = { at: Date.now(), answer };
    return answer;
  };
}

/**
 * Whether the database already has the newest committed migration, told by one read. Drizzle's
 * migrator would find nothing to run too, but only after creating its schema and table if missing and
 * an empty transaction: 45-90 ms of a start on this machine. It runs whenever this cannot tell.
 */
export async function hasNewestMigration(
  client: { query: (statement: string) => Promise<{ rows: unknown[] }> },
  migrationsFolder: string,
): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const newest = Math.max(...journal.entries.map((entry) => entry.when));
    const { rows } = await client.query(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const last = rows[0] as { created_at?: unknown } | undefined;
    return Number(last?.created_at) >= newest;
  } catch {
    return false;
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
  // Cut while migrating, the start fails with the query's own error, not an unhandled 'error' event.
  client.on('error', () => undefined);
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
    // Up to date: nothing to run, and nothing a role without rights on the schema may not do (a shop
    // run as a least-privilege role, README) reaches the migrator.
    if (await hasNewestMigration(client, migrationsFolder)) return;
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } catch (error) {
    if (sqlStateOf(error) !== '42501') throw error;
    throw new DatabaseUnreachableError(
      `The role of DATABASE_URL (${describeDatabaseUrl(url)}) may not change the schema, and this version ` +
        'of the shop has new migrations: apply them as the owner of the tables ' +
        '(DATABASE_URL=<owner> npm run admin -- migrate, then scripts/least-privilege.sql), and start again.',
    );
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
