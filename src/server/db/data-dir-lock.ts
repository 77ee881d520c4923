import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { type Server, connect, createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

/** Who holds a data folder: written into its lock file, shown to a process that is refused. */
interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
  /** Unique to one taking of the lock: a restarted process with the same pid does not hold it. */
  token?: string;
}

/** The locks this process holds (by token): a pid alone cannot say, since a container restarts as pid 1. */
const heldHere = new Set<string>();

/** When a process on this machine started (ms since the epoch), from /proc; null where unknown. */
function processStartedAt(pid: number): number | null {
  try {
    // Field 22 of /proc/<pid>/stat is the start time in clock ticks after boot (100 a second on Linux);
    // the command name (field 2) may hold spaces, so the fields are counted after its closing bracket.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(bootSeconds)) return null;
    return bootSeconds * 1000 + ticks * 10;
  } catch {
    return null;
  }
}

export class DataDirError extends Error {
  override name = 'DataDirError';
}

const LOCK_FILE = 'shop.lock';
/**
 * The holder listens on this socket in the folder for as long as it holds the lock. A process id and
 * a host name can be shared by two live processes (each PID 1 in a container, both named after the
 * same host, one volume): a listening socket cannot, and a killed holder's refuses connections.
 */
const BEACON = 'shop.lock.sock';
/**
 * A lock this young may still be setting up its socket: a start that finds one whose holder seems gone
 * waits until it is this old and asks the socket again, rather than take it over (or refuse) too soon.
 */
const SETTING_UP_MS = 5000;
/** Unix socket paths are limited to 107 bytes on Linux (108 with the closing NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Runs `use` with a path to the folder's socket short enough to bind or connect, however long the
 * folder's own path: the folder's path itself, else the folder reached through a descriptor of it that
 * this process holds open meanwhile (`/proc/self/fd/N/shop.lock.sock`, ~35 bytes), else through a
 * symbolic link in the temporary folder (a system without /proc). The socket itself is made in the
 * folder either way, where every process that shares the folder finds it. A folder whose path was too
 * long had no socket at all: two shops with the same PID in separate PID namespaces both served it,
 * and the second's acknowledged orders were lost (issue 64).
 */
async function withSocketPath<T>(dataDir: string, use: (path: string) => Promise<T>): Promise<T> {
  const folder = resolve(dataDir);
  const direct = join(folder, BEACON);
  if (Buffer.byteLength(direct) <= MAX_SOCKET_PATH) return use(direct);
  if (existsSync('/proc/self/fd')) {
    const fd = openSync(folder, 'r');
    try {
      return await use(`/proc/self/fd/${fd}/${BEACON}`);
    } finally {
      closeSync(fd);
    }
  }
  const link = join(tmpdir(), `shop-lock-${randomBytes(6).toString('hex')}`);
  symlinkSync(folder, link);
  try {
    return await use(join(link, BEACON));
  } finally {
    rmSync(link, { force: true });
  }
}

/** Whether a live process listens on the folder's socket (its lock's holder). */
function beaconAnswers(dataDir: string): Promise<boolean> {
  return withSocketPath(
    dataDir,
    (path) =>
      new Promise((done) => {
        const socket = connect({ path });
        socket.once('connect', () => {
          socket.destroy();
          done(true);
        });
        socket.once('error', () => done(false));
      }),
  );
}

/** Listens on the folder's socket while this process holds the lock; answers how to stop. */
async function lightBeacon(dataDir: string): Promise<() => void> {
  const socketFile = join(resolve(dataDir), BEACON);
  // Only a killed holder's socket can be here: the lock file is ours.
  rmSync(socketFile, { force: true });
  const server: Server = createServer((socket) => socket.destroy());
  // The path is resolved as the socket is bound: the descriptor or link may go once it listens.
  await withSocketPath(
    dataDir,
    (path) =>
      new Promise<void>((done, fail) => {
        server.once('error', fail);
        server.listen(path, () => done());
      }),
  );
  // The socket never keeps the process alive by itself (a command exits when its work is done).
  server.unref();
  return () => {
    // Removed by its real path: the short one it was bound by may name nothing now.
    server.close();
    rmSync(socketFile, { force: true });
  };
}

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
  // This very process holds it only if it took it (after a kill -9 the next start may get the same pid).
  if (owner.pid === process.pid) return owner.token !== undefined && heldHere.has(owner.token);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; ESRCH: it is gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A pid reused after a crash (another program, or another shop started later) does not hold the
  // folder: the holder started before it wrote the lock (a second's room for the clock's rounding).
  const startedAt = processStartedAt(owner.pid);
  if (startedAt !== null && startedAt > Date.parse(owner.since) + 1000) return false;
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
 * The lock file names its holder; one left by a killed process is taken over, once the socket its
 * holder listened on refuses a connection. The folder is made private to the service user (0700).
 * Answers a function that releases the lock.
 */
export async function lockDataDir(
  dataDir: string,
  command = basename(process.argv[1] ?? 'node'),
): Promise<() => void> {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  } catch (error) {
    throw notWritable(dataDir, error);
  }
  const file = join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    command,
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
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
        heldHere.add(me.token ?? '');
        const release = () => {
          heldHere.delete(me.token ?? '');
          if (readOwner(file)?.token === me.token) rmSync(file, { force: true });
        };
        try {
          const darken = await lightBeacon(dataDir);
          return () => {
            darken();
            release();
          };
        } catch (error) {
          release();
          throw notWritable(dataDir, error);
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw notWritable(dataDir, error);
      }
      const holder = readOwner(file);
      if (holder && !isAlive(holder) && !(await beaconAnswers(dataDir))) {
        // A holder killed moments after it started (a crash loop, a kill -9 under test) looks like
        // one still setting up its socket: wait out that window, then look again. Refusing here left
        // a supervisor's restart failing for up to SETTING_UP_MS after a crash.
        const young = Date.parse(holder.since) + SETTING_UP_MS - Date.now();
        if (young > 0) {
          await new Promise((resolve) => setTimeout(resolve, young + 50));
          if (!(await beaconAnswers(dataDir)) && readOwner(file)?.token === holder.token) {
            takeOverStaleLock(file, holder);
            continue;
          }
        }
      }
      const settingUp = holder !== null && Date.now() - Date.parse(holder.since) < SETTING_UP_MS;
      if (holder && (isAlive(holder) || settingUp || (await beaconAnswers(dataDir)))) {
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
