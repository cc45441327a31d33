/**
 * `migrate --from DATA_DIR --to postgres://…`: a desk's SQLite data copied into a new
 * PostgreSQL database, ids, numbers, history, users and keys intact, in one transaction.
 * The target must hold no shipments and no users yet (no desk has started on it).
 */
import pg from 'pg';
import { openPostgresStore } from './postgres';
import { connectionConfig } from './postgres/pool';
import { copyIn } from './postgres/copy-in';
import { copyLine } from './postgres/copy-text';
import { sequenceFor } from './postgres/numbers';
import { BULK_TABLES, setAsideIndexes } from './postgres/set-aside-indexes';
import { rebuildDayTotals } from './postgres/shipments';
import { openSqliteStore } from './sqlite';
import { assertNoStationHolds } from './sqlite/station-holds';
import { copyColumns, type Table } from './shared/columns';
import { MAPPED_TABLES } from './shared/tables';
import type { Db } from './sqlite/database';

/** In the order the foreign keys need; shipments' day totals are rebuilt once, after. */
const TABLES = MAPPED_TABLES;

/**
 * SQLite tables whose content reaches PostgreSQL otherwise: counters become sequences
 * (copySequences), day totals and order totals are counted afresh after the rows (rebuildDayTotals,
 * ORDER_TOTALS), event texts go as the events' own texts (copyColumns' reads); a bulk load's
 * set-aside indexes are put back when the desk opens, which empties load_set_aside. Any table
 * in neither list stops the copy before it starts, so a table added later cannot be silently
 * left behind.
 */
const NOT_COPIED_AS_ROWS = new Set([
  'counters',
  'shipment_day_totals',
  'event_texts',
  'order_status_totals',
  'load_set_aside',
]);

/** The orders' totals by status, counted from the copied orders (postgres/migrations/0019). */
const ORDER_TOTALS = `DELETE FROM order_status_totals;
  INSERT INTO order_status_totals (status, stripe, items) SELECT status, 0, count(*) FROM orders GROUP BY status`;

export function uncopiedTables(db: Db): string[] {
  const known = new Set([...TABLES.map((t) => t.name), ...NOT_COPIED_AS_ROWS]);
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  return tables.filter((t) => !known.has(t));
}

/**
 * Columns of the desk's tables that the copy does not name: a column added later must not
 * be left behind without a word, as with tables.
 */
export function uncopiedColumns(db: Db): string[] {
  return TABLES.flatMap((table) => {
    const named = new Set(copyColumns(table).names);
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table.name) as string[];
    return columns.filter((c) => !named.has(c)).map((c) => `${table.name}.${c}`);
  });
}

/** A progress line per this many rows of a table, and one at its end. */
const PROGRESS_ROWS = 100_000;

export interface CopyReport {
  tables: { table: string; sqlite: number; postgres: number }[];
}

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/**
 * One table through COPY, read row by row from SQLite as the server takes the text. FREEZE
 * writes the rows already visible to all, so the VACUUM after the copy skips them.
 */
async function copyTable(db: Db, client: pg.ClientBase, table: Table, progress: (line: string) => void) {
  const t0 = performance.now();
  const { name } = table;
  const { names, reads, encoders } = copyColumns(table);
  const total = db.prepare(`SELECT count(*) FROM ${name}`).pluck().get() as number;
  const rows = db
    .prepare(`SELECT ${reads.join(', ')} FROM ${name}`)
    .raw()
    .iterate() as IterableIterator<unknown[]>;
  let done = 0;
  function* lines(): Generator<string> {
    for (const row of rows) {
      yield copyLine(row, encoders);
      if (++done % PROGRESS_ROWS === 0) progress(`${name}: ${done} / ${total}`);
    }
  }
  const taken = await copyIn(client, `${name} (${names.join(', ')})`, lines());
  if (taken !== done) throw new Error(`${name}: ${done} rows sent, ${taken} taken`);
  progress(`${name}: ${done} / ${total} (${seconds(t0)})`);
  if (table.identity) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${name}', 'id'), max(id)) FROM ${name} HAVING max(id) IS NOT NULL`,
    );
  }
}

/** Moves each number sequence past the highest number the desk ever handed out. */
async function copySequences(db: Db, client: pg.ClientBase): Promise<void> {
  const counters = db.prepare('SELECT name, value FROM counters').all() as { name: string; value: number }[];
  for (const { name, value } of counters) {
    if (value < 1 || !/^(shipment-number|manifest-number|tracking-serial:[A-Z]{2})$/.test(name)) continue;
    const sequence = sequenceFor(name as Parameters<typeof sequenceFor>[0]);
    await client.query(`CREATE SEQUENCE IF NOT EXISTS ${sequence}`);
    await client.query('SELECT setval($1::regclass, $2)', [sequence, value]);
  }
}

/** Every row of the desk, in one transaction: all of it, or (on any failure) none of it. */
async function copyRows(db: Db, client: pg.ClientBase, progress: (line: string) => void): Promise<void> {
  await client.query('BEGIN');
  try {
    // A copy runs for minutes; an index build wants memory to sort in, and a foreign key's
    // check (one join of the whole table) to hash in without spilling to disk.
    await client.query(
      "SET LOCAL statement_timeout = 0; SET LOCAL maintenance_work_mem = '1GB'; SET LOCAL work_mem = '256MB'",
    );
    const tables = TABLES.map((t) => t.name).join(', ');
    // Locks out a desk starting on the target meanwhile (it would add its own admin). The
    // catalog and settings a desk syncs at start are replaced by the desk's own; emptied
    // in this transaction, the tables take COPY FREEZE.
    await client.query(`LOCK TABLE ${tables}, shipment_day_totals, order_status_totals IN ACCESS EXCLUSIVE MODE`);
    await client.query(`TRUNCATE ${tables}`);
    const aside = await setAsideIndexes(client, BULK_TABLES);
    // The desk's outbox is copied as it stands: the trigger would add every event to it
    // again. The day totals are counted once at the end rather than upserted per row.
    await client.query('ALTER TABLE tracking_events DISABLE TRIGGER tracking_events_to_webhook_outbox');
    await client.query('ALTER TABLE shipments DISABLE TRIGGER shipment_day_totals_insert_delete');
    await client.query('ALTER TABLE orders DISABLE TRIGGER order_status_totals_insert');
    for (const copy of TABLES) await copyTable(db, client, copy, progress);
    await client.query('ALTER TABLE tracking_events ENABLE TRIGGER tracking_events_to_webhook_outbox');
    await client.query('ALTER TABLE shipments ENABLE TRIGGER shipment_day_totals_insert_delete');
    await client.query('ALTER TABLE orders ENABLE TRIGGER order_status_totals_insert');
    await client.query(ORDER_TOTALS);
    let t0 = performance.now();
    await rebuildDayTotals(client);
    progress(`day totals (${seconds(t0)})`);
    t0 = performance.now();
    await aside.restore(progress);
    progress(`${aside.count} keys and indexes rebuilt (${seconds(t0)})`);
    await copySequences(db, client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function countIn(pool: pg.Pool, table: string): Promise<number> {
  return (await pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n;
}

export async function copyToPostgres(
  options: { from: string; to: string },
  progress: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  // A desk still running on the folder would go on numbering and writing what is not moved.
  assertNoStationHolds(options.from, 'moving its data into PostgreSQL');
  const source = openSqliteStore({ dataDir: options.from });
  try {
    const unknown = [...uncopiedTables(source.db), ...uncopiedColumns(source.db)];
    if (unknown.length > 0) {
      throw new Error(
        `migrate does not know how to copy ${unknown.join(', ')}: nothing was copied (main/stores/shared/tables maps the tables and their columns).`,
      );
    }
    const target = await openPostgresStore({ url: options.to });
    try {
      const [shipments, users] = await Promise.all([countIn(target.pool, 'shipments'), countIn(target.pool, 'users')]);
      if (shipments > 0 || users > 0) {
        throw new Error(
          `${target.location} already holds ${shipments} shipments and ${users} users: migrate into a new, empty database, before any desk starts on it.`,
        );
      }
      // A client of its own, outside the pool: the pool's statement and read timeouts
      // (seconds) would cancel a COPY or an index build that takes minutes.
      const client = new pg.Client(connectionConfig(options.to));
      client.on('error', () => undefined);
      await client.connect();
      try {
        await copyRows(source.db, client, progress);
        // Statistics for the planner, and the visibility map that lets the list skip through
        // its indexes without reading table rows: the first desk is fast from the start.
        const t0 = performance.now();
        progress('vacuum analyze');
        await client.query('SET statement_timeout = 0');
        await client.query('VACUUM ANALYZE');
        progress(`vacuum analyze (${seconds(t0)})`);
      } finally {
        await client.end().catch(() => undefined);
      }
      const tables = [];
      for (const table of TABLES) {
        tables.push({
          table: table.name,
          sqlite: source.db.prepare(`SELECT count(*) FROM ${table.name}`).pluck().get() as number,
          postgres: await countIn(target.pool, table.name),
        });
      }
      const wrong = tables.filter((t) => t.sqlite !== t.postgres);
      if (wrong.length > 0) {
        throw new Error(
          `The copy does not match: ${wrong.map((t) => `${t.table} ${t.sqlite} → ${t.postgres}`).join(', ')}`,
        );
      }
      return { tables };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
