/**
 * Before any test file: the build in out/ is current (`scripts/ensure-build.mjs`), because
 * the process and end-to-end tests run what `npm run serve` and `npm run cli` run —
 * out/main/serve.js and out/main/cli.js. Once here, so that test files never build at once.
 * Then one real PostgreSQL server for the whole run (each test file makes its own database
 * on it), unless SHIPPING_STATION_TEST_DATABASE_URL names one already running.
 */
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startPostgres, testDatabaseUrl } from './helpers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL superuser URL whose server may create databases. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const given = testDatabaseUrl();
  const server = given ? undefined : await startPostgres();
  project.provide('postgresUrl', given ?? server!.url);
  return async () => {
    await server?.close();
  };
}
