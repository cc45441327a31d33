/**
 * The address book's SQL, which both dialects run (`?` placeholders; PostgreSQL's store
 * numbers them). Only how an address is stored differs: a JSON array in SQLite, jsonb in
 * PostgreSQL; each store passes its codec.
 */
import type { Address, AddressKind } from '../../core/schemas';
import type { AddressBookStore, NewSavedAddress, SavedAddressRecord } from '../../core/storage';
import type { Params, Query } from './list-queries';

interface Row {
  id: number;
  kind: AddressKind;
  nickname: string;
  address: unknown;
  search_text: string;
  sort_key: string;
  updated_on: number;
}

export interface AddressCodec {
  encode(address: Address): string;
  decode(stored: unknown): Address;
}

export function addressBookQueries(query: Query, codec: AddressCodec): AddressBookStore {
  const record = (row: Row): SavedAddressRecord => ({
    id: Number(row.id),
    kind: row.kind,
    nickname: row.nickname,
    address: codec.decode(row.address),
    searchText: row.search_text,
    sortKey: row.sort_key,
    updatedOn: Number(row.updated_on),
  });
  const values = (r: NewSavedAddress): Params => [r.kind, r.nickname, codec.encode(r.address), r.searchText, r.sortKey, r.updatedOn];
  return {
    async list({ words, kind, limit }) {
      const parts: string[] = [];
      const params: Params = [];
      // Words are folded to [a-z0-9] (core/address-book.ts): nothing in them for LIKE to interpret.
      for (const word of words) {
        parts.push('search_text LIKE ?');
        params.push(`% ${word}%`);
      }
      if (kind) {
        parts.push('kind = ?');
        params.push(kind);
      }
      const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
      const [counted] = await query<{ n: number }>(`SELECT count(*) AS n FROM saved_addresses ${where}`, params);
      const rows = await query<Row>(`SELECT * FROM saved_addresses ${where} ORDER BY sort_key, id LIMIT ?`, [...params, limit]);
      return { total: Number(counted!.n), rows: rows.map(record) };
    },
    async byId(id) {
      const [row] = await query<Row>('SELECT * FROM saved_addresses WHERE id = ?', [id]);
      return row && record(row);
    },
    async sameAs(kind, address) {
      const [row] = await query<Row>('SELECT * FROM saved_addresses WHERE kind = ? AND address = ? ORDER BY id LIMIT 1', [kind, codec.encode(address)]);
      return row && record(row);
    },
    async insert(r) {
      const [row] = await query<{ id: number }>(
        `INSERT INTO saved_addresses (kind, nickname, address, search_text, sort_key, updated_on)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
        values(r),
      );
      return Number(row!.id);
    },
    async update(r) {
      const rows = await query(
        `UPDATE saved_addresses SET kind = ?, nickname = ?, address = ?, search_text = ?, sort_key = ?, updated_on = ?
         WHERE id = ? RETURNING id`,
        [...values(r), r.id],
      );
      return rows.length > 0;
    },
    async remove(id) {
      return (await query('DELETE FROM saved_addresses WHERE id = ? RETURNING id', [id])).length > 0;
    },
  };
}
