// @module-tag database-specific: the embedded engine's guard against an aborted backend and a read-only or full disk
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { smallDiskForEmbeddedDatabase } from '../test/tmpfs';
import { isStorageFull } from './unavailable';
import { EmbeddedDatabaseAbortedError, guardPglite, StorageUnwritableError } from './pglite-guard';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A 96 MB disk for the database, when the tests run as root (as CI does). */
const disk = smallDiskForEmbeddedDatabase('guard-disk', '96m');

async function pglite() {
  const dir = mkdtempSync(join(tmpdir(), 'toolshop-guard-'));
  dirs.push(dir);
  const { PGlite } = await import('@electric-sql/pglite');
  return { dir, client: await PGlite.create(join(dir, 'pglite')) };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database guard', () => {
  it('turns an aborted backend into an error instead of a busy loop, and refuses every later query', async () => {
    const { dir, client } = await pglite();
    const mod = (client as unknown as { mod: { _PostgresMainLoopOnce: () => void } }).mod;
    // What a PANIC is in PGlite: abort() throws a RuntimeError from inside the backend.
    const real = mod._PostgresMainLoopOnce.bind(mod);
    let panic = false;
    mod._PostgresMainLoopOnce = () => {
      if (panic) throw new WebAssembly.RuntimeError('Aborted()');
      real();
    };
    const guard = guardPglite(client, dir, { probeMs: 60_000 });
    try {
      await client.exec('create table t (n int)');
      panic = true;
      const started = Date.now();
      await expect(client.query('insert into t values (1)')).rejects.toBeInstanceOf(
        EmbeddedDatabaseAbortedError,
      );
      await expect(client.query('select 1')).rejects.toBeInstanceOf(EmbeddedDatabaseAbortedError);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(guard.aborted()).toBe(true);
      // The folder took writes as the backend aborted: not the storage 503, the database's.
      expect(isStorageFull(guard.refusal())).toBe(false);
    } finally {
      guard.stop();
    }
  });

  it.skipIf(process.getuid?.() === 0)(
    'refuses queries while the folder takes no write, and serves again after',
    async () => {
      const { dir, client } = await pglite();
      const folder = join(dir, 'pglite');
      const guard = guardPglite(client, folder, { probeMs: 60_000 });
      try {
        chmodSync(folder, 0o500);
        expect(await guard.probe()).toBe(false);
        const refused = await client.query('select 1').catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(StorageUnwritableError);
        expect(isStorageFull(refused)).toBe(true);
        chmodSync(folder, 0o700);
        expect(await guard.probe()).toBe(true);
        expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      } finally {
        chmodSync(folder, 0o700);
        guard.stop();
        await client.close();
      }
    },
  );

  // As root (CI) a folder's mode stops nothing: the database lives on a small tmpfs that fills up.
  it.skipIf(!disk.mounted)(
    'refuses queries while its disk is full, and serves again when there is room',
    async () => {
      const folder = join(disk.path, 'pglite');
      const { PGlite } = await import('@electric-sql/pglite');
      const client = await PGlite.create(folder);
      const guard = guardPglite(client, folder, { probeMs: 60_000 });
      try {
        await client.exec('create table t (n int)');
        disk.fill();
        expect(await guard.probe()).toBe(false);
        // Refused before PGlite sees it: no WAL write to fail, no abort, nothing for the backend to spin on.
        const refused = await client.query('insert into t values (1)').catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(StorageUnwritableError);
        expect(refused).toMatchObject({ code: 'ENOSPC' });
        expect(isStorageFull(refused)).toBe(true);
        expect(guard.aborted()).toBe(false);
        disk.free();
        expect(await guard.probe()).toBe(true);
        await client.query('insert into t values (1)');
        expect((await client.query<{ n: number }>('select n from t')).rows).toEqual([{ n: 1 }]);
      } finally {
        disk.free();
        guard.stop();
        await client.close();
      }
    },
  );
});
