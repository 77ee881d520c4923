import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { storageCode, writeProbe } from './write-probe';

/**
 * The embedded database must never be handed a write its folder cannot take. PostgreSQL treats a WAL
 * write that fails (EROFS, ENOSPC, EIO) as a PANIC; in PGlite a PANIC is an emscripten abort(), a
 * RuntimeError that PGlite's protocol loop (execProtocolRawSync) swallows before it calls the backend
 * again. That backend still holds WALWriteLock from the failed commit, so the next commit's XLogFlush
 * waits for it on a semaphore that is a no-op in a single process: a busy loop on the server's one
 * thread, with no syscall, no timer and no signal handler running again (electric-sql/pglite#1058).
 *
 * So (1) the folder is probed every PROBE_MS and, while it takes no write, every query is refused
 * before it reaches PGlite (503 "storage full or read-only"); and (2) should the folder turn read-only
 * between two probes and a commit abort the backend, the abort is caught and turned into an error
 * instead of a loop: PGlite is dead from then on, every query is refused, and close() skips it.
 */
export const PROBE_MS = 1000;
/**
 * One PostgreSQL page. Not flushed (no fsync a second): a read-only folder refuses the file, a full
 * one its first block (ext4 still takes a few hundred bytes when full).
 */
const PROBE_BYTES = 8192;

/** Refused because the database's folder takes no write now; `code` is what the probe got (EROFS, ENOSPC…). */
export class StorageUnwritableError extends Error {
  override name = 'StorageUnwritableError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The embedded database aborted (a PANIC): it serves nothing until the shop restarts. */
export class EmbeddedDatabaseAbortedError extends Error {
  override name = 'EmbeddedDatabaseAbortedError';
  /** EROFS/ENOSPC when the folder took no write as it aborted (the storage 503), else crash_shutdown. */
  readonly code: string;
  constructor(cause: unknown, storageCode: string | undefined) {
    super(
      'The embedded database aborted' +
        (storageCode ? ` (its folder takes no write: ${storageCode})` : '') +
        '; restart the shop once DATA_DIR is writable',
      { cause },
    );
    this.code = storageCode ?? '57P02';
  }
}

/** The parts of PGlite's emscripten module the guard wraps (PGlite keeps it in a protected `mod`). */
interface PgliteModule {
  _PostgresMainLoopOnce: () => void;
  _PostgresSendReadyForQueryIfNecessary: () => void;
  _pgl_pq_flush: () => void;
  stackRestore: (sp: number) => unknown;
}

interface GuardedClient {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}

export interface PgliteGuard {
  /** Why queries are refused now, if they are. */
  refusal(): Error | undefined;
  /** Whether PGlite aborted (then it must not be closed: close() would enter the dead backend). */
  aborted(): boolean;
  /**
   * Whether the engine finished a protocol step within the last `ms`: one that is slow because every
   * query waits its turn on a starved CPU is busy, not down.
   */
  answeredWithin(ms: number): boolean;
  /** Probes the folder now (the periodic probe otherwise); resolves to whether it takes writes. */
  probe(): Promise<boolean>;
  stop(): void;
}

/** The folder's refusal of a write, as the error every refused query gets. */
async function folderRefusal(dir: string, name: string): Promise<StorageUnwritableError | undefined> {
  const code = await writeProbe(dir, name, { bytes: PROBE_BYTES });
  return code === undefined
    ? undefined
    : new StorageUnwritableError(
        code,
        `The database folder ${dir} takes no write (${code}): queries are refused until it does`,
      );
}

/** The same probe, synchronous: run once, at the moment PGlite aborts, to say why. */
function folderRefusalSync(dir: string, name: string): string | undefined {
  const probe = join(dir, name);
  try {
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, Buffer.alloc(PROBE_BYTES));
    } finally {
      closeSync(fd);
    }
    return undefined;
  } catch (error) {
    return storageCode(error);
  } finally {
    try {
      unlinkSync(probe);
    } catch {
      // Not there, or the folder is read-only.
    }
  }
}

export function guardPglite(
  client: object,
  dir: string,
  options: { probeMs?: number; onChange?: (refusal: Error | undefined) => void } = {},
): PgliteGuard {
  const probeName = `.writable-${process.pid}`;
  let unwritable: StorageUnwritableError | undefined;
  let abort: EmbeddedDatabaseAbortedError | undefined;
  const refusal = (): Error | undefined => abort ?? unwritable;

  // (2) The abort, caught where PGlite calls the backend, and thrown again where PGlite does not
  // swallow it: stackRestore runs in the protocol loop's catch, outside its try.
  const mod = (client as { mod?: PgliteModule }).mod;
  if (!mod) throw new Error('PGlite has no module to guard (not started?)');
  const loopOnce = mod._PostgresMainLoopOnce.bind(mod);
  const stackRestore = mod.stackRestore.bind(mod);
  const sendReady = mod._PostgresSendReadyForQueryIfNecessary.bind(mod);
  const flush = mod._pgl_pq_flush.bind(mod);
  let answeredAt = Date.now();
  mod._PostgresMainLoopOnce = () => {
    if (abort) throw abort;
    try {
      loopOnce();
      answeredAt = Date.now();
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        abort = new EmbeddedDatabaseAbortedError(error, folderRefusalSync(dir, probeName));
        options.onChange?.(abort);
      }
      throw error;
    }
  };
  mod.stackRestore = (sp) => {
    const result = stackRestore(sp);
    if (abort) throw abort;
    return result;
  };
  // Run in the protocol loop's `finally`: not into a dead backend.
  mod._PostgresSendReadyForQueryIfNecessary = () => {
    if (!abort) sendReady();
  };
  mod._pgl_pq_flush = () => {
    if (!abort) flush();
  };

  // (1) No query reaches PGlite while the folder takes no write. A transaction under way goes on to
  // its end (its ROLLBACK must reach the backend), so the gate is at the methods drizzle calls.
  const guarded = client as GuardedClient;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = guarded[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (guarded as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const refused = refusal();
      return refused ? Promise.reject(refused) : original(...args);
    };
  }

  let probing: Promise<boolean> | null = null;
  const probe = () => {
    probing ??= folderRefusal(dir, probeName)
      .then((refused) => {
        const changed = Boolean(refused) !== Boolean(unwritable);
        unwritable = refused;
        if (changed && !abort) options.onChange?.(refused);
        return !refused;
      })
      .finally(() => {
        probing = null;
      });
    return probing;
  };
  const timer = setInterval(() => void probe(), options.probeMs ?? PROBE_MS);
  timer.unref();

  return {
    refusal,
    aborted: () => abort !== undefined,
    answeredWithin: (ms) => !abort && Date.now() - answeredAt <= ms,
    probe,
    stop: () => clearInterval(timer),
  };
}
