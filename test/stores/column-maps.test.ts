/**
 * The column maps (main/stores/shared/tables) against the schema both stores' migrations
 * make: every column of a mapped table is in its map, under the same name in both stores,
 * with the type the map says for each dialect. And the `sql` template's statements run as
 * written on both.
 */
import { describe, expect, it } from 'vitest';
import { declaredTypes } from '../../main/stores/shared/columns';
import { identifiers, render, sql, sqlJoin, where, type Dialect } from '../../main/stores/shared/sql';
import { MAPPED_TABLES } from '../../main/stores/shared/tables';
import type { PostgresStore } from '../../main/stores/postgres';
import type { SqliteStore } from '../../main/stores/sqlite';
import { storeOpener } from '../helpers/stores';

const openStore = storeOpener('ss-column-maps-');

/** Each column of `table` and its type, as the live database has them. */
async function liveTypes(dialect: Dialect, table: string): Promise<Record<string, string>> {
  const [store] = await opened(dialect);
  if (dialect === 'sqlite') {
    const rows = (store as SqliteStore).db.prepare('SELECT name, type FROM pragma_table_info(?)').all(table) as {
      name: string;
      type: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.type]));
  }
  const { rows } = await (store as PostgresStore).pool.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.type]));
}

const stores = new Map<Dialect, ReturnType<typeof openStore>>();
const opened = (dialect: Dialect) => {
  if (!stores.has(dialect)) stores.set(dialect, openStore(dialect));
  return stores.get(dialect)!;
};

describe.each(['sqlite', 'postgres'] as const)('column maps on %s', (dialect) => {
  it.each(MAPPED_TABLES.map((t) => [t.name, t] as const))('%s: every column, its name and its type', async (_, t) => {
    expect(await liveTypes(dialect, t.name)).toEqual(declaredTypes(dialect, t));
  });

  it('runs a statement of fragments, joins and values as written', async () => {
    const [store] = await opened(dialect);
    const codes = ['ZZ', 'XX'];
    const statement = sql`SELECT ${identifiers('code')}, ${"it's"} AS quoted FROM carriers
      ${where([sql`code IN (${sqlJoin(codes)})`, sql`id > ${-1}`])} ORDER BY id`;
    const { text, params } = render(dialect, statement);
    const rows =
      dialect === 'sqlite'
        ? (store as SqliteStore).db.prepare(text).all(...params)
        : (await (store as PostgresStore).pool.query(text, params)).rows;
    expect(rows).toEqual([]);
    await store!.carriers.sync({
      carriers: [{ id: 9, code: 'ZZ', name: 'Zed', trackingPrefix: 'ZZ' }],
      services: [],
      features: [],
    });
    const again =
      dialect === 'sqlite'
        ? (store as SqliteStore).db.prepare(text).all(...params)
        : (await (store as PostgresStore).pool.query(text, params)).rows;
    expect(again).toEqual([{ code: 'ZZ', quoted: "it's" }]);
  });
});

describe('sql renders', () => {
  const statement = sql`SELECT * FROM t ${where([sql`a = ${1}`, sql`b IN (${sqlJoin(['x', 'y'])})`])} LIMIT ${10}`;
  it('? placeholders for SQLite and $n for PostgreSQL, the parameters in order', () => {
    expect(render('sqlite', statement)).toEqual({
      text: 'SELECT * FROM t WHERE a = ? AND b IN (?, ?) LIMIT ?',
      params: [1, 'x', 'y', 10],
    });
    expect(render('postgres', statement)).toEqual({
      text: 'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3) LIMIT $4',
      params: [1, 'x', 'y', 10],
    });
  });
  it('no WHERE without conditions', () => {
    expect(render('postgres', sql`SELECT 1 FROM t ${where([])}`).text).toBe('SELECT 1 FROM t ');
  });
});
