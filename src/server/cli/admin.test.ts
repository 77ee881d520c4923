import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database';
import { auditLog, users } from '../db/schema';
import { runAdminCommand } from './admin';

// The command opens the database itself, so it gets a real PGlite folder (memory:// would be empty).
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'toolshop-cli-'));
  const database = await openDatabase({ dataDir });
  await database.db.insert(users).values({ id: 'u1', name: 'Owner', email: 'owner@example.com' });
  await database.close();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin -- grant <email>', () => {
  it('makes an existing account admin', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(await runAdminCommand(['grant', 'Owner@Example.com'], { DATA_DIR: dataDir })).toBe(0);
    expect(info).toHaveBeenCalledWith('Owner@Example.com is now an admin.');

    const database = await openDatabase({ dataDir });
    const [row] = await database.db.select().from(users).where(eq(users.id, 'u1'));
    const entries = await database.db.select().from(auditLog);
    await database.close();
    expect(row?.role).toBe('admin');
    // The audit log says the grant came from the command line.
    expect(entries).toMatchObject([
      { actorEmail: 'npm run admin', action: 'user.make_admin', subject: 'owner@example.com' },
    ]);
  });

  it('explains an unknown account and a wrong command', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await runAdminCommand(['grant', 'ghost@example.com'], { DATA_DIR: dataDir })).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('There is no account for ghost@example.com'));
    expect(await runAdminCommand(['promote'], { DATA_DIR: dataDir })).toBe(2);
  });
});

describe('npm run admin -- revoke <email>', () => {
  it('takes admin rights back, but never from the last admin', async () => {
    const database = await openDatabase({ dataDir });
    await database.db
      .insert(users)
      .values({ id: 'u2', name: 'Second', email: 'second@example.com', role: 'admin' });
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, 'u1'));
    await database.close();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    expect(await runAdminCommand(['revoke', 'second@example.com'], { DATA_DIR: dataDir })).toBe(0);
    expect(info).toHaveBeenCalledWith('second@example.com is no longer an admin.');
    expect(await runAdminCommand(['revoke', 'owner@example.com'], { DATA_DIR: dataDir })).toBe(1);
    expect(error).toHaveBeenCalledWith('The last admin cannot lose admin rights');

    const check = await openDatabase({ dataDir });
    const rows = await check.db.select({ id: users.id, role: users.role }).from(users);
    const revoked = await check.db.select().from(auditLog).where(eq(auditLog.action, 'user.revoke_admin'));
    await check.close();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.role]))).toEqual({ u1: 'admin', u2: 'user' });
    expect(revoked).toMatchObject([{ actorEmail: 'npm run admin', subject: 'second@example.com' }]);
  });
});
