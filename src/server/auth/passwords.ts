import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { argon2id as Argon2id } from 'hash-wasm';
import { projectPaths } from '../config/project-paths';

/**
 * How passwords are stored (DESIGN §3): argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2,
 * p = 1), in the PHC string format. Hashes better-auth wrote before (scrypt N = 2^14, "salt:key") are
 * still accepted and replaced at the account's next successful sign-in (`needsRehash`).
 */
export const ARGON2 = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * The test suite's strength: argon2id at 64 KiB and one pass takes ~3 ms where production's takes
 * ~330 ms, and the suite signs up hundreds of accounts. Under NODE_ENV=test (vitest's) unless a test
 * asks for production's (PASSWORD_HASHING=production: the test of stored hashes does), and for the
 * browser journeys' shop with PASSWORD_HASHING=test, which the config allows only on a throw-away
 * in-memory database (config/env.ts).
 */
const TEST_ARGON2 = { memorySize: 64, iterations: 1, parallelism: 1, hashLength: 32 } as const;

/** The parameters new hashes get: production's, but for the test suite (TEST_ARGON2). */
export function argon2Parameters() {
  const hashing = process.env.PASSWORD_HASHING;
  if (hashing === 'test') return TEST_ARGON2;
  return process.env.NODE_ENV === 'test' && hashing !== 'production' ? TEST_ARGON2 : ARGON2;
}

const PREFIX = '$argon2id$';

/**
 * hash-wasm's argon2id, loaded by the first sign-up or sign-in rather than at start-up, one hash at a
 * time. Each hash runs on this thread anyway, so a queue costs no throughput; but each takes a 19 MiB
 * WebAssembly memory, and forty sign-ins at once held forty of them (a 1.3 GB peak in a soak).
 */
let hashing: Promise<unknown> = Promise.resolve();
async function argon2id<T extends Parameters<typeof Argon2id>[0]>(options: T) {
  const run = hashing.then(async () => (await import('hash-wasm')).argon2id(options));
  hashing = run.catch(() => undefined);
  return run;
}

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...argon2Parameters(), outputType: 'encoded' });
}

interface Argon2Hash {
  memorySize: number;
  iterations: number;
  parallelism: number;
  salt: Buffer;
  key: Buffer;
}

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>` (unpadded base64), or null. */
function parseArgon2(hash: string): Argon2Hash | null {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
  if (!match) return null;
  const [, m, t, p, salt = '', key = ''] = match;
  return {
    memorySize: Number(m),
    iterations: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

/** Whether `password` matches `hash`; the keys are compared in constant time. */
export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  if (!hash.startsWith(PREFIX)) {
    // Only accounts from before argon2id have these: better-auth's own scrypt checks them.
    const { verifyPassword: verifyBetterAuthScrypt } = await import('better-auth/crypto');
    return verifyBetterAuthScrypt({ hash, password });
  }
  const stored = parseArgon2(hash);
  if (!stored) return false;
  const computed = Buffer.from(
    await argon2id({
      password,
      salt: stored.salt,
      memorySize: stored.memorySize,
      iterations: stored.iterations,
      parallelism: stored.parallelism,
      hashLength: stored.key.length,
      outputType: 'binary',
    }),
  );
  return computed.length === stored.key.length && timingSafeEqual(computed, stored.key);
}

/** A hash from before, or with weaker parameters than today's: replace it once the password is known. */
export function needsRehash(hash: string): boolean {
  const stored = parseArgon2(hash);
  const wanted = argon2Parameters();
  return (
    !stored ||
    stored.memorySize < wanted.memorySize ||
    stored.iterations < wanted.iterations ||
    stored.key.length < wanted.hashLength
  );
}

let common: Set<string> | undefined;

/**
 * The 10,000 most common passwords (from zxcvbn-ts's ranked list, MIT), shipped in the repo: no
 * network call. Compared without case, since "Password1" is as guessable as "password1".
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(readFileSync(projectPaths.commonPasswords, 'utf8').split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}
