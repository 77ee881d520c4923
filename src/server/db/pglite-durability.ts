import { closeSync, fdatasyncSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database's commits reach the disk before the shop acknowledges them.
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and even with fsync on, its file system (emscripten's
 * NODEFS over `node:fs`) never reached the disk: `fdatasync` (PostgreSQL's WAL flush on Linux) is a
 * no-op there, and `fsync` asks the stream for an `fsync` that NODEFS does not have. So a commit was in
 * the operating system's cache only: on a disk error that aborted the ext4 journal, orders acknowledged
 * seconds earlier were gone after the repair and the invoice counter went back (INV- numbers issued
 * twice); after a power cut a young database's files were left empty (issue 64).
 *
 * So PostgreSQL runs with fsync on and flushes its WAL with `fsync()` (wal_sync_method=fsync, the one
 * method emscripten passes on to the stream), and NODEFS's streams learn to flush: a file's data with
 * fdatasync (its size included; no journal commit for its times), a folder's entries with fsync.
 * A flush that fails is PostgreSQL's to handle: it stops (PANIC) rather than acknowledge what the disk
 * may not hold, and pglite-guard.ts turns that abort into refusals until a restart.
 */
export const DURABLE_START_PARAMS = ['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/** PGlite's own start parameters without `-F`, its switch that turns fsync off. */
export function withoutFsyncOff(params: readonly string[]): string[] {
  return params.filter((param) => param !== '-F');
}

/** What the file system's `preRun` sees of emscripten's module: NODEFS's streams and FS's error. */
interface EmscriptenNodeFs {
  NODEFS: {
    stream_ops: Record<string, unknown>;
    tryFSOperation: <T>(operation: () => T) => T;
  };
  FS: { isDir: (mode: number) => boolean };
}

interface NodeFsStream {
  /** The real file descriptor NODEFS opened (absent for a stream that is not NODEFS's). */
  nfd?: number;
  node: { mode: number };
}

/** Gives emscripten's NODEFS streams the `fsync` it lacks; PostgreSQL's fsync() calls reach it. */
export function teachNodeFsToFlush(module: EmscriptenNodeFs): void {
  const { NODEFS, FS } = module;
  NODEFS.stream_ops.fsync = (stream: NodeFsStream): number => {
    const fd = stream.nfd;
    if (fd === undefined) return 0;
    // A failure becomes the errno PostgreSQL sees (EIO, ENOSPC), not an exception through the engine.
    NODEFS.tryFSOperation(() => (FS.isDir(stream.node.mode) ? fsyncSync(fd) : fdatasyncSync(fd)));
    return 0;
  };
}

/** PGlite's file system for a folder, whose flushes reach the disk. */
export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = emscriptenOpts.preRun ?? [];
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // After NodeFS's own preRun has mounted the folder.
        preRun: [...preRun, (module: unknown) => teachNodeFsToFlush(module as EmscriptenNodeFs)],
      },
    };
  }
}

/** Flushes one file or folder to the disk. */
function flush(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Flushes a new database's every file and folder to the disk, and its entry in the folder above.
 * PostgreSQL flushes what it writes once it runs, but not the files initdb wrote (PGlite runs it
 * without syncing): a database under half a minute old (ext4 writes back after 5 to 30 s) came back
 * from a disk error or a power cut with empty files, and the shop would not start.
 */
export function flushNewDatabase(folder: string): void {
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) flush(child);
    }
    flush(path);
  };
  walk(folder);
  flush(dirname(folder));
}
