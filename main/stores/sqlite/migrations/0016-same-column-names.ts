/**
 * One name for each column in both stores: a tracking event's user is `user_name`, as in
 * PostgreSQL (where `user` is a reserved word), so that one column map names it for both.
 * SQLite renames it in place, triggers and indexes included.
 */
import type { Db } from '../database';

export default /* sql */ `
-- Renamed by renameEventUser: SQLite has no RENAME COLUMN IF EXISTS, and a database set
-- back to an older version (a test) runs this again.
`;

export function renameEventUser(db: Db): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(tracking_events)').all();
  if (columns.some((c) => c.name === 'user')) db.exec('ALTER TABLE tracking_events RENAME COLUMN user TO user_name');
}
