/** Whether the test file at `path` marks itself database-specific (scripts/database-specific.mjs). */
export declare function isDatabaseSpecific(path: string): boolean;
