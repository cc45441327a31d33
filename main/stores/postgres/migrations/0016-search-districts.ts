/**
 * A post code's outward part finds its shipments (`LS1`, `SW1A`; core/search.ts), as
 * SQLite's migration of the same name: each shipment made before gains its district term,
 * at its shipment's status. ON CONFLICT DO NOTHING: run again, it adds nothing.
 */
import type pg from 'pg';
import { districtTerm } from '../../../core/search';
import { statusCodeSql } from '../../shared/status-codes';

export default /* sql */ `
-- Only the backfill: one more term for each shipment whose post code has an outward part.
`;

/** Every shipment's district term, read in id order a batch at a time, written in one statement a batch. */
export async function addDistrictTerms(client: pg.ClientBase): Promise<void> {
  for (let after = 0; ;) {
    const { rows } = await client.query<{
      id: string;
      post_code: string;
      created_on: string;
      piece_count: number;
      status_code: number;
    }>(
      `SELECT id, delivery_address->>'postZipCode' AS post_code, created_on, piece_count,
         ${statusCodeSql('status')} AS status_code
       FROM shipments WHERE id > $1 ORDER BY id LIMIT 10000`,
      [after],
    );
    if (rows.length === 0) return;
    const terms: string[] = [];
    const ids: number[] = [];
    const created: number[] = [];
    const counts: number[] = [];
    const codes: number[] = [];
    for (const row of rows) {
      const term = districtTerm(row.post_code ?? '');
      if (term === null) continue;
      terms.push(term);
      ids.push(Number(row.id));
      created.push(Number(row.created_on));
      counts.push(row.piece_count);
      codes.push(row.status_code);
    }
    await client.query(
      `INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count, status_code)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::int[], $5::smallint[]) ON CONFLICT DO NOTHING`,
      [terms, ids, created, counts, codes],
    );
    after = Number(rows.at(-1)!.id);
  }
}
