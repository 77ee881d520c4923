// @module-tag database-specific: the embedded database's own files and engine
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectPaths } from '../config/project-paths';
import { openTestDatabase } from '../test/test-database';
import { hasNewestMigration, openDatabase } from './database';

/** Settings the embedded database starts with (db/database.ts); PostgreSQL keeps its server's own. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database', () => {
  it('starts with a 16 MB buffer pool, not the 128 MB PGlite would zero at every start', async () => {
    const database = await openTestDatabase();
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      const { rows } = result as { rows: { shared_buffers: string }[] };
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});

/** Whether strace can watch this process's system calls (as root, with strace installed). */
function straceAvailable(): boolean {
  try {
    execFileSync('strace', ['-V'], { stdio: 'ignore' });
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database in a folder', () => {
  it('runs with fsync on and flushes every commit to the disk before it answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshop-durable-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      const setting = async (name: string) => {
        const { rows } = (await database.db.execute(sql.raw(`show ${name}`))) as {
          rows: Record<string, string>[];
        };
        return rows[0]?.[name];
      };
      expect(await setting('fsync')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');
      expect(await setting('synchronous_commit')).toBe('on');
      if (!straceAvailable()) return;

      // What the kernel sees: a flush of the WAL for each of five commits (PGlite's own NODEFS made
      // none, whatever PostgreSQL asked for).
      await database.db.execute(sql`create table flushed (n int)`);
      const trace = spawn('strace', ['-f', '-e', 'trace=fsync,fdatasync', '-p', String(process.pid)], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let seen = '';
      trace.stderr.on('data', (chunk: Buffer) => (seen += chunk.toString()));
      while (!/attached/.test(seen)) await new Promise((resolve) => setTimeout(resolve, 20));
      for (let n = 0; n < 5; n += 1) await database.db.execute(sql`insert into flushed values (${n})`);
      trace.kill('SIGINT');
      await new Promise((resolve) => trace.once('exit', resolve));
      const flushes = seen.split('\n').filter((line) => /\b(fsync|fdatasync)\(/.test(line));
      expect(flushes.length, seen).toBeGreaterThanOrEqual(5);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the migration check at start', () => {
  it('skips the migrator only when the newest committed migration is in the database', async () => {
    const database = await openTestDatabase();
    const client = {
      query: async (statement: string) => {
        const { rows } = (await database.db.execute(sql.raw(statement))) as { rows: unknown[] };
        return { rows };
      },
    };
    try {
      expect(await hasNewestMigration(client, projectPaths.migrations)).toBe(true);
      // A database one migration behind (as after an upgrade of the shop) is migrated.
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await hasNewestMigration(client, projectPaths.migrations)).toBe(false);
      // So is one that has never been migrated.
      await database.db.execute(sql`drop table drizzle.__drizzle_migrations`);
      expect(await hasNewestMigration(client, projectPaths.migrations)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
