/**
 * A post code's outward part finds its shipments (`LS1`, `SW1A`; core/search.ts): each
 * shipment made before gains its district term, at its shipment's status. INSERT OR IGNORE:
 * run again, it adds nothing.
 */
import { districtTerm } from '../../../core/search';
import { decodeAddress } from '../address-codec';
import type { Db } from '../database';
import { statusCodeSql } from '../../shared/status-codes';

export default /* sql */ `
-- Only the backfill: one more term for each shipment whose post code has an outward part.
`;

/** Every shipment's district term, read in id order a batch at a time. */
export function addDistrictTerms(db: Db): void {
  const read = db.prepare<
    [number],
    { id: number; delivery_address: string; created_on: number; piece_count: number; status_code: number }
  >(
    `SELECT id, delivery_address, created_on, piece_count, ${statusCodeSql('status')} AS status_code FROM shipments
     WHERE id > ? ORDER BY id LIMIT 10000`,
  );
  const insert = db.prepare<[string, number, number, number, number]>(
    `INSERT OR IGNORE INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code)
     VALUES (?, ?, ?, ?, ?)`,
  );
  for (let after = 0; ;) {
    const rows = read.all(after);
    if (rows.length === 0) return;
    for (const row of rows) {
      const term = districtTerm(decodeAddress(row.delivery_address).postZipCode);
      if (term !== null) insert.run(term, row.id, row.created_on, row.piece_count, row.status_code);
    }
    after = rows.at(-1)!.id;
  }
}
