// @module-tag database-specific: the embedded database's own files and engine
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectPaths } from '../config/project-paths';
import { openTestDatabase } from '../test/test-database';
import { hasNewestMigration } from './database';

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
