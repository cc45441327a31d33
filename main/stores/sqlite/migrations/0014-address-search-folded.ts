/**
 * The address book's search folds punctuation as the shipments search does (`oneill` finds
 * O'Neill): the search text of the addresses saved before is written again by the same code.
 */
import { savedAddressSearchText } from '../../../core/address-book';
import { decodeAddress } from '../address-codec';
import type { Db } from '../database';

export default /* sql */ `
-- Only the backfill: every saved address's search text again.
`;

/** A book holds thousands of addresses, not millions: read whole. */
export function refoldAddressSearch(db: Db): void {
  const rows = db
    .prepare<[], { id: number; nickname: string; address: string }>('SELECT id, nickname, address FROM saved_addresses')
    .all();
  const write = db.prepare<[string, number]>('UPDATE saved_addresses SET search_text = ? WHERE id = ?');
  for (const row of rows) write.run(savedAddressSearchText(row.nickname, decodeAddress(row.address)), row.id);
}
