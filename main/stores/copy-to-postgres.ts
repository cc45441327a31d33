/**
 * `migrate --from DATA_DIR --to postgres://…`: a desk's SQLite data copied into a new
 * PostgreSQL database, ids, numbers, history, users and keys intact, in one transaction.
 * The target must hold no shipments and no users yet (no desk has started on it).
 */
import type pg from 'pg';
import { openPostgresStore } from './postgres';
import { inTransaction, type Tx } from './postgres/pool';
import { sequenceFor } from './postgres/numbers';
import { foldDayTotals } from './postgres/shipments';
import { openSqliteStore } from './sqlite';
import { decodeAddress } from './sqlite/address-codec';
import type { Db } from './sqlite/database';

type Row = Record<string, unknown>;

interface TableCopy {
  table: string;
  /** The SQLite columns, in the order of `into`. */
  select: string;
  /** The PostgreSQL columns. */
  into: string[];
  /** A SQLite row's values as PostgreSQL takes them. */
  values?: (row: Row) => unknown[];
  /** Has an identity `id` whose sequence must move past the copied ids. */
  identity?: boolean;
}

/** SQLite keeps an address as a JSON array of its fields; PostgreSQL as a jsonb object. */
const address = (text: unknown) => JSON.stringify(decodeAddress(text as string));

/** In the order the foreign keys need. Shipments' day totals are rebuilt by the target's trigger. */
const TABLES: TableCopy[] = [
  { table: 'carriers', select: 'id, code, name, tracking_prefix', into: ['id', 'code', 'name', 'tracking_prefix'] },
  {
    table: 'carrier_services',
    select: 'id, carrier_id, system_name, name, unique_identifier, service_code, max_weight_kg, max_length_cm, scope',
    into: [
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
  { table: 'carrier_features', select: 'id, carrier_id, name, code', into: ['id', 'carrier_id', 'name', 'code'] },
  {
    table: 'users',
    select: 'id, username, password_hash, role, disabled, created_on',
    into: ['id', 'username', 'password_hash', 'role', 'disabled', 'created_on'],
    values: (r) => [r.id, r.username, r.password_hash, r.role, r.disabled === 1, r.created_on],
    identity: true,
  },
  {
    table: 'api_keys',
    select: 'id, user_id, name, prefix, key_hash, created_on, last_used_on, revoked_on',
    into: ['id', 'user_id', 'name', 'prefix', 'key_hash', 'created_on', 'last_used_on', 'revoked_on'],
    identity: true,
  },
  {
    table: 'sign_ins',
    select: 'id, user_id, method, created_on, revoked_on',
    into: ['id', 'user_id', 'method', 'created_on', 'revoked_on'],
    identity: true,
  },
  {
    table: 'tokens',
    select: 'hash, sign_in_id, kind, expires_on, used_on',
    into: ['hash', 'sign_in_id', 'kind', 'expires_on', 'used_on'],
  },
  {
    table: 'shipments',
    select: `id, uuid, shipment_number, created_on, despatch_date, carrier_id, carrier_service_id, features,
      collection_address, delivery_address, shipper, delivery_line, delivery_postcode_key, goods_description,
      delivery_instructions, hs_code, description_of_goods, reference_one, reference_two, reference_three, cost_minor,
      insured_minor, currency, piece_count, total_weight, weight_unit, status, status_description, status_on,
      status_location, status_signatory, created_by`,
    into: [
      'id',
      'uuid',
      'shipment_number',
      'created_on',
      'despatch_date',
      'carrier_id',
      'carrier_service_id',
      'features',
      'collection_address',
      'delivery_address',
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
    values: (r) => {
      const v = Object.values(r);
      v[8] = address(r.collection_address);
      v[9] = address(r.delivery_address);
      return v;
    },
    identity: true,
  },
  {
    table: 'pieces',
    select:
      'id, shipment_id, sequence_number, description, weight, weight_unit, length, width, height, dimension_unit, tracking_number',
    into: [
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
    select: `id, shipment_id, status, description, location, signatory, signatory_file_name, latitude, longitude,
      depot_id, tracking_number, user, occurred_on`,
    into: [
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
      'user_name',
      'occurred_on',
    ],
    identity: true,
  },
  { table: 'customs_declarations', select: 'shipment_id, contents_type', into: ['shipment_id', 'contents_type'] },
  {
    table: 'customs_items',
    select:
      'id, shipment_id, sequence_number, description, quantity, unit_value_minor, net_weight, weight_unit, hs_code, origin_country',
    into: [
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
  {
    table: 'idempotency_keys',
    select: 'user_id, key, request_hash, shipment_id, created_on',
    into: ['user_id', 'key', 'request_hash', 'shipment_id', 'created_on'],
  },
  { table: 'settings', select: 'name, value', into: ['name', 'value'] },
  {
    table: 'manifests',
    select: 'id, manifest_number, carrier_id, created_on, created_by, shipment_count, piece_count, total_weight_kg',
    into: [
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
  {
    table: 'manifest_shipments',
    select: 'shipment_id, manifest_id, position',
    into: ['shipment_id', 'manifest_id', 'position'],
  },
  {
    table: 'imports',
    select: 'id, user_id, idempotency_key, file_hash, created_on, result',
    into: ['id', 'user_id', 'idempotency_key', 'file_hash', 'created_on', 'result'],
    identity: true,
  },
  {
    table: 'shipment_search_terms',
    select: 'term, shipment_id, created_on, piece_count, status_code',
    into: ['term', 'shipment_id', 'created_on', 'piece_count', 'status_code'],
  },
  {
    table: 'webhooks',
    select: 'id, url, secret, events, statuses, allow_remote, created_on, created_by',
    into: ['id', 'url', 'secret', 'events', 'statuses', 'allow_remote', 'created_on', 'created_by'],
    // JSON arrays in SQLite, text[] in PostgreSQL.
    values: (r) => [
      r.id,
      r.url,
      r.secret,
      JSON.parse(r.events as string),
      JSON.parse(r.statuses as string),
      r.allow_remote === 1,
      r.created_on,
      r.created_by,
    ],
    identity: true,
  },
  {
    // Undelivered rows go on being delivered from the shared database; delivered ones stay as history.
    table: 'webhook_outbox',
    select: `id, webhook_id, tracking_event_id, type, payload, created_on, attempts, next_attempt_on, lease_until,
      last_attempt_on, last_status, last_error, delivered_on, failed_on`,
    into: [
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
    select: 'id, kind, nickname, address, search_text, sort_key, updated_on',
    into: ['id', 'kind', 'nickname', 'address', 'search_text', 'sort_key', 'updated_on'],
    values: (r) => [r.id, r.kind, r.nickname, address(r.address), r.search_text, r.sort_key, r.updated_on],
    identity: true,
  },
  {
    table: 'package_presets',
    select: 'id, name, length, width, height, dimension_unit, weight, weight_unit, description, updated_on',
    into: [
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
  // A user locked out by failed sign-ins stays locked on the shared database.
  { table: 'limit_hits', select: 'key, at', into: ['key', 'at'] },
];

/**
 * SQLite tables whose content reaches PostgreSQL otherwise: counters become sequences
 * (copySequences), day totals are rebuilt by the target's trigger. Any table in neither list
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

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 1000;

export interface CopyReport {
  tables: { table: string; sqlite: number; postgres: number }[];
}

async function copyTable(db: Db, tx: Tx, copy: TableCopy, progress: (line: string) => void): Promise<void> {
  const total = (db.prepare(`SELECT count(*) FROM ${copy.table}`).pluck().get() as number) ?? 0;
  const rows = db.prepare(`SELECT ${copy.select} FROM ${copy.table}`).iterate() as IterableIterator<Row>;
  const width = copy.into.length;
  let batch: unknown[][] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const placeholders = batch
      .map((_, i) => `(${copy.into.map((__, j) => `$${i * width + j + 1}`).join(', ')})`)
      .join(', ');
    await tx.query(`INSERT INTO ${copy.table} (${copy.into.join(', ')}) VALUES ${placeholders}`, batch.flat());
    done += batch.length;
    batch = [];
    progress(`${copy.table}: ${done} / ${total}`);
  };
  for (const row of rows) {
    batch.push(copy.values ? copy.values(row) : Object.values(row));
    if (batch.length === BATCH) await flush();
  }
  await flush();
  if (total === 0) progress(`${copy.table}: 0 / 0`);
  if (copy.identity) {
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('${copy.table}', 'id'), max(id)) FROM ${copy.table} HAVING max(id) IS NOT NULL`,
    );
  }
}

/** Moves each number sequence past the highest number the desk ever handed out. */
async function copySequences(db: Db, tx: Tx): Promise<void> {
  const counters = db.prepare('SELECT name, value FROM counters').all() as { name: string; value: number }[];
  for (const { name, value } of counters) {
    if (value < 1 || !/^(shipment-number|manifest-number|tracking-serial:[A-Z]{2})$/.test(name)) continue;
    const sequence = sequenceFor(name as Parameters<typeof sequenceFor>[0]);
    await tx.query(`CREATE SEQUENCE IF NOT EXISTS ${sequence}`);
    await tx.query('SELECT setval($1::regclass, $2)', [sequence, value]);
  }
}

async function countIn(pool: pg.Pool, table: string): Promise<number> {
  return (await pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n;
}

export async function copyToPostgres(
  options: { from: string; to: string },
  progress: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const source = openSqliteStore({ dataDir: options.from });
  try {
    const unknown = uncopiedTables(source.db);
    if (unknown.length > 0) {
      throw new Error(
        `migrate does not know how to copy ${unknown.join(', ')}: nothing was copied (main/stores/copy-to-postgres.ts lists the tables).`,
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
      await inTransaction(target.pool, async (tx) => {
        // Lock out a desk starting on the target meanwhile: it would add its own admin.
        await tx.query(`LOCK TABLE ${TABLES.map((t) => t.table).join(', ')} IN EXCLUSIVE MODE`);
        // The catalog rows a desk syncs at start are replaced by the desk's own.
        await tx.query(
          'DELETE FROM carrier_features; DELETE FROM carrier_services; DELETE FROM carriers; DELETE FROM settings',
        );
        // The desk's outbox is copied as it stands: the trigger would add every event to it again.
        await tx.query('ALTER TABLE tracking_events DISABLE TRIGGER tracking_events_to_webhook_outbox');
        for (const copy of TABLES) await copyTable(source.db, tx, copy, progress);
        await tx.query('ALTER TABLE tracking_events ENABLE TRIGGER tracking_events_to_webhook_outbox');
        await copySequences(source.db, tx);
      });
      // Statistics for the planner, and the visibility map that lets the list skip through
      // its indexes without reading table rows: the first desk is fast from the start.
      await foldDayTotals(target.pool);
      progress('vacuum analyze');
      const client = await target.pool.connect();
      try {
        // Minutes at a million shipments: past the pool's statement timeout, on a client of its own.
        await client.query('SET statement_timeout = 0');
        await client.query('VACUUM ANALYZE');
      } finally {
        client.release(true);
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
