/**
 * The bookkeeping of a bulk load (ShipmentStore.loadAll) around its batches.
 *
 * Search terms are written once after the rows: a batch's terms land on pages all over the
 * index, so batch by batch the whole index was rewritten to the WAL once a batch; sorted at
 * the end, each page is written once. Until they are written, the shipments the load began
 * with are marked by a row in `counters` (a name no sequence has): a load cut short has its
 * terms written when the store next opens, so no loaded shipment stays unfindable.
 *
 * Into a desk with no shipments, the load also sets aside the indexes that are not keys and
 * the triggers that keep derived rows, and puts them back at its end: one sorted build an
 * index and one count of the day totals instead of an entry and an upsert a row. What it
 * set aside is kept in `load_set_aside`, in the same transaction as the drops, so a load
 * cut short is put right at the next open.
 */
import { shipmentSearchTerms } from '../../core/search';
import { statusCode } from '../shared/status-codes';
import { decodeAddress } from './address-codec';
import type { Db } from './database';

const PENDING_FROM = 'search-terms-pending-from';
/** Shipments read at a time while their terms are computed. */
const CHUNK = 10_000;

/**
 * Set aside by a load into an empty desk: the day totals, counted again at its end, and the
 * webhook outbox's trigger while no webhook exists (with none, it writes nothing; a webhook
 * added during the load hears of the events written after the load's end).
 */
const DAY_TOTALS_TRIGGERS = ['shipment_day_totals_insert', 'shipment_day_totals_update', 'shipment_day_totals_delete'];
const OUTBOX_TRIGGER = 'tracking_events_to_webhook_outbox';
/** The tables whose indexes a load sets aside; their keys (UNIQUE, PRIMARY KEY) stay. */
const LOADED_TABLES = ['shipments', 'pieces', 'tracking_events'];

/**
 * The load's first write, in its transaction: marks the shipments after the current last one
 * as loaded without their terms and, into a desk with no shipments, sets indexes and
 * triggers aside.
 */
export function beginLoad(db: Db): void {
  const first = db.prepare<[], { next: number }>('SELECT coalesce(max(id), 0) + 1 AS next FROM shipments').get()!;
  db.prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(
    PENDING_FROM,
    first.next,
  );
  if (first.next !== 1) return;
  const noWebhooks = db.prepare('SELECT NOT EXISTS (SELECT 1 FROM webhooks) AS none').pluck().get() === 1;
  const triggers = [...DAY_TOTALS_TRIGGERS, ...(noWebhooks ? [OUTBOX_TRIGGER] : [])];
  const aside = db
    .prepare<[string, string], { name: string; type: string; sql: string }>(
      `SELECT name, type, sql FROM sqlite_master
       WHERE (type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
              AND tbl_name IN (SELECT value FROM json_each(?)))
          OR (type = 'trigger' AND name IN (SELECT value FROM json_each(?)))`,
    )
    .all(JSON.stringify(LOADED_TABLES), JSON.stringify(triggers));
  const keep = db.prepare('INSERT INTO load_set_aside (name, type, sql) VALUES (?, ?, ?)');
  for (const { name, type, sql } of aside) {
    keep.run(name, type, sql);
    db.exec(`DROP ${type === 'index' ? 'INDEX' : 'TRIGGER'} "${name}"`);
  }
}

/**
 * Puts back what beginLoad set aside, each as it was, and counts the day totals again from
 * the rows (the desk had no shipments, so the count is all of them). Nothing when nothing is
 * set aside. Inside one transaction of the caller's; run before the migrations on open, so
 * they meet the schema they made.
 */
export function restoreSetAside(db: Db): void {
  const kept = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'load_set_aside'").get();
  if (!kept) return;
  const aside = db.prepare<[], { name: string; sql: string }>('SELECT name, sql FROM load_set_aside').all();
  if (aside.length === 0) return;
  const exists = db.prepare<[string]>('SELECT 1 FROM sqlite_master WHERE name = ?');
  for (const { name, sql } of aside) if (!exists.get(name)) db.exec(sql);
  if (aside.some((a) => DAY_TOTALS_TRIGGERS.includes(a.name))) {
    db.exec(`DELETE FROM shipment_day_totals;
      INSERT INTO shipment_day_totals (day, status, items, pieces)
        SELECT created_on / 86400000, status, count(*), sum(piece_count) FROM shipments GROUP BY 1, 2`);
  }
  db.exec('DELETE FROM load_set_aside');
}

/**
 * Writes the terms of every shipment from the marked one on, in term order, and clears the
 * mark; nothing when there is no mark. `staged`: a table that holds them already, computed
 * by the load as it went (load-terms.ts); without it, they are computed from the rows.
 * Inside one transaction of the caller's.
 */
export function indexLoaded(db: Db, staged?: string): void {
  const from = db.prepare<[string], { value: number }>('SELECT value FROM counters WHERE name = ?').get(PENDING_FROM);
  if (!from) return;
  if (staged !== undefined) {
    // OR IGNORE: a shipment created between the load's batches has its terms already.
    db.exec(`INSERT OR IGNORE INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code)
      SELECT term, shipment_id, created_on, piece_count, status_code FROM ${staged} ORDER BY term, shipment_id`);
    db.prepare('DELETE FROM counters WHERE name = ?').run(PENDING_FROM);
    return;
  }
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS loaded_terms (
    term TEXT NOT NULL, shipment_id INTEGER NOT NULL, created_on INTEGER NOT NULL,
    piece_count INTEGER NOT NULL, status_code INTEGER NOT NULL)`);
  const read = db.prepare<
    [number],
    {
      id: number;
      delivery_address: string;
      reference_one: string;
      reference_two: string;
      reference_three: string;
      created_on: number;
      piece_count: number;
      status: string;
    }
  >(
    `SELECT id, delivery_address, reference_one, reference_two, reference_three, created_on, piece_count, status
     FROM shipments WHERE id >= ? ORDER BY id LIMIT ${CHUNK}`,
  );
  const stage = db.prepare<[string, number, number, number, number]>(
    'INSERT INTO temp.loaded_terms VALUES (?, ?, ?, ?, ?)',
  );
  for (let next = from.value; ;) {
    const rows = read.all(next);
    if (rows.length === 0) break;
    for (const row of rows) {
      const code = statusCode(row.status as Parameters<typeof statusCode>[0]);
      const terms = shipmentSearchTerms({
        deliveryAddress: decodeAddress(row.delivery_address),
        referenceOne: row.reference_one,
        referenceTwo: row.reference_two,
        referenceThree: row.reference_three,
      });
      for (const term of terms) stage.run(term, row.id, row.created_on, row.piece_count, code);
    }
    next = rows.at(-1)!.id + 1;
  }
  // OR IGNORE: a shipment created between the load's batches has its terms already.
  db.exec(`INSERT OR IGNORE INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code)
    SELECT term, shipment_id, created_on, piece_count, status_code FROM temp.loaded_terms ORDER BY term, shipment_id;
    DROP TABLE temp.loaded_terms`);
  db.prepare('DELETE FROM counters WHERE name = ?').run(PENDING_FROM);
}
