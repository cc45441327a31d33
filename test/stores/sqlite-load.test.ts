/**
 * A bulk load into a SQLite desk with no shipments sets its indexes and derived-row triggers
 * aside and puts them back at its end (main/stores/sqlite/load-index.ts): afterwards the
 * schema is the one the migrations made, and totals, lists and search are exact, whether the
 * load ended, failed, or was killed with SIGKILL half-way.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillDemoData } from '../../main/cli/demo-data';
import { CarrierCatalog } from '../../main/core/carriers';
import { listSearch } from '../../main/core/search';
import type { ListFilter, ShipmentHistory } from '../../main/core/storage';
import { openSqliteStore, type SqliteStore } from '../../main/stores/sqlite';
import { DATABASE_FILE, type Db } from '../../main/stores/sqlite/database';
import { stagedTermsFile } from '../../main/stores/sqlite/load-terms';
import { lodzAddress, lodzShipmentRecord, onePiece, TEST_CATALOG } from '../helpers/records';
import { stationEvent } from '../../main/core/statuses';

const folders: string[] = [];
const stores: SqliteStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => (s.db.open ? s.close() : undefined)));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function openDesk(dataDir = mkdtempSync(join(tmpdir(), 'ss-load-'))): Promise<SqliteStore> {
  if (!folders.includes(dataDir)) folders.push(dataDir);
  const store = openSqliteStore({ dataDir });
  stores.push(store);
  await store.carriers.sync(TEST_CATALOG);
  return store;
}

const EVERYTHING: ListFilter = { statuses: [], from: null, to: null, newestFirst: true, limit: 100, offset: 0 };

/** The indexes and triggers of the loaded tables, as sqlite_master states them. */
const schema = (db: Db) =>
  db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger')
       AND tbl_name IN ('shipments', 'pieces', 'tracking_events') ORDER BY name`,
    )
    .all();

/** The day totals as the list reads them, against the rows themselves. */
const dayTotals = (db: Db) => ({
  kept: db
    .prepare('SELECT day, status, items, pieces FROM shipment_day_totals WHERE items > 0 ORDER BY day, status')
    .all(),
  counted: db
    .prepare(
      `SELECT created_on / 86400000 AS day, status, count(*) AS items, sum(piece_count) AS pieces
       FROM shipments GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    .all(),
});

let serial = 0;
const T0 = Date.UTC(2026, 10, 20, 9);
const history = (fullName: string): ShipmentHistory => {
  const n = ++serial;
  return {
    shipment: lodzShipmentRecord(n, T0 + n, { deliveryAddress: lodzAddress(fullName), pieceCount: 1 }),
    pieces: [onePiece(n)],
    events: [stationEvent('Not Printed', 'Shipment created', 'admin', T0 + n)],
  };
};

describe('a load into a desk with no shipments', () => {
  it('sets indexes and triggers aside while it runs and puts them back as they were', async () => {
    const fresh = await openDesk();
    const made = schema(fresh.db);
    expect(made.length).toBeGreaterThan(5);
    const store = await openDesk();
    const during: unknown[][] = [];
    async function* batches() {
      yield [history('Grażyna Nowak'), history('Jan Nowak')];
      during.push(schema(store.db));
      yield [history('Ewa Nowak-Zielińska')];
    }
    await store.shipments.loadAll(batches());
    // Only the keys (UNIQUE: autoindexes, which have no SQL) stayed for the load.
    const keys = (made as { sql: string | null }[]).filter((x) => x.sql === null);
    expect(keys.length).toBeGreaterThan(2);
    expect(during[0]).toEqual(keys);
    expect(schema(store.db)).toEqual(made);
    expect(store.db.prepare('SELECT count(*) FROM load_set_aside').pluck().get()).toBe(0);
    // The terms' scratch file is gone with the load.
    expect(existsSync(stagedTermsFile(store.db.name))).toBe(false);
    const { kept, counted } = dayTotals(store.db);
    expect(kept).toEqual(counted);
    expect((await store.shipments.page({ ...EVERYTHING, search: listSearch('nowak') })).totals).toEqual({
      items: 3,
      pieces: 3,
    });
    // The day totals' triggers are back: a create after the load is counted.
    await store.shipments.create(lodzShipmentRecord(++serial, T0, { pieceCount: 1 }), [onePiece(serial)], {
      ...stationEvent('Not Printed', 'Shipment created', 'admin', T0),
    });
    expect((await store.shipments.page(EVERYTHING)).totals.items).toBe(4);
    expect(dayTotals(store.db).kept).toEqual(dayTotals(store.db).counted);
  });

  it('demo data: the list totals, day totals and search agree with the rows', async () => {
    const store = await openDesk();
    const done = await fillDemoData(store, new CarrierCatalog(await store.carriers.all()), {
      shipments: 400,
      days: 30,
      seed: 3,
      now: T0,
    });
    const { kept, counted } = dayTotals(store.db);
    expect(kept).toEqual(counted);
    expect((await store.shipments.page(EVERYTHING)).totals).toEqual({ items: 400, pieces: done.pieces });
    const [row] = (await store.shipments.page({ ...EVERYTHING, limit: 1 })).rows;
    const found = await store.shipments.page({ ...EVERYTHING, search: listSearch(row!.shipmentNumber) });
    expect(found.rows.map((r) => r.id)).toEqual([row!.id]);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('that fails after a batch puts everything back at once: no reopening needed', async () => {
    const store = await openDesk();
    const made = schema((await openDesk()).db);
    async function* batches() {
      yield [history('Aoife Murphy'), history('Sean Murphy')];
      throw new Error('the generator failed');
    }
    await expect(store.shipments.loadAll(batches())).rejects.toThrow('the generator failed');
    expect(schema(store.db)).toEqual(made);
    expect((await store.shipments.page({ ...EVERYTHING, search: listSearch('murphy') })).totals.items).toBe(2);
    expect(dayTotals(store.db).kept).toEqual(dayTotals(store.db).counted);
  });

  it('killed with SIGKILL between batches: the next open holds whole batches, indexed, counted and found', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-load-kill-'));
    folders.push(dataDir);
    const made = schema((await openDesk()).db);
    const child = spawn(
      process.execPath,
      [join('out', 'main', 'cli.js'), '--data-dir', dataDir, 'demo-data', '--shipments', '50000', '--days', '30'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk;
        // The first batch is committed: kill the process while it writes the second.
        if (output.includes('20000 / 50000')) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      void exited.then((code) => reject(new Error(`demo-data exited ${code} before its first batch:\n${output}`)));
    });
    await exited;

    // As the kill left it: one whole batch, its indexes still set aside.
    const raw = new Database(join(dataDir, DATABASE_FILE));
    const loaded = raw.prepare('SELECT count(*) FROM shipments').pluck().get() as number;
    const aside = raw.prepare('SELECT count(*) FROM load_set_aside').pluck().get() as number;
    raw.close();
    expect([20_000, 40_000]).toContain(loaded);
    expect(aside).toBeGreaterThan(0);

    const store = await openDesk(dataDir);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(existsSync(stagedTermsFile(store.db.name))).toBe(false);
    expect(schema(store.db)).toEqual(made);
    const { kept, counted } = dayTotals(store.db);
    expect(kept).toEqual(counted);
    const { totals, rows } = await store.shipments.page({ ...EVERYTHING, limit: 1 });
    expect(totals.items).toBe(loaded);
    const byNumber = await store.shipments.page({ ...EVERYTHING, search: listSearch(rows[0]!.shipmentNumber) });
    expect(byNumber.rows.map((r) => r.id)).toEqual([rows[0]!.id]);
    const name = (await store.shipments.byId(rows[0]!.id))!.deliveryAddress.fullName;
    const byName = await store.shipments.page({ ...EVERYTHING, search: listSearch(name) });
    expect(byName.rows[0]?.id).toBe(rows[0]!.id);
  }, 120_000);
});
