import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError, lockDataDir } from './data-dir-lock';

/** The DATA_DIR lock after a kill -9, when the next start gets the same process id. */
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
  it('takes over a lock left with its own process id by a killed process (a container restarts as pid 1)', async () => {
    const dir = folderLockedBy({
      pid: process.pid,
      since: new Date(Date.now() - 60_000).toISOString(),
      token: 'old',
    });
    const release = await lockDataDir(dir);
    // ... and holds it now: a second taking in this process is refused.
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirError);
    release();
    (await lockDataDir(dir))();
  });

  it('takes over a lock whose process id now belongs to a process started after the lock was taken', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const pid = child.pid ?? 0;
      // Taken an hour before this process started: whoever took it is gone.
      const stale = folderLockedBy({ pid, since: new Date(Date.now() - 3_600_000).toISOString() });
      (await lockDataDir(stale))();
      // Taken since it started: it is the holder, and it is alive.
      const live = folderLockedBy({ pid, since: new Date(Date.now() + 5_000).toISOString() });
      await expect(lockDataDir(live)).rejects.toThrow(/is in use by process/);
    } finally {
      child.kill();
    }
  });

  it('is taken over from a holder killed just after it started, once its setting-up window has passed', async () => {
    // A shop killed a second after it took the lock (a crash loop, a kill -9): its restart must not
    // be refused for looking like a holder still setting up its socket.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const dir = folderLockedBy({ pid: child.pid ?? 0, since: new Date(Date.now() - 1000).toISOString() });
    const started = Date.now();
    (await lockDataDir(dir))();
    // It waited out the window (5 s from the lock) before taking over, in case the socket came up.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3500);
  });

  it('is not taken from a holder that lights its socket within its setting-up window', async () => {
    // The other container's shop (same pid and host name, PID 1 each), one second into its start.
    const dir = folderLockedBy({
      pid: process.pid,
      since: new Date(Date.now() - 1000).toISOString(),
      token: 'another-container-starting',
    });
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `setTimeout(() => require('node:net').createServer(s => s.destroy()).listen(${JSON.stringify(join(dir, 'shop.lock.sock'))}), 1500)`,
      ],
      { stdio: 'ignore' },
    );
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(/is in use by process/);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
  });

  it('is not taken from a live holder with the same process id and host (each PID 1 in its container)', async () => {
    // The other container's shop: the same pid and host name as this process, alive, listening on
    // the folder's socket as a holder does.
    const dir = folderLockedBy({
      pid: process.pid,
      since: new Date(Date.now() - 60_000).toISOString(),
      token: 'another-container',
    });
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('node:net').createServer(s => s.destroy()).listen(${JSON.stringify(join(dir, 'shop.lock.sock'))}, () => console.log('listening'))`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      await expect(lockDataDir(dir)).rejects.toThrow(/is in use by process/);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // Killed: its socket refuses, and the lock is taken over.
    (await lockDataDir(dir))();
  });

  it('holds a folder whose path is far longer than a socket’s 107 bytes (200 characters)', async () => {
    const base = mkdtempSync(join(tmpdir(), 'toolshop-lock-'));
    dirs.push(base);
    const dir = join(base, 'd'.repeat(200 - base.length - 1));
    expect(dir).toHaveLength(200);
    const release = await lockDataDir(dir);
    try {
      expect(existsSync(join(dir, 'shop.lock.sock'))).toBe(true);
      // The lock now reads as another container's shop: the same pid and host, a token not this
      // process's. Its socket in the folder answers, so the folder is refused, as with a short path.
      const lock = join(dir, 'shop.lock');
      const owner = JSON.parse(readFileSync(lock, 'utf8')) as { since: string };
      const since = new Date(Date.now() - 60_000).toISOString();
      writeFileSync(lock, JSON.stringify({ ...owner, since, token: 'another-container' }));
      await expect(lockDataDir(dir)).rejects.toThrow(/is in use by process/);
    } finally {
      release();
    }
    // Its holder gone, the socket refuses and the lock is taken over.
    expect(existsSync(join(dir, 'shop.lock.sock'))).toBe(false);
    (await lockDataDir(dir))();
  });
});
