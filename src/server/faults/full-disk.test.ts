// @module-tag database-specific: a full disk under the database
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { openTestDatabase } from '../test/test-database';

/**
 * The shop's disk fills up or turns read-only. Writes answer 503 with Retry-After and
 * a sentence saying so (not a generic 500), readiness says the storage is unwritable, and both recover
 * when the disk does. The disk is a 64 KB tmpfs, mounted here (the tests run as root, as CI does).
 */
const mountPoint = mkdtempSync(join(tmpdir(), 'toolshop-disk-'));
const canMount = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

// A 1×1 PNG and a few kilobytes: a picture the shop takes.
const png = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.alloc(8192, 1),
]);

function multipart(content: Buffer) {
  const boundary = '----full-disk';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.skipIf(!canMount)('a full or read-only disk', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: TestUser;

  beforeAll(async () => {
    const database = await openTestDatabase();
    app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', DATA_DIR: 'memory://' }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      backgroundJobs: false,
      uploadsDir: mountPoint,
    });
    await app.ready();
    admin = await signUpAdmin(app, database.db);
  });
  afterAll(async () => {
    await app.close();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  const upload = () => injectAs(app, admin, { method: 'POST', url: '/api/admin/uploads', ...multipart(png) });
  const ready = () => app.inject({ method: 'GET', url: '/api/readyz' });

  it('answers 503 with a sentence while the disk is full, and recovers when there is room', async () => {
    const filler = join(mountPoint, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(128 * 1024));
    } catch {
      // Filled to the last byte: what the test wants.
    }
    const refused = await upload();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/disk is full or read-only/);
    expect((await ready()).statusCode).toBe(503);
    expect((await ready()).json()).toMatchObject({ status: 'unavailable', storage: 'unwritable' });

    rmSync(filler);
    expect((await ready()).json()).toMatchObject({ status: 'ready', storage: 'ok' });
    expect((await upload()).statusCode).toBe(201);
  });

  it('answers 503 while the disk is read-only, and recovers when it is writable again', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mountPoint]);
    try {
      const other = await injectAs(app, admin, {
        method: 'POST',
        url: '/api/admin/uploads',
        ...multipart(Buffer.concat([png, Buffer.from('other')])),
      });
      expect(other.statusCode, other.body).toBe(503);
      expect((await ready()).json()).toMatchObject({ status: 'unavailable', storage: 'unwritable' });
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mountPoint]);
    }
    expect((await ready()).statusCode).toBe(200);
  });
});
