// Which server tests run on both databases: those that exercise database-specific behaviour (locks,
// concurrency, migrations, timeouts, disk faults, the embedded engine's own files), tagged with
// vitest's tag `database-specific` (defined in vitest.config.ts). A whole file by its first line,
// "// @module-tag database-specific: <why>"; single tests of a file by `{ tags: ['database-specific'] }`,
// the file's first line saying why. The decision stays with the test. Used by `npm test`
// (scripts/test-all.mjs: which files its embedded run loads, `--tags-filter` picks the tests) and by
// vitest's file order.

// As vitest reads a file's tags (a line or a block-comment line), and any test's option naming the tag:
// a file loaded that has none only costs its imports, one left out would run on one database only.
const WHOLE_FILE = /(\/\/|\*)\s*@module-tag\s+database-specific\b/;
const SOME_TESTS = /['"`]database-specific['"`]/;

/**
 * Which of a test file's tests (its source text) are database-specific: 'file' for all of them (files
 * that mostly wait), 'tests' for some, null for none.
 */
export function databaseSpecificIn(text) {
  if (WHOLE_FILE.test(text)) return 'file';
  return SOME_TESTS.test(text) ? 'tests' : null;
}
