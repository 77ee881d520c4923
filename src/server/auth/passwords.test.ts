import type * as HashWasm from 'hash-wasm';
import { describe, expect, it, vi } from 'vitest';

// Counts how many argon2 hashes run at once (each holds a 19 MiB WebAssembly memory while it runs).
let running = 0;
let most = 0;
vi.mock('hash-wasm', async (importOriginal) => {
  const real = await importOriginal<typeof HashWasm>();
  return {
    ...real,
    argon2id: async (options: Parameters<typeof real.argon2id>[0]) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await real.argon2id(options);
      } finally {
        running -= 1;
      }
    },
  };
});

const { hashPassword, verifyPassword } = await import('./passwords');

describe('password hashing under a burst of sign-ins', () => {
  it('hashes one password at a time, and every caller gets its own right answer', async () => {
    const passwords = Array.from({ length: 6 }, (_, n) => `burst-password-${n}`);
    const hashes = await Promise.all(passwords.map((password) => hashPassword(password)));
    expect(most).toBe(1);
    const checks = await Promise.all(
      hashes.map((hash, n) => verifyPassword({ hash, password: passwords[n] ?? '' })),
    );
    expect(checks).toEqual(passwords.map(() => true));
    expect(await verifyPassword({ hash: hashes[0] ?? '', password: 'wrong' })).toBe(false);
    expect(most).toBe(1);
  });
});
