/**
 * Which of a test file's tests (its source text) are database-specific: 'file' for all of them (files
 * that mostly wait), 'tests' for some, null for none.
 */
export function databaseSpecificIn(text: string): 'file' | 'tests' | null;
