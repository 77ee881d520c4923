import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Whether a folder takes a write: a small file `name` created, written (and flushed, with `sync`) and
 * removed. Answers undefined when it does, else the file system's refusal as a code isStorageFull
 * knows (EROFS, ENOSPC, EDQUOT; anything else is io_error, 58030). The database guard probes the
 * embedded database's folder with it every second, readiness the folders the shop writes to.
 */
export async function writeProbe(
  dir: string,
  name: string,
  { bytes, sync = false }: { bytes: number; sync?: boolean },
): Promise<string | undefined> {
  const probe = join(dir, name);
  try {
    const file = await open(probe, 'w');
    try {
      await file.write(Buffer.alloc(bytes));
      if (sync) await file.sync();
    } finally {
      await file.close();
    }
    return undefined;
  } catch (error) {
    return storageCode(error);
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

/** A failed write's code as isStorageFull knows it: the file system's own, else io_error (58030). */
export function storageCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EROFS' || code === 'ENOSPC' || code === 'EDQUOT' ? code : '58030';
}
