import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, join, resolve } from 'node:path';

/** Who holds a data folder: written into its lock file, shown to a process that is refused. */
interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export class DataDirError extends Error {
  override name = 'DataDirError';
}

const LOCK_FILE = 'shop.lock';

function describe(owner: LockOwner): string {
  return `process ${owner.pid} (${owner.command}) on ${owner.host}, since ${owner.since}`;
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `owner` still runs (on this machine; another host's lock is kept). */
function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; ESRCH: it is gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A pid reused by an unrelated program after a crash and a reboot does not hold the folder.
  try {
    return readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

function notWritable(dataDir: string, error: unknown): DataDirError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DataDirError(
    `DATA_DIR ${resolve(dataDir)} is not writable by this user (${reason}). ` +
      'Point DATA_DIR at a folder the shop may write to.',
  );
}

/**
 * Makes this process the one owner of the embedded database's folder (DESIGN §6): PGlite is a
 * single-process database, and two processes writing one folder lose orders and damage indexes.
 * The lock file names its holder; one left by a killed process is taken over. The folder is made
 * private to the service user (0700). Answers a function that releases the lock.
 */
export function lockDataDir(dataDir: string, command = basename(process.argv[1] ?? 'node')): () => void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  } catch (error) {
    throw notWritable(dataDir, error);
  }
  const file = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  const draft = join(dataDir, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  try {
    writeFileSync(draft, JSON.stringify(me), { mode: 0o600 });
  } catch (error) {
    throw notWritable(dataDir, error);
  }

  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        // A hard link is created whole or not at all: of two processes exactly one gets the name.
        linkSync(draft, file);
        return () => {
          if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw notWritable(dataDir, error);
      }
      const holder = readOwner(file);
      if (holder && isAlive(holder)) {
        throw new DataDirError(
          `DATA_DIR ${resolve(dataDir)} is in use by ${describe(holder)}. The embedded database ` +
            'serves one process only: stop that process first, or set DATABASE_URL to a PostgreSQL ' +
            'database to run several processes.',
        );
      }
      takeOverStaleLock(file, holder);
    }
    throw new DataDirError(`Could not take the lock ${file}; another process keeps changing it.`);
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Removes a lock whose holder is gone. It is moved aside first and checked, so that of two processes
 * taking over the same stale lock neither removes the fresh lock the other has just made.
 */
function takeOverStaleLock(file: string, stale: LockOwner | null): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Already gone: try again.
  }
  const moved = readOwner(aside);
  if (moved && moved.pid !== stale?.pid && isAlive(moved)) {
    // We moved a live lock someone made in between: put it back (our next link attempt then fails).
    try {
      linkSync(aside, file);
    } catch {
      // Someone holds the name again; theirs stands.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Nothing to clean.
  }
}
