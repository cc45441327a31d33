/**
 * The address book's and the package presets' SQL, which both dialects run: written once
 * with `sql`, the columns and their encoding from the tables' maps (an address is a JSON
 * array in SQLite, a jsonb object in PostgreSQL).
 */
import type { AddressBookStore, NewSavedAddress, PackagePresetRecord, PresetStore } from '../../core/storage';
import { columnNames, reader, selectList, values, type FieldOf } from './columns';
import { identifiers, sql, sqlJoin, where, type Dialect, type Sql } from './sql';
import { packagePresets, savedAddresses } from './tables/address-book';

/** Runs one statement of either dialect's store, answering its rows. */
export type Run = <R>(statement: Sql) => Promise<R[]>;

/** `(a, b) VALUES (…)` and `SET a = …, b = …` of a record's `fields`, as parameters. */
function writes(encoded: unknown[], names: string) {
  return {
    insert: sql`(${identifiers(names)}) VALUES (${sqlJoin(encoded)})`,
    set: sqlJoin(names.split(', ').map((name, i) => sql`${identifiers(name)} = ${encoded[i]}`)),
  };
}

const ADDRESS_FIELDS = [
  'kind',
  'nickname',
  'address',
  'searchText',
  'sortKey',
  'updatedOn',
] as const satisfies readonly FieldOf<typeof savedAddresses>[];

export function addressBookQueries(dialect: Dialect, run: Run): AddressBookStore {
  const columns = identifiers(selectList(savedAddresses));
  const names = columnNames(savedAddresses, ADDRESS_FIELDS);
  const encode = values(dialect, savedAddresses, ADDRESS_FIELDS);
  const record = reader(dialect, savedAddresses);
  const rows = async (statement: Sql) => (await run(statement)).map(record);
  const write = (r: NewSavedAddress) => writes(encode(r), names);
  return {
    async list({ words, kind, limit }) {
      // Words are folded to [a-z0-9] (core/address-book.ts): nothing in them for LIKE to interpret.
      const conditions = words.map((word) => sql`search_text LIKE ${`% ${word}%`}`);
      if (kind) conditions.push(sql`kind = ${kind}`);
      const filter = where(conditions);
      const [counted] = await run<{ n: number }>(sql`SELECT count(*) AS n FROM saved_addresses ${filter}`);
      return {
        total: Number(counted!.n),
        rows: await rows(sql`SELECT ${columns} FROM saved_addresses ${filter} ORDER BY sort_key, id LIMIT ${limit}`),
      };
    },
    async byId(id) {
      return (await rows(sql`SELECT ${columns} FROM saved_addresses WHERE id = ${id}`))[0];
    },
    async sameAs(kind, address) {
      const [stored] = values(dialect, savedAddresses, ['address'])({ address });
      const found = await rows(
        sql`SELECT ${columns} FROM saved_addresses WHERE kind = ${kind} AND address = ${stored} ORDER BY id LIMIT 1`,
      );
      return found[0];
    },
    async insert(r) {
      const [row] = await run<{ id: number }>(sql`INSERT INTO saved_addresses ${write(r).insert} RETURNING id`);
      return Number(row!.id);
    },
    async update(r) {
      const updated = await run(sql`UPDATE saved_addresses SET ${write(r).set} WHERE id = ${r.id} RETURNING id`);
      return updated.length > 0;
    },
    async remove(id) {
      return (await run(sql`DELETE FROM saved_addresses WHERE id = ${id} RETURNING id`)).length > 0;
    },
  };
}

const PRESET_FIELDS = [
  'name',
  'length',
  'width',
  'height',
  'dimensionUnit',
  'weight',
  'weightUnit',
  'description',
  'updatedOn',
] as const satisfies readonly FieldOf<typeof packagePresets>[];

/** Package presets: a desk keeps tens of them, read whole. */
export function presetQueries(dialect: Dialect, run: Run): PresetStore {
  const columns = identifiers(selectList(packagePresets));
  const names = columnNames(packagePresets, PRESET_FIELDS);
  const encode = values(dialect, packagePresets, PRESET_FIELDS);
  const record = reader(dialect, packagePresets);
  const rows = async (statement: Sql) => (await run(statement)).map(record);
  const write = (p: Omit<PackagePresetRecord, 'id'>) => writes(encode(p), names);
  return {
    list: () => rows(sql`SELECT ${columns} FROM package_presets ORDER BY name, id`),
    byId: async (id) => (await rows(sql`SELECT ${columns} FROM package_presets WHERE id = ${id}`))[0],
    insert: async (p) => {
      const [row] = await run<{ id: number }>(sql`INSERT INTO package_presets ${write(p).insert} RETURNING id`);
      return Number(row!.id);
    },
    update: async (p) =>
      (await run(sql`UPDATE package_presets SET ${write(p).set} WHERE id = ${p.id} RETURNING id`)).length > 0,
    remove: async (id) => (await run(sql`DELETE FROM package_presets WHERE id = ${id} RETURNING id`)).length > 0,
  };
}
