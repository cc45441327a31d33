/**
 * A tracking event's description, location and user as ids of event_texts (event-texts.ts):
 * a handful of texts ("Shipment created", "admin", a depot's town) repeat across millions
 * of events, ~35 bytes an event. '' is id 0 and the commonest texts have the smallest ids,
 * which SQLite stores in no bytes or one. The events' table is made again, in id order (as
 * event-status-codes did), its indexes and triggers as they were.
 */
import type { Db } from '../database';
import { indexesAndTriggers, remadeTable } from './remake-table';

export default /* sql */ `
CREATE TABLE IF NOT EXISTS event_texts (
  id   INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE
) STRICT;
INSERT OR IGNORE INTO event_texts (id, text) VALUES (0, '');
`;

const TEXTS = ['description', 'location', 'user_name'];
const COLUMNS = `id, shipment_id, status, description, location, signatory, signatory_file_name, latitude,
  longitude, depot_id, tracking_number, user_name, occurred_on`;
const idOf = (column: string) => `(SELECT t.id FROM event_texts t WHERE t.text = e.${column})`;

/**
 * The table again with the texts' ids; nothing when it has them already (a database set
 * back to an older version runs this again). Run with foreign keys off (rebuildsTables):
 * webhook_outbox's rows keep naming their events by id, checked before the commit.
 */
export function eventTextIds(db: Db): void {
  const columns = db.prepare<[], { name: string; type: string }>('PRAGMA table_info(tracking_events)').all();
  if (columns.find((c) => c.name === 'description')?.type === 'INTEGER') return;
  const rest = indexesAndTriggers(db, 'tracking_events');
  db.exec(`
INSERT OR IGNORE INTO event_texts (text)
  SELECT text FROM (${TEXTS.map((c) => `SELECT ${c} AS text FROM tracking_events`).join(' UNION ALL ')})
  GROUP BY text ORDER BY count(*) DESC, text;
${remadeTable(db, 'tracking_events', 'tracking_events_by_text', Object.fromEntries(TEXTS.map((c) => [c, 'INTEGER'])))};
INSERT INTO tracking_events_by_text (${COLUMNS})
  SELECT ${COLUMNS.split(',')
    .map((c) => c.trim())
    .map((c) => (TEXTS.includes(c) ? idOf(c) : `e.${c}`))
    .join(', ')}
  FROM tracking_events e ORDER BY e.id;
DROP TABLE tracking_events;
ALTER TABLE tracking_events_by_text RENAME TO tracking_events;
${rest.map((sql) => `${sql};`).join('\n')}`);
  const broken = db.pragma('foreign_key_check(webhook_outbox)') as unknown[];
  if (broken.length > 0) throw new Error(`webhook_outbox: ${broken.length} rows name no tracking event`);
}
