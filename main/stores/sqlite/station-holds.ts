import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openConnection } from './connection';
import { DATABASE_FILE } from './database';

/**
 * Refuses a SQLite data folder whose database a running station has open: that station
 * hands out numbers from its own reservation and would go on writing what a bulk tool
 * (demo data, a move into PostgreSQL) does not see. An exclusive lock is granted only when
 * no other connection holds the file. `doing`: what the tool was about to do.
 * The lock is POSIX's, held per process: a station's process that opened and closed its
 * database file other than through SQLite would drop it, and this check would pass under a
 * running station; nothing in the station reads its database file directly.
 */
export function assertNoStationHolds(dataDir: string, doing: string): void {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return;
  const probe = openConnection(file, { timeout: 200 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('ROLLBACK');
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new Error(`A station is running on ${dataDir}: stop it before ${doing}.`);
    }
    throw error;
  } finally {
    probe.close();
  }
}
