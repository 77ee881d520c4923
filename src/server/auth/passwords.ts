import { readFileSync } from 'node:fs';
import type * as Argon2 from 'argon2';
import { projectPaths } from '../config/project-paths';

/**
 * How passwords are stored (DESIGN §3): argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2,
 * p = 1), in the PHC string format. Hashes better-auth wrote before (scrypt N = 2^14, "salt:key") are
 * still accepted and replaced at the account's next successful sign-in (`needsRehash`).
 */
export const ARGON2 = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * The test suite's strength: argon2id at 64 KiB and one pass takes ~3 ms where production's takes
 * ~45 ms here, and the suite signs up hundreds of accounts. Under NODE_ENV=test (vitest's) unless a test
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
 * node-argon2 (the reference implementation, prebuilt) hashes on libuv's thread pool, so a sign-in
 * does not hold up other requests, and its 19 MiB goes back with free() once the hash is done (npm
 * start fixes glibc's mmap threshold, so a block that large is always its own mapping). One hash at a
 * time all the same: the pool would run four, and a burst of sign-ins would hold four times the memory
 * for no more throughput on a 2-core machine. Loaded by the first sign-up or sign-in, not at start-up.
 */
let hashing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: (argon2: typeof Argon2) => Promise<T>): Promise<T> {
  const run = hashing.then(async () => work(await import('argon2')));
  hashing = run.catch(() => undefined);
  return run;
}

export async function hashPassword(password: string): Promise<string> {
  const { memorySize, iterations, parallelism, hashLength } = argon2Parameters();
  return oneAtATime((argon2) =>
    argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: memorySize,
      timeCost: iterations,
      parallelism,
      hashLength,
    }),
  );
}

interface Argon2Hash {
  memorySize: number;
  iterations: number;
  parallelism: number;
  keyLength: number;
}

/**
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>` (unpadded base64; the parameters in either order:
 * hash-wasm wrote m,t,p before December 2026, node-argon2 writes m,p,t), or null.
 */
function parseArgon2(hash: string): Argon2Hash | null {
  const match = /^\$argon2id\$v=19\$([a-z]=\d+(?:,[a-z]=\d+)*)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    hash,
  );
  if (!match) return null;
  const [, list = '', salt = '', key = ''] = match;
  const keyLength = Buffer.from(key, 'base64').length;
  // Argon2's least salt (8 bytes) and key (4 bytes): anything shorter no hash of ours has.
  if (Buffer.from(salt, 'base64').length < 8 || keyLength < 4) return null;
  const parameters = new Map(list.split(',').map((pair) => [pair[0], Number(pair.slice(2))]));
  const [m, t, p] = ['m', 't', 'p'].map((name) => parameters.get(name));
  if (m === undefined || t === undefined || p === undefined || parameters.size !== 3) return null;
  return {
    memorySize: m,
    iterations: t,
    parallelism: p,
    keyLength,
  };
}

/** Whether `password` matches `hash`; node-argon2 compares the keys in constant time. */
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
  if (!parseArgon2(hash)) return false;
  return oneAtATime((argon2) => argon2.verify(hash, password));
}

/** A hash from before, or with weaker parameters than today's: replace it once the password is known. */
export function needsRehash(hash: string): boolean {
  const stored = parseArgon2(hash);
  const wanted = argon2Parameters();
  return (
    !stored ||
    stored.memorySize < wanted.memorySize ||
    stored.iterations < wanted.iterations ||
    stored.keyLength < wanted.hashLength
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
