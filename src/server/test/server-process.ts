import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { inject } from 'vitest';
import { databaseUrl, onServer } from './global-setup';

/**
 * A test that starts server processes and loads them may take a while on a busy 2-core machine (CI runs
 * it beside the browser journeys); it waits for events, never for a fixed time.
 */
export const PROCESS_TEST_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code once the process ended (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Waits until the output matches, up to `timeoutMs`; throws with the output otherwise. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  output(): string;
  /** The shop's address, once it printed it. */
  url(): Promise<string>;
}

/**
 * Starts the real server (bundled by the global setup) as its own process, the way an operator does,
 * and collects what it prints. `entry` is the server, or the admin command (`npm run admin`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  {
    entry = 'main',
    args = [],
    within = [],
  }: {
    entry?: 'main' | 'admin';
    args?: string[];
    /** A command the server runs under, e.g. `unshare --pid --fork …` for a PID namespace of its own. */
    within?: string[];
  } = {},
): Promise<ServerProcess> {
  // A port chosen here (not PORT=0) makes PUBLIC_URL, and so the allowed Origin, the real address.
  if (env.PORT === undefined && entry === 'main') env = { PORT: String(await freePort()), ...env };
  const program = [
    ...within,
    process.execPath,
    '--enable-source-maps',
    // As `npm start` runs it: on Node 24 only the command line keeps the embedded engine's WebAssembly
    // at the baseline tier; without it the optimising tier recompiled it in the background a second
    // after every start (550 MiB and both cores of a busy CI machine for seconds).
    '--liftoff-only',
    join(inject('serverBundle'), `${entry}.js`),
    ...args,
  ];
  const child = spawn(program[0] ?? process.execPath, program.slice(1), {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PAYMENTS_TEST_MODE: 'true',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      MAX_UNPAID_ORDERS: '1000',
      RATE_LIMIT_SCALE: '1000',
      // CI's PostgreSQL, busy creating other files' databases, once took more than the 5 s default
      // to accept a connection; the tests of that limit set their own.
      DB_CONNECT_TIMEOUT_MS: '30000',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  // By default a test waits for what it needs as long as its own limit lets it: a busy machine takes
  // longer to start a server, and a wall-clock budget of its own only failed there (issue 66).
  const printed = async (pattern: RegExp, timeoutMs = PROCESS_TEST_TIMEOUT_MS) => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
      const match = pattern.exec(output);
      if (match) return match;
      if (exitCode !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`never printed ${String(pattern)}; output:\n${output}`);
  };
  return {
    child,
    exited,
    printed,
    output: () => output,
    url: async () => (await printed(/running at (http:\/\/localhost:\d+)/))[1] ?? '',
  };
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The database a process test's server runs on, as `[name, make]` for describe.each: the embedded one in
 * a folder of its own, or, in the run that names PostgreSQL (TEST_DATABASE_URL), a database of its own
 * there. `cleanups` is given what removes it.
 */
export function processTestDatabases(
  prefix: string,
  cleanups: (() => Promise<void> | void)[],
): [string, () => Promise<Record<string, string>>][] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return [
      [
        'the embedded database',
        async () => {
          const dir = mkdtempSync(join(tmpdir(), `toolshop-${prefix}-`));
          cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
          return { DATA_DIR: dir };
        },
      ],
    ];
  }
  return [
    [
      'PostgreSQL',
      async () => {
        const name = `toolshop_${prefix}_${randomBytes(4).toString('hex')}`;
        await onServer(serverUrl, `create database ${name}`);
        cleanups.push(() => onServer(serverUrl, `drop database if exists ${name} with (force)`));
        return { DATABASE_URL: databaseUrl(serverUrl, name), DATA_DIR: 'memory://' };
      },
    ],
  ];
}
