/** Opens the station's SQLite file: pragmas, then every migration not yet applied. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OnMigration } from '../../core/storage';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;
export const DATABASE_FILE = 'shipping-station.db';
/** The connection's synchronous mode: every commit waits for the disk unless it says otherwise. */
export const DURABLE_SYNCHRONOUS = 'FULL';


export function openDatabase(dataDir: string, onMigration?: OnMigration): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  // WAL lets readers (list, tracking) run while a create commits; FULL makes each commit
  // durable across a power cut, which a desk printing labels cannot afford to lose.
  // Shipment writes (create, label printed, cancel, scans) are as durable, with the fsync
  // off the event loop and shared between concurrent commits: group-commit.ts, wal-sync.ts.
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${DURABLE_SYNCHRONOUS}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, onMigration);
  return db;
}

export function migrate(db: Db, onMigration?: OnMigration): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database is at schema version ${current}, newer than this station (${latest}). Update the station.`,
    );
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    if (current > 0) onMigration?.(migration);
    db.transaction(() => {
      db.exec(migration.sql);
      migration.backfill?.(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
