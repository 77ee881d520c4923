import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/database';
import { appMeta } from '../db/schema';

const AUTH_SECRET_KEY = 'auth_secret';

/**
 * The secret that signs sessions: AUTH_SECRET when set; otherwise one generated once and kept where
 * every process of the shop finds it, so sessions survive a restart and all instances sign cookies
 * alike: in PostgreSQL when the shop runs on it (several instances), else in DATA_DIR. `warn` is told
 * which, because production should set it.
 */
export async function resolveAuthSecret({
  configured,
  dataDir,
  database,
  warn,
}: {
  configured: string | undefined;
  dataDir: string;
  database: DatabaseHandle;
  warn: (message: string) => void;
}): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString('base64url');

  if (database.kind === 'postgres') {
    // Of several instances starting at once, the first insert wins and every one reads it back.
    await database.db
      .insert(appMeta)
      .values({ key: AUTH_SECRET_KEY, value: generated })
      .onConflictDoNothing();
    const [kept] = await database.db.select().from(appMeta).where(eq(appMeta.key, AUTH_SECRET_KEY));
    if (!kept) throw new Error('The generated auth secret was not stored');
    if (kept.value === generated) {
      warn(
        'AUTH_SECRET is not set: generated one and kept it in the database. Set AUTH_SECRET in production.',
      );
    }
    return kept.value;
  }

  if (dataDir.startsWith('memory://')) {
    warn('AUTH_SECRET is not set: using a temporary secret; sessions end when the server stops.');
    return generated;
  }
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  writeFileSync(file, generated, { mode: 0o600 });
  warn(`AUTH_SECRET is not set: generated one and kept it in ${file}. Set AUTH_SECRET in production.`);
  return generated;
}
