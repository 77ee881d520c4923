/** Whether every test of the file at `path` is database-specific (files that mostly wait). */
export function isDatabaseSpecific(path: string): boolean;
/** Whether the file at `path` has any database-specific test. */
export function hasDatabaseSpecificTests(path: string): boolean;
