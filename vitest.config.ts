import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (larger files first, or the slowest by its duration cache, which a CI checkout never
 * has), with the fault tests in front: they mostly wait on processes they start and kill and on
 * timeouts they provoke, so started first their waits overlap the other files' work instead of
 * leaving a core idle at the end (the 42 s webhook-delivery test, a small file, ran last).
 */
class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within its project only: vitest runs the projects' files in the order it gave them.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const waits = (file: TestSpecification) => file.moduleId.includes('/src/server/faults/');
    return projects.flatMap((name) => {
      const own = sorted.filter((file) => file.project.name === name);
      return [...own.filter(waits), ...own.filter((file) => !waits(file))];
    });
  }
}

export default defineConfig({
  test: {
    // Vitest's default leaves one of this machine's two cores idle; the server tests mostly wait on a
    // database, so both cores pay off (measured: 2 workers, not 3, is fastest here).
    maxWorkers: 2,
    sequence: { sequencer: WaitingFirst },
    projects: [
      {
        test: { name: 'unit', include: ['src/shared/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
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
