/**
 * Stores opened beneath the station for the storage tests: a SQLite folder or a new
 * PostgreSQL database, with a one-carrier catalog, closed and removed after the file's tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import type { Store } from '../../main/core/storage';
import { openPostgresStore } from '../../main/stores/postgres';
import { openSqliteStore } from '../../main/stores/sqlite';
import { createDatabase } from './postgres';
import { TEST_CATALOG } from './records';

export { TEST_CATALOG };

export type Dialect = 'sqlite' | 'postgres';

/**
 * The opener of a test file: call it at the file's top level. Each call of what it returns
 * opens `desks` stores on one new database (several desks on PostgreSQL; SQLite has one).
 */
export function storeOpener(folderPrefix: string): (dialect: Dialect, desks?: number) => Promise<Store[]> {
  const opened: Store[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  return async (dialect, desks = 1) => {
    const stores: Store[] = [];
    if (dialect === 'sqlite') {
      const dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
      folders.push(dataDir);
      stores.push(openSqliteStore({ dataDir }));
    } else {
      const url = await createDatabase(inject('postgresUrl'));
      for (let i = 0; i < desks; i++) stores.push(await openPostgresStore({ url }));
    }
    opened.push(...stores);
    await stores[0]!.carriers.sync(TEST_CATALOG);
    return stores;
  };
}
