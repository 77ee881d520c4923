import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { databaseUrl, onServer } from './global-setup';

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh database for one test, copied from the template the global setup migrated: in-memory PGlite
 * by default, or a new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on
 * close).
 */
export async function openTestDatabase({
  onQuery,
}: { onQuery?: (sql: string) => void } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!serverUrl || !template) {
    pgliteTemplate ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
    return openDatabase({ dataDir: 'memory://', pgliteDump: await pgliteTemplate, onQuery });
  }

  const name = `toolshop_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name} template ${template}`);
  const handle = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, name),
    dataDir: 'unused',
    onQuery,
    // Four test files share two cores with PostgreSQL itself: a wait the shop would give up on in
    // production (DB_*_TIMEOUT_MS) is load here, not a fault. The fault tests set their own.
    timeouts: { connectMs: 20_000, statementMs: 20_000, lockMs: 15_000 },
  });
  return {
    ...handle,
    async close() {
      await handle.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
