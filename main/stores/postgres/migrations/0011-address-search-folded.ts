/**
 * The address book's search folds punctuation as the shipments search does (`oneill` finds
 * O'Neill), as SQLite's migration 13: the search text of the addresses saved before is
 * written again by the same code.
 */
import type pg from 'pg';
import { savedAddressSearchText } from '../../../core/address-book';
import type { Address } from '../../../core/schemas';

export default /* sql */ `
-- Only the backfill: every saved address's search text again.
`;

/** A book holds thousands of addresses, not millions: read whole, written in one statement. */
export async function refoldAddressSearch(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ id: string; nickname: string; address: Address }>(
    'SELECT id, nickname, address FROM saved_addresses',
  );
  if (rows.length === 0) return;
  await client.query(
    `UPDATE saved_addresses AS s SET search_text = t.search_text
     FROM unnest($1::bigint[], $2::text[]) AS t(id, search_text) WHERE s.id = t.id`,
    [rows.map((r) => r.id), rows.map((r) => savedAddressSearchText(r.nickname, r.address))],
  );
}
