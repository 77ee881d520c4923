import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError, lockDataDir } from './data-dir-lock';

/** Issue 31 item 7: the DATA_DIR lock after a kill -9, when the next start gets the same process id. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folderLockedBy(owner: { pid: number; since: string; token?: string }): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolshop-lock-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'shop.lock'), JSON.stringify({ host: hostname(), command: 'main.js', ...owner }));
  return dir;
}

describe('the DATA_DIR lock', () => {
  it('takes over a lock left with its own process id by a killed process (a container restarts as pid 1)', () => {
    const dir = folderLockedBy({
      pid: process.pid,
      since: new Date(Date.now() - 60_000).toISOString(),
      token: 'old',
    });
    const release = lockDataDir(dir);
    // ... and holds it now: a second taking in this process is refused.
    expect(() => lockDataDir(dir)).toThrow(DataDirError);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock whose process id now belongs to a process started after the lock was taken', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const pid = child.pid ?? 0;
      // Taken an hour before this process started: whoever took it is gone.
      const stale = folderLockedBy({ pid, since: new Date(Date.now() - 3_600_000).toISOString() });
      lockDataDir(stale)();
      // Taken since it started: it is the holder, and it is alive.
      const live = folderLockedBy({ pid, since: new Date(Date.now() + 5_000).toISOString() });
      expect(() => lockDataDir(live)).toThrow(/is in use by process/);
    } finally {
      child.kill();
    }
  });
});
