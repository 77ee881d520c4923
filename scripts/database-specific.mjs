// Which server tests run on both databases: those that exercise database-specific behaviour (locks,
// concurrency, migrations, timeouts, disk faults, the embedded engine's own files), tagged with
// vitest's tag `database-specific` (defined in vitest.config.ts). A whole file by its first line,
// "// @module-tag database-specific: <why>"; single tests of a file by `{ tags: ['database-specific'] }`,
// the file's first line saying why. The decision stays with the test. Used by `npm test`
// (scripts/test-all.mjs: which files its embedded run loads, `--tags-filter` picks the tests) and by
// vitest's file order.
import { readFileSync } from 'node:fs';

// As vitest reads a file's tags (a line or a block-comment line), and any test's option naming the tag:
// a file loaded that has none only costs its imports, one left out would run on one database only.
const WHOLE_FILE = /(\/\/|\*)\s*@module-tag\s+database-specific\b/;
const SOME_TESTS = /['"`]database-specific['"`]/;

/** Whether every test of the file at `path` is database-specific (files that mostly wait). */
export function isDatabaseSpecific(path) {
  return WHOLE_FILE.test(readFileSync(path, 'utf8'));
}

/** Whether the file at `path` has any database-specific test. */
export function hasDatabaseSpecificTests(path) {
  const text = readFileSync(path, 'utf8');
  return WHOLE_FILE.test(text) || SOME_TESTS.test(text);
}
