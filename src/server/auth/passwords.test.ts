import type * as Argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts how many argon2 hashes and checks run at once (each holds 19 MiB while it runs).
let running = 0;
let most = 0;
function counted<A extends unknown[], R>(work: (...args: A) => Promise<R>) {
  return async (...args: A) => {
    running += 1;
    most = Math.max(most, running);
    try {
      return await work(...args);
    } finally {
      running -= 1;
    }
  };
}
vi.mock('argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

const { hashPassword, needsRehash, verifyPassword } = await import('./passwords');

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

describe('stored hashes', () => {
  afterEach(() => vi.unstubAllEnvs());

  // Written by hash-wasm (parameters m,t,p) before the shop moved to node-argon2 (m,p,t): the
  // password "correct horse battery staple" at OWASP's parameters.
  const fromHashWasm =
    '$argon2id$v=19$m=19456,t=2,p=1$AQEBAQEBAQEBAQEBAQEBAQ$62QdG5Ru3xTGLX3KBXjk3JI2y0qvK/4QPpdRvIrGYkI';

  it('accepts a hash from before the move, which needs no rehash', async () => {
    expect(await verifyPassword({ hash: fromHashWasm, password: 'correct horse battery staple' })).toBe(true);
    expect(await verifyPassword({ hash: fromHashWasm, password: 'correct horse battery stapler' })).toBe(
      false,
    );
    vi.stubEnv('PASSWORD_HASHING', 'production');
    expect(needsRehash(fromHashWasm)).toBe(false);
    expect(needsRehash(fromHashWasm.replace('t=2', 't=1'))).toBe(true);
  });

  it('refuses, without throwing, a hash that is not one', async () => {
    for (const hash of [
      '$argon2id$v=19$m=64,t=1,p=1$AAAA$BBBB',
      '$argon2id$v=19$m=64,t=1$AQEBAQEBAQEBAQEBAQEBAQ$62QdG5Ru3xTGLX3KBXjk3JI2y0qvK/4QPpdRvIrGYkI',
      '$argon2id$v=19$m=64,t=1,p=1,x=2$AQEBAQEBAQEBAQEBAQEBAQ$62QdG5Ru3xTGLX3KBXjk3JI2y0qvK/4QPpdRvIrGYkI',
    ]) {
      expect(await verifyPassword({ hash, password: 'x' }), hash).toBe(false);
      expect(needsRehash(hash), hash).toBe(true);
    }
  });
});
