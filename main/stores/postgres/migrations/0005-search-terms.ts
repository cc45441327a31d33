/**
 * Finding shipments (docs/contract.md §12): one index of search terms per shipment (its
 * delivery name's words, references, post code, email; see core/search.ts), filled at
 * create and here for the shipments made before. The terms are folded in JavaScript
 * (any-ascii), so the backfill is code, not SQL. COLLATE "C": a prefix is a byte range.
 */
import type pg from 'pg';
import { shipmentSearchTerms } from '../../../core/search';
import type { Address } from '../../../core/schemas';

export default /* sql */ `
-- created_on and piece_count never change after a create: kept beside each term (in the
-- key's index), a search's totals and order are read without a shipment row per hit.
CREATE TABLE shipment_search_terms (
  term        text COLLATE "C" NOT NULL,
  shipment_id bigint NOT NULL REFERENCES shipments(id),
  created_on  bigint NOT NULL,
  piece_count integer NOT NULL,
  PRIMARY KEY (term, shipment_id) INCLUDE (created_on, piece_count)
);
`;

/** Every shipment's terms, read in id order a batch at a time. */
export async function backfillSearchTerms(client: pg.ClientBase): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await client.query<{
      id: string;
      delivery_address: Address;
      r1: string;
      r2: string;
      r3: string;
      created_on: string;
      piece_count: number;
    }>(
      `SELECT id, delivery_address, reference_one AS r1, reference_two AS r2, reference_three AS r3, created_on, piece_count
       FROM shipments WHERE id > $1 ORDER BY id LIMIT 10000`,
      [after],
    );
    if (rows.length === 0) return;
    const terms: string[] = [];
    const ids: number[] = [];
    const created: number[] = [];
    const counts: number[] = [];
    for (const row of rows) {
      for (const term of shipmentSearchTerms({
        deliveryAddress: row.delivery_address,
        referenceOne: row.r1,
        referenceTwo: row.r2,
        referenceThree: row.r3,
      })) {
        terms.push(term);
        ids.push(Number(row.id));
        created.push(Number(row.created_on));
        counts.push(row.piece_count);
      }
    }
    await client.query(
      `INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::int[]) ON CONFLICT DO NOTHING`,
      [terms, ids, created, counts],
    );
    after = Number(rows.at(-1)!.id);
  }
}
