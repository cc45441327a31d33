/**
 * The storage contract (main/core/storage.ts), asked of both stores the same way: what one
 * store does, the other does. Each case opens the store itself; PostgreSQL cases get a new
 * database on the run's server, and "two desks" are two stores open on that one database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Address, ShipmentStatus } from '../../main/core/schemas';
import { stationEvent } from '../../main/core/statuses';
import { LIMIT_HORIZON_MS } from '../../main/core/storage';
import { fillDemoData } from '../../main/cli/demo-data';
import { CarrierCatalog } from '../../main/core/carriers';
import { listSearch } from '../../main/core/search';
import type {
  AuditFilter,
  AuditRecord,
  CustomsRecord,
  EventRecord,
  ListFilter,
  ManifestClose,
  NewShipment,
  OnMigration,
  PieceRecord,
  Store,
} from '../../main/core/storage';
import { openPostgresStore, type PostgresStore } from '../../main/stores/postgres';
import { foldDayTotals } from '../../main/stores/postgres/shipments';
import { statusCodeSql } from '../../main/stores/shared/status-codes';
import { LIST_FIELDS } from '../../main/stores/shared/tables/shipments';
import { openSqliteStore } from '../../main/stores/sqlite';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../../main/stores/sqlite/migrations';
import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../../main/stores/postgres/migrations';
import { createDatabase } from '../helpers/postgres';
import { lodzAddress, lodzShipmentRecord } from '../helpers/records';
import { TEST_CATALOG, storeOpener, type Dialect } from '../helpers/stores';

const openDesks = storeOpener('ss-contract-');
/** Stores a case opened again itself, closed after the file's tests. */
const reopened: Store[] = [];
afterAll(async () => {
  await Promise.all(reopened.map((s) => s.close()));
});

const address = (fullName: string): Address => lodzAddress(fullName);

let serial = 0;
const shipment = (createdOn: number, overrides: Partial<NewShipment> = {}): NewShipment =>
  lodzShipmentRecord(++serial, createdOn, { features: [1001], totalWeight: 3.5, ...overrides });
const pieces = (): PieceRecord[] =>
  [1, 2].map((n) => ({
    sequenceNumber: n,
    description: 'Box',
    weight: n + 0.5,
    weightUnit: 'KG',
    length: 30,
    width: 20,
    height: 10,
    dimensionUnit: 'CM',
    trackingNumber: `SP${String(serial * 10 + n).padStart(8, '0')}0GB`,
  }));
const event = (status: EventRecord['status'], occurredOn: number, description: string = status): EventRecord =>
  stationEvent(status, description, 'olga', occurredOn);
const DAY = 86_400_000;
const EVERYTHING = { statuses: [], from: null, to: null, newestFirst: true, limit: 1, offset: 0 };
const T0 = Date.parse('2026-11-01T10:00:00.000Z');

describe.each(['sqlite', 'postgres'] as const)('the %s store', (dialect) => {
  it('writes a shipment whole and reads it back by id, uuid, number and tracking number', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const made = shipment(T0);
    const outcome = await store.shipments.create(made, pieces(), event('Not Printed', T0));
    if (!('created' in outcome)) throw new Error('not created');
    const id = outcome.created.id;
    expect(await store.shipments.byId(id)).toEqual({ ...made, id });
    expect((await store.shipments.byUuid(made.uuid))?.id).toBe(id);
    expect((await store.shipments.byNumber(made.shipmentNumber))?.id).toBe(id);
    const [first] = await store.shipments.pieces(id);
    expect((await store.shipments.byTrackingNumber(first!.trackingNumber))?.deliveryAddress.city).toBe('Łódź');
    expect((await store.shipments.pieces(id)).map((p) => p.weight)).toEqual([1.5, 2.5]);
    expect(await store.shipments.events(id)).toEqual([event('Not Printed', T0)]);
    expect(await store.shipments.byUuid(randomUUID())).toBeUndefined();
  });

  it('writes a customs declaration with its shipment, in the same transaction, and reads it back in order', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const customs: CustomsRecord = {
      contentsType: 'Gift',
      senderEori: 'GB123456789000',
      senderVat: 'GB123456789',
      senderIoss: 'IM3720000224',
      iossApplied: true,
      items: [
        {
          sequenceNumber: 1,
          description: 'Wełniany szal',
          quantity: 2,
          unitValueMinor: 1850,
          netWeight: 0.4,
          weightUnit: 'KG',
          hsCode: '611710',
          originCountry: 'PL',
        },
        {
          sequenceNumber: 2,
          description: 'Mug',
          quantity: 1,
          unitValueMinor: 1_000_000_000_000,
          netWeight: 450,
          weightUnit: 'G',
          hsCode: '6912000000',
          originCountry: 'PT',
        },
      ],
    };
    const outcome = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0), undefined, customs);
    const id = 'created' in outcome ? outcome.created.id : 0;
    expect(await store.shipments.customs(id)).toEqual(customs);
    const domestic = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
    expect(await store.shipments.customs('created' in domestic ? domestic.created.id : 0)).toBeUndefined();

    // An item the store cannot keep (a second item 1) undoes the whole create: no shipment, no pieces.
    const broken = { ...customs, items: [customs.items[0]!, customs.items[0]!] };
    const before = (await store.shipments.page(EVERYTHING)).totals;
    const made = shipment(T0);
    await expect(store.shipments.create(made, pieces(), event('Not Printed', T0), undefined, broken)).rejects.toThrow();
    expect(await store.shipments.byUuid(made.uuid)).toBeUndefined();
    expect((await store.shipments.page(EVERYTHING)).totals).toEqual(before);
    // With an idempotency key the declaration is written too.
    await store.auth.insertUser({ username: 'olga', passwordHash: 'x', role: 'operator', createdOn: T0 });
    const claim = { userId: 1, key: 'order-c', requestHash: Buffer.from('hash-c'), freshSince: T0 - DAY };
    const keyed = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0), claim, customs);
    expect(await store.shipments.customs('created' in keyed ? keyed.created.id : 0)).toEqual(customs);
  });

  it('links a return to the shipment it returns, and lists returns only, by status, date and search, totals exact', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const made = async (createdOn: number, overrides: Partial<NewShipment> = {}) => {
      const outcome = await store.shipments.create(
        shipment(createdOn, overrides),
        pieces(),
        event('Not Printed', createdOn),
      );
      if (!('created' in outcome)) throw new Error('not created');
      return outcome.created;
    };
    const original = await made(T0);
    const other = await made(T0 + 1);
    expect(await store.shipments.returnsOf(original.id)).toEqual([]);
    const first = await made(T0 + DAY, { returnOf: original.id, referenceOne: 'RMA-ONE' });
    const second = await made(T0 + 2 * DAY, { returnOf: original.id, referenceOne: 'RMA-TWO' });
    const third = await made(T0 + 3 * DAY, { returnOf: other.id, referenceOne: 'RMA-THREE' });
    expect((await store.shipments.byId(first.id))?.returnOf).toBe(original.id);
    expect((await store.shipments.byId(original.id))?.returnOf).toBeNull();
    expect(await store.shipments.returnsOf(original.id)).toEqual([
      { uuid: first.uuid, shipmentNumber: first.shipmentNumber },
      { uuid: second.uuid, shipmentNumber: second.shipmentNumber },
    ]);
    await store.shipments.changeStatus(second.id, () => event('Printed', T0 + 2 * DAY + 1));

    const returns = { ...EVERYTHING, limit: 10, returnsOnly: true };
    const ids = async (filter: ListFilter) => {
      const { totals, rows } = await store.shipments.page(filter);
      return { totals, ids: rows.map((r) => r.id) };
    };
    expect(await ids(returns)).toEqual({ totals: { items: 3, pieces: 6 }, ids: [third.id, second.id, first.id] });
    expect(await ids({ ...returns, newestFirst: false, limit: 1, offset: 1 })).toEqual({
      totals: { items: 3, pieces: 6 },
      ids: [second.id],
    });
    expect(await ids({ ...returns, statuses: ['Printed'] })).toEqual({
      totals: { items: 1, pieces: 2 },
      ids: [second.id],
    });
    expect(await ids({ ...returns, from: T0 + DAY, to: T0 + 2 * DAY })).toEqual({
      totals: { items: 2, pieces: 4 },
      ids: [second.id, first.id],
    });
    expect(await ids({ ...returns, search: listSearch('RMA-T') })).toEqual({
      totals: { items: 2, pieces: 4 },
      ids: [third.id, second.id],
    });
    // The original's own reference finds it, but it is no return.
    expect(await ids({ ...returns, search: listSearch(original.shipmentNumber) })).toEqual({
      totals: { items: 0, pieces: 0 },
      ids: [],
    });
    expect(await ids({ ...returns, search: listSearch(first.shipmentNumber) })).toEqual({
      totals: { items: 1, pieces: 2 },
      ids: [first.id],
    });
  });

  it('loads shipments made in bulk with their whole history, a batch all or nothing, found by search', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const history = (createdOn: number, fullName: string) => {
      const delivered = {
        ...event('Delivered to Receiver', createdOn + DAY, 'Delivered'),
        location: 'Łódź',
        signatory: 'Odbiorca',
      };
      return {
        shipment: shipment(createdOn, {
          deliveryAddress: address(fullName),
          status: 'Delivered to Receiver',
          statusDescription: 'Delivered',
          statusOn: createdOn + DAY,
          statusLocation: 'Łódź',
          statusSignatory: 'Odbiorca',
        }),
        pieces: pieces(),
        events: [event('Not Printed', createdOn), event('Printed', createdOn + 1000), delivered],
      };
    };
    const batch = [history(T0, 'Grażyna Nowak'), history(T0 + 1, 'Jan Kowalski')];
    await store.shipments.load(batch);
    for (const { shipment: made, pieces: madePieces, events } of batch) {
      const found = await store.shipments.byUuid(made.uuid);
      expect(found).toEqual({ ...made, id: found!.id });
      expect(await store.shipments.pieces(found!.id)).toEqual(madePieces);
      expect(await store.shipments.events(found!.id)).toEqual(events);
    }
    const byName = await store.shipments.page({ ...EVERYTHING, limit: 10, search: listSearch('nowak') });
    expect(byName.rows.map((r) => r.uuid)).toEqual([batch[0]!.shipment.uuid]);

    // A batch with one shipment the store refuses (a uuid it has) writes none of the batch.
    const fresh = history(T0 + 2, 'Ewa Zielińska');
    await expect(
      store.shipments.load([
        fresh,
        { ...history(T0 + 3, 'Adam Mały'), shipment: { ...batch[0]!.shipment, shipmentNumber: 'SS99999999' } },
      ]),
    ).rejects.toThrow();
    expect(await store.shipments.byUuid(fresh.shipment.uuid)).toBeUndefined();
    expect((await store.shipments.page(EVERYTHING)).totals.items).toBe(2);
    if (dialect === 'sqlite')
      expect((store as ReturnType<typeof openSqliteStore>).db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('loads many batches at once, found by search with exact totals; a load cut short is found too (SQLite: once it opens again)', async () => {
    let [store] = (await openDesks(dialect)) as [Store];
    const history = (createdOn: number, fullName: string, status: ShipmentStatus = 'Not Printed') => ({
      shipment: shipment(createdOn, { deliveryAddress: address(fullName), status }),
      pieces: pieces(),
      events: [event('Not Printed', createdOn), ...(status === 'Not Printed' ? [] : [event(status, createdOn + 1)])],
    });
    const created = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
    expect('created' in created).toBe(true);
    async function* batches(cutShort: boolean) {
      yield [history(T0 + 1, 'Grażyna Nowak'), history(T0 + 2, 'Jan Nowak', 'Printed')];
      yield [history(T0 + 3, 'Ewa Nowak-Zielińska', 'Printed')];
      if (cutShort) throw new Error('the generator failed');
    }
    await store.shipments.loadAll(batches(false));
    const nowak = (statuses: ShipmentStatus[] = []) =>
      store.shipments.page({ ...EVERYTHING, statuses, limit: 10, search: listSearch('nowak') });
    expect((await nowak()).totals).toEqual({ items: 3, pieces: 6 });
    expect((await nowak(['Printed'])).totals).toEqual({ items: 2, pieces: 4 });
    expect((await store.shipments.page({ ...EVERYTHING, search: listSearch('odbiorca') })).totals.items).toBe(1);

    await expect(store.shipments.loadAll(batches(true))).rejects.toThrow('the generator failed');
    if (dialect === 'sqlite') {
      await store.close();
      store = openSqliteStore({ dataDir: dirname(store.location) });
      reopened.push(store);
    }
    expect((await nowak()).totals).toEqual({ items: 6, pieces: 12 });
    expect((await nowak(['Printed'])).rows).toHaveLength(4);
    expect((await store.shipments.page({ ...EVERYTHING, search: listSearch('grazyna') })).totals.items).toBe(2);
  });

  it('takes demo data (cli demo-data) through the contract: numbered as creates are, and listed', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const catalog = new CarrierCatalog(await store.carriers.all());
    const done = await fillDemoData(store, catalog, { shipments: 300, days: 20, seed: 7, now: T0 });
    expect(done).toMatchObject({ shipments: 300, pieces: expect.any(Number), events: expect.any(Number) });
    const { totals, rows } = await store.shipments.page({ ...EVERYTHING, limit: 300 });
    expect(totals).toEqual({ items: 300, pieces: done.pieces });
    expect(new Set(rows.map((r) => r.shipmentNumber)).size).toBe(300);
    // The next number a desk takes follows the demo data's.
    const [next] = await store.numbers.take('shipment-number', 1);
    expect(`SS${String(next).padStart(8, '0')}`).toBe(`SS${String(301).padStart(8, '0')}`);
    // Each history in its order: the latest event is the shipment's status, the first its creation.
    for (const row of rows) {
      const events = await store.shipments.events(row.id);
      expect([events[0]?.status, events.at(-1)?.status]).toEqual(['Not Printed', row.status]);
    }
  });

  it('reads a list row as its shipment, field for field, on each way a page is read', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const catalog = new CarrierCatalog(await store.carriers.all());
    await fillDemoData(store, catalog, { shipments: 120, days: 10, seed: 11, now: T0 });
    const everyRow = { ...EVERYTHING, limit: 120 };
    const [sample] = (await store.shipments.page(everyRow)).rows;
    const pages = [
      everyRow,
      { ...everyRow, statuses: ['Delivered to Receiver', 'Cancelled', 'Not Printed'] as ShipmentStatus[] },
      { ...everyRow, search: listSearch(sample!.shipmentNumber) },
      { ...everyRow, newestFirst: false, limit: 7, offset: 30 },
    ];
    for (const filter of pages) {
      const { rows } = await store.shipments.page(filter);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const whole = await store.shipments.byId(row.id);
        expect(row).toStrictEqual(
          Object.fromEntries(Object.keys(row).map((field) => [field, whole![field as keyof typeof whole]])),
        );
        expect(Object.keys(row)).toEqual(LIST_FIELDS);
      }
    }
  });

  it('changes a status by the decision it is given, and keeps the status on the latest event', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const outcome = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
    const id = 'created' in outcome ? outcome.created.id : 0;
    const refused = store.shipments.changeStatus(id, () => {
      throw new Error('not allowed');
    });
    await expect(refused).rejects.toThrow('not allowed');
    expect(await store.shipments.events(id)).toHaveLength(1);
    expect((await store.shipments.changeStatus(id, () => null))?.status).toBe('Not Printed');
    await store.shipments.changeStatus(id, (s) => (s.status === 'Not Printed' ? event('Printed', T0 + 2000) : null));
    // A scan recorded late, for a moment before the print: history in time order, status the latest.
    const after = await store.shipments.changeStatus(id, () => event('Awaiting Collection', T0 + 1000, 'late scan'));
    expect(after?.status).toBe('Printed');
    expect((await store.shipments.events(id)).map((e) => e.status)).toEqual([
      'Not Printed',
      'Awaiting Collection',
      'Printed',
    ]);
    expect(await store.shipments.changeStatus(987_654, () => null)).toBeUndefined();
  });

  it('marks a batch Printed in one write: only Not Printed ones, each its own event and outbox row', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const hook = await store.webhooks.insert({
      url: 'http://127.0.0.1:9/hook',
      secret: 'whsec_x',
      events: ['x'],
      statuses: ['Printed'],
      allowRemote: false,
      createdOn: T0,
      createdBy: 'admin',
    });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const outcome = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
      ids.push('created' in outcome ? outcome.created.id : 0);
    }
    const [fresh, cancelled, printed, other] = ids as [number, number, number, number];
    await store.shipments.changeStatus(cancelled, () => event('Cancelled', T0 + 1));
    await store.shipments.changeStatus(printed, () => event('Printed', T0 + 1, 'Label printed'));
    const at = T0 + 5000;
    const changed = await store.shipments.markPrinted(
      [
        { shipmentId: fresh, description: 'Label printed on Dock Zebra' },
        { shipmentId: cancelled, description: 'Label printed on Dock Zebra' },
        { shipmentId: printed, description: 'Label printed on Dock Zebra' },
        { shipmentId: 987_654, description: 'Label printed on Dock Zebra' },
        { shipmentId: other, description: 'Label printed on Dock Zebra and Office A4' },
      ],
      { user: 'olga', occurredOn: at },
    );
    expect(changed).toEqual([fresh, other]);
    expect(await store.shipments.byId(fresh)).toMatchObject({
      status: 'Printed',
      statusDescription: 'Label printed on Dock Zebra',
      statusOn: at,
      statusLocation: '',
      statusSignatory: '',
    });
    expect((await store.shipments.events(other)).at(-1)).toEqual({
      ...event('Printed', at, 'Label printed on Dock Zebra and Office A4'),
      user: 'olga',
    });
    // The others stay as they were, with no event added.
    expect((await store.shipments.byId(cancelled))!.status).toBe('Cancelled');
    expect(await store.shipments.events(cancelled)).toHaveLength(2);
    expect((await store.shipments.events(printed)).map((e) => e.occurredOn)).toEqual([T0, T0 + 1]);
    expect((await store.shipments.page({ ...EVERYTHING, statuses: ['Printed'] })).totals).toEqual({
      items: 3,
      pieces: 6,
    });
    // Webhooks hear of each change as of a single one: one outbox row per event.
    const told = await store.webhooks.deliveries(hook, 10);
    expect(told.map((o) => [o.event?.shipmentNumber, o.event?.occurredOn]).reverse()).toEqual([
      [(await store.shipments.byId(printed))!.shipmentNumber, T0 + 1],
      [(await store.shipments.byId(fresh))!.shipmentNumber, at],
      [(await store.shipments.byId(other))!.shipmentNumber, at],
    ]);
    expect(await store.shipments.markPrinted([], { user: 'olga', occurredOn: at })).toEqual([]);
    expect(
      await store.shipments.markPrinted([{ shipmentId: fresh, description: 'again' }], {
        user: 'olga',
        occurredOn: at,
      }),
    ).toEqual([]);
  });

  it('never prints a shipment a concurrent change cancelled: each ends Printed then Cancelled, or Cancelled', async () => {
    const desks = await openDesks(dialect, 2);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const outcome = await desks[0]!.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
      ids.push('created' in outcome ? outcome.created.id : 0);
    }
    const marks = ids.map((shipmentId) => ({ shipmentId, description: 'Label printed' }));
    const cancel = (desk: Store, id: number, at: number) =>
      desk.shipments.changeStatus(id, (s) => (s.status === 'Cancelled' ? null : event('Cancelled', at)));
    await Promise.all([
      desks[0]!.shipments.markPrinted(marks, { user: 'olga', occurredOn: T0 + 100 }),
      ...ids.filter((_, i) => i % 2 === 0).map((id, i) => cancel(desks.at(-1)!, id, T0 + 200 + i)),
      desks.at(-1)!.shipments.markPrinted(marks.slice(10), { user: 'piotr', occurredOn: T0 + 150 }),
    ]);
    for (const [i, id] of ids.entries()) {
      const history = (await desks[0]!.shipments.events(id)).map((e) => e.status);
      const printedOnce = ['Not Printed', 'Printed'];
      expect(history).toEqual(
        i % 2 === 0
          ? expect.toBeOneOf([
              [...printedOnce, 'Cancelled'],
              ['Not Printed', 'Cancelled'],
            ])
          : printedOnce,
      );
      expect((await desks[0]!.shipments.byId(id))!.status).toBe(history.at(-1));
    }
  });

  it('hands the decision the event the status comes from', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const outcome = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
    const id = 'created' in outcome ? outcome.created.id : 0;
    const seen: EventRecord[] = [];
    const scanAt = (at: number, location: string) => () => ({ ...event('At the Depot', at), location });
    await store.shipments.changeStatus(id, () => event('Printed', T0 + 1000));
    await store.shipments.changeStatus(id, scanAt(T0 + 5000, 'Hub'));
    await store.shipments.changeStatus(id, scanAt(T0 + 3000, 'Earlier'));
    await store.shipments.changeStatus(id, (_, latest) => {
      seen.push(latest);
      return null;
    });
    // The latest by time, not the last written.
    expect(seen).toEqual([{ ...event('At the Depot', T0 + 5000), location: 'Hub' }]);
  });

  it('lists and totals exactly, by status and by date, in both orders', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const all: { id: number; createdOn: number; status: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const createdOn = T0 + Math.floor(i / 3) * DAY + (i % 3) * 3_600_000;
      const outcome = await store.shipments.create(shipment(createdOn), pieces(), event('Not Printed', createdOn));
      const id = 'created' in outcome ? outcome.created.id : 0;
      let status = 'Not Printed';
      if (i % 2 === 0) status = (await store.shipments.changeStatus(id, () => event('Printed', createdOn + 1)))!.status;
      all.push({ id, createdOn, status });
    }
    const cases = [
      { statuses: [], from: null, to: null },
      { statuses: ['Printed'], from: null, to: null },
      { statuses: ['Printed', 'Not Printed'], from: T0 + DAY + 1, to: T0 + 5 * DAY },
      { statuses: [], from: T0 + 2 * DAY, to: T0 + 2 * DAY + 3_600_000 },
    ] as const;
    for (const c of cases) {
      const want = all.filter(
        (s) =>
          (c.statuses.length === 0 || (c.statuses as readonly string[]).includes(s.status)) &&
          (c.from === null || s.createdOn >= c.from) &&
          (c.to === null || s.createdOn <= c.to),
      );
      for (const newestFirst of [true, false]) {
        const filter = { statuses: [...c.statuses], from: c.from, to: c.to, newestFirst, limit: 4, offset: 2 };
        const { totals, rows } = await store.shipments.page(filter);
        expect(totals).toEqual({ items: want.length, pieces: want.length * 2 });
        const order = [...want].sort((a, b) => (a.createdOn - b.createdOn || a.id - b.id) * (newestFirst ? -1 : 1));
        expect(rows.map((s) => s.id)).toEqual(order.slice(2, 6).map((s) => s.id));
      }
    }
  });

  it('finds shipments by every kind of search match, with every filter and paging, totals exact', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const deliver = (fullName: string, more: Partial<Address> = {}): Address => ({ ...address(fullName), ...more });
    const made: { id: number; number: string; tracking: string[]; createdOn: number }[] = [];
    const add = async (i: number, overrides: Partial<NewShipment>, status: ShipmentStatus = 'Not Printed') => {
      const createdOn = T0 + i * DAY;
      const ps = pieces();
      const outcome = await store.shipments.create(shipment(createdOn, overrides), ps, event('Not Printed', createdOn));
      if (!('created' in outcome)) throw new Error('not created');
      if (status !== 'Not Printed')
        await store.shipments.changeStatus(outcome.created.id, () => event(status, createdOn + 1));
      made.push({
        id: outcome.created.id,
        number: outcome.created.shipmentNumber,
        tracking: ps.map((p) => p.trackingNumber),
        createdOn,
      });
    };
    await add(0, {
      deliveryAddress: deliver('Łukasz Wójcik', { businessName: 'Łódź Książki Sp. z o.o.' }),
      referenceOne: 'ORDER-7781',
    });
    await add(
      1,
      {
        deliveryAddress: deliver('Sam Receiver', {
          countryTwoCharacterISOCode: 'GB',
          postZipCode: 'LS1 1UR',
          emailAddress: 'Sam@Example.com',
        }),
        referenceTwo: 'inv 2026/11',
      },
      'Printed',
    );
    await add(2, { deliveryAddress: deliver("Samantha O'Brien-Smith"), referenceThree: 'ORDER-7790' });
    await add(3, { deliveryAddress: deliver('Ola Nowak', { businessName: 'Lodz Trading' }) }, 'Printed');
    await add(4, {
      deliveryAddress: deliver('Max Mustermann', { countryTwoCharacterISOCode: 'DE', postZipCode: '10115' }),
      referenceOne: "C:\\PO\\7'7 $1",
    });
    const ids = (...indexes: number[]) => indexes.map((i) => made[i]!.id);
    const found = async (query: string, more: Partial<ListFilter> = {}) => {
      const { totals, rows } = await store.shipments.page({
        ...EVERYTHING,
        limit: 10,
        ...more,
        search: listSearch(query),
      });
      return { totals, ids: rows.map((r) => r.id) };
    };
    const expectFound = async (query: string, want: number[]) =>
      expect(await found(query), query).toEqual({ totals: { items: want.length, pieces: want.length * 2 }, ids: want });

    await expectFound(made[3]!.number.toLowerCase(), ids(3)); // shipment number, any case
    await expectFound(made[1]!.tracking[1]!.replace(/(.{2})(.{4})(.{4})/, '$1 $2 $3 ').toLowerCase(), ids(1)); // as printed, any case
    await expectFound('order-77', ids(2, 0)); // reference prefix, any of the three, newest first
    await expectFound('INV 2026', ids(1));
    await expectFound('lodz', ids(3, 0)); // business names, accents folded
    await expectFound('WÓJ', ids(0));
    await expectFound('sam', ids(2, 1)); // a word's prefix
    await expectFound('brien', ids(2)); // a part of a word with punctuation
    await expectFound("samantha o'brien", ids(2)); // words in the name's order, the last one a prefix
    await expectFound('obriensm', ids(2)); // a word written with punctuation, whole
    await expectFound('sam nowak', []);
    await expectFound('receiver sam', ids(1)); // words in any order, the last one a prefix
    await expectFound('Smith, Samantha', ids(2));
    await expectFound('brien samantha o', ids(2));
    await expectFound("o'brien smith samantha", ids(2));
    await expectFound('receiver receiver', []); // a word twice must be in the name twice
    await expectFound('samantha nowak', []);
    await expectFound('ls11ur', ids(1)); // post code, case and spaces ignored
    await expectFound('10 115', ids(4));
    await expectFound('sam@example.com', ids(1)); // email, whole
    await expectFound('sam@example', []);
    await expectFound('order-7781x', []);
    // Quotes, backslashes and a `$1` in the query: PostgreSQL's first statement carries it as a quoted literal.
    await expectFound("c:\\po\\7'7 $", ids(4));
    await expectFound("c:\\po\\7'7 $1", ids(4));

    // With filters and paging, totals exact.
    expect(await found('lodz', { statuses: ['Printed'] })).toEqual({ totals: { items: 1, pieces: 2 }, ids: ids(3) });
    expect(await found('sam', { from: T0 + 2 * DAY, to: null })).toEqual({
      totals: { items: 1, pieces: 2 },
      ids: ids(2),
    });
    expect(await found('sam', { newestFirst: false })).toMatchObject({ ids: ids(1, 2) });
    expect(await found('lodz', { limit: 1, offset: 1 })).toEqual({ totals: { items: 2, pieces: 4 }, ids: ids(0) });
    expect(await found('lodz', { limit: 1, offset: 5 })).toEqual({ totals: { items: 2, pieces: 4 }, ids: [] });
  });

  it('finds a name of three words, its rarest pair probed once for its page and totals, on every page and filter', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const HOUR = 3_600_000;
    const model: { id: number; createdOn: number; status: ShipmentStatus; name: string }[] = [];
    // Few hits (fewer than a walk is tried for): each page is counted and paged in one probe of the rarest pair.
    const names = ['Lucas de Vries', 'Anna de Vries', 'Lucas Vries', 'Lucas de Vries Jr', 'Vries de Lucas'];
    for (let i = 0; i < 60; i++) {
      const createdOn = T0 + ((i * 11) % 60) * HOUR;
      const name = names[i % names.length]!;
      const outcome = await store.shipments.create(
        shipment(createdOn, { deliveryAddress: address(name) }),
        pieces(),
        event('Not Printed', createdOn),
      );
      if (!('created' in outcome)) throw new Error('not created');
      const status: ShipmentStatus = i % 3 === 0 ? 'Printed' : 'Not Printed';
      if (status === 'Printed')
        await store.shipments.changeStatus(outcome.created.id, () => event('Printed', createdOn + 1));
      model.push({ id: outcome.created.id, createdOn, status, name: name.toLowerCase() });
    }
    const lucasDeVries = (m: (typeof model)[number]) =>
      ['lucas', 'de', 'vries'].every((w) => m.name.split(' ').includes(w));
    const cases: [(m: (typeof model)[number]) => boolean, Partial<ListFilter>][] = [
      [lucasDeVries, {}],
      [(m) => lucasDeVries(m) && m.status === 'Printed', { statuses: ['Printed'] }],
      [(m) => lucasDeVries(m), { statuses: ['Printed', 'Not Printed'] }],
      [
        (m) => lucasDeVries(m) && m.createdOn >= T0 + 10 * HOUR && m.createdOn <= T0 + 40 * HOUR,
        { from: T0 + 10 * HOUR, to: T0 + 40 * HOUR },
      ],
    ];
    for (const [want, more] of cases) {
      const wanted = model.filter(want);
      expect(wanted.length).toBeGreaterThan(4);
      for (const [newestFirst, offset, limit] of [
        [true, 0, 5],
        [false, 0, 100],
        [true, 5, 5],
        [false, wanted.length - 1, 5],
        [true, wanted.length, 5],
        [true, 500, 5],
      ] as const) {
        const { totals, rows } = await store.shipments.page({
          ...EVERYTHING,
          newestFirst,
          offset,
          limit,
          ...more,
          search: listSearch('Lucas de Vries'),
        });
        const order = [...wanted].sort((a, b) => (a.createdOn - b.createdOn || a.id - b.id) * (newestFirst ? -1 : 1));
        expect(totals, `${JSON.stringify(more)} ${offset}`).toEqual({
          items: wanted.length,
          pieces: wanted.length * 2,
        });
        expect(
          rows.map((r) => r.id),
          `${JSON.stringify(more)} ${newestFirst} ${offset}`,
        ).toEqual(order.slice(offset, offset + limit).map((m) => m.id));
      }
    }
  });

  it('finds a common word in the list’s order, totals exact where one shipment holds the word twice', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const HOUR = 3_600_000;
    const model: { id: number; createdOn: number; status: ShipmentStatus; names: string }[] = [];
    // 300 shipments, created out of id order; two in three are Smiths, one in three of them also in the business name.
    for (let i = 0; i < 300; i++) {
      const createdOn = T0 + ((i * 7) % 300) * HOUR;
      const [fullName, businessName] = [
        ['Anna Smith', 'Smith & Smithson Tools'],
        ['Smith Bo', ''],
        ['Ola Nowak', ''],
      ][i % 3]!;
      const outcome = await store.shipments.create(
        shipment(createdOn, { deliveryAddress: { ...address(fullName!), businessName: businessName! } }),
        pieces(),
        event('Not Printed', createdOn),
      );
      if (!('created' in outcome)) throw new Error('not created');
      const status: ShipmentStatus = i % 4 === 0 ? 'Printed' : 'Not Printed';
      if (status === 'Printed')
        await store.shipments.changeStatus(outcome.created.id, () => event('Printed', createdOn + 1));
      model.push({ id: outcome.created.id, createdOn, status, names: `${fullName} ${businessName}`.toLowerCase() });
    }
    const cases: [string, (m: (typeof model)[number]) => boolean, Partial<ListFilter>][] = [
      ['smith', (m) => m.names.includes('smith'), {}],
      ['SMITHS', (m) => m.names.includes('smithson'), {}],
      ['smith anna', (m) => m.names.includes('anna'), {}],
      ['bo smi', (m) => m.names.includes(' bo'), {}],
      ['tools smith', (m) => m.names.includes('tools'), {}], // two pairs of one shipment in the range
      ['smith smithson tools', (m) => m.names.includes('smithson'), {}], // three words: every pair
      ['anna smith smi', (m) => m.names.includes('anna') && m.status === 'Printed', { statuses: ['Printed'] }],
      ['smith', (m) => m.names.includes('smith') && m.status === 'Printed', { statuses: ['Printed'] }],
      ['smith', (m) => m.names.includes('smith'), { statuses: ['Printed', 'Not Printed'] }],
      [
        'smith',
        (m) => m.names.includes('smith') && m.createdOn >= T0 + 50 * HOUR && m.createdOn <= T0 + 250 * HOUR,
        { from: T0 + 50 * HOUR, to: T0 + 250 * HOUR },
      ],
      ['nowak', (m) => m.names.includes('nowak'), {}],
    ];
    for (const [query, want, more] of cases) {
      const wanted = model.filter(want);
      for (const [newestFirst, offset, limit] of [
        [true, 0, 10],
        [false, 0, 25],
        [true, 150, 10],
        [false, 95, 10],
      ] as const) {
        const { totals, rows } = await store.shipments.page({
          ...EVERYTHING,
          newestFirst,
          offset,
          limit,
          ...more,
          search: listSearch(query),
        });
        const order = [...wanted].sort((a, b) => (a.createdOn - b.createdOn || a.id - b.id) * (newestFirst ? -1 : 1));
        expect(totals, `${query} ${JSON.stringify(more)}`).toEqual({ items: wanted.length, pieces: wanted.length * 2 });
        expect(
          rows.map((r) => r.id),
          `${query} ${newestFirst} ${offset}`,
        ).toEqual(order.slice(offset, offset + limit).map((m) => m.id));
      }
    }
  });

  it('keeps an address book: insert, list by words and kind in order, find the same, update, remove', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const book = store.addressBook;
    const entry = (nickname: string, fullName: string, kind: 'delivery' | 'collection' = 'delivery') => ({
      kind,
      nickname,
      address: address(fullName),
      searchText: ` ${nickname.toLowerCase()} ${fullName.toLowerCase()}`,
      sortKey: (nickname || fullName).toLowerCase(),
      updatedOn: T0,
    });
    const a = await book.insert(entry('', 'Zed Last'));
    const b = await book.insert(entry('depot', 'Anna First', 'collection'));
    const c = await book.insert(entry('', 'Maria Middle'));
    const ids = async (words: string[], kind: 'delivery' | 'collection' | null = null, limit = 10) => {
      const { total, rows } = await book.list({ words, kind, limit });
      return { total, ids: rows.map((r) => r.id) };
    };
    expect(await ids([])).toEqual({ total: 3, ids: [b, c, a] });
    expect(await ids([], null, 1)).toEqual({ total: 3, ids: [b] });
    expect(await ids(['mar'])).toEqual({ total: 1, ids: [c] });
    expect(await ids(['ar'])).toEqual({ total: 0, ids: [] }); // the start of a word only
    expect(await ids(['dep', 'an'])).toEqual({ total: 1, ids: [b] });
    expect(await ids([], 'delivery')).toEqual({ total: 2, ids: [c, a] });
    expect((await book.byId(a))?.address).toEqual(address('Zed Last'));
    expect((await book.sameAs('delivery', address('Zed Last')))?.id).toBe(a);
    expect(await book.sameAs('collection', address('Zed Last'))).toBeUndefined();
    expect(await book.update({ ...entry('home', 'Zed Last'), id: a })).toBe(true);
    expect((await book.byId(a))?.nickname).toBe('home');
    expect(await book.remove(a)).toBe(true);
    expect(await book.remove(a)).toBe(false);
    expect(await book.update({ ...entry('x', 'y'), id: a })).toBe(false);
    expect(await book.byId(a)).toBeUndefined();
  });

  it('keeps package presets: insert, list by name, update, remove; a weight may be none', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const preset = {
      name: 'Small box',
      length: 30,
      width: 20.5,
      height: 10,
      dimensionUnit: 'CM' as const,
      weight: null,
      weightUnit: 'KG' as const,
      description: '',
      updatedOn: T0,
    };
    const small = await store.presets.insert(preset);
    const tube = await store.presets.insert({ ...preset, name: 'A3 tube', weight: 0.25 });
    expect((await store.presets.list()).map((p) => [p.id, p.weight])).toEqual([
      [tube, 0.25],
      [small, null],
    ]);
    expect(await store.presets.byId(small)).toEqual({ ...preset, id: small });
    expect(await store.presets.update({ ...preset, id: small, weight: 2 })).toBe(true);
    expect((await store.presets.byId(small))?.weight).toBe(2);
    expect(await store.presets.remove(small)).toBe(true);
    expect(await store.presets.remove(small)).toBe(false);
    expect(await store.presets.update({ ...preset, id: small })).toBe(false);
  });

  it('replays a fresh idempotency key instead of writing, and replaces an expired one', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const claim = { userId: 1, key: 'order-1', requestHash: Buffer.from('hash-a'), freshSince: T0 - DAY };
    await store.auth.insertUser({ username: 'olga', passwordHash: 'x', role: 'operator', createdOn: T0 });
    const first = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0), claim);
    expect('created' in first).toBe(true);
    const again = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0), claim);
    expect(again).toEqual({
      replayOf: {
        requestHash: Buffer.from('hash-a'),
        shipmentId: 'created' in first ? first.created.id : 0,
        createdOn: T0,
      },
    });
    expect((await store.shipments.page(EVERYTHING)).totals).toMatchObject({ items: 1 });
    const later = { ...claim, requestHash: Buffer.from('hash-b'), freshSince: T0 + 1 };
    const replaced = await store.shipments.create(shipment(T0 + DAY), pieces(), event('Not Printed', T0 + DAY), later);
    expect('created' in replaced).toBe(true);
    expect((await store.shipments.idempotencyKey(1, 'order-1'))?.requestHash).toEqual(Buffer.from('hash-b'));
  });

  it('hands out every number once, in order, under concurrent takes', async () => {
    // SQLite is one desk's file; PostgreSQL gets two desks taking at once.
    const stores = await openDesks(dialect, 2);
    const takes = stores.flatMap((s) => Array.from({ length: 100 }, () => s.numbers.take('tracking-serial:SP', 3)));
    const numbers = (await Promise.all(takes)).flat();
    expect(new Set(numbers).size).toBe(takes.length * 3);
    expect(Math.min(...numbers)).toBe(1);
    expect(Math.max(...numbers)).toBe(takes.length * 3);
    for (const taken of await Promise.all(takes.slice(0, 3))) expect(taken).toEqual([...taken].sort((a, b) => a - b));
  });

  it('keeps users unique whatever the case, and a refresh token single-use', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const id = await store.auth.insertUser({ username: 'Dora', passwordHash: 'h', role: 'admin', createdOn: T0 });
    expect(id).not.toBeNull();
    expect(
      await store.auth.insertUser({ username: 'DORA', passwordHash: 'h', role: 'admin', createdOn: T0 }),
    ).toBeNull();
    expect((await store.auth.userByName('dora'))?.id).toBe(id);
    const hash = Buffer.from('refresh-token-hash');
    await store.auth.issueTokens({
      userId: id!,
      method: 'credentials',
      tokens: [{ hash, kind: 'refresh', expiresOn: T0 + DAY }],
      now: T0,
      pruneBefore: 0,
    });
    const used = await store.auth.useRefreshToken(hash, T0 + 1);
    expect(used).toMatchObject({ token: { userId: id, kind: 'refresh', usedOn: T0 + 1 } });
    expect(await store.auth.useRefreshToken(hash, T0 + 2)).toEqual({ reused: true });
    expect((await store.auth.tokenByHash(hash))?.signInRevokedOn).toBe(T0 + 2);
    expect(await store.auth.useRefreshToken(Buffer.from('never issued'), T0)).toEqual({ unknown: true });
  });

  it('answers a ping while its database answers, and refuses once it is closed', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
    await expect(store.ping()).rejects.toThrow();
  });

  it('keeps an audit trail: appended in order, paged newest first with exact totals, counted by subject, pruned oldest first', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const entry = (
      at: number,
      username: string,
      kind: string,
      subject: string,
      more: Partial<Pick<AuditRecord, 'via' | 'apiKey' | 'detail'>> = {},
    ): AuditRecord => ({
      at,
      username,
      via: more.via ?? 'http',
      apiKey: more.apiKey ?? null,
      kind,
      subject,
      detail: more.detail ?? {},
    });
    const printed = entry(T0 + 1000, 'bob', 'label.print', 'SS00000001', {
      via: 'window',
      apiKey: 'warehouse',
      detail: { pieces: 2, note: 'Łódź "quoted" \\ {a,b}', nested: { before: null, after: ['x'] } },
    });
    await store.audit.append([
      entry(T0, 'Ann', 'sign-in', 'Ann'),
      printed,
      entry(T0 + 2000, 'ann', 'label.reprint', 'SS00000001'),
      entry(T0 + 2000, 'ann', 'shipment.cancel', 'SS00000002', { detail: { before: 'Printed' } }),
    ]);
    await store.audit.append([]);
    const page = (filter: Partial<AuditFilter>) =>
      store.audit.page({ kinds: [], username: null, from: null, to: null, limit: 10, offset: 0, ...filter });
    const all = await page({});
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.kind)).toEqual(['shipment.cancel', 'label.reprint', 'label.print', 'sign-in']);
    expect(all.rows[2]).toEqual(printed);
    const anns = await page({ kinds: ['sign-in', 'label.reprint'], username: 'ANN', limit: 1, offset: 1 });
    expect(anns.total).toBe(2);
    expect(anns.rows.map((r) => r.kind)).toEqual(['sign-in']);
    expect((await page({ from: T0 + 1000, to: T0 + 1000 })).rows).toEqual([printed]);
    expect(await store.audit.count('SS00000001', ['label.print', 'label.reprint'])).toEqual({
      count: 2,
      latest: entry(T0 + 2000, 'ann', 'label.reprint', 'SS00000001'),
    });
    expect(await store.audit.count('SS00000009', ['label.print'])).toEqual({ count: 0, latest: null });
    expect(await store.audit.prune(T0 + 2000, 1)).toBe(1);
    expect(await store.audit.prune(T0 + 2000, 10)).toBe(1);
    expect((await page({})).rows.map((r) => r.kind)).toEqual(['shipment.cancel', 'label.reprint']);
  });

  it('counts limits in a sliding window and keeps settings', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    for (let i = 0; i < 3; i++) await store.limits.record('k', 60_000, T0 + i * 1000);
    expect(await store.limits.retryAfter('k', 3, 60_000, T0 + 2000)).toBe(58);
    expect(await store.limits.retryAfter('k', 4, 60_000, T0 + 2000)).toBe(0);
    expect(await store.limits.retryAfter('k', 3, 60_000, T0 + 60_001)).toBe(0);
    await store.limits.reset('k');
    expect(await store.limits.retryAfter('k', 1, 60_000, T0 + 3000)).toBe(0);
    // A key used once (a guessed API key) loses its hit once another key's hit comes past the horizon.
    const later = T0 + LIMIT_HORIZON_MS + 1;
    await store.limits.record('guess-1', 60_000, T0);
    expect(await store.limits.retryAfter('guess-1', 1, 2 * LIMIT_HORIZON_MS, later)).toBeGreaterThan(0);
    await store.limits.record('guess-2', 60_000, later);
    expect(await store.limits.retryAfter('guess-1', 1, 2 * LIMIT_HORIZON_MS, later)).toBe(0);
    await store.settings.set('labelSize', 'A6');
    expect(await store.settings.get('labelSize')).toBe('A6');
    expect(await store.settings.get('nothing')).toBeUndefined();
  });
});

describe('two desks on one PostgreSQL database', () => {
  it('keep exact totals when the stripes of past days are folded, and when a folded day changes', async () => {
    const [store] = (await openDesks('postgres')) as [PostgresStore];
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const createdOn = T0 - 10 * DAY + i * 60_000;
      const outcome = await store.shipments.create(shipment(createdOn), pieces(), event('Not Printed', createdOn));
      ids.push('created' in outcome ? outcome.created.id : 0);
    }
    const rows = async () =>
      (await store.pool.query('SELECT count(*) AS n FROM shipment_day_totals')).rows[0].n as number;
    expect(await rows()).toBe(4); // one row per stripe
    await foldDayTotals(store.pool, T0);
    expect(await rows()).toBe(1);
    // Changes to a folded day land on its stripes again, as negative and positive rows.
    for (const id of ids.slice(0, 5)) await store.shipments.changeStatus(id, () => event('Printed', T0));
    const totals = async (statuses: ShipmentStatus[]) =>
      (await store.shipments.page({ ...EVERYTHING, statuses })).totals;
    expect(await totals(['Printed'])).toEqual({ items: 5, pieces: 10 });
    expect(await totals(['Not Printed'])).toEqual({ items: 7, pieces: 14 });
    await foldDayTotals(store.pool, T0);
    expect(await totals([])).toEqual({ items: 12, pieces: 24 });
    expect(await totals(['Printed'])).toEqual({ items: 5, pieces: 10 });
  });

  it('share limits and one idempotency key: sent to both at the same moment, it makes one shipment', async () => {
    const [a, b] = (await openDesks('postgres', 2)) as [Store, Store];
    await a.limits.record('sign-in:olga', 60_000, T0);
    expect(await b.limits.retryAfter('sign-in:olga', 1, 60_000, T0 + 1000)).toBe(59);
    await a.auth.insertUser({ username: 'olga', passwordHash: 'x', role: 'operator', createdOn: T0 });
    const claim = { userId: 1, key: 'scanner-42', requestHash: Buffer.from('same body'), freshSince: T0 - DAY };
    const outcomes = await Promise.all(
      [a, b, a, b].map((desk) => desk.shipments.create(shipment(T0), pieces(), event('Not Printed', T0), claim)),
    );
    expect(outcomes.filter((o) => 'created' in o)).toHaveLength(1);
    expect(outcomes.filter((o) => 'replayOf' in o)).toHaveLength(3);
    expect((await b.shipments.page(EVERYTHING)).totals).toEqual({ items: 1, pieces: 2 });
  });
  it('mark a batch Printed without overwriting a cancel another desk was committing at that moment', async () => {
    const [a, b] = (await openDesks('postgres', 2)) as [PostgresStore, PostgresStore];
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const outcome = await a.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
      ids.push('created' in outcome ? outcome.created.id : 0);
    }
    // Desk B is cancelling ids[1]: its row is locked and changed, not yet committed.
    const other = await b.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT id FROM shipments WHERE id = $1 FOR UPDATE', [ids[1]]);
      await other.query(
        `INSERT INTO tracking_events (shipment_id, status, description, location, signatory, signatory_file_name,
           latitude, longitude, depot_id, tracking_number, user_name, occurred_on)
         VALUES ($1, 'Cancelled', 'Shipment cancelled', '', '', '', NULL, NULL, NULL, '', 'piotr', $2)`,
        [ids[1], T0 + 10],
      );
      await other.query("UPDATE shipments SET status = 'Cancelled', status_on = $2 WHERE id = $1", [ids[1], T0 + 10]);
      let settled = false;
      const marking = a.shipments
        .markPrinted(
          ids.map((shipmentId) => ({ shipmentId, description: 'Label printed' })),
          { user: 'olga', occurredOn: T0 + 20 },
        )
        .finally(() => (settled = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false); // waiting for desk B's lock
      await other.query('COMMIT');
      expect(await marking).toEqual([ids[0], ids[2]]);
    } finally {
      other.release();
    }
    expect((await a.shipments.byId(ids[1]!))!.status).toBe('Cancelled');
    expect((await a.shipments.events(ids[1]!)).map((e) => e.status)).toEqual(['Not Printed', 'Cancelled']);
    expect((await a.shipments.byId(ids[2]!))!.status).toBe('Printed');
  });
});

/** A close of carrier 1's waiting shipments, as the core asks it. */
const closeOf = (createdOn: number, uuids?: string[]): ManifestClose => ({
  carrierId: 1,
  ...(uuids ? { uuids } : {}),
  createdOn,
  createdBy: 'olga',
  event: event('Manifested', createdOn),
  numberFor: (serial) => `MF${String(serial).padStart(8, '0')}`,
  totals: (rows) => ({ pieceCount: rows.reduce((n, r) => n + r.pieceCount, 0), totalWeightKg: rows.length }),
});

/** Shipments of carrier 1, `printed` of them moved to Printed. */
async function printedShipments(store: Store, count: number, printed = count): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const outcome = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0));
    const id = 'created' in outcome ? outcome.created.id : 0;
    if (i < printed) await store.shipments.changeStatus(id, () => event('Printed', T0 + 1));
    ids.push(id);
  }
  return ids;
}

describe.each(['sqlite', 'postgres'] as const)('manifests on the %s store', (dialect) => {
  it('close the waiting Printed shipments in one write, with their events, and nothing when none wait', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const ids = await printedShipments(store, 4, 3);
    expect(await store.manifests.dayCounts()).toEqual([{ carrierId: 1, notPrinted: 1, printedWaiting: 3 }]);
    const m = await store.manifests.close(closeOf(T0 + 10));
    expect(m).toMatchObject({
      manifestNumber: 'MF00000001',
      carrierId: 1,
      createdBy: 'olga',
      shipmentCount: 3,
      pieceCount: 6,
      totalWeightKg: 3,
    });
    const lines = await store.manifests.lines(m!.id);
    expect(lines.map((l) => l.shipmentId)).toEqual(ids.slice(0, 3));
    expect(lines[0]).toMatchObject({
      deliveryName: 'Łukasz Odbiorca',
      deliveryPostcode: '90-001',
      deliveryCountry: 'PL',
      pieceCount: 2,
    });
    expect(lines[0]!.trackingNumbers).toEqual((await store.shipments.pieces(ids[0]!)).map((p) => p.trackingNumber));
    for (const id of ids.slice(0, 3)) {
      expect((await store.shipments.byId(id))!.status).toBe('Manifested');
      expect((await store.shipments.events(id)).at(-1)).toMatchObject({
        status: 'Manifested',
        user: 'olga',
        occurredOn: T0 + 10,
      });
    }
    expect((await store.shipments.page({ ...EVERYTHING, statuses: ['Manifested'] })).totals).toEqual({
      items: 3,
      pieces: 6,
    });
    expect(await store.manifests.close(closeOf(T0 + 20))).toBeNull();
    expect(await store.manifests.dayCounts()).toEqual([{ carrierId: 1, notPrinted: 1, printedWaiting: 0 }]);
    // No number was spent on the close that found nothing.
    await store.shipments.changeStatus(ids[3]!, () => event('Printed', T0 + 30));
    const uuid = (await store.shipments.byId(ids[3]!))!.uuid;
    expect((await store.manifests.close(closeOf(T0 + 40, [uuid])))!.manifestNumber).toBe('MF00000002');
    const page = await store.manifests.page({ carrierId: 1, from: null, to: null, limit: 1, offset: 0 });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.manifestNumber)).toEqual(['MF00000002']);
    expect((await store.manifests.page({ carrierId: null, from: T0 + 11, to: null, limit: 10, offset: 0 })).total).toBe(
      1,
    );
    expect((await store.manifests.page({ carrierId: 2, from: null, to: null, limit: 10, offset: 0 })).total).toBe(0);
  });

  it('never list one shipment on two manifests made at the same moment', async () => {
    const desks = await openDesks(dialect, 2);
    const ids = await printedShipments(desks[0]!, 40);
    const closes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => desks[i % desks.length]!.manifests.close(closeOf(T0 + 100))),
    );
    const made = closes.filter((m) => m !== null);
    expect(made.length).toBeGreaterThan(0);
    const listed = (await Promise.all(made.map((m) => desks[0]!.manifests.lines(m!.id))))
      .flat()
      .map((l) => l.shipmentId);
    expect(listed.sort((a, b) => a - b)).toEqual(ids);
    expect(made.reduce((n, m) => n + m!.shipmentCount, 0)).toBe(40);
    const numbers = made.map((m) => m!.manifestNumber).sort();
    expect(numbers).toEqual(numbers.map((_, i) => `MF${String(i + 1).padStart(8, '0')}`));
  });
});

/** Terms whose status code is not their shipment's status now: one check over the whole table. */
async function mismatchedTerms(dialect: Dialect, store: Store): Promise<{ terms: number; wrong: number }> {
  const sql = `SELECT count(*) AS terms,
      coalesce(sum(CASE WHEN t.status_code = ${statusCodeSql('s.status')} THEN 0 ELSE 1 END), 0) AS wrong
    FROM shipment_search_terms t JOIN shipments s ON s.id = t.shipment_id`;
  const row =
    dialect === 'sqlite'
      ? ((store as ReturnType<typeof openSqliteStore>).db.prepare(sql).get() as { terms: number; wrong: number })
      : (await (store as PostgresStore).pool.query<{ terms: string; wrong: string }>(sql)).rows[0]!;
  return { terms: Number(row.terms), wrong: Number(row.wrong) };
}

describe.each(['sqlite', 'postgres'] as const)('search terms and statuses on the %s store', (dialect) => {
  it('keeps every term at its shipment’s status through create, load, changes, a batch marked Printed, a manifest close and a cancel', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    // Created Not Printed; three moved to Printed one by one, two of them then manifested.
    const ids = await printedShipments(store, 6, 3);
    const loaded = shipment(T0, { status: 'Delivered to Receiver', statusDescription: 'Delivered' });
    await store.shipments.load([
      {
        shipment: loaded,
        pieces: pieces(),
        events: [event('Not Printed', T0), event('Delivered to Receiver', T0 + 5)],
      },
    ]);
    // A batch of changes at once, one of them a scan recorded late that leaves the status as it was.
    await Promise.all([
      store.shipments.changeStatus(ids[3]!, () => event('Printed', T0 + 2)),
      store.shipments.changeStatus(ids[4]!, () => event('Printed', T0 + 2)),
      store.shipments.changeStatus(ids[0]!, () => event('Not Printed', T0 - 1)),
    ]);
    const uuids = await Promise.all([ids[1]!, ids[2]!].map(async (id) => (await store.shipments.byId(id))!.uuid));
    expect((await store.manifests.close(closeOf(T0 + 10, uuids)))?.shipmentCount).toBe(2);
    await store.shipments.changeStatus(ids[4]!, () => event('Enroute to Depot', T0 + 20));
    await store.shipments.changeStatus(ids[5]!, () => event('Cancelled', T0 + 30));
    // Two more printed as a batch (an import's labels), in one write.
    const batch = await printedShipments(store, 2, 0);
    const marked = await store.shipments.markPrinted(
      batch.map((shipmentId) => ({ shipmentId, description: 'Label printed on Zebra' })),
      { user: 'olga', occurredOn: T0 + 40 },
    );
    expect(marked).toEqual(batch);

    const statuses = await Promise.all([...ids, ...batch].map(async (id) => (await store.shipments.byId(id))!.status));
    expect(statuses).toEqual([
      'Printed',
      'Manifested',
      'Manifested',
      'Printed',
      'Enroute to Depot',
      'Cancelled',
      'Printed',
      'Printed',
    ]);
    const { terms, wrong } = await mismatchedTerms(dialect, store);
    expect(terms).toBeGreaterThanOrEqual(9 * 5);
    expect(wrong).toBe(0);
  });

  it('finds a shipment under its new status after a change, and no longer under the old one', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const [id] = await printedShipments(store, 1, 0);
    const search = async (query: string, statuses: ShipmentStatus[]) =>
      (await store.shipments.page({ ...EVERYTHING, limit: 10, statuses, search: listSearch(query) })).rows.map(
        (r) => r.id,
      );
    // A name (a prefix range), a post code (an exact term) and a shipment number (its own column).
    const number = (await store.shipments.byId(id!))!.shipmentNumber;
    for (const query of ['odbiorca', '90-001', number]) expect(await search(query, ['Not Printed'])).toEqual([id]);
    await store.shipments.changeStatus(id!, () => event('Printed', T0 + 1));
    for (const query of ['odbiorca', '90-001', number]) {
      expect(await search(query, ['Printed']), query).toEqual([id]);
      expect(await search(query, ['Not Printed']), query).toEqual([]);
      expect(await search(query, ['Not Printed', 'Printed']), query).toEqual([id]);
    }
    expect(await search('odbiorca lukasz', ['Printed'])).toEqual([id]);
  });
});

/**
 * A store, and the same data opened again (migrations run at open): for a migration's test,
 * which sets the schema back and opens it again. Whatever it opens goes into `open` to be closed.
 */
async function reopenable(
  dialect: Dialect,
  open: Store[],
  folders: string[],
): Promise<{ store: Store; reopen: (onMigration: OnMigration) => Promise<Store> }> {
  const push = <S extends Store>(store: S): S => {
    open.push(store);
    return store;
  };
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-migration-'));
    folders.push(dataDir);
    const store = push(openSqliteStore({ dataDir }));
    return { store, reopen: async (onMigration) => push(openSqliteStore({ dataDir, onMigration })) };
  }
  const url = await createDatabase(inject('postgresUrl'));
  const store = push(await openPostgresStore({ url }));
  return { store, reopen: async (onMigration) => push(await openPostgresStore({ url, onMigration })) };
}

/** Runs SQL written for each dialect on a store opened by `reopenable`. */
async function execOn(dialect: Dialect, store: Store, sql: { sqlite: string; postgres: string }): Promise<void> {
  if (dialect === 'sqlite') (store as ReturnType<typeof openSqliteStore>).db.exec(sql.sqlite);
  else await (store as PostgresStore).pool.query(sql.postgres);
}

describe.each(['sqlite', 'postgres'] as const)('migrations on the %s store', (dialect) => {
  const open: Store[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  const setBack = async (store: Store, sql: { sqlite: string; postgres: string }) => {
    await execOn(dialect, store, sql);
    await store.close();
    open.splice(open.indexOf(store), 1);
  };

  it('ends the sign-ins made with an API key before it (they name no key), and no other sign-in', async () => {
    const { store, reopen } = await reopenable(dialect, open, folders);
    const userId = (await store.auth.insertUser({
      username: 'tool',
      passwordHash: 'not a hash',
      role: 'operator',
      createdOn: T0,
    }))!;
    const apiKeyId = await store.auth.insertApiKey({
      userId,
      name: 'scanner',
      prefix: 'ssk_abcd',
      hash: Buffer.alloc(32, 1),
      createdOn: T0,
    });
    const signIn = (method: string, n: number) =>
      store.auth.issueTokens({
        userId,
        method,
        tokens: [{ hash: Buffer.alloc(32, n), kind: 'access', expiresOn: T0 + 3_600_000 }],
        now: T0,
        pruneBefore: 0,
      });
    await signIn('apikey', 2);
    await signIn('credentials', 3);
    await setBack(store, {
      sqlite:
        'DROP INDEX live_sign_ins_by_api_key; ALTER TABLE sign_ins DROP COLUMN api_key_id; PRAGMA user_version = 14',
      postgres: 'ALTER TABLE sign_ins DROP COLUMN api_key_id; DELETE FROM schema_migrations WHERE version >= 12',
    });
    const told: string[] = [];
    const upgraded = await reopen((m) => told.push(m.name));
    expect(told[0]).toBe('sign-in-api-key');
    expect((await upgraded.auth.tokenByHash(Buffer.alloc(32, 2)))!.signInRevokedOn).not.toBeNull();
    expect((await upgraded.auth.tokenByHash(Buffer.alloc(32, 3)))!.signInRevokedOn).toBeNull();
    // After it, a sign-in names its key, and revoking the key ends it.
    await upgraded.auth.issueTokens({
      userId,
      method: 'apikey',
      apiKeyId,
      tokens: [{ hash: Buffer.alloc(32, 4), kind: 'access', expiresOn: T0 + 3_600_000 }],
      now: T0,
      pruneBefore: 0,
    });
    expect(await upgraded.auth.revokeApiKey(apiKeyId, T0 + 1)).toBe(true);
    expect((await upgraded.auth.tokenByHash(Buffer.alloc(32, 4)))!.signInRevokedOn).toBe(T0 + 1);
    expect((await upgraded.auth.tokenByHash(Buffer.alloc(32, 3)))!.signInRevokedOn).toBeNull();
  });

  it('gives the terms of shipments made before it their shipments’ status codes', async () => {
    const { store, reopen } = await reopenable(dialect, open, folders);
    await store.carriers.sync(TEST_CATALOG);
    const ids = await printedShipments(store, 3, 2);
    await store.shipments.changeStatus(ids[1]!, () => event('Awaiting Collection', T0 + 5));
    // The terms as they were before the migration: no status beside them (PostgreSQL's key goes with the column).
    await setBack(store, {
      sqlite: 'ALTER TABLE shipment_search_terms DROP COLUMN status_code; PRAGMA user_version = 12',
      postgres: `ALTER TABLE shipment_search_terms DROP COLUMN status_code;
           ALTER TABLE shipment_search_terms ADD PRIMARY KEY (term, shipment_id) INCLUDE (created_on, piece_count);
           DELETE FROM schema_migrations WHERE version >= 10`,
    });
    const told: string[] = [];
    const upgraded = await reopen((m) => told.push(m.name));
    expect(told[0]).toBe('search-status');
    const { terms, wrong } = await mismatchedTerms(dialect, upgraded);
    expect(terms).toBeGreaterThanOrEqual(3 * 5);
    expect(wrong).toBe(0);
    const found = async (statuses: ShipmentStatus[]) =>
      (await upgraded.shipments.page({ ...EVERYTHING, limit: 10, statuses, search: listSearch('odbiorca') })).rows.map(
        (r) => r.id,
      );
    expect(await found(['Awaiting Collection'])).toEqual([ids[1]]);
    expect(await found(['Printed', 'Not Printed'])).toEqual([ids[2], ids[0]]);
    if (dialect === 'postgres') {
      const index = await (upgraded as PostgresStore).pool.query<{ indexdef: string }>(
        "SELECT indexdef FROM pg_indexes WHERE indexname = 'shipment_search_terms_pkey'",
      );
      expect(index.rows[0]?.indexdef).toContain('(term, created_on, shipment_id) INCLUDE (piece_count, status_code)');
    }
  });

  it('gives shipments made before it the term that finds them by their post code’s outward part', async () => {
    const { store, reopen } = await reopenable(dialect, open, folders);
    await store.carriers.sync(TEST_CATALOG);
    const leeds = { ...address('Ann Other'), countryTwoCharacterISOCode: 'GB', city: 'Leeds', postZipCode: 'LS1 1UR' };
    const made = async (postZipCode: string) => {
      const outcome = await store.shipments.create(
        shipment(T0, { deliveryAddress: { ...leeds, postZipCode } }),
        pieces(),
        event('Not Printed', T0),
      );
      return 'created' in outcome ? outcome.created.id : 0;
    };
    const [ls1, ls12] = [await made('LS1 1UR'), await made('LS12 3AB')];
    await store.shipments.changeStatus(ls1, () => event('Printed', T0 + 1));
    // The terms as they were before: no district term, the migration not yet run.
    const version = (dialect === 'sqlite' ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS).find(
      (m) => m.name === 'search-districts',
    )!.version;
    await setBack(store, {
      sqlite: `DELETE FROM shipment_search_terms WHERE term LIKE 'd:%'; PRAGMA user_version = ${version - 1}`,
      postgres: `DELETE FROM shipment_search_terms WHERE term LIKE 'd:%';
           DELETE FROM schema_migrations WHERE version >= ${version}`,
    });
    const told: string[] = [];
    const upgraded = await reopen((m) => told.push(m.name));
    expect(told[0]).toBe('search-districts');
    const found = async (query: string, statuses: ShipmentStatus[] = []) =>
      (await upgraded.shipments.page({ ...EVERYTHING, limit: 10, statuses, search: listSearch(query) })).rows.map(
        (r) => r.id,
      );
    expect(await found('LS1')).toEqual([ls1]);
    expect(await found('ls12')).toEqual([ls12]);
    expect(await found('LS1', ['Printed'])).toEqual([ls1]);
    expect(await found('LS1', ['Not Printed'])).toEqual([]);
    expect((await mismatchedTerms(dialect, upgraded)).wrong).toBe(0);
  });

  // SQLite's terms keep their key (term, shipment_id): the migration is PostgreSQL's alone.
  it.runIf(dialect === 'postgres')(
    'keys the search terms in the list’s order, finding what it found before; run twice, it leaves them',
    async () => {
      const { store, reopen } = await reopenable(dialect, open, folders);
      await store.carriers.sync(TEST_CATALOG);
      const HOUR = 3_600_000;
      const model: { id: number; createdOn: number; name: string }[] = [];
      // Created out of id order, so a key by shipment and a key by created_on order them differently.
      for (let i = 0; i < 12; i++) {
        const createdOn = T0 + ((i * 5) % 12) * HOUR;
        const name = ['Anna de Vries', 'Lucas de Vries', 'Ola Nowak'][i % 3]!;
        const outcome = await store.shipments.create(
          shipment(createdOn, { deliveryAddress: address(name) }),
          pieces(),
          event('Not Printed', createdOn),
        );
        if (!('created' in outcome)) throw new Error('not created');
        model.push({ id: outcome.created.id, createdOn, name });
      }
      const version = POSTGRES_MIGRATIONS.find((m) => m.name === 'search-list-order')!.version;
      const keyed = async (s: Store) =>
        (
          await (s as PostgresStore).pool.query<{ indexdef: string }>(
            "SELECT indexdef FROM pg_indexes WHERE indexname = 'shipment_search_terms_pkey'",
          )
        ).rows[0]!.indexdef;
      await setBack(store, {
        sqlite: '',
        postgres: `ALTER TABLE shipment_search_terms DROP CONSTRAINT shipment_search_terms_pkey,
             ADD CONSTRAINT shipment_search_terms_pkey PRIMARY KEY (term, shipment_id) INCLUDE (created_on, piece_count, status_code);
           DELETE FROM schema_migrations WHERE version >= ${version}`,
      });
      const told: string[] = [];
      const upgraded = await reopen((m) => told.push(m.name));
      expect(told[0]).toBe('search-list-order');
      expect(await keyed(upgraded)).toContain('(term, created_on, shipment_id) INCLUDE (piece_count, status_code)');
      const newest = (want: (m: (typeof model)[number]) => boolean) =>
        model
          .filter(want)
          .sort((a, b) => b.createdOn - a.createdOn || b.id - a.id)
          .map((m) => m.id);
      const found = async (s: Store, query: string, statuses: ShipmentStatus[] = []) =>
        (await s.shipments.page({ ...EVERYTHING, limit: 10, statuses, search: listSearch(query) })).rows.map(
          (r) => r.id,
        );
      expect(await found(upgraded, 'vries')).toEqual(newest((m) => m.name.includes('Vries')));
      expect(await found(upgraded, 'Lucas de Vries')).toEqual(newest((m) => m.name === 'Lucas de Vries'));
      // A status change finds each term by its new key.
      const [first] = newest((m) => m.name === 'Ola Nowak');
      await upgraded.shipments.changeStatus(first!, () => event('Printed', T0 + 20 * HOUR));
      expect(await found(upgraded, 'nowak', ['Printed'])).toEqual([first]);
      expect((await mismatchedTerms(dialect, upgraded)).wrong).toBe(0);

      // Run again on terms keyed so already: nothing changes.
      await setBack(upgraded, { sqlite: '', postgres: `DELETE FROM schema_migrations WHERE version >= ${version}` });
      const again: string[] = [];
      const twice = await reopen((m) => again.push(m.name));
      expect(again[0]).toBe('search-list-order');
      expect(await keyed(twice)).toContain('(term, created_on, shipment_id) INCLUDE (piece_count, status_code)');
      expect(await found(twice, 'vries')).toEqual(newest((m) => m.name.includes('Vries')));
    },
  );
});
