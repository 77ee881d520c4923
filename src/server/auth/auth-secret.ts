import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs sessions: AUTH_SECRET when set; otherwise one generated once and kept in
 * DATA_DIR so sessions survive a restart. `warn` is told which, because production should set it.
 */
export function resolveAuthSecret(
  configured: string | undefined,
  dataDir: string,
  warn: (message: string) => void,
): string {
  if (configured) return configured;
  if (dataDir.startsWith('memory://')) {
    warn('AUTH_SECRET is not set: using a temporary secret; sessions end when the server stops.');
    return randomBytes(32).toString('base64url');
  }
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  warn(`AUTH_SECRET is not set: generated one and kept it in ${file}. Set AUTH_SECRET in production.`);
  return secret;
}
