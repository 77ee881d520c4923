import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';

/** Settings the embedded database starts with (db/database.ts); PostgreSQL keeps its server's own. */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database', () => {
  it('starts with a 32 MB buffer pool, not the 128 MB PGlite would fill at every start', async () => {
    const database = await openTestDatabase();
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      const { rows } = result as { rows: { shared_buffers: string }[] };
      expect(rows[0]?.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
  });
});
