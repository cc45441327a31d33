import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { OPERATION_NAMES } from './main/operations/spec';

export default defineConfig({
  // As the build writes it into the preload (preload/operation-names.d.ts).
  define: { __OPERATION_NAMES__: JSON.stringify(OPERATION_NAMES), __UPDATE_FEED_URL__: JSON.stringify('') },
  test: {
    // scrypt at OWASP parameters and PDF rendering are CPU-heavy on two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (a core less than the machine has) runs one file at a time on two cores,
    // while most files wait on Chromium, PostgreSQL, CUPS or a child process rather than compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'sqlite', include: ['main/**/*.test.ts', 'test/**/*.test.ts', 'renderer/**/*.test.ts'] },
      },
      {
        // The API suite again on PostgreSQL: the same behaviour on both stores.
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/api/**/*.test.ts'],
          env: { SHIPPING_STATION_TEST_STORE: 'postgres' },
        },
      },
    ],
  },
});
