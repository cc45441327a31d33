/**
 * Marking a printed batch Printed (an import's 10,000 labels): one transaction a shipment,
 * as it was, against `shipments.markPrinted`, one transaction for the batch. Each way marks
 * its own `--shipments` fresh Not Printed shipments on the same store, one after the other.
 * `npx tsx bench/mark-printed.ts [--shipments N] [--store postgres]` (PostgreSQL: the
 * embedded server the tests use, or SHIPPING_STATION_BENCH_DATABASE_URL).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stationEvent } from '../main/core/statuses';
import type { ShipmentHistory, Store } from '../main/core/storage';
import { openStore } from '../main/stores/open-store';
import { createDatabase, startPostgres, type TestPostgres } from '../test/helpers/postgres';
import { TEST_CATALOG, newShipmentRecord, onePiece } from '../test/helpers/records';
import { r2, WORK } from './service';

const { values } = parseArgs({ options: { shipments: { type: 'string' }, store: { type: 'string' } } });
const N = Number(values.shipments ?? 10_000);
const postgres = values.store === 'postgres';
const AT = Date.parse('2026-11-24T09:00:00.000Z');

/** `n` Not Printed shipments of one piece, numbered from `first`. */
function batch(first: number, n: number): ShipmentHistory[] {
  return Array.from({ length: n }, (_, i) => {
    const serial = first + i;
    return {
      shipment: newShipmentRecord(serial, AT, { referenceOne: `MARK-${serial}` }),
      pieces: [onePiece(serial)],
      events: [stationEvent('Not Printed', 'Shipment created', 'bench', AT)],
    };
  });
}

/** The ids of `n` new Not Printed shipments. */
async function fresh(store: Store, first: number, n: number): Promise<number[]> {
  const made = batch(first, n);
  for (let i = 0; i < made.length; i += 1000) await store.shipments.load(made.slice(i, i + 1000));
  const ids: number[] = [];
  for (const h of made) ids.push((await store.shipments.byUuid(h.shipment.uuid))!.id);
  return ids;
}

/** One transaction a shipment, 12 in flight: how `markLabelsPrinted` wrote before. */
async function oneByOne(store: Store, ids: number[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      await store.shipments.changeStatus(id, (s) =>
        s.status === 'Not Printed' ? stationEvent('Printed', 'Label printed', 'bench', AT + 1000) : null,
      );
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
}

async function main(): Promise<void> {
  let server: TestPostgres | undefined;
  const given = process.env.SHIPPING_STATION_BENCH_DATABASE_URL;
  if (postgres && !given) server = await startPostgres();
  const databaseUrl = postgres ? await createDatabase(given ?? server!.url, `ss_mark_${Date.now()}`) : undefined;
  const store = await openStore({ dataDir: join(WORK, 'mark-printed'), databaseUrl });
  try {
    await store.carriers.sync(TEST_CATALOG);
    const before = await fresh(store, 1, N);
    const after = await fresh(store, N + 1, N);
    const load = loadavg()[0]!;
    let t = performance.now();
    await oneByOne(store, before);
    const oneByOneSeconds = r2((performance.now() - t) / 1000);
    t = performance.now();
    const changed = await store.shipments.markPrinted(
      after.map((shipmentId) => ({ shipmentId, description: 'Label printed' })),
      { user: 'bench', occurredOn: AT + 1000 },
    );
    const oneWriteSeconds = r2((performance.now() - t) / 1000);
    if (changed.length !== N) throw new Error(`markPrinted changed ${changed.length} of ${N}`);
    const printed = (await store.shipments.page({
      statuses: ['Printed'],
      from: null,
      to: null,
      newestFirst: true,
      limit: 1,
      offset: 0,
    }))!.totals.items;
    if (printed !== 2 * N) throw new Error(`${printed} Printed, expected ${2 * N}`);
    console.log(
      JSON.stringify({
        store: postgres ? 'postgres' : 'sqlite',
        shipments: N,
        oneByOneSeconds,
        oneWriteSeconds,
        load1m: r2(load),
        loadAfter1m: r2(loadavg()[0]!),
      }),
    );
  } finally {
    await store.close();
    await server?.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
