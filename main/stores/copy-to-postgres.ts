/**
 * `migrate --from DATA_DIR --to postgres://…`: a desk's SQLite data copied into a new
 * PostgreSQL database, ids, numbers, history, users and keys intact, in one transaction.
 * The target must hold no shipments and no users yet (no desk has started on it).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openPostgresStore } from './postgres';
import { connectionConfig } from './postgres/pool';
import { copyBoolean, copyLine, copyText, copyTextArray, copyValue, type CopyEncoder } from './postgres/copy-text';
import { sequenceFor } from './postgres/numbers';
import { setAsideIndexes } from './postgres/set-aside-indexes';
import { rebuildDayTotals } from './postgres/shipments';
import { openSqliteStore } from './sqlite';
import { assertNoStationHolds } from './sqlite/station-holds';
import { addressObjectJson } from './sqlite/address-codec';
import type { Db } from './sqlite/database';

/** A column copied as it is (same name, same value), or converted on the way. */
type Column = string | { from: string; to: string; encode: CopyEncoder };

/** SQLite keeps an address as a JSON array of its fields; PostgreSQL as a jsonb object. */
const address = (name: string): Column => ({
  from: name,
  to: name,
  // An order's collection address may be absent (the station's sender): NULL as it is.
  encode: (text) => (text === null ? copyValue(text) : copyText(addressObjectJson(text as string))),
});
const boolean = (name: string): Column => ({ from: name, to: name, encode: copyBoolean });
/** JSON arrays in SQLite, text[] in PostgreSQL. */
const textArray = (name: string): Column => ({ from: name, to: name, encode: copyTextArray });

interface TableCopy {
  table: string;
  columns: Column[];
  /** Has an identity `id` whose sequence must move past the copied ids. */
  identity?: boolean;
}

/** In the order the foreign keys need. Shipments' day totals are rebuilt once, after. */
const TABLES: TableCopy[] = [
  { table: 'carriers', columns: ['id', 'code', 'name', 'tracking_prefix'] },
  {
    table: 'carrier_services',
    columns: [
      'id',
      'carrier_id',
      'system_name',
      'name',
      'unique_identifier',
      'service_code',
      'max_weight_kg',
      'max_length_cm',
      'scope',
    ],
  },
  { table: 'carrier_features', columns: ['id', 'carrier_id', 'name', 'code'] },
  {
    table: 'users',
    columns: ['id', 'username', 'password_hash', 'role', boolean('disabled'), 'created_on'],
    identity: true,
  },
  {
    table: 'api_keys',
    columns: ['id', 'user_id', 'name', 'prefix', 'key_hash', 'created_on', 'last_used_on', 'revoked_on'],
    identity: true,
  },
  { table: 'sign_ins', columns: ['id', 'user_id', 'method', 'created_on', 'revoked_on', 'api_key_id'], identity: true },
  { table: 'tokens', columns: ['hash', 'sign_in_id', 'kind', 'expires_on', 'used_on'] },
  {
    table: 'shipments',
    columns: [
      'id',
      'uuid',
      'shipment_number',
      'created_on',
      'despatch_date',
      'carrier_id',
      'carrier_service_id',
      'features',
      address('collection_address'),
      address('delivery_address'),
      'shipper',
      'delivery_line',
      'delivery_postcode_key',
      'goods_description',
      'delivery_instructions',
      'hs_code',
      'description_of_goods',
      'reference_one',
      'reference_two',
      'reference_three',
      'cost_minor',
      'insured_minor',
      'currency',
      'piece_count',
      'total_weight',
      'weight_unit',
      'status',
      'status_description',
      'status_on',
      'status_location',
      'status_signatory',
      'created_by',
    ],
    identity: true,
  },
  {
    table: 'pieces',
    columns: [
      'id',
      'shipment_id',
      'sequence_number',
      'description',
      'weight',
      'weight_unit',
      'length',
      'width',
      'height',
      'dimension_unit',
      'tracking_number',
    ],
    identity: true,
  },
  {
    table: 'tracking_events',
    columns: [
      'id',
      'shipment_id',
      'status',
      'description',
      'location',
      'signatory',
      'signatory_file_name',
      'latitude',
      'longitude',
      'depot_id',
      'tracking_number',
      { from: 'user', to: 'user_name', encode: copyValue },
      'occurred_on',
    ],
    identity: true,
  },
  { table: 'customs_declarations', columns: ['shipment_id', 'contents_type'] },
  {
    table: 'customs_items',
    columns: [
      'id',
      'shipment_id',
      'sequence_number',
      'description',
      'quantity',
      'unit_value_minor',
      'net_weight',
      'weight_unit',
      'hs_code',
      'origin_country',
    ],
    identity: true,
  },
  { table: 'idempotency_keys', columns: ['user_id', 'key', 'request_hash', 'shipment_id', 'created_on'] },
  { table: 'settings', columns: ['name', 'value'] },
  {
    table: 'manifests',
    columns: [
      'id',
      'manifest_number',
      'carrier_id',
      'created_on',
      'created_by',
      'shipment_count',
      'piece_count',
      'total_weight_kg',
    ],
    identity: true,
  },
  { table: 'manifest_shipments', columns: ['shipment_id', 'manifest_id', 'position'] },
  {
    table: 'imports',
    columns: ['id', 'user_id', 'idempotency_key', 'file_hash', 'created_on', 'result'],
    identity: true,
  },
  { table: 'shipment_search_terms', columns: ['term', 'shipment_id', 'created_on', 'piece_count', 'status_code'] },
  {
    table: 'webhooks',
    columns: [
      'id',
      'url',
      'secret',
      textArray('events'),
      textArray('statuses'),
      boolean('allow_remote'),
      'created_on',
      'created_by',
    ],
    identity: true,
  },
  {
    // Undelivered rows go on being delivered from the shared database; delivered ones stay as history.
    table: 'webhook_outbox',
    columns: [
      'id',
      'webhook_id',
      'tracking_event_id',
      'type',
      'payload',
      'created_on',
      'attempts',
      'next_attempt_on',
      'lease_until',
      'last_attempt_on',
      'last_status',
      'last_error',
      'delivered_on',
      'failed_on',
    ],
    identity: true,
  },
  {
    table: 'saved_addresses',
    columns: ['id', 'kind', 'nickname', address('address'), 'search_text', 'sort_key', 'updated_on'],
    identity: true,
  },
  {
    table: 'package_presets',
    columns: [
      'id',
      'name',
      'length',
      'width',
      'height',
      'dimension_unit',
      'weight',
      'weight_unit',
      'description',
      'updated_on',
    ],
    identity: true,
  },
  {
    table: 'orders',
    columns: [
      'id',
      'uuid',
      'order_number',
      'order_number_key',
      'channel',
      'order_date',
      'created_on',
      'updated_on',
      'status',
      address('delivery_address'),
      address('collection_address'),
      'currency',
      'reference_one',
      'reference_two',
      'reference_three',
      'delivery_instructions',
      'notes',
      'requested_service',
      'tags',
      'package',
      'item_count',
      'total_weight_kg',
      'total_value_minor',
      'shipment_id',
      'created_by',
    ],
    identity: true,
  },
  {
    table: 'order_items',
    columns: [
      'order_id',
      'sequence_number',
      'sku',
      'description',
      'quantity',
      'unit_value_minor',
      'unit_weight',
      'weight_unit',
      'hs_code',
      'origin_country',
    ],
  },
  { table: 'order_search_terms', columns: ['term', 'order_id'] },
  { table: 'order_shipments', columns: ['shipment_id', 'order_id', 'rule_name'] },
  { table: 'order_requests', columns: ['user_id', 'key', 'request_hash', 'answer', 'created_on'] },
  // A user locked out by failed sign-ins stays locked on the shared database.
  { table: 'limit_hits', columns: ['key', 'at'] },
];

const sourceName = (c: Column) => (typeof c === 'string' ? c : c.from);
const targetName = (c: Column) => (typeof c === 'string' ? c : c.to);
const encoderOf = (c: Column) => (typeof c === 'string' ? copyValue : c.encode);

/**
 * SQLite tables whose content reaches PostgreSQL otherwise: counters become sequences
 * (copySequences), day totals are counted afresh after the rows (rebuildDayTotals). Any table in neither list
 * stops the copy before it starts, so a table added later cannot be silently left behind.
 */
const NOT_COPIED_AS_ROWS = new Set(['counters', 'shipment_day_totals']);

export function uncopiedTables(db: Db): string[] {
  const known = new Set([...TABLES.map((t) => t.table), ...NOT_COPIED_AS_ROWS]);
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
  return TABLES.flatMap((copy) => {
    const named = new Set(copy.columns.map(sourceName));
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(copy.table) as string[];
    return columns.filter((c) => !named.has(c)).map((c) => `${copy.table}.${c}`);
  });
}

/** The tables a desk fills by the million: their keys and indexes are built after the rows are in. */
const BULK_TABLES = ['shipments', 'pieces', 'tracking_events', 'shipment_search_terms'];

/** About this much text goes to the server per write: few calls, bounded memory. */
const CHUNK_CHARS = 256 * 1024;
/** A progress line per this many rows of a table, and one at its end. */
const PROGRESS_ROWS = 100_000;

export interface CopyReport {
  tables: { table: string; sqlite: number; postgres: number }[];
}

const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/**
 * One table through COPY FROM STDIN, read row by row from SQLite as the server takes the
 * text (the pipeline waits on the stream's backpressure): never a whole table in memory.
 * FREEZE writes the rows already visible to all, so the VACUUM after the copy skips them.
 */
async function copyTable(db: Db, client: pg.ClientBase, copy: TableCopy, progress: (line: string) => void) {
  const t0 = performance.now();
  const total = db.prepare(`SELECT count(*) FROM ${copy.table}`).pluck().get() as number;
  const select = copy.columns.map((c) => `"${sourceName(c)}"`).join(', ');
  const rows = db.prepare(`SELECT ${select} FROM ${copy.table}`).raw().iterate() as IterableIterator<unknown[]>;
  const encoders = copy.columns.map(encoderOf);
  let done = 0;
  function* text(): Generator<string> {
    let chunk = '';
    for (const row of rows) {
      chunk += copyLine(row, encoders);
      if (++done % PROGRESS_ROWS === 0) progress(`${copy.table}: ${done} / ${total}`);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const into = client.query(
    copyFrom(`COPY ${copy.table} (${copy.columns.map(targetName).join(', ')}) FROM STDIN WITH (FREEZE)`),
  );
  await pipeline(Readable.from(text()), into);
  if (into.rowCount !== done) throw new Error(`${copy.table}: ${done} rows sent, ${into.rowCount} taken`);
  progress(`${copy.table}: ${done} / ${total} (${seconds(t0)})`);
  if (copy.identity) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${copy.table}', 'id'), max(id)) FROM ${copy.table} HAVING max(id) IS NOT NULL`,
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
    const tables = TABLES.map((t) => t.table).join(', ');
    // Locks out a desk starting on the target meanwhile (it would add its own admin). The
    // catalog and settings a desk syncs at start are replaced by the desk's own; emptied
    // in this transaction, the tables take COPY FREEZE.
    await client.query(`LOCK TABLE ${tables}, shipment_day_totals IN ACCESS EXCLUSIVE MODE`);
    await client.query(`TRUNCATE ${tables}`);
    const aside = await setAsideIndexes(client, BULK_TABLES);
    // The desk's outbox is copied as it stands: the trigger would add every event to it
    // again. The day totals are counted once at the end rather than upserted per row.
    await client.query('ALTER TABLE tracking_events DISABLE TRIGGER tracking_events_to_webhook_outbox');
    await client.query('ALTER TABLE shipments DISABLE TRIGGER shipment_day_totals_insert_delete');
    for (const copy of TABLES) await copyTable(db, client, copy, progress);
    await client.query('ALTER TABLE tracking_events ENABLE TRIGGER tracking_events_to_webhook_outbox');
    await client.query('ALTER TABLE shipments ENABLE TRIGGER shipment_day_totals_insert_delete');
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
        `migrate does not know how to copy ${unknown.join(', ')}: nothing was copied (main/stores/copy-to-postgres.ts lists the tables and their columns).`,
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
      for (const { table } of TABLES) {
        tables.push({
          table,
          sqlite: source.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number,
          postgres: await countIn(target.pool, table),
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
