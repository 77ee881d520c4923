import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Starts the real entry point (through tsx) and collects what it prints until it exits. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PAYMENTS_TEST_MODE: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'memory://',
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
  const printed = async (pattern: RegExp) => {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const match = pattern.exec(output);
      if (match) return match;
      if (exitCode !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`never printed ${String(pattern)}; output:\n${output}`);
  };
  return { child, exited, printed, output: () => output };
}

// Each test starts its own process, so they run at once.
describe.concurrent('the server process', () => {
  it('refuses to start on a bad environment value, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: expected a port number');
  });

  it('prints its URL, serves, and shuts down cleanly on SIGTERM', async () => {
    const server = startServer({ PORT: '0' });
    const [, url] = await server.printed(/running at (http:\/\/localhost:\d+)/);
    const health = await fetch(`${url}/api/healthz`);
    expect(health.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
