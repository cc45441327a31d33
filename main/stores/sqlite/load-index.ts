/**
 * The search terms of a bulk load (ShipmentStore.loadAll), written once after its rows: a
 * batch's terms land on pages all over the index, so batch by batch the whole index was
 * rewritten to the WAL once a batch; sorted at the end, each page is written once.
 *
 * Until they are written, the shipments the load began with are marked by a row in
 * `counters` (a name no sequence has): a load cut short has its terms written when the
 * store next opens, so no loaded shipment stays unfindable.
 */
import { shipmentSearchTerms } from '../../core/search';
import { statusCode } from '../shared/status-codes';
import { decodeAddress } from './address-codec';
import type { Db } from './database';

const PENDING_FROM = 'search-terms-pending-from';
/** Shipments read at a time while their terms are computed. */
const CHUNK = 10_000;

/** Marks the shipments after the current last one as loaded without their terms (in the load's first write). */
export function markLoadUnindexed(db: Db): void {
  db.prepare(
    `INSERT INTO counters (name, value) SELECT ?, coalesce(max(id), 0) + 1 FROM shipments
     WHERE true ON CONFLICT (name) DO NOTHING`,
  ).run(PENDING_FROM);
}

/**
 * Writes the terms of every shipment from the marked one on, in term order, and clears the
 * mark; nothing when there is no mark. Inside one transaction of the caller's.
 */
export function indexLoaded(db: Db): void {
  const from = db.prepare<[string], { value: number }>('SELECT value FROM counters WHERE name = ?').get(PENDING_FROM);
  if (!from) return;
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
