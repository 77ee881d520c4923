import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves one of this machine's two cores idle; the server tests mostly wait on a
    // database, so both cores pay off (measured: 2 workers, not 3, is fastest here).
    maxWorkers: 2,
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
