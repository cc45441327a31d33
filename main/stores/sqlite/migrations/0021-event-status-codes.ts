/**
 * A tracking event's status as its code (core/statuses.ts STATUS_CODES): one byte where its
 * name took 7 to 23, on each of a shipment's handful of events (~95 bytes a shipment).
 * SQLite cannot change a column's type, and the table cannot be dropped and made again
 * while webhook_outbox refers to it, so the code is a new column that takes the old one's
 * name, at the table's end. A stored desk's rows shrink where they lie: its file is smaller
 * only after a VACUUM; new rows are smaller at once.
 */
import type { Db } from '../database';
import { statusCodeSql, statusNameSql } from '../../shared/status-codes';

export default /* sql */ `
-- Only eventStatusCodes: SQLite has no DROP COLUMN IF EXISTS, and a database set back to
-- an older version (a test) runs this again.
`;

/** The status column as codes; nothing when it holds codes already. */
export function eventStatusCodes(db: Db): void {
  const columns = db.prepare<[], { name: string; type: string }>('PRAGMA table_info(tracking_events)').all();
  if (columns.find((c) => c.name === 'status')?.type === 'INTEGER') return;
  db.exec(`
DROP TRIGGER IF EXISTS tracking_events_to_webhook_outbox;
ALTER TABLE tracking_events ADD COLUMN status_code INTEGER NOT NULL DEFAULT 0;
UPDATE tracking_events SET status_code = ${statusCodeSql('status')};
ALTER TABLE tracking_events DROP COLUMN status;
ALTER TABLE tracking_events RENAME COLUMN status_code TO status;
CREATE TRIGGER tracking_events_to_webhook_outbox AFTER INSERT ON tracking_events
BEGIN
  INSERT INTO webhook_outbox (webhook_id, tracking_event_id, created_on, next_attempt_on)
  SELECT w.id, NEW.id, CAST(unixepoch('subsec') * 1000 AS INTEGER), 0
  FROM webhooks w
  WHERE EXISTS (SELECT 1 FROM json_each(w.statuses) WHERE json_each.value = ${statusNameSql('NEW.status')});
END;`);
}
