/**
 * The storage contract (main/core/storage.ts), asked of both stores the same way: what one
 * store does, the other does. Each case opens the store itself; PostgreSQL cases get a new
 * database on the run's server, and "two desks" are two stores open on that one database.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Address, ShipmentStatus } from '../../main/core/schemas';
import type { CustomsRecord, EventRecord, NewShipment, PieceRecord, Store } from '../../main/core/storage';
import { openPostgresStore, type PostgresStore } from '../../main/stores/postgres';
import { foldDayTotals } from '../../main/stores/postgres/shipments';
import { openSqliteStore } from '../../main/stores/sqlite';
import { createDatabase } from '../helpers/postgres';

const opened: Store[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Opens `desks` stores on one new database of the dialect. */
async function openDesks(dialect: 'sqlite' | 'postgres', desks = 1): Promise<Store[]> {
  const stores: Store[] = [];
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-contract-'));
    folders.push(dataDir);
    stores.push(openSqliteStore({ dataDir }));
  } else {
    const url = await createDatabase(inject('postgresUrl'));
    for (let i = 0; i < desks; i++) stores.push(await openPostgresStore({ url }));
  }
  opened.push(...stores);
  await stores[0]!.carriers.sync({
    carriers: [{ id: 1, code: 'SWIFT', name: 'Swift Parcels', trackingPrefix: 'SP' }],
    services: [
      {
        id: 101, carrierId: 1, systemName: 'next-day', name: 'Next Day', uniqueIdentifier: '6f1c2a4e-0000-4000-8000-000000000101',
        serviceCode: 'ND', maxWeightKg: 30, maxLengthCm: 150, scope: 'both',
      },
    ],
    features: [{ id: 1001, carrierId: 1, name: 'Signature', code: 'SIG' }],
  });
  return stores;
}

const address = (fullName: string): Address => ({
  businessName: '', fullName, phoneNumber: '', emailAddress: '', addressLine1: '1 Dock Road', addressLine2: '',
  addressLine3: '', county: '', city: 'Łódź', countryTwoCharacterISOCode: 'PL', postZipCode: '90-001',
});

let serial = 0;
function shipment(createdOn: number, overrides: Partial<NewShipment> = {}): NewShipment {
  serial++;
  return {
    uuid: randomUUID(), shipmentNumber: `SS${String(serial).padStart(8, '0')}`, createdOn, despatchDate: createdOn,
    carrierId: 1, carrierServiceId: 101, features: [1001], collectionAddress: address('Zoë Sender'),
    deliveryAddress: address('Łukasz Odbiorca'), shipper: 'Zoë Sender', deliveryLine: 'Łukasz Odbiorca, 1 Dock Road',
    deliveryPostcodeKey: '90001', goodsDescription: 'Books', deliveryInstructions: '', hsCode: '', descriptionOfGoods: '',
    referenceOne: `PO-${serial}`, referenceTwo: '', referenceThree: '', costMinor: 1250, insuredMinor: 0, currency: 'GBP',
    pieceCount: 2, totalWeight: 3.5, weightUnit: 'KG', status: 'Not Printed', statusDescription: 'Shipment created',
    statusOn: createdOn, statusLocation: '', statusSignatory: '', createdBy: null,
    ...overrides,
  };
}
const pieces = (): PieceRecord[] =>
  [1, 2].map((n) => ({
    sequenceNumber: n, description: 'Box', weight: n + 0.5, weightUnit: 'KG', length: 30, width: 20, height: 10,
    dimensionUnit: 'CM', trackingNumber: `SP${String(serial * 10 + n).padStart(8, '0')}0GB`,
  }));
const event = (status: EventRecord['status'], occurredOn: number, description: string = status): EventRecord => ({
  status, description, location: '', signatory: '', signatoryFileName: '', latitude: null, longitude: null,
  depotId: null, trackingNumber: '', user: 'olga', occurredOn,
});
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
      items: [
        { sequenceNumber: 1, description: 'Wełniany szal', quantity: 2, unitValueMinor: 1850, netWeight: 0.4, weightUnit: 'KG', hsCode: '611710', originCountry: 'PL' },
        { sequenceNumber: 2, description: 'Mug', quantity: 1, unitValueMinor: 1_000_000_000_000, netWeight: 450, weightUnit: 'G', hsCode: '6912000000', originCountry: 'PT' },
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
    expect((await store.shipments.events(id)).map((e) => e.status)).toEqual(['Not Printed', 'Awaiting Collection', 'Printed']);
    expect(await store.shipments.changeStatus(987_654, () => null)).toBeUndefined();
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
        (s) => (c.statuses.length === 0 || (c.statuses as readonly string[]).includes(s.status)) &&
          (c.from === null || s.createdOn >= c.from) && (c.to === null || s.createdOn <= c.to),
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

  it('replays a fresh idempotency key instead of writing, and replaces an expired one', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    const claim = { userId: 1, key: 'order-1', requestHash: Buffer.from('hash-a'), freshSince: T0 - DAY };
    await store.auth.insertUser({ username: 'olga', passwordHash: 'x', role: 'operator', createdOn: T0 });
    const first = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0), claim);
    expect('created' in first).toBe(true);
    const again = await store.shipments.create(shipment(T0), pieces(), event('Not Printed', T0), claim);
    expect(again).toEqual({ replayOf: { requestHash: Buffer.from('hash-a'), shipmentId: 'created' in first ? first.created.id : 0, createdOn: T0 } });
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
    expect(await store.auth.insertUser({ username: 'DORA', passwordHash: 'h', role: 'admin', createdOn: T0 })).toBeNull();
    expect((await store.auth.userByName('dora'))?.id).toBe(id);
    const hash = Buffer.from('refresh-token-hash');
    await store.auth.issueTokens({
      userId: id!, method: 'credentials', tokens: [{ hash, kind: 'refresh', expiresOn: T0 + DAY }], now: T0, pruneBefore: 0,
    });
    const used = await store.auth.useRefreshToken(hash, T0 + 1);
    expect(used).toMatchObject({ token: { userId: id, kind: 'refresh', usedOn: T0 + 1 } });
    expect(await store.auth.useRefreshToken(hash, T0 + 2)).toEqual({ reused: true });
    expect((await store.auth.tokenByHash(hash))?.signInRevokedOn).toBe(T0 + 2);
    expect(await store.auth.useRefreshToken(Buffer.from('never issued'), T0)).toEqual({ unknown: true });
  });

  it('counts limits in a sliding window and keeps settings', async () => {
    const [store] = (await openDesks(dialect)) as [Store];
    for (let i = 0; i < 3; i++) await store.limits.record('k', 60_000, T0 + i * 1000);
    expect(await store.limits.retryAfter('k', 3, 60_000, T0 + 2000)).toBe(58);
    expect(await store.limits.retryAfter('k', 4, 60_000, T0 + 2000)).toBe(0);
    expect(await store.limits.retryAfter('k', 3, 60_000, T0 + 60_001)).toBe(0);
    await store.limits.reset('k');
    expect(await store.limits.retryAfter('k', 1, 60_000, T0 + 3000)).toBe(0);
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
    const rows = async () => (await store.pool.query('SELECT count(*) AS n FROM shipment_day_totals')).rows[0].n as number;
    expect(await rows()).toBe(4); // one row per stripe
    await foldDayTotals(store.pool, T0);
    expect(await rows()).toBe(1);
    // Changes to a folded day land on its stripes again, as negative and positive rows.
    for (const id of ids.slice(0, 5)) await store.shipments.changeStatus(id, () => event('Printed', T0));
    const totals = async (statuses: ShipmentStatus[]) => (await store.shipments.page({ ...EVERYTHING, statuses })).totals;
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
});
