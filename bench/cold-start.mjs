// Time from starting the built server to its first answer, on a new embedded database (migrations and
// the demo seed included) and on an existing one, with the process's peak memory (max RSS).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './support.mjs';

async function start(dataDir, port) {
  const started = performance.now();
  const child = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server on ${dataDir} stopped before answering`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/tool`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const firstAnswerMs = performance.now() - started;
  // The kernel keeps the process's peak resident memory (VmHWM) until it exits.
  const peakKiB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
  child.kill('SIGTERM');
  if (!exited) await new Promise((resolve) => child.on('exit', resolve));
  return { firstAnswerMs, peakMiB: peakKiB / 1024 };
}

/**
 * PGlite alone opening the same database, with the settings the server gives it (db/database.ts:
 * PGlite's start parameters and a 16 MB buffer pool), and answering one query: the time from `node`'s
 * start to that answer, the part of a start no server code can shorten. Printed beside the start, it
 * tells a slow machine from a slow server (on this shared 2-core machine it ranged from 0.8 to 1.3 s
 * within one day).
 */
async function pgliteAlone(dataDir) {
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { fuzzystrmatch } = await import('@electric-sql/pglite/contrib/fuzzystrmatch');
    const client = await PGlite.create(${JSON.stringify(join(dataDir, 'pglite'))}, {
      extensions: { pg_trgm, fuzzystrmatch },
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    await client.query('select count(*) from products');
    console.log(performance.now());
    await client.close();`;
  const child = spawn('node', ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`PGlite alone could not open ${dataDir}`);
  // performance.now() counts from the process's start.
  return Number(output.trim());
}

/** Several starts, since one start on this shared machine can be off by a third either way. */
const RUNS = { new: 3, existing: 5 };

export async function benchColdStart() {
  const dirs = [];
  const newDir = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'toolshop-bench-')));
    return dirs.at(-1);
  };
  try {
    const runs = { new: [], existing: [] };
    for (let run = 0; run < RUNS.new; run += 1) runs.new.push(await start(newDir(), 4430));
    for (let run = 0; run < RUNS.existing; run += 1) runs.existing.push(await start(dirs[0], 4431));
    const floors = [];
    for (let run = 0; run < 3; run += 1) floors.push(await pgliteAlone(dirs[0]));
    for (const [label, starts] of Object.entries(runs)) {
      const times = starts.map((run) => run.firstAnswerMs / 1000);
      const peaks = starts.map((run) => run.peakMiB);
      console.log(
        `start    ${label.padEnd(8)} embedded database: first answer after ${median(times).toFixed(2)} s ` +
          `(median of ${times.length}: ${times.map((time) => time.toFixed(2)).join(', ')}), peak memory ${Math.max(...peaks).toFixed(0)} MiB`,
      );
    }
    console.log(
      `start    PGlite alone on the existing database, from node to its first answer: ${(median(floors) / 1000).toFixed(2)} s (median of ${floors.length})`,
    );
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
