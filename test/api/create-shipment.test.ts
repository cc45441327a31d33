import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidTrackingNumber } from '../../main/core/s10';
import type { Db } from '../../main/stores/sqlite/database';
import { groupCommit } from '../../main/stores/sqlite/group-commit';
import { sqliteNumbers } from '../../main/stores/sqlite/numbers';
import { walSync, type WalSync } from '../../main/stores/sqlite/wal-sync';
import { pdfBarcodes, pdfInfo, pdfText } from '../helpers/pdf';
import {
  addUsers,
  createShipment,
  gbAddress,
  piece,
  shipmentRequest,
  sqliteDb,
  startTestStation,
  type TestStation,
} from '../helpers/station';

/** The SQLite store's group commit and number sequences, on the station's own connection. */
function sqliteParts(db: Db, wal: WalSync) {
  const numbers = sqliteNumbers(db);
  return {
    groupCommit: groupCommit(db, wal, { beforeCommit: numbers.writeReserved, afterRollback: numbers.reread }),
    /** The first of `count` numbers; reserved at once, stored by the next group commit. */
    allocate: numbers.reserve,
  };
}

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation();
  await addUsers(t);
  token = await t.signIn();
});
afterAll(() => t.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/shipments', token, payload: payload as object, headers });
const counts = (): { s: number; p: number; e: number } =>
  sqliteDb(t.station)
    .prepare('SELECT (SELECT count(*) FROM shipments) s, (SELECT count(*) FROM pieces) p, (SELECT count(*) FROM tracking_events) e')
    .get() as { s: number; p: number; e: number };

describe('create', () => {
  it('returns the shipment id, number and a label and S10 tracking number per piece', async () => {
    const res = await post(shipmentRequest({ shipmentPieces: [piece(), piece({ weight: 1 }), piece({ weight: 3 })] }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.shipmentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.shipmentNumber).toMatch(/^SS\d{8}$/);
    expect(body.shipmentPieces.map((p: { sequenceNumber: number }) => p.sequenceNumber)).toEqual([1, 2, 3]);
    for (const p of body.shipmentPieces) {
      expect(p.trackingNumber).toMatch(/^SP\d{9}GB$/);
      expect(isValidTrackingNumber(p.trackingNumber)).toBe(true);
      const pdf = Buffer.from(p.base64String, 'base64');
      const info = await pdfInfo(pdf);
      expect(info.pages).toBe(1);
      expect([info.width, info.height]).toEqual([288, 432]);
    }
    const pdf = Buffer.from(body.shipmentPieces[1].base64String, 'base64');
    const text = await pdfText(pdf);
    expect(text).toContain(body.shipmentNumber);
    expect(text).toMatch(/2\s+of\s+3/);
    expect(text).toContain('LS1 1UR');
    const [codes] = await pdfBarcodes(pdf);
    expect(codes!.some((c) => c.type === 'CODE-128' && c.data === body.shipmentPieces[1].trackingNumber)).toBe(true);
  });

  it('numbers shipments sequentially and never reuses tracking numbers', async () => {
    const a = await createShipment(t, token);
    const b = await createShipment(t, token);
    expect(Number(b.shipmentNumber.slice(2))).toBe(Number(a.shipmentNumber.slice(2)) + 1);
    expect(b.shipmentPieces[0]!.trackingNumber).not.toBe(a.shipmentPieces[0]!.trackingNumber);
    await t.request({ method: 'DELETE', url: `/shipments/${b.shipmentId}`, token });
    const c = await createShipment(t, token);
    const all = sqliteDb(t.station).prepare('SELECT tracking_number FROM pieces').all() as { tracking_number: string }[];
    expect(new Set(all.map((r) => r.tracking_number)).size).toBe(all.length);
    expect(c.shipmentNumber).not.toBe(b.shipmentNumber);
  });

  it('commits a create durably: group commits run with synchronous = NORMAL and wait for an fsync; the connection stays FULL', async () => {
    const FULL = 2;
    const NORMAL = 1;
    const db = sqliteDb(t.station);
    const mode = () => db.pragma('synchronous', { simple: true });
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    await expect(repo.groupCommit(mode)).resolves.toBe(NORMAL);
    expect(mode()).toBe(FULL);
    await expect(repo.groupCommit(() => {
      throw new Error('render failed');
    })).rejects.toThrow('render failed');
    expect(mode()).toBe(FULL);
    await createShipment(t, token);
    expect(mode()).toBe(FULL);
  });

  it('stores the numbers a create reserved with the create itself, so a restart continues after them', async () => {
    const created = await createShipment(t, token);
    const stored = (name: string) => (sqliteDb(t.station).prepare('SELECT value FROM counters WHERE name = ?').get(name) as { value: number }).value;
    expect(stored('shipment-number')).toBe(Number(created.shipmentNumber.slice(2)));
    const serial = Number(created.shipmentPieces[0]!.trackingNumber.slice(2, 10));
    expect(stored(`tracking-serial:${created.shipmentPieces[0]!.trackingNumber.slice(0, 2)}`)).toBe(serial);
  });

  it('group commit: a batch runs each write once; if one throws, the batch runs again with that one undone alone', async () => {
    const db = sqliteDb(t.station);
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    const calls = new Map<string, number>();
    const insert = (name: string) => {
      calls.set(name, (calls.get(name) ?? 0) + 1);
      return db.prepare('INSERT INTO counters (name, value) VALUES (?, 1)').run(name).changes;
    };
    await expect(Promise.all(['once-1', 'once-2', 'once-3'].map((name) => repo.groupCommit(() => insert(name)))))
      .resolves.toEqual([1, 1, 1]);
    expect([...calls.values()]).toEqual([1, 1, 1]);

    calls.clear();
    const results = await Promise.allSettled([
      repo.groupCommit(() => insert('batch-ok-1')),
      repo.groupCommit(() => {
        insert('batch-undone');
        throw new Error('invalid');
      }),
      repo.groupCommit(() => insert('batch-ok-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: { message: 'invalid' } });
    // The first run stopped at the write that threw; the second, a savepoint each, ran all three.
    expect(Object.fromEntries(calls)).toEqual({ 'batch-ok-1': 2, 'batch-undone': 2, 'batch-ok-2': 1 });
    const names = db.prepare("SELECT name FROM counters WHERE name LIKE 'batch-%' ORDER BY name").pluck().all();
    expect(names).toEqual(['batch-ok-1', 'batch-ok-2']);
  });

  it('group commit: a sequence another program moved fails the commit, saves nothing, and is read again', async () => {
    const db = sqliteDb(t.station);
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    expect(repo.allocate('test-moved', 1)).toBe(1);
    await repo.groupCommit(() => undefined);
    const stored = () => db.prepare("SELECT value FROM counters WHERE name = 'test-moved'").pluck().get();
    expect(stored()).toBe(1);
    const other = new Database(db.name);
    other.prepare("UPDATE counters SET value = 50 WHERE name = 'test-moved'").run();
    other.close();
    expect(repo.allocate('test-moved', 1)).toBe(2); // from memory: it cannot know yet
    await expect(repo.groupCommit(() => db.prepare("INSERT INTO counters (name, value) VALUES ('test-moved-write', 1)").run()))
      .rejects.toThrow('The number sequence test-moved was changed by another program; nothing was saved.');
    expect(db.prepare("SELECT count(*) FROM counters WHERE name = 'test-moved-write'").pluck().get()).toBe(0);
    expect(stored()).toBe(50);
    expect(repo.allocate('test-moved', 1)).toBe(51);
    await repo.groupCommit(() => undefined);
    expect(stored()).toBe(51);
  });

  it('group commit: after a failed commit, numbers reserved before it are never reserved again', async () => {
    const db = sqliteDb(t.station);
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    expect(repo.allocate('test-inflight', 3)).toBe(1); // a create rendering 3 pieces
    const other = new Database(db.name);
    other.prepare("INSERT INTO counters (name, value) VALUES ('test-inflight', 1)").run(); // another program takes 1
    other.close();
    await expect(repo.groupCommit(() => undefined)).rejects.toThrow('was changed by another program');
    // 1 to 3 may still be on a label being rendered: the next number is 4, not 2.
    expect(repo.allocate('test-inflight', 1)).toBe(4);
    await repo.groupCommit(() => undefined);
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-inflight'").pluck().get()).toBe(4);
  });

  it('group commit: answers only after an fsync of the WAL that began after the commit, one fsync for many', async () => {
    const db = sqliteDb(t.station);
    const held: ((error: NodeJS.ErrnoException | null) => void)[] = [];
    const wal = walSync(`${db.name}-wal`, { fsync: (_fd, done) => held.push(done) });
    const repo = sqliteParts(db, wal);
    const settled: string[] = [];
    const commit = (name: string) =>
      repo.groupCommit(() => repo.allocate(`test-group-${name}`, 1)).then(() => settled.push(name));
    const tick = () => new Promise((r) => setImmediate(r));

    const first = commit('a');
    await tick();
    expect(held).toHaveLength(1); // the fsync for a is running
    // Committed (another reader sees it) but not answered before its fsync is done.
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-group-a'").get()).toEqual({ value: 1 });
    const later = [commit('b'), commit('c'), commit('d')];
    await tick();
    expect(settled).toEqual([]);
    expect(held).toHaveLength(1);
    // b, c and d wait for the running fsync to end, then commit together and share the next.
    const storedB = () => db.prepare("SELECT value FROM counters WHERE name = 'test-group-b'").get();
    expect(storedB()).toBeUndefined();
    held[0]!(null);
    await first;
    expect(settled).toEqual(['a']);
    expect(storedB()).toEqual({ value: 1 });
    expect(held).toHaveLength(2); // one fsync for b, c and d
    held[1]!(null);
    await Promise.all(later);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
    expect(wal.syncs).toBe(2);

    // A failed fsync fails the commits waiting on it, with the reason; the next one tries again.
    const failing = repo.groupCommit(() => repo.allocate('test-group-e', 1));
    await tick();
    held[2]!(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(failing).rejects.toThrow('The database journal could not be written to disk: EIO');
    const retried = commit('f');
    await tick();
    held[3]!(null);
    await retried;

    // Closing commits the writes still queued and syncs them on the spot, so that they are
    // answered about data on disk.
    const waiting = commit('g');
    await tick();
    const last = commit('h');
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-group-h'").get()).toBeUndefined();
    wal.close();
    await Promise.race([last, new Promise((_, reject) => setTimeout(() => reject(new Error('not synced on close')), 1000))]);
    expect(wal.syncs).toBe(5);
    held[4]!(null);
    await waiting;
    expect(wal.syncs).toBe(6);
    await expect(wal.flush()).rejects.toThrow('The station is closed.');
  });

  it('stores post codes in canonical form and applies defaults', async () => {
    const created = await createShipment(
      t,
      token,
      shipmentRequest({ deliveryAddress: gbAddress({ postZipCode: 'ls11ur', countryTwoCharacterISOCode: 'gb' }) }),
    );
    const view = (await t.request({ method: 'GET', url: `/shipments/${created.shipmentId}`, token })).json();
    expect(view.deliveryAddress.postZipCode).toBe('LS1 1UR');
    expect(view.deliveryAddress.countryTwoCharacterISOCode).toBe('GB');
    expect(view.currency).toBe('GBP');
    expect(view.cost).toBe(0);
    expect(view.insuredValue).toBe(0);
    expect(view.carrierFeatures).toEqual([]);
    expect(view.despatchDate).toBe('2026-11-21T09:30:00.000Z');
    expect(view.status).toBe('Not Printed');
  });

  it('keeps money as integer minor units', async () => {
    const created = await createShipment(t, token, shipmentRequest({ cost: 12.34, insuredValue: 100.1, currency: 'EUR' }));
    const row = sqliteDb(t.station).prepare('SELECT cost_minor, insured_minor, currency FROM shipments WHERE uuid = ?').get(created.shipmentId);
    expect(row).toEqual({ cost_minor: 1234, insured_minor: 10010, currency: 'EUR' });
    const view = (await t.request({ method: 'GET', url: `/shipments/${created.shipmentId}`, token })).json();
    expect([view.cost, view.insuredValue]).toEqual([12.34, 100.1]);
  });

  it('accepts an international shipment with customs fields on an international service', async () => {
    const res = await post(
      shipmentRequest({
        carrierServiceId: 104,
        deliveryAddress: gbAddress({ fullName: 'Élodie Dupré', city: 'Paris', countryTwoCharacterISOCode: 'FR', postZipCode: '75001' }),
        hsCode: '6109.10',
        descriptionOfGoods: 'Cotton T-shirts',
      }),
    );
    expect(res.statusCode).toBe(200);
    const text = await pdfText(Buffer.from(res.json().shipmentPieces[0].base64String, 'base64'));
    expect(text).toContain('Élodie Dupré');
    expect(text).toContain('610910');
  });
});

/** Each rule of CONTRACT §5, as [what, request, the member that must name it, words in its message]. */
const invalid: [string, Record<string, unknown>, string, RegExp][] = [
  ['missing carrierId', { carrierId: undefined }, 'carrierId', /required/],
  ['missing carrierServiceId', { carrierServiceId: undefined }, 'carrierServiceId', /required/],
  ['missing collectionAddress', { collectionAddress: undefined }, 'collectionAddress', /required/],
  ['missing deliveryAddress', { deliveryAddress: undefined }, 'deliveryAddress', /required/],
  ['missing pieces', { shipmentPieces: undefined }, 'shipmentPieces', /required/],
  ['no pieces', { shipmentPieces: [] }, 'shipmentPieces', /at least 1/],
  ['51 pieces', { shipmentPieces: Array.from({ length: 51 }, () => piece()) }, 'shipmentPieces', /at most 50/],
  ['carrierId a string', { carrierId: '1' }, 'carrierId', /integer/],
  ['unknown carrier', { carrierId: 99 }, 'carrierId', /not a carrier/],
  ['service of another carrier', { carrierServiceId: 201 }, 'carrierServiceId', /not a service of carrier 1/],
  ['feature of another carrier', { carrierFeatures: [1001, 2001] }, 'carrierFeatures[1]', /not a feature of carrier 1/],
  ['unknown field (typo)', { deliveryAddress: { ...gbAddress(), postCode: 'SW1A 1AA' } }, 'deliveryAddress.postCode', /not a field/],
  ['unknown top-level field', { colour: 'red' }, 'colour', /not a field/],
  ['invalid GB post code', { deliveryAddress: gbAddress({ postZipCode: 'SW1A 9ZZZ' }) }, 'deliveryAddress.postZipCode', /SW1A 9ZZZ is not a valid GB post code/],
  ['invalid US ZIP', { carrierServiceId: 104, hsCode: '123456', descriptionOfGoods: 'x', deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'US', postZipCode: '1234' }) }, 'deliveryAddress.postZipCode', /not a valid US/],
  ['missing post code where used', { collectionAddress: gbAddress({ postZipCode: '' }) }, 'collectionAddress.postZipCode', /required for GB/],
  ['post code too long', { deliveryAddress: gbAddress({ postZipCode: 'SW1A 1AAAAAA' }) }, 'deliveryAddress.postZipCode', /at most 10/],
  ['bad country', { deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'XX' }) }, 'deliveryAddress.countryTwoCharacterISOCode', /not an ISO 3166-1/],
  ['no name', { deliveryAddress: gbAddress({ fullName: '', businessName: '' }) }, 'deliveryAddress.fullName', /fullName or businessName/],
  ['no address line', { deliveryAddress: gbAddress({ addressLine1: ' ' }) }, 'deliveryAddress.addressLine1', /required/],
  ['no city', { collectionAddress: gbAddress({ city: '' }) }, 'collectionAddress.city', /required/],
  ['name too long', { deliveryAddress: gbAddress({ fullName: 'x'.repeat(36) }) }, 'deliveryAddress.fullName', /at most 35/],
  ['bad email', { deliveryAddress: gbAddress({ emailAddress: 'not-an-email' }) }, 'deliveryAddress.emailAddress', /not an email/],
  ['phone too long', { deliveryAddress: gbAddress({ phoneNumber: '0'.repeat(21) }) }, 'deliveryAddress.phoneNumber', /at most 20/],
  ['reference too long', { referenceTwo: 'r'.repeat(36) }, 'referenceTwo', /at most 35/],
  ['instructions too long', { deliveryInstructions: 'i'.repeat(121) }, 'deliveryInstructions', /at most 120/],
  ['goods description too long', { goodsDescription: 'g'.repeat(71) }, 'goodsDescription', /at most 70/],
  ['zero weight', { shipmentPieces: [piece(), piece({ weight: 0 })] }, 'shipmentPieces[1].weight', /greater than 0/],
  ['negative height', { shipmentPieces: [piece({ height: -1 })] }, 'shipmentPieces[0].height', /greater than 0/],
  ['weight as text', { shipmentPieces: [piece({ weight: '2' })] }, 'shipmentPieces[0].weight', /number/],
  ['unknown weight unit', { shipmentPieces: [piece({ weightUnit: 'STONE' })] }, 'shipmentPieces[0].weightUnit', /KG, G, LB, OZ/],
  ['unknown dimension unit', { shipmentPieces: [piece({ dimensionUnit: 'FT' })] }, 'shipmentPieces[0].dimensionUnit', /CM, MM, IN/],
  ['piece description too long', { shipmentPieces: [piece({ description: 'd'.repeat(36) })] }, 'shipmentPieces[0].description', /at most 35/],
  ['over the service weight limit', { shipmentPieces: [piece({ weight: 31 })] }, 'shipmentPieces[0].weight', /over the 30 KG limit of Next Day/],
  ['over the limit in pounds', { shipmentPieces: [piece({ weight: 67, weightUnit: 'LB' })] }, 'shipmentPieces[0].weight', /67 LB is over/],
  ['side over the limit', { shipmentPieces: [piece({ length: 151 })] }, 'shipmentPieces[0].length', /over the 150 CM limit/],
  ['side over the limit in inches', { shipmentPieces: [piece({ width: 60, dimensionUnit: 'IN' })] }, 'shipmentPieces[0].width', /60 IN is over/],
  ['domestic service abroad', { deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'DE', postZipCode: '10115' }), hsCode: '123456', descriptionOfGoods: 'x' }, 'carrierServiceId', /domestic only/],
  ['international service at home', { carrierServiceId: 104 }, 'carrierServiceId', /international only/],
  ['international without hsCode', { carrierServiceId: 104, descriptionOfGoods: 'Shirts', deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'FR', postZipCode: '75001' }) }, 'hsCode', /required for an international/],
  ['international without description', { carrierServiceId: 104, hsCode: '610910', deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'FR', postZipCode: '75001' }) }, 'descriptionOfGoods', /required for an international/],
  ['hsCode too short', { hsCode: '12345' }, 'hsCode', /6 to 10 digits/],
  ['negative cost', { cost: -1 }, 'cost', /at least 0/],
  ['three decimals', { insuredValue: 1.005 }, 'insuredValue', /at most 2 decimals/],
  ['unknown currency', { currency: 'XYZ' }, 'currency', /not an ISO 4217/],
  ['lower-case currency', { currency: 'gbp' }, 'currency', /not an ISO 4217/],
  ['despatch date not a date', { despatchDate: 'tomorrow' }, 'despatchDate', /not an ISO 8601/],
  ['despatch date impossible', { despatchDate: '2026-02-30' }, 'despatchDate', /not an ISO 8601/],
  ['despatch date long past', { despatchDate: '2026-01-01' }, 'despatchDate', /before yesterday/],
];

describe('create rejects bad input with 400 naming the field, and writes nothing', () => {
  it.each(invalid)('%s', async (_what, overrides, member, message) => {
    const before = counts();
    const body: Record<string, unknown> = { ...shipmentRequest(), ...overrides };
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k];
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem.type).toBe('/problems/validation');
    expect(problem.instance).toBe('/shipments');
    expect(problem[member], JSON.stringify(problem)).toMatch(message);
    expect(counts()).toEqual(before);
  });

  it('names every wrong field at once', async () => {
    const res = await post(shipmentRequest({ shipmentPieces: [piece({ weight: 0 }), piece({ height: 0 })], referenceOne: 'x'.repeat(40) }));
    const problem = res.json();
    expect(Object.keys(problem)).toEqual(expect.arrayContaining(['shipmentPieces[0].weight', 'shipmentPieces[1].height', 'referenceOne']));
  });

  it('treats malformed JSON, a non-object body, a wrong content type and a huge body as 400/415/413', async () => {
    const raw = (payload: string, contentType = 'application/json') =>
      t.request({ method: 'POST', url: '/shipments', token, payload, headers: { 'content-type': contentType } });
    const malformed = await raw('{"carrierId": 1,');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().body).toMatch(/not valid JSON/);
    expect((await raw('[1,2]')).statusCode).toBe(400);
    const empty = await raw('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().body).toMatch(/required/);
    expect((await raw('null')).statusCode).toBe(400);
    const text = await raw('carrierId=1', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().type).toBe('/problems/unsupported-media-type');
    const huge = await raw(JSON.stringify({ ...shipmentRequest(), goodsDescription: 'x'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);
    expect((await raw('{"__proto__": {"x": 1}}')).statusCode).toBe(400);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key and body returns the first response and creates nothing', async () => {
    const body = shipmentRequest({ referenceOne: 'IDEMP-1' });
    const first = await post(body, { 'idempotency-key': 'order-778' });
    const before = counts();
    const again = await post({ ...body }, { 'idempotency-key': 'order-778' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(counts()).toEqual(before);
  });

  it('the same key with another body → 409; after 24 hours the key is free again', async () => {
    await post(shipmentRequest({ referenceOne: 'IDEMP-2' }), { 'idempotency-key': 'order-779' });
    const clash = await post(shipmentRequest({ referenceOne: 'IDEMP-3' }), { 'idempotency-key': 'order-779' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().type).toBe('/problems/conflict');
    t.clock.advance(24 * 3_600_000 + 1);
    try {
      const before = counts();
      token = await t.signIn(); // the old access token has expired meanwhile
      const later = await post(shipmentRequest({ referenceOne: 'IDEMP-3' }), { 'idempotency-key': 'order-779' });
      expect(later.statusCode).toBe(200);
      expect(counts().s).toBe(before.s + 1);
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1));
      token = await t.signIn();
    }
  });

  it('keys past their 24 hours are deleted by the next keyed create', async () => {
    const keys = () => sqliteDb(t.station).prepare('SELECT key FROM idempotency_keys ORDER BY key').pluck().all();
    await post(shipmentRequest({ referenceOne: 'IDEMP-OLD' }), { 'idempotency-key': 'order-old' });
    expect(keys()).toContain('order-old');
    t.clock.advance(24 * 3_600_000 + 1);
    try {
      token = await t.signIn();
      await post(shipmentRequest({ referenceOne: 'IDEMP-NEW' }), { 'idempotency-key': 'order-new' });
      expect(keys()).toContain('order-new');
      expect(keys()).not.toContain('order-old');
      expect(keys()).not.toContain('order-778'); // an earlier test's, as old
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1));
      token = await t.signIn();
    }
  });

  it('rejects an empty or overlong key', async () => {
    const res = await post(shipmentRequest(), { 'idempotency-key': 'k'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json()['idempotency-key']).toMatch(/at most 255/);
  });
});
