import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer, request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { lockDataDir } from './data-dir-lock';
import { type DatabaseHandle, openDatabase } from './database';

/**
 * Backing up and restoring the embedded database (`npm run backup -- FILE`, `npm run restore -- FILE`).
 * While the shop runs, it alone may read its folder: it answers a backup on a Unix socket in DATA_DIR
 * (whoever can reach the folder may copy it; nobody else can), with its data folder dumped between two
 * statements. A stopped shop's folder is dumped by the command itself. A restore needs the shop
 * stopped: the current folder is kept beside the restored one, never deleted.
 */

/** The socket a running shop answers backups on, in its DATA_DIR. */
export const backupSocketOf = (dataDir: string) => join(resolve(dataDir), 'backup.sock');

/** Unix socket paths are limited to 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107;

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Serves backups of the running shop's embedded database on DATA_DIR/backup.sock (owner-only).
 * Answers a function that stops serving them; null where the database is not embedded in a folder.
 */
export async function serveBackups(
  database: DatabaseHandle,
  dataDir: string,
  warn: (message: string) => void,
): Promise<(() => Promise<void>) | null> {
  const dump = database.dump;
  if (!dump || dataDir.startsWith('memory://')) return null;
  const socket = backupSocketOf(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    warn(`Online backups are off: the socket path ${socket} is too long; stop the shop to back it up.`);
    return null;
  }
  // A socket left by a killed process: this process holds the folder's lock, so it is stale.
  rmSync(socket, { force: true });
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    dump().then(
      async (tarball) => {
        res.writeHead(200, { 'content-type': 'application/gzip' });
        res.end(Buffer.from(await tarball.arrayBuffer()));
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(socket, done);
    });
  } finally {
    process.umask(previousMask);
  }
  return () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
      try {
        rmSync(socket, { force: true });
      } catch {
        // A read-only folder keeps the socket file: the next start removes it (above).
      }
    });
}

/** Asks the running shop on `socket` for a backup, written to `file`. */
function backupFromRunningShop(socket: string, file: string): Promise<void> {
  return new Promise((done, fail) => {
    const req = request({ socketPath: socket, path: '/backup', method: 'GET' }, (res) => {
      if (res.statusCode !== 200) {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          fail(new BackupError(`The shop could not back up: ${Buffer.concat(chunks).toString('utf8')}`)),
        );
        return;
      }
      writeAtomically(file, (partial) => pipeline(res, createWriteStream(partial, { mode: 0o600 }))).then(
        done,
        fail,
      );
    });
    req.on('error', fail);
    req.end();
  });
}

/** Writes `file` whole or not at all: to a partial file first, flushed and renamed once complete. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await write(partial);
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, file);
}

/**
 * `npm run backup -- FILE`: the running shop's embedded database (through its socket), or a stopped
 * shop's (opened here). Answers how it was taken.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<'running' | 'stopped'> {
  const socket = backupSocketOf(dataDir);
  if (existsSync(socket)) {
    try {
      await backupFromRunningShop(socket, file);
      return 'running';
    } catch (error) {
      // A socket nobody listens on is a killed shop's: the folder is then free to open here.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ECONNREFUSED' && code !== 'ENOENT') throw error;
    }
  }
  if (!existsSync(join(dataDir, 'pglite'))) {
    throw new BackupError(`There is no embedded database in DATA_DIR ${resolve(dataDir)} to back up.`);
  }
  const database = await openDatabase({ dataDir });
  try {
    const tarball = await database.dump?.();
    if (!tarball) throw new BackupError('This database cannot be dumped.');
    const bytes = Buffer.from(await tarball.arrayBuffer());
    await writeAtomically(file, (partial) => writeFile(partial, bytes, { mode: 0o600 }));
  } finally {
    await database.close();
  }
  return 'stopped';
}

/**
 * `npm run restore -- FILE`: the shop must be stopped (the folder's lock says). The backup is checked
 * first (a gzipped tar), the current database folder is kept as `pglite.before-restore-<time>`, and the
 * backup is opened in its place (and brought to this version's schema). On any failure the current
 * folder is put back. Answers where the previous folder was kept (null: there was none).
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string | null> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupError(`There is no backup file ${file}.`);
  const bytes = await readFile(file);
  try {
    gunzipSync(bytes.subarray(0, Math.min(bytes.length, 1 << 20)), { finishFlush: 2 });
  } catch {
    throw new BackupError(`${file} is not a backup made by npm run backup (not a gzipped tarball).`);
  }
  // Refused while the shop runs: the lock names who holds the folder.
  (await lockDataDir(dataDir, 'restore'))();
  const live = join(dataDir, 'pglite');
  const kept = existsSync(live)
    ? join(dataDir, `pglite.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`)
    : null;
  if (kept) renameSync(live, kept);
  try {
    const database = await openDatabase({ dataDir, pgliteDump: new Blob([bytes]) });
    await database.close();
  } catch (error) {
    rmSync(live, { recursive: true, force: true });
    if (kept) renameSync(kept, live);
    throw new BackupError(
      `The backup could not be opened (${error instanceof Error ? error.message : String(error)}); the database was left as it was.`,
    );
  }
  return kept;
}
