/** How long the shop waits for PostgreSQL before a request answers 503 (DB_*_TIMEOUT_MS, DESIGN §6). */
export interface DatabaseTimeouts {
  /** To open a connection, or to wait for a free one in the pool. */
  connectMs: number;
  /** For one statement; the client gives up a second later if the server does not even answer. */
  statementMs: number;
  /** For a lock wait (a row another transaction holds). */
  lockMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 5000,
  lockMs: 3000,
};
