import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

export interface SmallDisk {
  /** Whether it is mounted: only as root (as CI runs the tests) and on the embedded database. */
  mounted: boolean;
  path: string;
  /** Writes one file until the disk is full, to the last byte. */
  fill(): void;
  /** Removes what `fill` wrote. */
  free(): void;
}

/**
 * A small tmpfs for a test file's full-disk faults of the embedded database, mounted as the file loads
 * and unmounted when it ends. Not on PostgreSQL: there those tests are skipped, and so are the hooks
 * that would unmount it.
 */
export function smallDiskForEmbeddedDatabase(name: string, size: `${number}m`): SmallDisk {
  const unmounted = { mounted: false, path: '', fill: () => undefined, free: () => undefined };
  if (process.env.TEST_DATABASE_URL) return unmounted;
  const path = mkdtempSync(join(tmpdir(), `toolshop-${name}-`));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path], { stdio: 'ignore' });
  } catch {
    rmSync(path, { recursive: true, force: true });
    return unmounted;
  }
  afterAll(() => {
    execFileSync('umount', ['--lazy', path]);
    rmSync(path, { recursive: true, force: true });
  });
  const filler = join(path, 'filler');
  return {
    mounted: true,
    path,
    fill() {
      try {
        writeFileSync(filler, Buffer.alloc((Number.parseInt(size, 10) + 1) * 1024 * 1024));
      } catch {
        // Filled to the last byte: what the test wants.
      }
    },
    free: () => rmSync(filler, { force: true }),
  };
}
