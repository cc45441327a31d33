/**
 * The PostgreSQL store beneath the contract: migrations under their lock, sequences shared by
 * desks, each write whole under two desks at once, the exact list at day boundaries (deep
 * pages included) against a brute-force count, and connections that break. "Two desks" are
 * two stores open on one new database of the run's server (test/global-setup.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import type { Address, ShipmentStatus } from '../../main/core/schemas';
import {
  StorageUnavailableError,
  type CatalogRecords,
  type EventRecord,
  type ListFilter,
  type NewShipment,
  type PieceRecord,
  type ShipmentRecord,
  type Store,
} from '../../main/core/storage';
import { listSearch } from '../../main/core/search';
import { openPostgresStore, type PostgresOptions, type PostgresStore } from '../../main/stores/postgres';
import { LATEST_VERSION } from '../../main/stores/postgres/migrate';
import { MIGRATIONS } from '../../main/stores/postgres/migrations';
import { memoryLimits } from '../../main/stores/sqlite/limits';
import { createDatabase } from '../helpers/postgres';
import { lodzAddress, lodzShipmentRecord, TEST_CATALOG } from '../helpers/records';

type Migration = (typeof MIGRATIONS)[number];

const opened: Store[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

const open = async (options: PostgresOptions): Promise<PostgresStore> => {
  const store = await openPostgresStore(options);
  opened.push(store);
  return store;
};
const newDatabase = () => createDatabase(inject('postgresUrl'));

/** The test catalog with a second feature. */
const CATALOG: CatalogRecords = {
  ...TEST_CATALOG,
  features: [...TEST_CATALOG.features, { id: 1002, carrierId: 1, name: 'Saturday', code: 'SAT' }],
};

/** `count` stores on one new database, its catalog synced. */
async function desks(count: number): Promise<PostgresStore[]> {
  const url = await newDatabase();
  const stores: PostgresStore[] = [];
  for (let i = 0; i < count; i++) stores.push(await open({ url }));
  await stores[0]!.carriers.sync(CATALOG);
  return stores;
}

/** Characters a careless statement would trip on: quotes, an ampersand, `$1`, `?`, a semicolon. */
const address = (fullName: string): Address =>
  lodzAddress(fullName, {
    businessName: "O'Brien & Søn",
    phoneNumber: '+48 42 000 00 00',
    emailAddress: 'dock@example.com',
    addressLine3: 'Unit "7"; $1 ?',
  });

let serial = 0;
/** Every text and number of a shipment filled in. */
const shipment = (createdOn: number, overrides: Partial<NewShipment> = {}): NewShipment =>
  lodzShipmentRecord(++serial, createdOn, {
    features: [1001, 1002],
    collectionAddress: address('Zoë Sender'),
    deliveryAddress: address('Łukasz Odbiorca'),
    deliveryInstructions: 'Side door',
    hsCode: '490199',
    descriptionOfGoods: 'Printed books',
    referenceTwo: 'R2',
    referenceThree: 'R3',
    insuredMinor: 10_000,
    totalWeight: 4.5,
    ...overrides,
  });
const pieces = (count = 2): PieceRecord[] =>
  Array.from({ length: count }, (_, i) => ({
    sequenceNumber: i + 1,
    description: `Box ${i + 1}`,
    weight: i + 0.25,
    weightUnit: 'KG',
    length: 30.5,
    width: 20,
    height: 10,
    dimensionUnit: 'CM',
    trackingNumber: `SP${String(serial * 10 + i).padStart(8, '0')}0GB`,
  }));
const event = (status: ShipmentStatus, occurredOn: number, description: string = status): EventRecord => ({
  status,
  description,
  location: 'Depot 4',
  signatory: '',
  signatoryFileName: '',
  latitude: 51.5,
  longitude: -0.12,
  depotId: 4,
  trackingNumber: '',
  user: 'olga',
  occurredOn,
});
const createdId = (outcome: Awaited<ReturnType<Store['shipments']['create']>>): number => {
  if (!('created' in outcome)) throw new Error('expected a create, got a replay');
  return outcome.created.id;
};

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T10:00:00.000Z');
/** Adds the operator olga, made at T0, and returns her id. */
const addOlga = async (store: Store, passwordHash = 'x') =>
  (await store.auth.insertUser({ username: 'olga', passwordHash, role: 'operator', createdOn: T0 }))!;
const EVERYTHING: ListFilter = { statuses: [], from: null, to: null, newestFirst: true, limit: 1, offset: 0 };

describe('migrations', () => {
  it('make a new database once (telling no one of an upgrade), and a second open changes nothing', async () => {
    const url = await newDatabase();
    const told: unknown[] = [];
    const first = await open({ url, onMigration: (m) => told.push(m) });
    const applied = (await first.pool.query('SELECT version, name, applied_on FROM schema_migrations ORDER BY version'))
      .rows;
    expect(applied.map((r) => [r.version, r.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
    expect(LATEST_VERSION).toBe(MIGRATIONS.at(-1)!.version);
    await open({ url, onMigration: (m) => told.push(m) });
    expect(
      (await first.pool.query('SELECT version, name, applied_on FROM schema_migrations ORDER BY version')).rows,
    ).toEqual(applied);
    expect(told).toEqual([]);
    // The schema's shape where it matters: case-insensitive names, the list's covering indexes.
    const indexes = (
      await first.pool.query<{ indexname: string; indexdef: string }>(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'",
      )
    ).rows;
    const def = (name: string) => indexes.find((i) => i.indexname === name)?.indexdef ?? '';
    expect(def('users_by_name')).toMatch(/UNIQUE INDEX .* \(lower\(username\)\)/);
    expect(def('shipments_by_status_created')).toMatch(/\(status, created_on, id\) INCLUDE \(piece_count\)/);
    expect(def('limit_hits_by_key')).toMatch(/\(key, at\)/);
  });

  it('run once when four desks open a new database at the same moment', async () => {
    const url = await newDatabase();
    const stores = await Promise.all(Array.from({ length: 4 }, () => open({ url })));
    expect((await stores[0]!.pool.query('SELECT count(*) AS n FROM schema_migrations')).rows[0].n).toBe(
      MIGRATIONS.length,
    );
  });

  it('refuse a database newer than this station, naming both versions, and never the password', async () => {
    const url = await newDatabase();
    const store = await open({ url });
    await store.pool.query(
      "INSERT INTO schema_migrations (version, name, applied_on) VALUES (999, 'from the future', 0)",
    );
    const refused = openPostgresStore({ url });
    await expect(refused).rejects.toThrow(
      `The database is at schema version 999, newer than this station (${LATEST_VERSION}). Update the station.`,
    );
    await expect(refused).rejects.not.toBeInstanceOf(StorageUnavailableError);
  });

  it('tell of each upgrade of an existing database before it runs, and an older station then refuses it', async () => {
    const url = await newDatabase();
    await open({ url });
    const PROBE = LATEST_VERSION + 1;
    // The next station's code: one more migration than this one.
    vi.resetModules();
    vi.doMock('../../main/stores/postgres/migrations/index', async (importOriginal) => {
      const real = await importOriginal<{ MIGRATIONS: Migration[] }>();
      return {
        MIGRATIONS: [...real.MIGRATIONS, { version: PROBE, name: 'probe', sql: 'CREATE TABLE upgrade_probe (x int)' }],
      };
    });
    try {
      const next = await import('../../main/stores/postgres');
      const told: { version: number; name: string }[] = [];
      const upgraded = await next.openPostgresStore({ url, onMigration: (m) => told.push(m) });
      opened.push(upgraded);
      expect(told).toEqual([{ version: PROBE, name: 'probe' }]);
      expect((await upgraded.pool.query('SELECT max(version) AS v FROM schema_migrations')).rows[0].v).toBe(PROBE);
    } finally {
      vi.doUnmock('../../main/stores/postgres/migrations/index');
      vi.resetModules();
    }
    await expect(openPostgresStore({ url })).rejects.toThrow(
      `schema version ${PROBE}, newer than this station (${LATEST_VERSION})`,
    );
  });

  it('fill the search terms of shipments made before the search-terms migration', async () => {
    const url = await newDatabase();
    const store = await open({ url });
    await store.carriers.sync(CATALOG);
    const made = shipment(T0, {
      deliveryAddress: { ...shipment(T0).deliveryAddress, fullName: 'Łucja Żak' },
      referenceOne: 'OLD-1',
    });
    const outcome = await store.shipments.create(made, pieces(), event('Not Printed', T0));
    const id = 'created' in outcome ? outcome.created.id : 0;
    // The database as it was before migration 5.
    await store.pool.query(
      'DROP TABLE shipment_search_terms, saved_addresses, package_presets, customs_items, customs_declarations; DELETE FROM schema_migrations WHERE version >= 5',
    );
    const told: string[] = [];
    const upgraded = await open({ url, onMigration: (m) => told.push(m.name) });
    expect(told.slice(0, 2)).toEqual(['search-terms', 'address-book-presets']);
    for (const query of ['lucja', 'zak', 'old-1', 'zak lucja']) {
      expect(
        (await upgraded.shipments.page({ ...EVERYTHING, search: listSearch(query) })).rows.map((r) => r.id),
        query,
      ).toEqual([id]);
    }
  });
});

describe('the address book’s search text', () => {
  it('is folded again by migration 11 for the addresses saved before: oneill finds O’Neill', async () => {
    const url = await newDatabase();
    const store = await open({ url });
    const address = { ...shipment(T0).deliveryAddress, fullName: "Siobhán O'Neill", businessName: '' };
    // As migrations 6 to 10 left it: punctuation split the name, nothing joined it again.
    const id = await store.addressBook.insert({
      kind: 'delivery',
      nickname: '',
      address,
      searchText: ' siobhan o neill',
      sortKey: 'siobhan o neill',
      updatedOn: T0,
    });
    const words = { words: ['oneill'], kind: null, limit: 10 };
    expect((await store.addressBook.list(words)).rows).toEqual([]);
    await store.pool.query('DELETE FROM schema_migrations WHERE version >= 11');
    const upgraded = await open({ url });
    expect((await upgraded.addressBook.list(words)).rows.map((r) => r.id)).toEqual([id]);
  });
});

describe('numbers', () => {
  it('are never handed out twice by two desks taking 200 times each at once, each take ascending', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    const takes = [a, b].flatMap((desk) =>
      Array.from({ length: 200 }, (_, i) => desk.numbers.take('shipment-number', 1 + (i % 3))),
    );
    const taken = await Promise.all(takes);
    for (const numbers of taken) expect(numbers).toEqual([...numbers].sort((x, y) => x - y));
    const all = taken.flat();
    expect(new Set(all).size).toBe(all.length);
    // Nothing failed, so nothing was skipped: exactly 1…N.
    expect([...all].sort((x, y) => x - y)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('take what a create asks at once (its shipment number and tracking serials) in one statement, each take its own numbers', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    // The carrier's sequence made and known to both: only the takes are counted below.
    await a.numbers.take('tracking-serial:QX', 1);
    await b.numbers.take('tracking-serial:QX', 1);
    const statements = [a, b].map((desk) => vi.spyOn(desk.pool, 'query'));
    // Three creates a desk in one turn of the event loop, the two desks at once.
    const creates = [a, b].flatMap((desk) =>
      Array.from({ length: 3 }, (_, i) =>
        Promise.all([desk.numbers.take('shipment-number', 1), desk.numbers.take('tracking-serial:QX', 1 + i)]),
      ),
    );
    const taken = await Promise.all(creates);
    expect(statements.map((spy) => spy.mock.calls.length)).toEqual([1, 1]);
    for (const spy of statements) spy.mockRestore();
    // Nothing failed, so nothing was skipped: each sequence exactly its next numbers, each take ascending.
    const shipmentNumbers = taken.flatMap(([shipmentNumber]) => shipmentNumber);
    expect(shipmentNumbers.toSorted((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    const serials = taken.map(([, serial]) => serial);
    expect(serials.map((s) => s.length)).toEqual([1, 2, 3, 1, 2, 3]);
    for (const s of serials) expect(s).toEqual(s.toSorted((x, y) => x - y));
    expect(serials.flat().toSorted((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 3));
  });

  it('make a carrier’s sequence on its first use, even when two desks first use it at once, and skip rather than reuse', async () => {
    const url = await newDatabase();
    const [a, b] = await Promise.all([open({ url }), open({ url })]);
    const firstUses = await Promise.all(
      [a, b].flatMap((desk) => Array.from({ length: 20 }, () => desk.numbers.take('tracking-serial:QX', 2))),
    );
    const all = firstUses.flat();
    expect(new Set(all).size).toBe(80);
    expect(Math.max(...all)).toBe(80);
    // A third desk, new to the sequence, carries on after it; numbers taken for a create that
    // then failed are never handed out again.
    const c = await open({ url });
    expect(await c.numbers.take('tracking-serial:QX', 1)).toEqual([81]);
    await expect(
      c.shipments.create(shipment(T0, { carrierId: 999 }), pieces(1), event('Not Printed', T0)),
    ).rejects.toThrow();
    expect(await b.numbers.take('tracking-serial:QX', 1)).toEqual([82]);
    expect(await c.numbers.take('shipment-number', 2)).toEqual([1, 2]);
    await expect(a.numbers.take('tracking-serial:q"x' as 'tracking-serial:QX', 1)).rejects.toThrow(
      /No number sequence/,
    );
  });
});

describe('shipments', () => {
  it('are written whole and read back as written, by id, uuid, number and tracking number', async () => {
    const [store] = (await desks(1)) as [PostgresStore];
    const made = shipment(T0, { pieceCount: 3 });
    const madePieces = pieces(3);
    const first = event('Not Printed', T0, 'Shipment created');
    const id = createdId(await store.shipments.create(made, madePieces, first));
    const stored = await store.shipments.byId(id);
    expect(stored).toEqual({ ...made, id });
    // Addresses come back as the objects they were (eleven fields), features as the list.
    expect(Object.keys(stored!.deliveryAddress).sort()).toEqual(Object.keys(made.deliveryAddress).sort());
    expect(stored!.features).toEqual([1001, 1002]);
    expect(typeof stored!.createdOn).toBe('number');
    expect(typeof stored!.costMinor).toBe('number');
    expect(await store.shipments.byUuid(made.uuid)).toEqual(stored);
    expect(await store.shipments.byNumber(made.shipmentNumber)).toEqual(stored);
    expect(await store.shipments.byTrackingNumber(madePieces[2]!.trackingNumber)).toEqual(stored);
    expect(await store.shipments.pieces(id)).toEqual(madePieces);
    expect(await store.shipments.events(id)).toEqual([first]);
    expect(await store.shipments.byUuid(randomUUID())).toBeUndefined();
    expect(await store.shipments.byUuid('not a uuid')).toBeUndefined();
    expect(await store.shipments.byNumber('SS99999999')).toBeUndefined();
    expect(await store.shipments.byTrackingNumber('XX000000000GB')).toBeUndefined();
    expect(await store.shipments.byId(id + 1000)).toBeUndefined();
    // A create that fails part-way (a tracking number already used) leaves nothing behind.
    const clash = shipment(T0);
    await expect(store.shipments.create(clash, [{ ...madePieces[0]! }], first)).rejects.toThrow();
    expect(await store.shipments.byUuid(clash.uuid)).toBeUndefined();
    expect((await store.shipments.page(EVERYTHING)).totals).toEqual({ items: 1, pieces: 3 });
  });

  it('sent with one idempotency key to two desks at the same moment make one shipment; the others replay it', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    const userId = await addOlga(a);
    for (const key of ['scanner-1', 'scanner-2', 'scanner-3']) {
      const claim = { userId, key, requestHash: Buffer.from(`body of ${key}`), freshSince: T0 - DAY };
      const outcomes = await Promise.all(
        [a, b, a, b].map((desk) => desk.shipments.create(shipment(T0), pieces(2), event('Not Printed', T0), claim)),
      );
      const created = outcomes.filter((o) => 'created' in o);
      expect(created).toHaveLength(1);
      const id = createdId(created[0]!);
      for (const o of outcomes.filter((o) => 'replayOf' in o)) {
        expect(o).toEqual({ replayOf: { requestHash: claim.requestHash, shipmentId: id, createdOn: T0 } });
      }
    }
    // Nothing of the replays was written: three shipments, their pieces and events only.
    const counts = (
      await a.pool.query(
        `SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM pieces) AS p,
              (SELECT count(*) FROM tracking_events) AS e, (SELECT count(*) FROM idempotency_keys) AS k`,
      )
    ).rows[0];
    expect(counts).toEqual({ s: 3, p: 6, e: 3, k: 3 });
    expect((await b.shipments.page(EVERYTHING)).totals).toEqual({ items: 3, pieces: 6 });
  });

  it('take over an expired key, and prune keys older than freshSince in the same create', async () => {
    const [store] = (await desks(1)) as [PostgresStore];
    const userId = await addOlga(store);
    const old = { userId, key: 'old', requestHash: Buffer.from('a'), freshSince: T0 - 3 * DAY };
    createdId(await store.shipments.create(shipment(T0 - 2 * DAY), pieces(1), event('Not Printed', T0 - 2 * DAY), old));
    const kept = { userId, key: 'kept', requestHash: Buffer.from('k'), freshSince: T0 - 3 * DAY };
    createdId(
      await store.shipments.create(shipment(T0 - DAY / 2), pieces(1), event('Not Printed', T0 - DAY / 2), kept),
    );
    const later = { userId, key: 'new', requestHash: Buffer.from('b'), freshSince: T0 - DAY };
    createdId(await store.shipments.create(shipment(T0), pieces(1), event('Not Printed', T0), later));
    expect(await store.shipments.idempotencyKey(userId, 'old')).toBeUndefined();
    expect((await store.shipments.idempotencyKey(userId, 'kept'))?.requestHash).toEqual(Buffer.from('k'));
    // The expired key, used again, makes a new shipment and points at it.
    const again = createdId(
      await store.shipments.create(shipment(T0), pieces(1), event('Not Printed', T0), { ...old, freshSince: T0 - DAY }),
    );
    expect(await store.shipments.idempotencyKey(userId, 'old')).toEqual({
      requestHash: Buffer.from('a'),
      shipmentId: again,
      createdOn: T0,
    });
    await store.shipments.pruneIdempotencyKeys(T0 + 1);
    expect(await store.shipments.idempotencyKey(userId, 'old')).toBeUndefined();
  });

  it('write nothing when the decision throws, and pass on that very error', async () => {
    const [store] = (await desks(1)) as [PostgresStore];
    const id = createdId(await store.shipments.create(shipment(T0), pieces(2), event('Not Printed', T0)));
    const refusal = new Error('Cancelled shipments cannot be printed');
    let asked: ShipmentRecord | undefined;
    const refused = store.shipments.changeStatus(id, (current) => {
      asked = current;
      throw refusal;
    });
    await expect(refused).rejects.toBe(refusal);
    expect(asked?.id).toBe(id);
    expect(await store.shipments.events(id)).toHaveLength(1);
    expect((await store.shipments.byId(id))?.status).toBe('Not Printed');
    expect((await store.shipments.page({ ...EVERYTHING, statuses: ['Not Printed'] })).totals).toEqual({
      items: 1,
      pieces: 2,
    });
    // Its lock went with the rollback: the next change goes through at once.
    expect((await store.shipments.changeStatus(id, () => event('Printed', T0 + 1)))?.status).toBe('Printed');
    expect(await store.shipments.changeStatus(id + 1000, () => event('Printed', T0))).toBeUndefined();
  });

  it('let two desks changing one shipment at once take turns, each deciding on the row as the other left it', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    const id = createdId(await a.shipments.create(shipment(T0), pieces(1), event('Not Printed', T0)));
    // Connections open in both pools, so that the ten changes below really run at once.
    await Promise.all([a, b].flatMap((desk) => Array.from({ length: 5 }, () => desk.shipments.byId(id))));
    const printOnce = (s: ShipmentRecord) => {
      // A slow decision (it blocks this process, not the server): the others' reads reach the
      // server meanwhile, and without the row lock they would all see "Not Printed".
      const until = performance.now() + 30;
      while (performance.now() < until);
      return s.status === 'Not Printed' ? event('Printed', T0 + 1000) : null;
    };
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).shipments.changeStatus(id, printOnce)));
    expect((await a.shipments.events(id)).map((e) => e.status)).toEqual(['Not Printed', 'Printed']);
  });

  it('keep the status columns on the latest event by time, even when an earlier one is recorded later', async () => {
    const [store] = (await desks(1)) as [PostgresStore];
    const id = createdId(await store.shipments.create(shipment(T0), pieces(2), event('Not Printed', T0)));
    await store.shipments.changeStatus(id, () => ({
      ...event('Enroute to Depot', T0 + 5000),
      location: 'Hub',
      signatory: 'K. Ng',
    }));
    const after = await store.shipments.changeStatus(id, () => event('Printed', T0 + 1000, 'late scan'));
    expect(after).toMatchObject({
      status: 'Enroute to Depot',
      statusDescription: 'Enroute to Depot',
      statusOn: T0 + 5000,
      statusLocation: 'Hub',
      statusSignatory: 'K. Ng',
    });
    // A tie in time goes to the event recorded last.
    const tie = await store.shipments.changeStatus(id, () => event('At the Depot', T0 + 5000));
    expect(tie?.status).toBe('At the Depot');
    expect((await store.shipments.events(id)).map((e) => e.status)).toEqual([
      'Not Printed',
      'Printed',
      'Enroute to Depot',
      'At the Depot',
    ]);
    const byStatus = async (status: ShipmentStatus) =>
      (await store.shipments.page({ ...EVERYTHING, statuses: [status] })).totals.items;
    expect([await byStatus('At the Depot'), await byStatus('Enroute to Depot'), await byStatus('Printed')]).toEqual([
      1, 0, 0,
    ]);
  });
});

describe('the list', () => {
  it(
    'pages and totals exactly, by status and date range, in both orders and at any depth, as a brute-force count has it',
    { timeout: 120_000 },
    async () => {
      const [store] = (await desks(1)) as [PostgresStore];
      const DAY0 = T0 - (T0 % DAY);
      const STATUSES: ShipmentStatus[] = ['Not Printed', 'Printed', 'Awaiting Collection', 'Manifested', 'On Hold'];
      // 12,000 shipments in one statement over ten days, four to a 4.8-minute slot (ties in
      // time, ordered by id), one slot on each midnight; the trigger keeps the day totals.
      await store.pool.query(
        `INSERT INTO shipments (uuid, shipment_number, created_on, despatch_date, carrier_id, carrier_service_id, features,
         collection_address, delivery_address, shipper, delivery_line, delivery_postcode_key, goods_description,
         delivery_instructions, hs_code, description_of_goods, reference_one, reference_two, reference_three, cost_minor,
         insured_minor, currency, piece_count, total_weight, weight_unit, status, status_description, status_on,
         status_location, status_signatory)
       SELECT gen_random_uuid(), 'BK' || lpad(i::text, 8, '0'), $1::bigint + ((i * 7919) % 3000) * 288000, $1::bigint, 1, 101,
         '[]', '{}', '{}', 'Bulk', 'Bulk', '', '', '', '', '', '', '', '', 0, 0, 'GBP', 1 + i % 4, 1, 'KG',
         ($2::text[])[1 + (i * 31) % 5], '', $1::bigint, '', ''
       FROM generate_series(1, 12000) AS i`,
        [DAY0, STATUSES],
      );
      // Every write path the triggers follow: creates, status changes, an update and deletes by hand.
      for (let d = 0; d < 10; d++) {
        for (const at of [DAY0 + d * DAY, DAY0 + (d + 1) * DAY - 1]) {
          const id = createdId(
            await store.shipments.create(shipment(at, { pieceCount: 2 }), pieces(2), event('Not Printed', at)),
          );
          if (d % 3 === 0) await store.shipments.changeStatus(id, () => event('Printed', at + 1));
        }
      }
      await store.pool.query(
        "UPDATE shipments SET status = 'Delivered to Receiver' WHERE id % 13 = 0 AND shipment_number LIKE 'BK%'",
      );
      await store.pool.query("DELETE FROM shipments WHERE id % 17 = 0 AND shipment_number LIKE 'BK%'");

      const all = (
        await store.pool.query<{ id: number; createdOn: number; status: string; pieceCount: number }>(
          'SELECT id, created_on AS "createdOn", status, piece_count AS "pieceCount" FROM shipments',
        )
      ).rows;
      // The aggregate is what a count of the rows says, day by day.
      const aggregate = (
        await store.pool.query<{ day: number; status: string; items: number; pieces: number }>(
          `SELECT day, status, sum(items) AS items, sum(pieces) AS pieces FROM shipment_day_totals
       GROUP BY day, status HAVING sum(items) <> 0 ORDER BY day, status`,
        )
      ).rows;
      const counted = new Map<string, { items: number; pieces: number }>();
      for (const s of all) {
        const key = `${Math.floor(s.createdOn / DAY)}|${s.status}`;
        const t = counted.get(key) ?? { items: 0, pieces: 0 };
        counted.set(key, { items: t.items + 1, pieces: t.pieces + s.pieceCount });
      }
      expect(
        Object.fromEntries(aggregate.map((r) => [`${r.day}|${r.status}`, { items: r.items, pieces: r.pieces }])),
      ).toEqual(Object.fromEntries(counted));

      const ranges: [number | null, number | null][] = [
        [null, null],
        [DAY0 + 3 * DAY, DAY0 + 6 * DAY - 1], // whole days exactly
        [DAY0 + 3 * DAY + 1, DAY0 + 6 * DAY], // a partial day at each end, the end on a midnight
        [DAY0 + 2 * DAY + 5 * 288_000, DAY0 + 2 * DAY + 9 * 288_000], // inside one day, both ends on shipments
        [DAY0 + 4 * DAY + 100, null],
        [null, DAY0 + 7 * DAY + 3_600_000],
        [DAY0 + 5 * DAY, DAY0 + 4 * DAY], // from after to
        [DAY0 - 5 * DAY, DAY0 - 1], // before everything
      ];
      const statusSets: ShipmentStatus[][] = [[], ['Printed'], ['Not Printed', 'Delivered to Receiver', 'On Hold']];
      let deepPages = 0;
      for (const [from, to] of ranges) {
        for (const statuses of statusSets) {
          const want = all.filter(
            (s) =>
              (statuses.length === 0 || statuses.includes(s.status as ShipmentStatus)) &&
              (from === null || s.createdOn >= from) &&
              (to === null || s.createdOn <= to),
          );
          const totals = { items: want.length, pieces: want.reduce((sum, s) => sum + s.pieceCount, 0) };
          for (const newestFirst of [true, false]) {
            const order = [...want].sort((x, y) => (x.createdOn - y.createdOn || x.id - y.id) * (newestFirst ? -1 : 1));
            for (const offset of [0, 37, 5_500, Math.max(0, want.length - 3), want.length + 10]) {
              const filter: ListFilter = { statuses, from, to, newestFirst, limit: 20, offset };
              const page = await store.shipments.page(filter);
              expect(page.totals, JSON.stringify(filter)).toEqual(totals);
              expect(
                page.rows.map((r) => r.id),
                JSON.stringify(filter),
              ).toEqual(order.slice(offset, offset + 20).map((s) => s.id));
              if (offset >= 5_000 && page.rows.length > 0) deepPages++;
            }
          }
        }
      }
      expect(deepPages).toBeGreaterThan(4);
      const [row] = (await store.shipments.page({ ...EVERYTHING, statuses: ['Printed'], newestFirst: false })).rows;
      expect(Object.keys(row!).sort()).toEqual(
        [
          'carrierId',
          'carrierServiceId',
          'createdOn',
          'deliveryLine',
          'despatchDate',
          'id',
          'pieceCount',
          'referenceOne',
          'shipmentNumber',
          'shipper',
          'status',
          'statusDescription',
          'statusLocation',
          'statusOn',
          'statusSignatory',
          'totalWeight',
          'uuid',
          'weightUnit',
        ].sort(),
      );
    },
  );
});

describe('users and tokens', () => {
  it('keep one user per name whatever its case, also when two desks add it at once', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    const id = await a.auth.insertUser({ username: 'Dora', passwordHash: 'h', role: 'admin', createdOn: T0 });
    expect(id).toEqual(expect.any(Number));
    expect(
      await b.auth.insertUser({ username: 'DORA', passwordHash: 'h2', role: 'operator', createdOn: T0 }),
    ).toBeNull();
    expect(await b.auth.userByName('dOrA')).toEqual({
      id,
      username: 'Dora',
      passwordHash: 'h',
      role: 'admin',
      disabled: false,
      createdOn: T0,
    });
    const race = await Promise.all(
      [a, b, a, b].map((desk, i) =>
        desk.auth.insertUser({ username: i % 2 ? 'IVO' : 'ivo', passwordHash: 'h', role: 'operator', createdOn: T0 }),
      ),
    );
    expect(race.filter((r) => r === null)).toHaveLength(3);
    expect(await a.auth.countUsers()).toBe(2);
    expect(await a.auth.countActiveAdmins()).toBe(1);
  });

  it('use a refresh token once: the second use, from any desk, revokes its sign-in', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    const userId = await addOlga(a);
    const issue = async (label: string, signInId?: number) => {
      const refresh = Buffer.from(`refresh ${label}`);
      const access = Buffer.from(`access ${label}`);
      const id = await a.auth.issueTokens({
        userId,
        method: 'credentials',
        ...(signInId === undefined ? {} : { signInId }),
        tokens: [
          { hash: access, kind: 'access', expiresOn: T0 + 900_000 },
          { hash: refresh, kind: 'refresh', expiresOn: T0 + DAY },
        ],
        now: T0,
        pruneBefore: T0 - DAY,
      });
      return { id, refresh, access };
    };
    const one = await issue('one');
    expect(await b.auth.useRefreshToken(one.access, T0 + 1)).toEqual({ unknown: true });
    expect(await b.auth.useRefreshToken(one.refresh, T0 + 1)).toEqual({
      token: {
        signInId: one.id,
        userId,
        kind: 'refresh',
        expiresOn: T0 + DAY,
        usedOn: T0 + 1,
        signInRevokedOn: null,
        username: 'olga',
        role: 'operator',
        userDisabled: false,
        apiKeyName: null,
      },
    });
    const next = await issue('two', one.id);
    expect(next.id).toBe(one.id);
    expect(await a.auth.useRefreshToken(one.refresh, T0 + 2)).toEqual({ reused: true });
    expect(await a.auth.tokenByHash(next.access)).toMatchObject({ signInId: one.id, signInRevokedOn: T0 + 2 });
    // Its sign-in is over: even the unused token of it is no longer live.
    expect(await b.auth.useRefreshToken(next.refresh, T0 + 3)).toEqual({ unknown: true });

    // Two desks using one token at the same moment: one gets it, the other revokes the sign-in.
    const raced = await issue('three');
    const outcomes = await Promise.all([a, b].map((desk) => desk.auth.useRefreshToken(raced.refresh, T0 + 4)));
    expect(outcomes.filter((o) => 'token' in o)).toHaveLength(1);
    expect(outcomes.filter((o) => 'reused' in o)).toHaveLength(1);
    expect((await b.auth.tokenByHash(raced.access))?.signInRevokedOn).toBe(T0 + 4);
  });

  it('prune expired tokens and the sign-ins they leave empty when issuing', async () => {
    const [store] = (await desks(1)) as [PostgresStore];
    const userId = await addOlga(store);
    const token = (label: string, expiresOn: number) => ({
      hash: Buffer.from(label),
      kind: 'refresh' as const,
      expiresOn,
    });
    const gone = await store.auth.issueTokens({
      userId,
      method: 'credentials',
      tokens: [token('old', T0 - 10)],
      now: T0 - DAY,
      pruneBefore: 0,
    });
    const mixed = await store.auth.issueTokens({
      userId,
      method: 'credentials',
      tokens: [token('old 2', T0 - 10), token('live', T0 + DAY)],
      now: T0 - DAY,
      pruneBefore: 0,
    });
    const fresh = await store.auth.issueTokens({
      userId,
      method: 'refresh',
      tokens: [token('fresh', T0 + DAY)],
      now: T0,
      pruneBefore: T0,
    });
    const signIns = (await store.pool.query<{ id: number }>('SELECT id FROM sign_ins ORDER BY id')).rows.map(
      (r) => r.id,
    );
    expect(signIns).toEqual([mixed, fresh]);
    expect(signIns).not.toContain(gone);
    expect(await store.auth.tokenByHash(Buffer.from('old 2'))).toBeUndefined();
    expect((await store.auth.tokenByHash(Buffer.from('live')))?.signInId).toBe(mixed);
  });

  it('revoke a user’s sign-ins with the user’s change, and swap a password hash only if unchanged', async () => {
    const [store] = (await desks(1)) as [PostgresStore];
    const id = await addOlga(store, 'h1');
    await store.auth.issueTokens({
      userId: id,
      method: 'credentials',
      tokens: [{ hash: Buffer.from('t'), kind: 'access', expiresOn: T0 + DAY }],
      now: T0,
      pruneBefore: 0,
    });
    const user = (await store.auth.userById(id))!;
    await store.auth.updateUser({ ...user, disabled: true, role: 'admin' }, true, T0 + 5);
    expect(await store.auth.userById(id)).toMatchObject({ disabled: true, role: 'admin' });
    expect((await store.auth.tokenByHash(Buffer.from('t')))?.signInRevokedOn).toBe(T0 + 5);
    expect(await store.auth.replacePasswordHash(id, 'h1', 'h2')).toBe(true);
    expect(await store.auth.replacePasswordHash(id, 'h1', 'h3')).toBe(false);
    const keyId = await store.auth.insertApiKey({
      userId: id,
      name: 'scanner',
      prefix: 'ss_ab',
      hash: Buffer.from('k'),
      createdOn: T0,
    });
    expect(await store.auth.apiKeyByHash(Buffer.from('k'))).toEqual({ id: keyId, userId: id, revokedOn: null });
    await store.auth.touchApiKey(keyId, T0 + 9);
    expect(await store.auth.apiKeys()).toEqual([
      {
        id: keyId,
        userId: id,
        username: 'olga',
        name: 'scanner',
        prefix: 'ss_ab',
        createdOn: T0,
        lastUsedOn: T0 + 9,
        revokedOn: null,
      },
    ]);
    expect(await store.auth.revokeApiKey(keyId, T0 + 10)).toBe(true);
    expect(await store.auth.revokeApiKey(keyId, T0 + 11)).toBe(false);
    expect(await store.auth.apiKeys()).toEqual([]);
    expect((await store.auth.apiKeyById(keyId))?.revokedOn).toBe(T0 + 10);
  });
});

describe('limits, settings and carriers', () => {
  it('count limits for every desk alike, with the in-memory limiter’s arithmetic', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    for (let i = 0; i < 3; i++) await a.limits.record('sign-in:olga', 60_000, T0 + i * 1000);
    expect(await b.limits.retryAfter('sign-in:olga', 3, 60_000, T0 + 2000)).toBe(58);
    expect(await b.limits.retryAfter('sign-in:olga', 2, 60_000, T0 + 2000)).toBe(59);
    expect(await b.limits.retryAfter('sign-in:olga', 4, 60_000, T0 + 2000)).toBe(0);
    expect(await b.limits.retryAfter('sign-in:olga', 3, 60_000, T0 + 59_999)).toBe(1);
    expect(await b.limits.retryAfter('sign-in:olga', 3, 60_000, T0 + 60_000)).toBe(0);
    expect(await b.limits.retryAfter('sign-in:other', 1, 60_000, T0)).toBe(0);
    // A hit recorded prunes its key's hits that left the window.
    await b.limits.record('sign-in:olga', 60_000, T0 + 61_500);
    expect(
      (await a.pool.query("SELECT at FROM limit_hits WHERE key = 'sign-in:olga' ORDER BY at")).rows.map((r) => r.at),
    ).toEqual([T0 + 2000, T0 + 61_500]);
    await b.limits.reset('sign-in:olga');
    expect(await a.limits.retryAfter('sign-in:olga', 1, 60_000, T0 + 61_600)).toBe(0);

    // The same answers as the SQLite station's limiter, hit for hit (one desk, times in order).
    const memory = memoryLimits();
    let now = T0;
    let seed = 7;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 150; i++) {
      now += Math.floor(random() * 4000);
      if (random() < 0.6) {
        await Promise.all([a.limits.record('k', 10_000, now), memory.record('k', 10_000, now)]);
      } else {
        const limit = 1 + Math.floor(random() * 5);
        expect(await (i % 2 ? a : b).limits.retryAfter('k', limit, 10_000, now)).toBe(
          await memory.retryAfter('k', limit, 10_000, now),
        );
      }
    }
  });

  it('keep settings as JSON, the same for every desk', async () => {
    const [a, b] = (await desks(2)) as [PostgresStore, PostgresStore];
    const printers = {
      labels: { name: 'Zebra “GK420d”', dpi: 203, formats: ['zpl', 'pdf'] },
      enabled: true,
      none: null,
    };
    await a.settings.set('printers', printers);
    await a.settings.set('labelSize', 'A6');
    await a.settings.set('copies', 2);
    expect(await b.settings.get('printers')).toEqual(printers);
    expect(await b.settings.get('labelSize')).toBe('A6');
    expect(await b.settings.get('copies')).toBe(2);
    await b.settings.set('labelSize', '4x6');
    expect(await a.settings.get('labelSize')).toBe('4x6');
    expect(await a.settings.get('nothing')).toBeUndefined();
  });

  it('sync the carrier catalog from two desks at once without a clash, adding and updating', async () => {
    const url = await newDatabase();
    const [a, b] = await Promise.all([open({ url }), open({ url })]);
    await Promise.all([a.carriers.sync(CATALOG), b.carriers.sync(CATALOG), a.carriers.sync(CATALOG)]);
    expect(await b.carriers.all()).toEqual(CATALOG);
    const renamed = {
      ...CATALOG,
      carriers: [
        { ...CATALOG.carriers[0]!, name: 'Swift Parcels Ltd' },
        { id: 2, code: 'NL', name: 'Northline', trackingPrefix: 'NL' },
      ],
    };
    await b.carriers.sync(renamed);
    expect((await a.carriers.all()).carriers).toEqual(renamed.carriers);
  });
});

describe('faults', () => {
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  it('say where the data is without the password, and parse numbers for this pool only', async () => {
    const [store] = (await desks(1)) as [PostgresStore];
    const password = new URL(inject('postgresUrl')).password;
    expect(store.dialect).toBe('postgres');
    expect(store.location).toMatch(/^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/ss_test_/);
    expect(store.location).not.toContain(password);
    const { rows } = await store.pool.query(
      'SELECT count(*) AS n, 12345678901234::bigint AS big, 2.5::numeric AS num, 1.25::float8 AS f',
    );
    expect(rows[0]).toEqual({ n: 1, big: 12_345_678_901_234, num: 2.5, f: 1.25 });
    // The process-wide parser is left alone for any other pg user.
    expect(pg.types.getTypeParser(20, 'text')('5')).toBe('5');
  });

  it('answer an unreachable server with StorageUnavailableError, never with the password', async () => {
    const url = `postgres://postgres:secret-pw-5521@127.0.0.1:${await freePort()}/nowhere`;
    const refused = openPostgresStore({ url });
    await expect(refused).rejects.toBeInstanceOf(StorageUnavailableError);
    const error = (await refused.then(
      () => undefined,
      (e: unknown) => e,
    )) as StorageUnavailableError;
    expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(`${error.message} ${String(error.cause)} ${JSON.stringify(error.cause)}`).not.toContain('secret-pw-5521');
    await expect(openPostgresStore({ url: 'mysql://root:secret-pw-5521@db/x' })).rejects.toThrow(
      /must start with postgres:\/\//,
    );
    await expect(openPostgresStore({ url: 'postgres://root:secret-pw-5521@db:notaport/x' })).rejects.not.toThrow(
      /secret-pw-5521/,
    );
  });

  it('lose connections the server ends without crashing, write nothing of the query cut off, and serve again by itself', async () => {
    const url = await newDatabase();
    const store = await open({ url, poolSize: 3 });
    await store.carriers.sync(CATALOG);
    const id = createdId(await store.shipments.create(shipment(T0), pieces(1), event('Not Printed', T0)));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const endStoreConnections = () =>
      admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'shipping-station'",
      );
    try {
      // Idle connections ended under the pool: their errors are caught, and the next request gets a new one.
      await Promise.all([store.shipments.byId(id), store.shipments.byId(id), store.shipments.byId(id)]);
      expect(store.pool.idleCount).toBeGreaterThan(0);
      await endStoreConnections();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await store.shipments.byId(id))?.id).toBe(id);

      // A status change waiting on a row another session holds, its connection ended mid-transaction.
      await admin.query('BEGIN');
      await admin.query('SELECT id FROM shipments WHERE id = $1 FOR UPDATE', [id]);
      const cut = store.shipments
        .changeStatus(id, () => event('Printed', T0 + 1))
        .then(
          () => 'not cut off',
          (error: unknown) => error,
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await endStoreConnections();
      expect(await cut).toBeInstanceOf(StorageUnavailableError);
      await admin.query('ROLLBACK');
      expect(await store.shipments.events(id)).toHaveLength(1);
      expect((await store.shipments.changeStatus(id, () => event('Printed', T0 + 2)))?.status).toBe('Printed');
      expect(store.pool.totalCount).toBeLessThanOrEqual(3);
    } finally {
      await admin.end();
    }
  });
});
