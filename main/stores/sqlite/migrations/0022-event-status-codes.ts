/**
 * A tracking event's status as its code (core/statuses.ts STATUS_CODES): one byte where its
 * name took 7 to 23, on each of a shipment's handful of events (~95 bytes a shipment).
 * SQLite cannot change a column's type, so the table is made again and filled in id order,
 * its pages full; the old one's pages are free for what the desk writes next (a VACUUM
 * gives them back to the disk). At 1,000,000 shipments, 6.7 million events.
 */
import type { Db } from '../database';
import { statusCodeSql, statusNameSql } from '../../shared/status-codes';
import { remadeTable } from './remake-table';

export default /* sql */ `
-- Only eventStatusCodes: it checks the column first, since a database set back to an older
-- version (a test) runs this again.
`;

const COLUMNS = `id, shipment_id, status, description, location, signatory, signatory_file_name, latitude,
  longitude, depot_id, tracking_number, user_name, occurred_on`;

/**
 * The table again with an INTEGER status; nothing when it has one already. Run with foreign
 * keys off (rebuildsTables): webhook_outbox's rows keep naming their events by id, checked
 * before the transaction commits.
 */
export function eventStatusCodes(db: Db): void {
  const columns = db.prepare<[], { name: string; type: string }>('PRAGMA table_info(tracking_events)').all();
  if (columns.find((c) => c.name === 'status')?.type === 'INTEGER') return;
  db.exec(`
${remadeTable(db, 'tracking_events', 'tracking_events_by_code', { status: 'INTEGER' })};
INSERT INTO tracking_events_by_code (${COLUMNS})
  SELECT ${COLUMNS.replace('status', statusCodeSql('status'))} FROM tracking_events ORDER BY id;
DROP TABLE tracking_events;
ALTER TABLE tracking_events_by_code RENAME TO tracking_events;
CREATE INDEX tracking_events_by_shipment ON tracking_events (shipment_id);
CREATE TRIGGER tracking_events_to_webhook_outbox AFTER INSERT ON tracking_events
BEGIN
  INSERT INTO webhook_outbox (webhook_id, tracking_event_id, created_on, next_attempt_on)
  SELECT w.id, NEW.id, CAST(unixepoch('subsec') * 1000 AS INTEGER), 0
  FROM webhooks w
  WHERE EXISTS (SELECT 1 FROM json_each(w.statuses) WHERE json_each.value = ${statusNameSql('NEW.status')});
END;`);
  const broken = db.pragma('foreign_key_check(webhook_outbox)') as unknown[];
  if (broken.length > 0) throw new Error(`webhook_outbox: ${broken.length} rows name no tracking event`);
}
