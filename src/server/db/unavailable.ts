import { messages } from '../../shared/messages';
/**
 * Whether an error means the database cannot serve right now (down, stalled, restarting, out of
 * connections, a timeout fired) rather than that the request was wrong: such requests answer 503 with
 * Retry-After, and the shop recovers by itself when the database is back (DESIGN §6).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_ERRORS.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true;
    current = current.cause;
  }
  return false;
}

const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '40P01', // deadlock_detected: retrying is the answer
]);

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

// node-postgres reports its own timeouts and broken connections by message only.
const UNAVAILABLE_MESSAGES = [
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^timeout expired$/,
  /not queryable/,
];

/**
 * Whether the database answered, and is busy: the rows a request needs stayed held by others past the
 * lock timeout, two requests deadlocked or could not be serialised, or a statement ran out of time
 * while the server answered (a chain of lock waits, each under the lock timeout, adds up to the
 * statement timeout). Trying again soon works. A request that waited for a free pooled connection is
 * busy too when the database still answers (`waitedForAConnection`, DatabaseHandle.stillAnswering).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && BUSY_SQLSTATES.has(state);
}

const BUSY_SQLSTATES = new Set([
  '55P03', // lock_not_available: lock_timeout
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '57014', // query_canceled: the statement timeout, on a server that answered
]);

/** How recently the database must have answered a statement to count as up, though slow to answer one. */
export const ANSWERED_RECENTLY_MS = 2000;

/** node-postgres's pool: every connection stayed in use for as long as the request could wait. */
export function waitedForAConnection(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (!(current instanceof Error)) return false;
    if (current.message === 'timeout exceeded when trying to connect') return true;
    current = current.cause;
  }
  return false;
}

/**
 * Which refusal a database failure is: 'busy' (try again in a second: "Other orders are changing…"),
 * 'unavailable' (the database is down or stalled), or undefined (not the database's doing). A wait for
 * a pooled connection is busy when the database still answers (`stillAnswering`), down otherwise.
 */
export async function databaseFailureOf(
  error: unknown,
  stillAnswering?: () => Promise<boolean>,
): Promise<'busy' | 'unavailable' | undefined> {
  if (isDatabaseBusy(error)) return 'busy';
  if (waitedForAConnection(error) && stillAnswering && (await stillAnswering())) return 'busy';
  return isDatabaseUnavailable(error) ? 'unavailable' : undefined;
}

/** A refusal the client should try again after: what it was, its sentence, and the wait asked for. */
export interface RetryableRefusal {
  kind: 'storage' | 'busy' | 'unavailable';
  message: string;
  retryAfterSeconds: number;
}

/**
 * The one reading of a failure as a refusal to try again (the API's error handler, the cXML door): the
 * disk full or read-only, the database busy, or the database down; undefined for any other failure.
 */
export async function retryableRefusalOf(
  error: unknown,
  stillAnswering?: () => Promise<boolean>,
): Promise<RetryableRefusal | undefined> {
  if (isStorageFull(error)) {
    return { kind: 'storage', message: messages.storageUnavailable, retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
  const failure = await databaseFailureOf(error, stillAnswering);
  if (failure === 'busy') return { kind: 'busy', message: messages.databaseBusy, retryAfterSeconds: 1 };
  if (failure === 'unavailable') {
    return { kind: 'unavailable', message: messages.unavailable, retryAfterSeconds: RETRY_AFTER_SECONDS };
  }
  return undefined;
}

/** Seconds a client is asked to wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The SQLSTATE of a database error somewhere in an error's causes: drizzle wraps the driver's error,
 * whose `code` says what the database refused.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (!(current instanceof Error)) return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** The disk is full or read-only: the database's (53100 disk_full, 58030 io_error) or a file's own. */
const STORAGE_CODES = new Set(['ENOSPC', 'EROFS', 'EDQUOT', '53100', '58030']);

/** Whether an error says the shop cannot write: nothing was stored, and trying later may work. */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && STORAGE_CODES.has(code)) return true;
    if (/No space left on device|Read-only file system/.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
