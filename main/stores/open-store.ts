/**
 * Chooses the store: a PostgreSQL URL (several desks on one database) or, without one, the
 * SQLite file in the data folder. The PostgreSQL driver is loaded only when it is used.
 */
import type { OnMigration, Store } from '../core/storage';
import { openSqliteStore } from './sqlite';
import type { SqliteBinding } from './sqlite/connection';

export interface StoreOptions {
  dataDir: string;
  /** `postgres://…` or `postgresql://…`; absent → SQLite in dataDir. */
  databaseUrl?: string | undefined;
  onMigration?: OnMigration;
  /** The SQLite driver to load (the desktop's Electron build); the package's own without one. */
  sqliteBinding?: SqliteBinding | undefined;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const { openPostgresStore } = await import('./postgres');
    return openPostgresStore({
      url: options.databaseUrl,
      ...(options.onMigration ? { onMigration: options.onMigration } : {}),
    });
  }
  return openSqliteStore({
    dataDir: options.dataDir,
    ...(options.onMigration ? { onMigration: options.onMigration } : {}),
    ...(options.sqliteBinding ? { binding: options.sqliteBinding } : {}),
  });
}
