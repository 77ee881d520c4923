// Which server test files run on both databases: each that exercises database-specific behaviour
// (locks, concurrency, migrations, timeouts, disk faults, the embedded engine's own files) says so,
// and why, in a line "// Database-specific: <why>" of its own. Read from the file, so the decision
// stays with the test. Used by `npm test` (scripts/test-all.mjs) and vitest's file order.
import { readFileSync } from 'node:fs';

const MARK = /^\/\/ Database-specific: /m;

/** Whether the test file at `path` marks itself database-specific. */
export function isDatabaseSpecific(path) {
  return MARK.test(readFileSync(path, 'utf8'));
}
