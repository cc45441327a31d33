/**
 * Each table's columns, said once: record field ↔ column ↔ how each dialect types and
 * encodes the value. The statements' column lists, select lists, insert value lists, the
 * rows' decoding and migrate's COPY list are all made from a table's map (tables.ts), so a
 * new column is one line there plus one migration per dialect. The names are the same in
 * both stores.
 */
import type { Address, ShipmentStatus } from '../../core/schemas';
import { copyBoolean, copyText, copyTextArray, copyValue, type CopyEncoder } from '../postgres/copy-text';
import { addressObjectJson, decodeAddress, encodeAddress } from '../sqlite/address-codec';
import type { Dialect } from './sql';
import { statusCode, statusOfCode } from './status-codes';

/** How one kind of value is kept: its type in each dialect, and how it is written and read there. */
export interface Kind<V> {
  /** As `PRAGMA table_info` names it. */
  readonly sqlite: string;
  /** As PostgreSQL's `format_type` names it; also the cast of an array parameter (`$1::bigint[]`). */
  readonly postgres: string;
  /** The value as each dialect binds it, and back from what its driver reads; absent: as it is. */
  toSqlite?(value: V): unknown;
  fromSqlite?(stored: unknown): V;
  toPostgres?(value: V): unknown;
  /**
   * SQLite: the expression that reads the column as its value, where SQLite keeps something
   * else in it (an id of event_texts); absent: the column as it is.
   */
  sqliteRead?(column: string): string;
  /** A SQLite value, as sqliteRead reads it, as a field of PostgreSQL's COPY text. */
  copy: CopyEncoder;
}

export interface Column<V> {
  readonly name: string;
  readonly kind: Kind<V>;
}

/** A column as one that may hold NULL: the kind's conversions pass NULL by. */
function orNull<V>(kind: Kind<V>): Kind<V | null> {
  const pass =
    <A, B>(convert: ((a: A) => B) | undefined) =>
    (value: A | null) =>
      value === null || value === undefined ? null : convert!(value);
  return {
    sqlite: kind.sqlite,
    postgres: kind.postgres,
    ...(kind.toSqlite && { toSqlite: pass(kind.toSqlite.bind(kind)) }),
    ...(kind.fromSqlite && { fromSqlite: pass(kind.fromSqlite.bind(kind)) }),
    ...(kind.toPostgres && { toPostgres: pass(kind.toPostgres.bind(kind)) }),
    ...(kind.sqliteRead && { sqliteRead: kind.sqliteRead.bind(kind) }),
    // A NULL is COPY's \N whatever the kind (an order's collection address may be absent).
    copy: (value) => (value === null || value === undefined ? copyValue(null) : kind.copy(value)),
  };
}

/** A column constructor for one kind: `text('name')`, or `text.orNull('name')`. */
function kindOf<V>(kind: Kind<V>) {
  const make = <T extends V = V>(name: string): Column<T> => ({ name, kind: kind as unknown as Kind<T> });
  make.orNull = <T extends V = V>(name: string): Column<T | null> => ({
    name,
    kind: orNull(kind as unknown as Kind<T>),
  });
  return make;
}

const stored = (sqlite: string, postgres: string) => ({ sqlite, postgres, copy: copyValue });

export const text = kindOf<string>(stored('TEXT', 'text'));
/** The uuid type in PostgreSQL; its lower-case text in SQLite. */
export const uuid = kindOf<string>(stored('TEXT', 'uuid'));
export const int = kindOf<number>(stored('INTEGER', 'integer'));
/** Ids, and times as milliseconds since the epoch (pool.ts reads int8 as a number). */
export const bigint = kindOf<number>(stored('INTEGER', 'bigint'));
/** Money in minor units. */
export const money = kindOf<number>(stored('INTEGER', 'bigint'));
export const smallint = kindOf<number>(stored('INTEGER', 'smallint'));
export const real = kindOf<number>(stored('REAL', 'double precision'));
export const bytes = kindOf<Buffer>(stored('BLOB', 'bytea'));
/** SQLite's 0 and 1. */
export const bool = kindOf<boolean>({
  sqlite: 'INTEGER',
  postgres: 'boolean',
  toSqlite: (value) => (value ? 1 : 0),
  fromSqlite: (value) => value === 1,
  copy: copyBoolean,
});
/** JSON text in SQLite, jsonb in PostgreSQL (its driver parses it). */
export const json = kindOf<unknown>({
  sqlite: 'TEXT',
  postgres: 'jsonb',
  toSqlite: (value) => JSON.stringify(value),
  fromSqlite: (value) => JSON.parse(value as string),
  toPostgres: (value) => JSON.stringify(value),
  copy: copyValue,
});
/** A JSON array in SQLite, text[] in PostgreSQL. */
export const textArray = kindOf<string[]>({
  sqlite: 'TEXT',
  postgres: 'text[]',
  toSqlite: (value) => JSON.stringify(value),
  fromSqlite: (value) => JSON.parse(value as string) as string[],
  copy: copyTextArray,
});
/**
 * A status: its name in PostgreSQL; its code in SQLite (core/statuses.ts STATUS_CODES), one
 * byte where the name takes up to 23, on each of a shipment's handful of tracking events.
 */
export const status = kindOf<ShipmentStatus>({
  sqlite: 'INTEGER',
  postgres: 'text',
  toSqlite: statusCode,
  fromSqlite: (value) => statusOfCode(value as number),
  copy: (value) => copyText(statusOfCode(value as number)),
});
/**
 * A text repeated across millions of rows (a tracking event's description, location, user):
 * the text in PostgreSQL; in SQLite the id of its row in event_texts, one or two bytes
 * where the text takes tens. The store writes the ids (sqlite/event-texts.ts, through
 * `values`' `idEncoders`); reads go through sqliteSelectList.
 */
export const eventText = kindOf<string>({
  sqlite: 'INTEGER',
  postgres: 'text',
  sqliteRead: (column) => `(SELECT et.text FROM event_texts et WHERE et.id = ${column})`,
  fromSqlite(value) {
    if (typeof value !== 'string')
      throw new Error(`an event text read as its id ${String(value)}: read it through sqliteSelectList`);
    return value;
  },
  copy: copyValue,
});
/** A JSON array of its fields in SQLite (address-codec.ts), a jsonb object in PostgreSQL. */
export const address = kindOf<Address>({
  sqlite: 'TEXT',
  postgres: 'jsonb',
  toSqlite: encodeAddress,
  fromSqlite: (value) => decodeAddress(value as string),
  toPostgres: (value) => JSON.stringify(value),
  copy: (value) => copyText(addressObjectJson(value as string)),
});

/** A table: its name and its columns by record field. */
export interface Table<C extends Record<string, Column<unknown>> = Record<string, Column<unknown>>> {
  readonly name: string;
  readonly columns: C;
  /** Its `id` is numbered by the database (PostgreSQL: an identity, whose sequence a copy moves on). */
  readonly identity: boolean;
}

export const table = <C extends Record<string, Column<unknown>>>(
  name: string,
  columns: C,
  options: { identity?: boolean } = {},
): Table<C> => ({ name, columns, identity: options.identity ?? false });

type ValueOf<C> = C extends Column<infer V> ? V : never;
/** A table's row as the record it maps to. */
export type RowOf<T extends Table> = { -readonly [K in keyof T['columns']]: ValueOf<T['columns'][K]> };
export type FieldOf<T extends Table> = keyof T['columns'] & string;

const fieldsOf = <T extends Table>(t: T): FieldOf<T>[] => Object.keys(t.columns) as FieldOf<T>[];
const columnOf = <T extends Table>(t: T, field: FieldOf<T>): Column<unknown> => t.columns[field]!;
const prefixed = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** `a, b, c`: the columns of `fields` (every one by default), of the table alias if given. */
export function columnNames<T extends Table>(t: T, fields: readonly FieldOf<T>[] = fieldsOf(t), alias?: string) {
  return fields.map((field) => prefixed(alias, columnOf(t, field).name)).join(', ');
}

/**
 * `a AS "fieldA", …`: the columns read as the record's fields, in both dialects; `as`
 * before each field's name keeps a joined table's fields apart.
 */
export function selectList<T extends Table>(
  t: T,
  fields: readonly FieldOf<T>[] = fieldsOf(t),
  alias?: string,
  as = '',
) {
  return fields.map((field) => `${prefixed(alias, columnOf(t, field).name)} AS "${as}${field}"`).join(', ');
}

/** selectList as SQLite reads it: a column kept as an id is read as its value (Kind.sqliteRead). */
export function sqliteSelectList<T extends Table>(
  t: T,
  fields: readonly FieldOf<T>[] = fieldsOf(t),
  alias?: string,
  as = '',
) {
  return fields
    .map((field) => {
      const { name, kind } = columnOf(t, field);
      const column = prefixed(alias, name);
      return `${kind.sqliteRead ? kind.sqliteRead(column) : column} AS "${as}${field}"`;
    })
    .join(', ');
}

/** PostgreSQL: `'fieldA', alias.a, …`, the arguments of a json_build_object of the record's fields. */
export function jsonFields<T extends Table>(t: T, fields: readonly FieldOf<T>[], alias: string) {
  return fields.map((field) => `'${field}', ${alias}.${columnOf(t, field).name}`).join(', ');
}

/** `INSERT INTO t (a, b) VALUES (?, ?)` (or `$1, $2`): the values from `values`. */
export function insertSql<T extends Table>(dialect: Dialect, t: T, fields: readonly FieldOf<T>[] = fieldsOf(t)) {
  const placeholders = fields.map((_, i) => (dialect === 'sqlite' ? '?' : `$${i + 1}`)).join(', ');
  return `INSERT INTO ${t.name} (${columnNames(t, fields)}) VALUES (${placeholders})`;
}

/** `a = ?, b = ?` (or `$first, $first+1`): an update's SET of `fields`, the values from `values`. */
export function setList<T extends Table>(dialect: Dialect, t: T, fields: readonly FieldOf<T>[], first = 1) {
  return fields
    .map((field, i) => `${columnOf(t, field).name} = ${dialect === 'sqlite' ? '?' : `$${first + i}`}`)
    .join(', ');
}

/** `a = excluded.a, …`: an upsert's update of every column but its key. */
export function setFromExcluded<T extends Table>(t: T, key: readonly FieldOf<T>[]) {
  return fieldsOf(t)
    .filter((field) => !key.includes(field))
    .map((field) => `${columnOf(t, field).name} = excluded.${columnOf(t, field).name}`)
    .join(', ');
}

/**
 * The record's values in the order of `fields`, each as `dialect` binds it. Made once per
 * statement. `idEncoders`: the store's own, for the columns SQLite keeps as ids (it must give
 * one for each of them that `fields` names).
 */
export function values<T extends Table, F extends FieldOf<T>>(
  dialect: Dialect,
  t: T,
  fields: readonly F[] = fieldsOf(t) as F[],
  idEncoders: Partial<Record<F, (value: string) => unknown>> = {},
): (record: Pick<RowOf<T>, F>) => unknown[] {
  const encoders = fields.map((field) => {
    const kind = columnOf(t, field).kind;
    if (dialect === 'sqlite' && kind.sqliteRead) {
      const own = idEncoders[field];
      if (!own) throw new Error(`${t.name}.${columnOf(t, field).name} is kept as an id on SQLite: give its encoder`);
      return own as (value: unknown) => unknown;
    }
    return (dialect === 'sqlite' ? kind.toSqlite : kind.toPostgres)?.bind(kind);
  });
  return (record) => {
    const out = new Array<unknown>(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const value = (record as Record<string, unknown>)[fields[i]!];
      const encode = encoders[i];
      out[i] = encode ? encode(value) : value;
    }
    return out;
  };
}

/**
 * A row read through `selectList` as its record: each field the dialect's driver does not
 * already give as the record holds it is decoded, in place. Made once per statement.
 */
export function reader<T extends Table, F extends FieldOf<T> = FieldOf<T>>(
  dialect: Dialect,
  t: T,
  fields: readonly F[] = fieldsOf(t) as F[],
): (row: unknown) => Pick<RowOf<T>, F> {
  const decoders: [string, (stored: unknown) => unknown][] = [];
  if (dialect === 'sqlite') {
    for (const field of fields) {
      const kind = columnOf(t, field).kind;
      if (kind.fromSqlite) decoders.push([field, kind.fromSqlite.bind(kind)]);
    }
  }
  if (decoders.length === 0) return (row) => row as Pick<RowOf<T>, F>;
  return (row) => {
    const r = row as Record<string, unknown>;
    for (const [field, decode] of decoders) r[field] = decode(r[field]);
    return r as Pick<RowOf<T>, F>;
  };
}

/**
 * `reader` for a row read as the array of `fields`' values in their order (better-sqlite3's
 * raw mode): building the record here costs less than the driver naming each column of
 * each row (a list page's rows in ~60 % of the time).
 */
export function arrayReader<T extends Table, F extends FieldOf<T>>(
  dialect: Dialect,
  t: T,
  fields: readonly F[],
): (values: unknown[]) => Pick<RowOf<T>, F> {
  const decode = reader(dialect, t, fields);
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) row[fields[i]!] = values[i];
    return decode(row);
  };
}

/** PostgreSQL: `$n::type, …`, a parameter for each of `fields` from `first` on, cast to its column's type. */
export function castParams<T extends Table>(t: T, fields: readonly FieldOf<T>[], first: number) {
  return fields.map((field, i) => `$${first + i}::${columnOf(t, field).kind.postgres}`).join(', ');
}

/**
 * PostgreSQL: many rows in one statement, a parameter per column holding that column's
 * values: `unnest($n::type[], …)` from parameter `first` on, and the arrays to bind.
 */
export function unnestColumns<T extends Table, F extends FieldOf<T>>(t: T, fields: readonly F[], first: number) {
  const encode = values('postgres', t, fields);
  return {
    sql: `unnest(${fields.map((field, i) => `$${first + i}::${columnOf(t, field).kind.postgres}[]`).join(', ')})`,
    arrays(records: readonly Pick<RowOf<T>, F>[]): unknown[][] {
      const arrays = fields.map(() => new Array<unknown>(records.length));
      records.forEach((record, r) => encode(record).forEach((value, c) => (arrays[c]![r] = value)));
      return arrays;
    },
  };
}

/**
 * migrate's COPY of a table: its columns, the expression reading each from SQLite
 * (Kind.sqliteRead) and each one's encoder from that value to COPY text.
 */
export function copyColumns(t: Table): { names: string[]; reads: string[]; encoders: CopyEncoder[] } {
  const columns = fieldsOf(t).map((field) => columnOf(t, field));
  return {
    names: columns.map((c) => c.name),
    reads: columns.map((c) => c.kind.sqliteRead?.(c.name) ?? c.name),
    encoders: columns.map((c) => c.kind.copy),
  };
}

/** Each column's name and its type in `dialect`: what a test compares with the live schema. */
export function declaredTypes(dialect: Dialect, t: Table): Record<string, string> {
  return Object.fromEntries(
    fieldsOf(t).map((field) => {
      const { name, kind } = columnOf(t, field);
      return [name, dialect === 'sqlite' ? kind.sqlite : kind.postgres];
    }),
  );
}
