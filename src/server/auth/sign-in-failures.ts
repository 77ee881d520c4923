import type { Database } from '../db/database';
import { clearCounters, countOne, readCounters } from '../http/request-counters';

/**
 * Failed sign-ins, counted per account and per client address (DESIGN §3), in the database so that
 * every instance counts them together. Past a threshold each further failure doubles the wait before
 * the next try (1, 2, 4 … up to 60 minutes); a successful sign-in clears the account's count, and
 * successful sign-ins never use up an allowance.
 */
const WINDOW_MINUTES = 15;
const THRESHOLDS = { account: 5, address: 20 } as const;
const MAX_WAIT_MINUTES = 60;

type Scope = keyof typeof THRESHOLDS;
const keyOf = (scope: Scope, who: string) => `signin-fail:${scope}:${who.toLowerCase()}`;

/** Minutes to wait after `failures` failures (0: no wait yet). */
export function waitMinutes(scope: Scope, failures: number): number {
  const over = failures - THRESHOLDS[scope];
  return over < 0 ? 0 : Math.min(2 ** over, MAX_WAIT_MINUTES);
}

/** How many seconds the account or the address must still wait before trying again (0: it may try). */
export async function signInWait(db: Database, email: string, ip: string): Promise<number> {
  const keys = { [keyOf('account', email)]: 'account', [keyOf('address', ip)]: 'address' } as const;
  const rows = await readCounters(db, Object.keys(keys));
  let wait = 0;
  for (const row of rows) {
    const lastFailure = row.resetsAt.getTime() - WINDOW_MINUTES * 60_000;
    if (row.resetsAt.getTime() <= Date.now()) continue;
    const until = lastFailure + waitMinutes(keys[row.key] as Scope, row.count) * 60_000;
    wait = Math.max(wait, Math.ceil((until - Date.now()) / 1000));
  }
  return wait;
}

export async function recordSignInFailure(db: Database, email: string, ip: string): Promise<void> {
  for (const key of [keyOf('account', email), keyOf('address', ip)]) {
    await countOne(db, key, WINDOW_MINUTES * 60_000, { sliding: true });
  }
}

/** The account signed in: its failures are forgiven (the address's stay, for other accounts' sake). */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await clearCounters(db, [keyOf('account', email)]);
}
