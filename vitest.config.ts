import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { databaseSpecificIn } from './scripts/database-specific.mjs';
import { walkPlugin } from './scripts/walk-plugin.mjs';

/** Whether a test file (its source text) starts processes (the server, a second lock holder). */
const startsProcesses = (text: string) => /from '(node:child_process|\.\.\/test\/server-process)'/.test(text);

/** Whether a test file mostly waits: tagged database-specific as a whole, or starting processes. */
function mostlyWaits(path: string): boolean {
  const text = readFileSync(path, 'utf8');
  return databaseSpecificIn(text) === 'file' || startsProcesses(text);
}

/**
 * The files that mostly wait start first: those tagged database-specific as a whole (locks, processes
 * started and killed, timeouts provoked, retries after a lapse) and those that start processes take
 * long for little CPU, and started last they made the run's tail (CI, December 2026: a 40 s file of
 * one test started at 324 s of 391; files that start processes ran in the last 30 s of 298, beside
 * an otherwise idle machine). Within each group, vitest's own order: the longest last time first, else
 * the largest.
 */
class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = new Set(sorted.filter((spec) => mostlyWaits(spec.moduleId)));
    return [...waits, ...sorted.filter((spec) => !waits.has(spec))];
  }
}

export default defineConfig({
  // Vitest keeps each file's last duration here (for the order above), where `npm ci` leaves it.
  cacheDir: '.cache/vite',
  test: {
    // Vitest's default leaves one of this machine's two cores idle; the server tests mostly wait on a
    // database, so both cores pay off (measured: 2 workers, not 3, is fastest here on the embedded
    // database). On PostgreSQL, where the waits are longer, npm test runs 4 (scripts/test-all.mjs).
    maxWorkers: 2,
    sequence: { sequencer: WaitingFirst },
    tags: [
      {
        name: 'database-specific',
        description:
          'Exercises locks, concurrency, migrations, timeouts or disk faults: with TEST_DATABASE_URL, ' +
          'npm test runs it on PostgreSQL and on the embedded database (scripts/database-specific.mjs)',
      },
    ],
    projects: [
      {
        test: { name: 'unit', include: ['src/shared/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.walk.test.ts'],
          environment: 'node',
          // One migrated template database, copied per test file (src/server/test/global-setup.ts).
          globalSetup: ['src/server/test/global-setup.ts'],
          // Test files build their own app and database and share no module state, so a worker keeps
          // its imports (Fastify, better-auth, PGlite) from one file to the next instead of reloading them.
          isolate: false,
          // A limit catches a test that hangs; it does not time one. CI runs these beside the browser
          // journeys, where a test that hashes passwords ran 13-20 times slower than on an idle machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The walks (scripts/walk-plugin.mjs): every server function, as loaded, tells its entry.
        plugins: [walkPlugin(import.meta.dirname)],
        test: {
          name: 'walk',
          include: ['src/server/**/*.walk.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/client/test/setup.ts'],
          // A limit catches a form test that hangs; beside the browser journeys a typed-out form took
          // past vitest's 5 s default.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
