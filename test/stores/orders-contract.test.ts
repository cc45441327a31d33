/**
 * The order store (docs/contract.md §18 in main/core/storage.ts), asked of both stores the same way:
 * orders in and refused by number, changes decided in the write, the list and its search,
 * and a shipment's create that ships an order, linked in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { orderSearch, orderSearchTerms } from '../../main/core/order-search';
import type { Address, OrderStatus } from '../../main/core/schemas';
import { stationEvent } from '../../main/core/statuses';
import type {
  NewOrder,
  NewShipment,
  OnMigration,
  OrderInsert,
  OrderShipment,
  PieceRecord,
  Store,
} from '../../main/core/storage';
import { leedsAddress, newShipmentRecord, onePiece } from '../helpers/records';
import { openPostgresStore, type PostgresStore } from '../../main/stores/postgres';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../../main/stores/postgres/migrations';
import { openSqliteStore, type SqliteStore } from '../../main/stores/sqlite';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../../main/stores/sqlite/migrations';
import { createDatabase } from '../helpers/postgres';
import { TEST_CATALOG, storeOpener } from '../helpers/stores';

const openDesks = storeOpener('ss-orders-');
const T0 = Date.parse('2026-11-01T10:00:00.000Z');

const address = (fullName: string, postZipCode = 'LS1 1UR'): Address =>
  leedsAddress(fullName, { addressLine1: '22 High Street', postZipCode });

let serial = 0;
function newOrder(overrides: Partial<NewOrder> = {}, sku = 'MUG-RED'): OrderInsert {
  serial++;
  const order: NewOrder = {
    uuid: randomUUID(),
    orderNumber: `WEB-${serial}`,
    channel: 'webshop',
    orderDate: null,
    createdOn: T0 + serial,
    updatedOn: T0 + serial,
    status: 'Awaiting',
    deliveryAddress: address('Łukasz Odbiorca'),
    collectionAddress: null,
    currency: 'GBP',
    referenceOne: `PO-${serial}`,
    referenceTwo: '',
    referenceThree: '',
    deliveryInstructions: '',
    notes: '',
    requestedService: '',
    tags: ['vip'],
    package: { length: 30, width: 20, height: 10, dimensionUnit: 'CM' },
    itemCount: 2,
    totalWeightKg: 0.8,
    totalValueMinor: 1500,
    createdBy: null,
    ...overrides,
  };
  return {
    order,
    items: [
      {
        sequenceNumber: 1,
        sku,
        description: 'Red mug',
        quantity: 2,
        unitValueMinor: 750,
        unitWeight: 0.4,
        weightUnit: 'KG',
        hsCode: '',
        originCountry: '',
      },
    ],
    webhookPayload: JSON.stringify({ orderNumber: order.orderNumber }),
  };
}

function shipment(createdOn: number): { shipment: NewShipment; pieces: PieceRecord[] } {
  serial++;
  return {
    shipment: newShipmentRecord(serial, createdOn, {
      collectionAddress: address('Zoë Sender'),
      deliveryAddress: address('Łukasz Odbiorca'),
      shipper: 'Zoë Sender',
      deliveryLine: 'Łukasz Odbiorca',
    }),
    pieces: [{ ...onePiece(serial), length: 10, width: 10, height: 10 }],
  };
}

const ship = (store: Store, orderId: number) => {
  const { shipment: s, pieces } = shipment(T0);
  const link: OrderShipment = { orderId, ruleName: 'Domestic', webhookPayload: '{}' };
  return store.shipments.create(
    s,
    pieces,
    stationEvent('Not Printed', 'Shipment created', 'olga', T0),
    undefined,
    undefined,
    link,
  );
};

/** Runs SQL on the store's own database, for what no store method does (a raw delete, a count). */
async function rawQuery<R>(store: Store, sql: string): Promise<R[]> {
  if (store.dialect === 'sqlite') {
    const db = (store as SqliteStore).db;
    return /^\s*SELECT/i.test(sql) ? (db.prepare(sql).all() as R[]) : (db.exec(sql), []);
  }
  return (await (store as PostgresStore).pool.query(sql)).rows as R[];
}

const STATUSES: OrderStatus[] = ['Awaiting', 'On Hold', 'Shipped', 'Cancelled'];

/**
 * The list's totals for every status alone, every pair and every status at once, beside a
 * naive count of the orders: the two must agree.
 */
async function totalsAndCounts(store: Store) {
  const rows = await rawQuery<{ status: string; n: number | string }>(
    store,
    'SELECT status, count(*) AS n FROM orders GROUP BY status',
  );
  const counted = (statuses: OrderStatus[]) =>
    rows
      .filter((r) => statuses.length === 0 || statuses.includes(r.status as OrderStatus))
      .reduce((sum, r) => sum + Number(r.n), 0);
  const asked: OrderStatus[][] = [[], ...STATUSES.map((s) => [s]), ['Awaiting', 'On Hold'], ['Shipped', 'Cancelled']];
  const totals: Record<string, number> = {};
  const counts: Record<string, number> = {};
  for (const statuses of asked) {
    const key = statuses.join('+') || 'every';
    totals[key] = (await store.orders.page({ statuses, limit: 1, offset: 0 })).total;
    counts[key] = counted(statuses);
  }
  return { totals, counts };
}

const expectExactTotals = async (store: Store) => {
  const { totals, counts } = await totalsAndCounts(store);
  expect(totals).toEqual(counts);
  return totals;
};

describe.each(['sqlite', 'postgres'] as const)('orders on the %s store', (dialect) => {
  it('go in unless their number is known (ignoring case), with items, and a keyed batch is answered again', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const a = newOrder();
    const twin = newOrder({ orderNumber: a.order.orderNumber.toLowerCase() });
    const outcome = await store.orders.insert([a, twin, newOrder()], undefined, () => '');
    if (!('ids' in outcome)) throw new Error('replayed');
    expect(outcome.ids[0]).toEqual(expect.any(Number));
    expect(outcome.ids[1]).toBeNull();
    const stored = await store.orders.byId(outcome.ids[0]!);
    expect(stored).toEqual({ ...a.order, id: outcome.ids[0], shipmentId: null });
    expect(await store.orders.byUuid(a.order.uuid)).toEqual(stored);
    expect(await store.orders.items(outcome.ids[0]!)).toEqual(a.items);
    expect(await store.orders.knownNumbers([a.order.orderNumber.toUpperCase(), 'NOPE'])).toEqual([a.order.orderNumber]);

    const claim = { userId: 1, key: 'k-1', requestHash: Buffer.from('body'), freshSince: T0 - 1000 };
    const first = await store.orders.insert([newOrder()], claim, (ids) => JSON.stringify(ids));
    const again = await store.orders.insert([newOrder()], claim, () => 'never');
    expect(again).toEqual({
      replayOf: { requestHash: Buffer.from('body'), answer: JSON.stringify((first as { ids: number[] }).ids) },
    });
  });

  it('go in as a whole batch: each with its items, terms and a message a subscription, in the batch’s order', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const known = newOrder();
    await store.orders.insert([known], undefined, () => '');
    const subscribe = (events: string[]) =>
      store.webhooks.insert({
        url: 'http://127.0.0.1:9/hook',
        secret: 'whsec_x',
        events,
        statuses: [],
        allowRemote: false,
        createdOn: T0,
        createdBy: 'admin',
      });
    const created = await subscribe(['order.created']);
    const both = await subscribe(['order.shipped', 'order.created']);
    const shippedOnly = await subscribe(['order.shipped']);

    const first = newOrder({}, 'SKU-ALPHA');
    first.items.push({ ...first.items[0]!, sequenceNumber: 2, sku: 'SKU-BETA', description: 'Blue mug' });
    const second = newOrder(
      { collectionAddress: address('Zoë Sender'), package: { presetId: 3 }, tags: [] },
      'SKU-GAMMA',
    );
    const third = newOrder({ package: null, orderDate: T0 - 86_400_000 });
    const batch = [
      first,
      newOrder({ orderNumber: ` ${known.order.orderNumber.toUpperCase()}` }),
      second,
      newOrder({ orderNumber: second.order.orderNumber.toLowerCase() }),
      third,
    ];
    const outcome = await store.orders.insert(batch, undefined, () => '');
    if (!('ids' in outcome)) throw new Error('replayed');
    const [a, knownAgain, b, twin, c] = outcome.ids;
    expect([knownAgain, twin]).toEqual([null, null]);
    // Numbered in the batch's order: the list shows orders made at one moment so.
    expect(a! < b! && b! < c!).toBe(true);
    for (const [id, inserted] of [
      [a, first],
      [b, second],
      [c, third],
    ] as const) {
      expect(await store.orders.byId(id!)).toEqual({ ...inserted.order, id, shipmentId: null });
      expect(await store.orders.items(id!)).toEqual(inserted.items);
    }
    const find = async (q: string) =>
      (await store.orders.page({ statuses: [], search: orderSearch(q), limit: 10, offset: 0 })).rows.map(
        (r) => r.orderNumber,
      );
    expect(await find('sku-beta')).toEqual([first.order.orderNumber]);
    expect(await find('sku-gamma')).toEqual([second.order.orderNumber]);
    expect(await find(third.order.referenceOne)).toEqual([third.order.orderNumber]);

    const messages = async (webhookId: number) =>
      (await store.webhooks.deliveries(webhookId, 10)).map((m) => [m.type, m.payload]).reverse();
    const expected = [first, second, third].map((o) => ['order.created', o.webhookPayload]);
    expect(await messages(created)).toEqual(expected);
    expect(await messages(both)).toEqual(expected);
    expect(await messages(shippedOnly)).toEqual([]);
  });

  it('change by the decision they are given, inside the write; a refusal writes nothing', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const inserted = newOrder();
    const { ids } = (await store.orders.insert([inserted], undefined, () => '')) as { ids: number[] };
    const id = ids[0]!;
    await expect(
      store.orders.change(id, () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const after = await store.orders.change(id, (order, items) => ({
      order: { ...order, status: 'On Hold', deliveryAddress: address('Grace Hopper', 'YO1 7HH') },
      items: [...items, { ...items[0]!, sequenceNumber: 2, sku: 'TEA-1' }],
    }));
    expect(after?.status).toBe('On Hold');
    expect((await store.orders.items(id)).map((i) => i.sku)).toEqual(['MUG-RED', 'TEA-1']);
    const page = (q: string) => store.orders.page({ statuses: [], search: orderSearch(q), limit: 10, offset: 0 });
    // Search terms follow the change: the new name and SKU find it, the old name does not.
    expect((await page('hopper')).total).toBe(1);
    expect((await page('tea-1')).total).toBe(1);
    expect((await page('odbiorca')).total).toBe(0);
    expect(await store.orders.change(987_654, () => null)).toBeUndefined();
  });

  it('list newest first with exact totals by status, and find by number, SKU, name, post code and reference', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const batch = [newOrder(), newOrder({ status: 'On Hold' }), newOrder({}, 'SKU-ZEBRA'), newOrder()];
    batch[3]!.order.deliveryAddress = address('Anna Maria Smith', 'SW1A 1AA');
    await store.orders.insert(batch, undefined, () => '');
    const all = await store.orders.page({ statuses: [], limit: 2, offset: 0 });
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.orderNumber)).toEqual([batch[3]!.order.orderNumber, batch[2]!.order.orderNumber]);
    expect((await store.orders.page({ statuses: ['On Hold'], limit: 10, offset: 0 })).total).toBe(1);
    const find = async (q: string) =>
      (await store.orders.page({ statuses: ['Awaiting'], search: orderSearch(q), limit: 10, offset: 0 })).rows.map(
        (r) => r.orderNumber,
      );
    expect(await find('sku-zeb')).toEqual([batch[2]!.order.orderNumber]);
    expect(await find(batch[0]!.order.orderNumber)).toEqual([batch[0]!.order.orderNumber]);
    expect(await find('smith maria anna')).toEqual([batch[3]!.order.orderNumber]);
    expect(await find('sw1a1aa')).toEqual([batch[3]!.order.orderNumber]);
    expect(await find(batch[1]!.order.referenceOne)).toEqual([]); // On Hold, filtered out
    // Every order holds "odbiorca" but the fourth; On Hold is filtered out.
    expect(
      (await store.orders.page({ statuses: ['Awaiting'], search: orderSearch('odbiorca'), limit: 1, offset: 0 })).total,
    ).toBe(2);
  });

  it('find a common word or SKU with exact totals in the list’s order, on every page, as statuses change', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    // 240 orders, three made at each moment (the id breaks the tie): one in four holds TEE-M,
    // some TEE-S too (two terms in the range `tee`), some a Smith in both names (two in `smith`).
    const firsts = ['Ada', 'Anna Maria', 'Jan', 'Maria'];
    const lasts = ['Nowak', 'Smith', 'Wójcik'];
    const batch = Array.from({ length: 240 }, (_, i) => {
      const skus = i % 4 === 0 ? ['TEE-M', ...(i % 3 === 0 ? ['TEE-S'] : [])] : [i % 2 ? 'MUG' : 'TEE-L'];
      const inserted = newOrder({ orderNumber: `SRCH-${1000 + i}`, createdOn: T0 + Math.floor(i / 3) * 1000 }, skus[0]);
      inserted.items.push(...skus.slice(1).map((sku, k) => ({ ...inserted.items[0]!, sequenceNumber: k + 2, sku })));
      inserted.order.deliveryAddress = {
        ...address(`${firsts[i % 4]} ${lasts[i % 3]}`, `LS${1 + (i % 2)} 1UR`),
        businessName: i % 5 === 0 ? `${lasts[i % 3]} Tools` : '',
      };
      return inserted;
    });
    const { ids } = (await store.orders.insert(batch, undefined, () => '')) as { ids: number[] };
    const state = batch.map(({ order, items }, i) => ({
      id: ids[i]!,
      order: { ...order },
      skus: items.map((t) => t.sku),
    }));

    // Statuses changed every way an order's can: by an edit, by its shipment, and back by the shipment's cancel.
    for (const [i, status] of [
      ...[3, 8, 40, 41, 100, 199].map((i) => [i, 'Cancelled'] as const),
      ...[4, 12, 77, 150].map((i) => [i, 'On Hold'] as const),
    ]) {
      await store.orders.change(state[i]!.id, (order) => ({ order: { ...order, status } }));
      state[i]!.order.status = status;
    }
    const shipped = new Map<number, number>();
    for (const i of [0, 16, 20, 24, 32, 60, 61, 62, 64, 200, 236]) {
      const outcome = await ship(store, state[i]!.id);
      if (!('created' in outcome)) throw new Error('not shipped');
      shipped.set(i, outcome.created.id);
      state[i]!.order.status = 'Shipped';
    }
    for (const i of [16, 61, 236]) {
      await store.shipments.changeStatus(shipped.get(i)!, () =>
        stationEvent('Cancelled', 'Shipment cancelled', 'olga', T0 + 1),
      );
      state[i]!.order.status = 'Awaiting';
    }

    // What each query must find, from the orders' own terms.
    const expected = (q: string, statuses: OrderStatus[]) => {
      const search = orderSearch(q);
      return state
        .filter(({ order, skus }) => {
          if (statuses.length > 0 && !statuses.includes(order.status)) return false;
          const terms = orderSearchTerms(order, skus);
          const has = (prefix: string) => terms.some((t) => t.startsWith(prefix));
          return (
            search.exact.some((t) => terms.includes(t)) ||
            search.prefixes.some(has) ||
            (search.allPrefixes.length > 0 && search.allPrefixes.every(has))
          );
        })
        .sort((a, b) => b.order.createdOn - a.order.createdOn || b.id - a.id)
        .map(({ order }) => order.orderNumber);
    };
    const LIMIT = 7;
    for (const q of ['TEE-M', 'tee', 'nowak', 'smith', 'maria smith', 'anna maria smith', 'srch-1', 'LS2 1UR'])
      for (const statuses of [[], ['Awaiting'], ['Shipped'], ['Cancelled', 'On Hold']] as OrderStatus[][]) {
        const all = expected(q, statuses);
        // Each query finds many orders; a rarer status, some or none.
        if (statuses.length === 0 || statuses[0] === 'Awaiting') expect(all.length, q).toBeGreaterThan(10);
        const last = Math.max(0, Math.floor((all.length - 1) / LIMIT) * LIMIT);
        for (const offset of new Set([0, LIMIT, Math.floor(all.length / 2), last, all.length + LIMIT])) {
          const page = await store.orders.page({ statuses, search: orderSearch(q), limit: LIMIT, offset });
          expect({ q, statuses, offset, total: page.total, rows: page.rows.map((r) => r.orderNumber) }).toEqual({
            q,
            statuses,
            offset,
            total: all.length,
            rows: all.slice(offset, offset + LIMIT),
          });
        }
      }
  });

  it('keep the plain list’s totals by status exact after every kind of write, concurrent ships too', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const batch = Array.from({ length: 30 }, (_, i) => newOrder({ status: i % 5 === 0 ? 'On Hold' : 'Awaiting' }));
    // A number twice in the batch, and one known already: neither is written twice.
    batch.push(newOrder({ orderNumber: batch[1]!.order.orderNumber.toLowerCase() }));
    const { ids } = (await store.orders.insert(batch, undefined, () => '')) as { ids: (number | null)[] };
    await store.orders.insert([newOrder({ orderNumber: batch[2]!.order.orderNumber })], undefined, () => '');
    expect(await expectExactTotals(store)).toMatchObject({ every: 30, Awaiting: 24, 'On Hold': 6 });

    // Batches at once.
    await Promise.all(
      [0, 1, 2].map(() =>
        store.orders.insert(
          Array.from({ length: 20 }, () => newOrder()),
          undefined,
          () => '',
        ),
      ),
    );
    expect(await expectExactTotals(store)).toMatchObject({ every: 90, Awaiting: 84 });

    // Edits: held, released, cancelled, and an edit that keeps the status.
    const [, b, c, d] = ids as number[];
    await store.orders.change(ids[6]!, (order) => ({ order: { ...order, status: 'On Hold' } }));
    await store.orders.change(b!, (order) => ({ order: { ...order, status: 'Cancelled' } }));
    await store.orders.change(ids[5]!, (order) => ({ order: { ...order, status: 'Awaiting' } }));
    await store.orders.change(c!, (order) => ({ order: { ...order, notes: 'Leave at the door' } }));
    expect(await expectExactTotals(store)).toMatchObject({ Awaiting: 83, 'On Hold': 6, Cancelled: 1 });

    // Ten ships of one order at once, and five other orders shipped at the same moment.
    const others = [11, 12, 13, 14, 16].map((i) => ids[i]!);
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => ship(store, d!)),
      ...others.map((id) => ship(store, id)),
    ]);
    expect(outcomes.filter((o) => 'created' in o)).toHaveLength(6);
    expect(await expectExactTotals(store)).toMatchObject({ Awaiting: 77, Shipped: 6 });

    // Cancelling a shipment puts its order back to Awaiting.
    const shipped = outcomes.find((o) => 'created' in o) as { created: { id: number } };
    await store.shipments.changeStatus(shipped.created.id, () =>
      stationEvent('Cancelled', 'Shipment cancelled', 'olga', T0 + 1),
    );
    expect(await expectExactTotals(store)).toMatchObject({ Awaiting: 78, Shipped: 5 });

    // An order deleted outright (no store method does; the totals follow any write).
    const gone = ids[21]!;
    await rawQuery(
      store,
      `DELETE FROM order_search_terms WHERE order_id = ${gone}; DELETE FROM order_items WHERE order_id = ${gone};
       DELETE FROM orders WHERE id = ${gone}`,
    );
    expect(await expectExactTotals(store)).toMatchObject({ every: 89, Awaiting: 77 });
  });

  it('ship through the create: linked in its write, refused once shipped, and back to Awaiting when it is cancelled', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const { ids } = (await store.orders.insert([newOrder()], undefined, () => '')) as { ids: number[] };
    const orderId = ids[0]!;
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => ship(store, orderId)));
    const created = outcomes.flatMap((o) => ('created' in o ? [o.created] : []));
    expect(created).toHaveLength(1);
    const shipmentId = created[0]!.id;
    expect(outcomes.filter((o) => 'orderNotShippable' in o)).toEqual(
      Array(3).fill({ orderNotShippable: { status: 'Shipped', shipmentId } }),
    );
    expect(await store.orders.byId(orderId)).toMatchObject({ status: 'Shipped', shipmentId });
    expect(await store.orders.ofShipment(shipmentId)).toMatchObject({ ruleName: 'Domestic' });
    expect(
      (await store.shipments.page({ statuses: [], from: null, to: null, newestFirst: true, limit: 1, offset: 0 }))
        .totals.items,
    ).toBe(1);

    await store.shipments.changeStatus(shipmentId, () =>
      stationEvent('Cancelled', 'Shipment cancelled', 'olga', T0 + 1),
    );
    expect(await store.orders.byId(orderId)).toMatchObject({ status: 'Awaiting', shipmentId: null, updatedOn: T0 + 1 });
    // The cancelled shipment still names its order.
    expect(await store.orders.ofShipment(shipmentId)).toMatchObject({ ruleName: 'Domestic' });
  });
});

describe.each(['sqlite', 'postgres'] as const)('the migration of order terms on the %s store', (dialect) => {
  const open: Store[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  /** A store, and one that opens the same database again (running the migrations it lacks). */
  const reopenable = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-orders-migration-'));
    folders.push(dataDir);
    const url = dialect === 'postgres' ? await createDatabase(inject('postgresUrl')) : '';
    const reopen = async (onMigration?: OnMigration) => {
      const store = url ? await openPostgresStore({ url, onMigration }) : openSqliteStore({ dataDir, onMigration });
      open.push(store);
      return store;
    };
    return { store: await reopen(), reopen };
  };
  const run = async (store: Store, sql: string) => {
    if (dialect === 'sqlite') (store as SqliteStore).db.exec(sql);
    else await (store as PostgresStore).pool.query(sql);
  };
  /** The terms whose created_on or status is not their order's, and how many terms there are. */
  const mismatched = async (store: Store) => {
    const sql = `SELECT count(*) AS terms, coalesce(sum(CASE WHEN t.created_on = o.created_on AND t.status = o.status
      THEN 0 ELSE 1 END), 0) AS wrong FROM order_search_terms t JOIN orders o ON o.id = t.order_id`;
    const row =
      dialect === 'sqlite'
        ? ((store as SqliteStore).db.prepare(sql).get() as { terms: number; wrong: number })
        : (await (store as PostgresStore).pool.query<{ terms: string; wrong: string }>(sql)).rows[0]!;
    return { terms: Number(row.terms), wrong: Number(row.wrong) };
  };

  it('keep each order’s created_on and status beside its terms, for orders made before it, and run again harmlessly', async () => {
    const { store, reopen } = await reopenable();
    await store.carriers.sync(TEST_CATALOG);
    const batch = [newOrder({}, 'TEE-M'), newOrder({}, 'TEE-M'), newOrder({}, 'TEE-M'), newOrder({}, 'MUG')];
    const { ids } = (await store.orders.insert(batch, undefined, () => '')) as { ids: number[] };
    await store.orders.change(ids[1]!, (order) => ({ order: { ...order, status: 'On Hold' } }));
    expect('created' in (await ship(store, ids[2]!))).toBe(true);
    const migrations = dialect === 'sqlite' ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
    const version = migrations.find((m) => m.name === 'order-search-list-order')!.version;
    // The terms as they were before it: each term and its order, nothing beside them.
    await run(
      store,
      dialect === 'sqlite'
        ? `CREATE TABLE old_terms (term TEXT NOT NULL, order_id INTEGER NOT NULL REFERENCES orders(id),
             PRIMARY KEY (term, order_id)) STRICT, WITHOUT ROWID;
           INSERT INTO old_terms SELECT term, order_id FROM order_search_terms;
           DROP TABLE order_search_terms;
           ALTER TABLE old_terms RENAME TO order_search_terms;
           CREATE INDEX order_search_terms_by_order ON order_search_terms (order_id);
           PRAGMA user_version = ${version - 1}`
        : `CREATE TABLE old_terms (term text COLLATE "C" NOT NULL, order_id bigint NOT NULL REFERENCES orders(id),
             PRIMARY KEY (term, order_id));
           INSERT INTO old_terms SELECT term, order_id FROM order_search_terms;
           DROP TABLE order_search_terms;
           ALTER TABLE old_terms RENAME TO order_search_terms;
           CREATE INDEX order_search_terms_by_order ON order_search_terms (order_id);
           DELETE FROM schema_migrations WHERE version >= ${version}`,
    );
    await store.close();
    const told: string[] = [];
    const upgraded = await reopen((m) => told.push(m.name));
    // Set back, it runs again, and so does every migration after it.
    expect(told).toEqual(migrations.filter((m) => m.version >= version).map((m) => m.name));
    const found = async (target: Store, statuses: OrderStatus[]) => {
      const page = await target.orders.page({ statuses, search: orderSearch('tee-m'), limit: 10, offset: 0 });
      return { total: page.total, rows: page.rows.map((r) => r.orderNumber) };
    };
    const [a, b, c] = batch.map((o) => o.order.orderNumber);
    expect(await found(upgraded, [])).toEqual({ total: 3, rows: [c, b, a] });
    expect(await found(upgraded, ['Awaiting'])).toEqual({ total: 1, rows: [a] });
    expect(await found(upgraded, ['Shipped', 'On Hold'])).toEqual({ total: 2, rows: [c, b] });
    const after = await mismatched(upgraded);
    expect(after.terms).toBeGreaterThan(4 * 5);
    expect(after.wrong).toBe(0);

    // Run again over terms that have their status already: nothing changes.
    await run(
      upgraded,
      dialect === 'sqlite'
        ? `PRAGMA user_version = ${version - 1}`
        : `DELETE FROM schema_migrations WHERE version >= ${version}`,
    );
    await upgraded.close();
    const again = await reopen();
    expect(await mismatched(again)).toEqual(after);
    expect(await found(again, ['Shipped', 'On Hold'])).toEqual({ total: 2, rows: [c, b] });
  });

  it('count the totals by status for orders made before them, and again when run again', async () => {
    const { store, reopen } = await reopenable();
    await store.carriers.sync(TEST_CATALOG);
    const { ids } = (await store.orders.insert(
      [newOrder(), newOrder(), newOrder({ status: 'On Hold' }), newOrder()],
      undefined,
      () => '',
    )) as { ids: number[] };
    expect('created' in (await ship(store, ids[0]!))).toBe(true);
    const migrations = dialect === 'sqlite' ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS;
    const version = migrations.find((m) => m.name === 'order-status-totals')!.version;
    // As before it: no totals, no triggers; then an order written by the code before.
    await run(
      store,
      dialect === 'sqlite'
        ? `DROP TRIGGER order_status_totals_insert; DROP TRIGGER order_status_totals_update;
           DROP TRIGGER order_status_totals_delete; DROP TABLE order_status_totals; PRAGMA user_version = ${version - 1}`
        : `DROP TABLE order_status_totals; DROP TRIGGER order_status_totals_insert ON orders;
           DROP TRIGGER order_status_totals_update ON orders; DROP TRIGGER order_status_totals_delete ON orders;
           DELETE FROM schema_migrations WHERE version >= ${version}`,
    );
    await run(store, `UPDATE orders SET status = 'Cancelled' WHERE id = ${ids[3]!}`);
    await store.close();
    const told: string[] = [];
    const upgraded = await reopen((m) => told.push(m.name));
    expect(told).toEqual(migrations.filter((m) => m.version >= version).map((m) => m.name));
    expect(await expectExactTotals(upgraded)).toMatchObject({ every: 4, Awaiting: 1, Shipped: 1, Cancelled: 1 });

    // Run again over totals that are wrong (written by hand): counted again, exact.
    await run(
      upgraded,
      dialect === 'sqlite'
        ? `UPDATE order_status_totals SET items = items + 7; PRAGMA user_version = ${version - 1}`
        : `UPDATE order_status_totals SET items = items + 7; DELETE FROM schema_migrations WHERE version >= ${version}`,
    );
    await upgraded.close();
    const again = await reopen();
    await again.orders.insert([newOrder()], undefined, () => '');
    expect(await expectExactTotals(again)).toMatchObject({ every: 5, Awaiting: 2 });
  });
});

describe('two desks on one PostgreSQL database', () => {
  it('ship one order at the same moment: one shipment', async () => {
    const [a, b] = (await openDesks('postgres', 2)) as [Store, Store];
    const { ids } = (await a.orders.insert([newOrder()], undefined, () => '')) as { ids: number[] };
    const outcomes = await Promise.all([a, b, a, b, a, b].map((desk) => ship(desk, ids[0]!)));
    expect(outcomes.filter((o) => 'created' in o)).toHaveLength(1);
    expect(outcomes.filter((o) => 'orderNotShippable' in o)).toHaveLength(5);
  });

  it('keep the totals exact while two desks add, ship and cancel orders at once', async () => {
    const [a, b] = (await openDesks('postgres', 2)) as [Store, Store];
    const { ids } = (await a.orders.insert(
      Array.from({ length: 40 }, () => newOrder()),
      undefined,
      () => '',
    )) as { ids: number[] };
    await Promise.all([
      ...ids.slice(0, 20).map((id, i) => ship(i % 2 ? a : b, id)),
      ...ids.slice(0, 5).map((id) => ship(a, id)),
      ...ids
        .slice(20, 30)
        .map((id, i) => (i % 2 ? b : a).orders.change(id, (order) => ({ order: { ...order, status: 'Cancelled' } }))),
      ...[a, b, a, b].map((desk) =>
        desk.orders.insert(
          Array.from({ length: 25 }, () => newOrder({ status: 'On Hold' })),
          undefined,
          () => '',
        ),
      ),
    ]);
    expect(await expectExactTotals(a)).toEqual({
      every: 140,
      Awaiting: 10,
      'On Hold': 100,
      Shipped: 20,
      Cancelled: 10,
      'Awaiting+On Hold': 110,
      'Shipped+Cancelled': 30,
    });
    // Each transaction wrote one stripe of a status's total.
    const stripes = await rawQuery<{ n: string }>(a, 'SELECT count(*) AS n FROM order_status_totals');
    expect(Number(stripes[0]!.n)).toBeLessThanOrEqual(4 * 8);
  });
});
