/**
 * Finding shipments (docs/contract.md §12): one index of search terms per shipment (its
 * delivery name's words, references, post code, email; see core/search.ts), filled at
 * create and here for the shipments made before. The terms are folded in JavaScript
 * (any-ascii), so the backfill is code, not SQL.
 */
import { shipmentSearchTerms } from '../../../core/search';
import { decodeAddress } from '../address-codec';
import type { Db } from '../database';

export default /* sql */ `
-- created_on and piece_count never change after a create: kept beside each term, a search's
-- totals and order are read from this index alone, without a shipment row per hit.
CREATE TABLE shipment_search_terms (
  term        TEXT NOT NULL,
  shipment_id INTEGER NOT NULL REFERENCES shipments(id),
  created_on  INTEGER NOT NULL,
  piece_count INTEGER NOT NULL,
  PRIMARY KEY (term, shipment_id)
) STRICT, WITHOUT ROWID;
`;

/** Every shipment's terms, read in id order a batch at a time. */
export function backfillSearchTerms(db: Db): void {
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
    }
  >(
    `SELECT id, delivery_address, reference_one, reference_two, reference_three, created_on, piece_count FROM shipments
     WHERE id > ? ORDER BY id LIMIT 10000`,
  );
  const insert = db.prepare<[string, number, number, number]>(
    'INSERT OR IGNORE INTO shipment_search_terms (term, shipment_id, created_on, piece_count) VALUES (?, ?, ?, ?)',
  );
  for (let after = 0; ;) {
    const rows = read.all(after);
    if (rows.length === 0) return;
    for (const row of rows) {
      const terms = shipmentSearchTerms({
        deliveryAddress: decodeAddress(row.delivery_address),
        referenceOne: row.reference_one,
        referenceTwo: row.reference_two,
        referenceThree: row.reference_three,
      });
      for (const term of terms) insert.run(term, row.id, row.created_on, row.piece_count);
    }
    after = rows.at(-1)!.id;
  }
}
