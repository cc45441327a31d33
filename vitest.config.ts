import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['main/**/*.test.ts', 'test/**/*.test.ts', 'renderer/**/*.test.ts'],
    // scrypt at OWASP parameters and PDF rendering are CPU-heavy on two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});
