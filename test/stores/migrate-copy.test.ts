/**
 * The COPY beneath `migrate`, in process: every text column's awkward values (tabs,
 * newlines, backslashes, quotes, scripts, emoji, NULL beside '') arrive equal; the keys,
 * indexes and triggers come back exactly as the migrations made them; and a copy that fails
 * half-way leaves the target as it found it.
 */
import fc from 'fast-check';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyToPostgres } from '../../main/stores/copy-to-postgres';
import { openPostgresStore } from '../../main/stores/postgres';
import { copyLine, copyText, copyTextArray, copyValue } from '../../main/stores/postgres/copy-text';
import { connectionConfig } from '../../main/stores/postgres/pool';
import { decodeAddress } from '../../main/stores/sqlite/address-codec';
import { statusOfCode } from '../../main/stores/shared/status-codes';
import { createDatabase } from '../helpers/postgres';
import {
  addUsers,
  parisGiftRequest,
  piece,
  shipmentRequest,
  sqliteDb,
  startTestStation,
  stoppedCopy,
  type TestStation,
} from '../helpers/station';

/** Everything COPY's text format must escape or must not confuse, in one value. */
const AWKWARD =
  'tab\there|line\nbreak|cr\r\nlf|back\\slash \\N \\\\ \\.|"double" \'single\'|Łódź Αθήνα Москва 📦🚚|{a,b} NULL |';
/** Values that are whole fields on their own: COPY's NULL and end marker, and nothing at all. */
const EXACT = ['\\N', '\\.', '', 'NULL', '\t', '\n'];

/** SQLite columns whose PostgreSQL type is not text: converted, or checked by a constraint. */
const JSON_COLUMNS = new Set([
  'shipments.features',
  'settings.value',
  'orders.tags',
  'orders.package',
  'audit_events.detail',
]);
const ADDRESS_COLUMNS = new Set([
  'shipments.collection_address',
  'shipments.delivery_address',
  'saved_addresses.address',
  'orders.delivery_address',
  'orders.collection_address',
]);
const ARRAY_COLUMNS = new Set(['webhooks.events', 'webhooks.statuses']);
const BOOLEAN_COLUMNS = new Set([
  'users.disabled',
  'webhooks.allow_remote',
  'carrier_services.is_return',
  'customs_declarations.ioss_applied',
]);
/** Statuses SQLite keeps as their codes, PostgreSQL as their names. */
const STATUS_CODE_COLUMNS = new Set(['tracking_events.status']);
/** Kept as they are: a CHECK, a uuid, or a value the copy itself reads. */
const FIXED_TEXT = new Set([
  'carriers.tracking_prefix',
  'carrier_services.scope',
  'users.role',
  'tokens.kind',
  'shipments.uuid',
  'saved_addresses.kind',
  'counters.name',
  'orders.uuid',
  'orders.status',
]);
/** SQLite keeps these as ids of event_texts, PostgreSQL as the texts. */
const EVENT_TEXT_COLUMNS = new Set([
  'tracking_events.description',
  'tracking_events.location',
  'tracking_events.user_name',
]);
/** event_texts: its texts go across as the events' own. */
const NOT_COPIED = new Set(['counters', 'shipment_day_totals', 'order_status_totals', 'event_texts', 'load_set_aside']);

let desk: TestStation;
const adminUrl = () => inject('postgresUrl');
const db0 = () => sqliteDb(desk.station);

beforeAll(async () => {
  desk = await startTestStation({ sqlite: true });
  await addUsers(desk);
  const token = await desk.signIn();
  const ok = async (res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  await ok(
    await desk.request({ method: 'POST', url: '/webhooks', token, payload: { url: 'http://127.0.0.1:9/hook' } }),
  );
  await ok(
    await desk.request({
      method: 'POST',
      url: '/addresses',
      token,
      payload: { ...shipmentRequest().deliveryAddress, nickname: 'North' },
    }),
  );
  await ok(
    await desk.request({
      method: 'POST',
      url: '/package-presets',
      token,
      payload: { name: 'Tube', length: 45, width: 8, height: 8 },
    }),
  );
  for (let i = 0; i < 3; i++) {
    const request = i === 2 ? parisGiftRequest : shipmentRequest;
    const body = request({ referenceOne: `COPY-${i}`, shipmentPieces: [piece(), piece({ weight: 2 })] });
    const headers = { 'idempotency-key': `order-copy-${i}` };
    await ok(await desk.request({ method: 'POST', url: '/shipments', token, payload: body, headers }));
    desk.clock.advance(60_000);
  }
  // Orders, one shipped (its link) and one keyed (its stored answer); one ships from the sender (no collection address).
  const orderBody = (orderNumber: string, extra: object = {}) => ({
    orderNumber,
    deliveryAddress: shipmentRequest().deliveryAddress,
    items: [{ sku: 'S-1', description: 'Mug', quantity: 2, unitValue: 3.5, unitWeight: 0.4 }],
    tags: ['vip'],
    package: { length: 20, width: 20, height: 10 },
    ...extra,
  });
  const created = await desk.request({
    method: 'POST',
    url: '/orders',
    token,
    payload: {
      orders: [orderBody('ORD-1', { collectionAddress: shipmentRequest().collectionAddress }), orderBody('ORD-2')],
    },
    headers: { 'idempotency-key': 'orders-copy' },
  });
  await ok(created);
  const shipped = created.json<{ created: { orderId: string }[] }>().created[0]!.orderId;
  await ok(
    await desk.request({ method: 'POST', url: `/orders/${shipped}/ship`, token, payload: { carrierServiceId: 101 } }),
  );
  // A printed shipment, so that the manifest has one.
  const firstId = db0().prepare('SELECT uuid FROM shipments WHERE id = 1').pluck().get() as string;
  await ok(await desk.request({ method: 'GET', url: `/shipments/${firstId}/label`, token }));
  await ok(await desk.request({ method: 'POST', url: '/manifests', token, payload: { carrierId: 1 } }));
  await ok(await desk.request({ method: 'PATCH', url: '/settings', token, payload: { labelSize: 'A6' } }));
  await ok(await desk.request({ method: 'POST', url: '/api-keys', token, payload: { name: 'warehouse' } }));

  // The desk's deliverer would go on writing attempts into the outbox while the test reads it.
  await desk.station.webhooks.stop();

  // Beneath the API: the awkward values in every text column, and rows the API does not make.
  const db = sqliteDb(desk.station);
  const userId = db.prepare('SELECT min(id) FROM users').pluck().get() as number;
  const insertImport = db.prepare(
    'INSERT INTO imports (user_id, idempotency_key, file_hash, created_on, result) VALUES (?, ?, ?, ?, ?)',
  );
  insertImport.run(userId, null, Buffer.from([0, 0x5c, 0x09, 0x0a, 0x0d, 0x22, 0xff]), 1, '{}');
  insertImport.run(userId, '', Buffer.alloc(0), 2, '');
  db.prepare('INSERT INTO limit_hits (key, at) VALUES (?, ?)').run('sign-in:olga', 3);
  db.prepare(
    "INSERT INTO webhook_outbox (webhook_id, type, payload, created_on, next_attempt_on) SELECT id, NULL, '', 4, 5 FROM webhooks",
  ).run();
  db.prepare('UPDATE users SET disabled = 1 WHERE id = (SELECT max(id) FROM users)').run();
  db.prepare('UPDATE webhooks SET allow_remote = 1, events = ?, statuses = ?').run(
    JSON.stringify([AWKWARD, 'shipment.delivered']),
    JSON.stringify([AWKWARD, 'Delivered to Receiver', 'a,b', '{}', '"']),
  );
  db.prepare('UPDATE shipments SET features = ?').run(JSON.stringify({ note: AWKWARD, list: [AWKWARD, null] }));
  db.prepare('UPDATE settings SET value = ?').run(JSON.stringify(AWKWARD));
  const fields = Array.from({ length: 11 }, (_, i) => (i === 3 ? '' : `${AWKWARD}${i}`));
  db.prepare('UPDATE shipments SET collection_address = ?, delivery_address = ?').run(
    JSON.stringify(fields),
    JSON.stringify(fields.toReversed()),
  );
  // An address stored before a field was added has a shorter array: the rest read as ''.
  db.prepare('UPDATE saved_addresses SET address = ?').run(JSON.stringify(fields.slice(0, 9)));
  for (const { table, column } of textColumns(db)) {
    // Prefixed, so that unique values stay unique.
    db.prepare(`UPDATE ${table} SET "${column}" = ? || "${column}" WHERE "${column}" IS NOT NULL`).run(AWKWARD);
  }
  // Whole-field values, one a row, where a column takes any text.
  EXACT.forEach((value, i) => {
    db.prepare('UPDATE pieces SET description = ? WHERE id = ?').run(value, i + 1);
    db.prepare('UPDATE shipments SET reference_two = ? WHERE id = ?').run(value, (i % 3) + 1);
  });
});
afterAll(() => desk?.close());

/** The desk's plain text columns: those the copy takes as they are. */
function textColumns(db: ReturnType<typeof sqliteDb>): { table: string; column: string }[] {
  return tablesOf(db).flatMap((table) =>
    (db.prepare('SELECT name, type FROM pragma_table_info(?)').all(table) as { name: string; type: string }[])
      .filter((c) => c.type === 'TEXT')
      .map((c) => ({ table, column: c.name }))
      .filter(({ column }) => {
        const key = `${table}.${column}`;
        return ![JSON_COLUMNS, ADDRESS_COLUMNS, ARRAY_COLUMNS, FIXED_TEXT].some((set) => set.has(key));
      }),
  );
}

function tablesOf(db: ReturnType<typeof sqliteDb>): string[] {
  return (
    db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
  ).filter((t) => !NOT_COPIED.has(t));
}

/** A SQLite value as PostgreSQL gives it back, by what its column becomes there. */
function asPostgres(key: string, value: unknown, texts: Map<number, string>): unknown {
  if (value === null) return null;
  if (EVENT_TEXT_COLUMNS.has(key)) return texts.get(value as number);
  if (JSON_COLUMNS.has(key) || ARRAY_COLUMNS.has(key)) return JSON.parse(value as string);
  if (ADDRESS_COLUMNS.has(key)) return decodeAddress(value as string);
  if (BOOLEAN_COLUMNS.has(key)) return value === 1;
  if (STATUS_CODE_COLUMNS.has(key)) return statusOfCode(value as number);
  return value;
}

/** Rows in a stable order, whatever each database's order. */
const sorted = (rows: unknown[][]) =>
  rows
    .map((r) => ({ r, k: JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v)) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map(({ r }) => r);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(connectionConfig(url));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What must be the same before and after: keys, indexes, triggers and their state, rows per table. */
async function shapeOf(url: string, tables: string[]) {
  return withClient(url, async (client) => ({
    indexes: (
      await client.query(
        "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
      )
    ).rows,
    constraints: (
      await client.query(
        `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
         WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
      )
    ).rows,
    triggers: (
      await client.query(
        'SELECT tgrelid::regclass::text AS table, tgname, tgenabled FROM pg_trigger WHERE NOT tgisinternal ORDER BY 2',
      )
    ).rows,
    rows: await rowCounts(client, [...tables, 'shipment_day_totals']),
  }));
}

async function rowCounts(client: pg.Client, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await client.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n;
  return counts;
}

/** A new database with the schema and nothing else, as a desk finds it before migrate. */
async function freshTarget(): Promise<string> {
  const url = await createDatabase(adminUrl());
  await (await openPostgresStore({ url })).close();
  return url;
}

describe('copyToPostgres', () => {
  it('brings every column of every table across equal, awkward text included', async () => {
    const db = sqliteDb(desk.station);
    // The awkward values are really there, in every kind of column.
    expect(textColumns(db).length).toBeGreaterThan(60);
    expect(db.prepare('SELECT description FROM pieces ORDER BY id').pluck().all().slice(0, 6)).toEqual(EXACT);

    const url = await freshTarget();
    const expected = await shapeOf(url, tablesOf(db));
    const lines: string[] = [];
    const report = await copyToPostgres({ from: await stoppedCopy(desk), to: url }, (line) => lines.push(line));
    expect(lines.some((l) => /^shipments: 4 \/ 4\b/.test(l))).toBe(true);
    expect(report.tables.find((t) => t.table === 'shipment_search_terms')!.postgres).toBeGreaterThan(10);

    const texts = new Map(db.prepare('SELECT id, text FROM event_texts').raw().all() as [number, string][]);
    await withClient(url, async (client) => {
      for (const table of tablesOf(db)) {
        const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
        const theirs = (
          await client.query({
            text: `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM ${table}`,
            rowMode: 'array',
          })
        ).rows as unknown[][];
        const ours = (db.prepare(`SELECT * FROM ${table}`).raw().all() as unknown[][]).map((row) =>
          row.map((v, i) => asPostgres(`${table}.${columns[i]}`, v, texts)),
        );
        expect(ours.length, table).toBeGreaterThan(0);
        expect(sorted(theirs), table).toEqual(sorted(ours));
      }
      // Day totals counted once, as the trigger would have: 4 shipments (one an order's), 7 pieces.
      const totals = (await client.query('SELECT sum(items) AS items, sum(pieces) AS pieces FROM shipment_day_totals'))
        .rows[0];
      expect(totals).toEqual({ items: 4, pieces: 7 });
      // The orders' totals by status counted afresh from the orders copied.
      const byStatus = async (sql: string) =>
        Object.fromEntries(
          (await client.query(sql)).rows.filter((r) => Number(r.n) > 0).map((r) => [r.status, Number(r.n)]),
        );
      const kept = await byStatus('SELECT status, sum(items) AS n FROM order_status_totals GROUP BY status');
      expect(Object.keys(kept).length).toBeGreaterThan(0);
      expect(kept).toEqual(await byStatus('SELECT status, count(*) AS n FROM orders GROUP BY status'));
    });
    // The keys, indexes and triggers as the migrations made them; only the rows differ.
    const after = await shapeOf(url, tablesOf(db));
    expect(after.indexes).toEqual(expected.indexes);
    expect(after.constraints).toEqual(expected.constraints);
    expect(after.triggers).toEqual(expected.triggers);
    expect(after.indexes.length).toBeGreaterThan(40);
  });

  it.each([
    ['during a table', 'a shipment PostgreSQL cannot take', "UPDATE shipments SET uuid = 'not-a-uuid' WHERE id = 3"],
    [
      'as the foreign keys are rebuilt',
      'a search term of a shipment that does not exist',
      'INSERT INTO shipment_search_terms (term, shipment_id, created_on, piece_count) VALUES (?, 999, 1, 1)',
    ],
  ])('leaves the target as it found it when the copy fails %s (%s)', async (_, __, statement) => {
    const db = sqliteDb(desk.station);
    const undo = db.prepare('SELECT uuid FROM shipments WHERE id = 3').pluck().get() as string;
    db.pragma('foreign_keys = OFF');
    db.prepare(statement).run(...(statement.includes('?') ? ['orphan'] : []));
    try {
      const url = await freshTarget();
      const before = await shapeOf(url, tablesOf(db));
      const lines: string[] = [];
      await expect(
        copyToPostgres({ from: await stoppedCopy(desk), to: url }, (line) => lines.push(line)),
      ).rejects.toThrow(statement.startsWith('UPDATE') ? /uuid/ : /foreign key/);
      // It failed after rows were written: carriers and users went in before.
      expect(lines.some((l) => /^users: ([1-9]) \/ \1\b/.test(l))).toBe(true);
      const after = await shapeOf(url, tablesOf(db));
      expect(after).toEqual(before);
      expect(Object.values(after.rows).every((n) => n === 0)).toBe(true);
    } finally {
      db.prepare('UPDATE shipments SET uuid = ? WHERE id = 3').run(undo);
      db.prepare("DELETE FROM shipment_search_terms WHERE term = 'orphan'").run();
      db.pragma('foreign_keys = ON');
    }
  });
});

describe('copyToPostgres refuses', () => {
  it('a desk with a column it does not know how to copy, before copying anything', async () => {
    const db = sqliteDb(desk.station);
    db.prepare("ALTER TABLE package_presets ADD COLUMN colour TEXT NOT NULL DEFAULT 'brown'").run();
    try {
      const url = await freshTarget();
      await expect(copyToPostgres({ from: await stoppedCopy(desk), to: url })).rejects.toThrow(
        /does not know how to copy package_presets\.colour: nothing was copied/,
      );
      await withClient(url, async (client) => {
        expect(Object.values(await rowCounts(client, tablesOf(db))).every((n) => n === 0)).toBe(true);
      });
    } finally {
      db.prepare('ALTER TABLE package_presets DROP COLUMN colour').run();
    }
  });
});

describe('COPY text format', () => {
  let url: string;
  beforeAll(async () => {
    url = await createDatabase(adminUrl());
  });

  it('reads back any text, text[], bytea and jsonb equal, NULL apart from the empty string', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !s.includes('\0'));
    const awkward = fc.oneof(
      text,
      fc.constantFrom(...EXACT, AWKWARD, ' ', '"', '\\', '{}', ',', '\r', 'a\rb', '\\x00'),
    );
    const row = fc.tuple(
      fc.option(awkward, { nil: null }),
      fc.array(awkward, { maxLength: 4 }),
      fc.uint8Array({ maxLength: 12 }),
      fc.option(fc.dictionary(awkward, awkward, { maxKeys: 3 }), { nil: null }),
    );
    await withClient(url, async (client) => {
      await client.query('CREATE TABLE awkward (n int, t text, a text[], b bytea, j jsonb)');
      await fc.assert(
        fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 20 }), async (rows) => {
          await client.query('TRUNCATE awkward');
          const encoders = [
            copyValue,
            copyValue,
            copyTextArray,
            copyValue,
            (v: unknown) => (v === null ? '\\N' : copyText(JSON.stringify(v))),
          ];
          const lines = rows.map(([t, a, b, j], n) => copyLine([n, t, JSON.stringify(a), b, j], encoders));
          await pipeline(Readable.from(lines), client.query(copyFrom('COPY awkward FROM STDIN')));
          const back = (await client.query('SELECT t, a, b, j FROM awkward ORDER BY n')).rows;
          expect(back).toEqual(rows.map(([t, a, b, j]) => ({ t, a, b: Buffer.from(b), j })));
        }),
        { numRuns: 60 },
      );
    });
  });
});
