/**
 * The address book's and the package presets' SQL, which both dialects run (`?` placeholders; PostgreSQL's store
 * numbers them). Only how an address is stored differs: a JSON array in SQLite, jsonb in
 * PostgreSQL; each store passes its codec.
 */
import type { Address, AddressKind, DimensionUnit, WeightUnit } from '../../core/schemas';
import type {
  AddressBookStore,
  NewSavedAddress,
  PackagePresetRecord,
  PresetStore,
  SavedAddressRecord,
} from '../../core/storage';
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
  const values = (r: NewSavedAddress): Params => [
    r.kind,
    r.nickname,
    codec.encode(r.address),
    r.searchText,
    r.sortKey,
    r.updatedOn,
  ];
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
      const rows = await query<Row>(`SELECT * FROM saved_addresses ${where} ORDER BY sort_key, id LIMIT ?`, [
        ...params,
        limit,
      ]);
      return { total: Number(counted!.n), rows: rows.map(record) };
    },
    async byId(id) {
      const [row] = await query<Row>('SELECT * FROM saved_addresses WHERE id = ?', [id]);
      return row && record(row);
    },
    async sameAs(kind, address) {
      const [row] = await query<Row>(
        'SELECT * FROM saved_addresses WHERE kind = ? AND address = ? ORDER BY id LIMIT 1',
        [kind, codec.encode(address)],
      );
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

interface PresetRow {
  id: number;
  name: string;
  length: number;
  width: number;
  height: number;
  dimension_unit: DimensionUnit;
  weight: number | null;
  weight_unit: WeightUnit;
  description: string;
  updated_on: number;
}

/** Package presets: a desk keeps tens of them, read whole. */
export function presetQueries(query: Query): PresetStore {
  const record = (r: PresetRow): PackagePresetRecord => ({
    id: Number(r.id),
    name: r.name,
    length: r.length,
    width: r.width,
    height: r.height,
    dimensionUnit: r.dimension_unit,
    weight: r.weight,
    weightUnit: r.weight_unit,
    description: r.description,
    updatedOn: Number(r.updated_on),
  });
  const values = (p: Omit<PackagePresetRecord, 'id'>): (string | number | null)[] => [
    p.name,
    p.length,
    p.width,
    p.height,
    p.dimensionUnit,
    p.weight,
    p.weightUnit,
    p.description,
    p.updatedOn,
  ];
  // null is a weight's "none": the Query type's parameters are widened for it here only.
  const run = query as <R>(sql: string, params: (string | number | null)[]) => Promise<R[]>;
  return {
    list: async () => (await run<PresetRow>('SELECT * FROM package_presets ORDER BY name, id', [])).map(record),
    byId: async (id) => {
      const [row] = await run<PresetRow>('SELECT * FROM package_presets WHERE id = ?', [id]);
      return row && record(row);
    },
    insert: async (p) => {
      const [row] = await run<{ id: number }>(
        `INSERT INTO package_presets (name, length, width, height, dimension_unit, weight, weight_unit, description, updated_on)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        values(p),
      );
      return Number(row!.id);
    },
    update: async (p) =>
      (
        await run(
          `UPDATE package_presets SET name = ?, length = ?, width = ?, height = ?, dimension_unit = ?, weight = ?, weight_unit = ?,
           description = ?, updated_on = ? WHERE id = ? RETURNING id`,
          [...values(p), p.id],
        )
      ).length > 0,
    remove: async (id) => (await run('DELETE FROM package_presets WHERE id = ? RETURNING id', [id])).length > 0,
  };
}
