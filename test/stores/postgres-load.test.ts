/**
 * A bulk load into a PostgreSQL database with no shipments goes by COPY with the loaded
 * tables' keys and indexes set aside (main/stores/postgres/bulk-load.ts): afterwards the
 * schema is the one the migrations made and rows, totals and search are exact, whether the
 * load ended or its source failed; killed with SIGKILL half-way, it leaves none of itself.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fillDemoData } from '../../main/cli/demo-data';
import { CarrierCatalog } from '../../main/core/carriers';
import { listSearch } from '../../main/core/search';
import type { ListFilter, ShipmentHistory } from '../../main/core/storage';
import { stationEvent } from '../../main/core/statuses';
import { openPostgresStore, type PostgresStore } from '../../main/stores/postgres';
import { createDatabase } from '../helpers/postgres';
import { lodzAddress, lodzShipmentRecord, onePiece, TEST_CATALOG } from '../helpers/records';

const stores: PostgresStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

async function openDesk(url?: string): Promise<PostgresStore> {
  const store = await openPostgresStore({ url: url ?? (await createDatabase(inject('postgresUrl'))) });
  stores.push(store);
  await store.carriers.sync(TEST_CATALOG);
  return store;
}

const EVERYTHING: ListFilter = { statuses: [], from: null, to: null, newestFirst: true, limit: 100, offset: 0 };
const LOADED = ['shipments', 'pieces', 'tracking_events', 'shipment_search_terms'];

/** The keys, indexes and triggers on and to the loaded tables, as the catalogue states them. */
async function schema(pool: pg.Pool) {
  const { rows } = await pool.query(
    `SELECT 'index' AS kind, indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = ANY ($1)
     UNION ALL
     SELECT 'constraint', conname, pg_get_constraintdef(oid) FROM pg_constraint
     WHERE conrelid = ANY ($1::regclass[]) OR confrelid = ANY ($1::regclass[])
     UNION ALL
     SELECT 'trigger', tgname, tgenabled::text FROM pg_trigger WHERE tgrelid = ANY ($1::regclass[]) AND NOT tgisinternal
     ORDER BY 1, 2`,
    [LOADED],
  );
  return rows;
}

/** The day totals as the list reads them, against the rows themselves. */
async function dayTotals(pool: pg.Pool) {
  const kept = await pool.query(
    `SELECT day, status, sum(items)::int AS items, sum(pieces)::int AS pieces FROM shipment_day_totals
     GROUP BY 1, 2 HAVING sum(items) > 0 ORDER BY 1, 2`,
  );
  const counted = await pool.query(
    `SELECT created_on / 86400000 AS day, status, count(*)::int AS items, sum(piece_count)::int AS pieces
     FROM shipments GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { kept: kept.rows, counted: counted.rows };
}

/** Everything COPY's text format must escape, in a name. */
const AWKWARD = 'Nowak tab\there back\\slash \\N "quoted" Łódź 📦';

let serial = 0;
const T0 = Date.UTC(2026, 10, 20, 9);
const history = (fullName: string, events = 1): ShipmentHistory => {
  const n = ++serial;
  const at = T0 + n * 1000;
  return {
    shipment: lodzShipmentRecord(n, at, { deliveryAddress: lodzAddress(fullName), pieceCount: 1 }),
    pieces: [onePiece(n)],
    events: [
      stationEvent('Not Printed', 'Shipment created', 'admin', at),
      ...(events > 1 ? [stationEvent('Printed', 'Label printed', 'admin', at + 1)] : []),
    ],
  };
};

describe('a load into a PostgreSQL database with no shipments', () => {
  it('sets keys and indexes aside and puts them back as they were; rows, totals and search exact', async () => {
    const store = await openDesk();
    const made = await schema(store.pool);
    expect(made.length).toBeGreaterThan(8);
    const awkward = history(AWKWARD, 2);
    async function* batches() {
      yield [history('Grażyna Nowak'), awkward];
      yield [history('Ewa Nowak-Zielińska')];
    }
    await store.shipments.loadAll(batches());
    expect(await schema(store.pool)).toEqual(made);
    const { kept, counted } = await dayTotals(store.pool);
    expect(kept).toEqual(counted);
    expect((await store.shipments.page({ ...EVERYTHING, search: listSearch('nowak') })).totals).toEqual({
      items: 3,
      pieces: 3,
    });

    // The awkward shipment reads back as it was given, its events in their order.
    const stored = (await store.shipments.byUuid(awkward.shipment.uuid))!;
    const { id, ...rest } = stored;
    expect(rest).toEqual(awkward.shipment);
    expect(await store.shipments.pieces(id)).toEqual(awkward.pieces);
    expect((await store.shipments.events(id)).map((e) => e.status)).toEqual(['Not Printed', 'Printed']);
    expect((await store.shipments.byTrackingNumber(awkward.pieces[0]!.trackingNumber))?.id).toBe(id);

    // The triggers are back: a create after the load is counted, and numbered after it.
    const after = await store.shipments.create(
      lodzShipmentRecord(++serial, T0, { pieceCount: 1 }),
      [onePiece(serial)],
      {
        ...stationEvent('Not Printed', 'Shipment created', 'admin', T0),
      },
    );
    expect('created' in after && after.created.id).toBeGreaterThan(id);
    expect((await store.shipments.page(EVERYTHING)).totals.items).toBe(4);
    expect((await dayTotals(store.pool)).kept).toEqual((await dayTotals(store.pool)).counted);
  });

  it('whose source fails after a batch keeps that batch, indexed and counted', async () => {
    const store = await openDesk();
    const made = await schema(store.pool);
    async function* batches() {
      yield [history('Aoife Murphy'), history('Sean Murphy')];
      throw new Error('the generator failed');
    }
    await expect(store.shipments.loadAll(batches())).rejects.toThrow('the generator failed');
    expect(await schema(store.pool)).toEqual(made);
    expect((await store.shipments.page({ ...EVERYTHING, search: listSearch('murphy') })).totals.items).toBe(2);
    const { kept, counted } = await dayTotals(store.pool);
    expect(kept).toEqual(counted);
  });

  it('demo data: the list totals, day totals and search agree with the rows', async () => {
    const store = await openDesk();
    const done = await fillDemoData(store, new CarrierCatalog(await store.carriers.all()), {
      shipments: 400,
      days: 30,
      seed: 3,
      now: T0,
    });
    const { kept, counted } = await dayTotals(store.pool);
    expect(kept).toEqual(counted);
    expect((await store.shipments.page(EVERYTHING)).totals).toEqual({ items: 400, pieces: done.pieces });
    const [row] = (await store.shipments.page({ ...EVERYTHING, limit: 1 })).rows;
    const found = await store.shipments.page({ ...EVERYTHING, search: listSearch(row!.shipmentNumber) });
    expect(found.rows.map((r) => r.id)).toEqual([row!.id]);
  });

  it('killed with SIGKILL half-way leaves none of itself: the database opens and answers, its indexes in place', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const made = await schema((await openDesk(url)).pool);
    const child = spawn(
      process.execPath,
      [join('out', 'main', 'cli.js'), '--database', url, 'demo-data', '--shipments', '50000', '--days', '30'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk;
        // The first batch is written: kill the process while it writes the second.
        if (output.includes('20000 / 50000')) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      void exited.then((code) => reject(new Error(`demo-data exited ${code} before its first batch:\n${output}`)));
    });
    await exited;

    const store = await openDesk(url);
    expect(await schema(store.pool)).toEqual(made);
    expect((await store.shipments.page(EVERYTHING)).totals).toEqual({ items: 0, pieces: 0 });
    const created = await store.shipments.create(
      lodzShipmentRecord(++serial, T0, { pieceCount: 1 }),
      [onePiece(serial)],
      {
        ...stationEvent('Not Printed', 'Shipment created', 'admin', T0),
      },
    );
    expect('created' in created).toBe(true);
    expect((await store.shipments.page({ ...EVERYTHING, search: listSearch('odbiorca') })).totals.items).toBe(1);
  }, 120_000);
});
