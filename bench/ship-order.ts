/**
 * Ship order at a warehouse's size: `tsx bench/ship-order.ts [--store postgres] [--from DATA_DIR]
 * [--awaiting 100000] [--ships 300] [--at-once 1]`. The station runs in this process with its
 * HTTP API on a loopback port; the desk is empty, or a copy of DATA_DIR (a kept fill of
 * 1,000,000 shipments; with `--store postgres` it is moved in with `cli migrate` first, into
 * SHIPPING_STATION_DATABASE_URL or a new embedded server). The awaiting orders go in through
 * the batch create; then `POST /orders/{orderId}/ship` of orders spread over them, `--at-once`
 * in flight as that many desks would, and the same number of plain `POST /shipments` beside.
 *
 * Every label is drawn by the label pool, timed at the pool for the shipment it draws, so each
 * ship is reported with its own label's time and without it ("p95 ≤ 50 ms plus its
 * label", docs/contract.md §18).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStation } from '../main/open-station';
import type { LabelRenderer } from '../main/core/shipments';
import type { Station } from '../main/core/station';
import { startServer } from '../main/http/server';
import { createLabelPool, type LabelPool } from '../main/labels/label-pool';
import { createDatabase, startPostgres, type TestPostgres } from '../test/helpers/postgres';
import { addAwaitingOrders, benchCustomer } from './awaiting-orders';
import { ROOT, pct, r2 } from './service';

const { values } = parseArgs({
  options: {
    store: { type: 'string' },
    from: { type: 'string' },
    awaiting: { type: 'string' },
    ships: { type: 'string' },
    'at-once': { type: 'string' },
  },
});
const postgres = values.store === 'postgres';
const AWAITING = Number(values.awaiting ?? 100_000);
const SHIPS = Number(values.ships ?? 300);
const AT_ONCE = Number(values['at-once'] ?? 1);
const WARM = Math.min(20, Math.floor(SHIPS / 10));

const sender = {
  businessName: 'Acme Ltd',
  addressLine1: '1 Dock Road',
  city: 'London',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'E1 1AA',
};
const log = (m: string) => console.error(`[ship-order] ${m}`);

/** Each shipment's label time at the pool, by its number (the response names the shipment it made). */
const labelMs = new Map<string, number>();

/** The pool, each render timed for the shipment it draws. */
function timedRenderer(pool: LabelPool): LabelRenderer {
  return {
    async render(data, options) {
      const t0 = performance.now();
      try {
        return await pool.render(data, options);
      } finally {
        labelMs.set(data.shipmentNumber, (labelMs.get(data.shipmentNumber) ?? 0) + performance.now() - t0);
      }
    },
  };
}

interface Timed {
  ms: number;
  labelMs: number;
}

/** `n` requests, `AT_ONCE` in flight; each one's wall time and its label's time at the pool. */
async function timed(n: number, run: (i: number) => Promise<Response>): Promise<Timed[]> {
  const out: Timed[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        const res = await run(i);
        const body = await res.text();
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${res.status} ${body.slice(0, 300)}`);
        const { shipmentNumber } = JSON.parse(body) as { shipmentNumber: string };
        const label = labelMs.get(shipmentNumber);
        if (label === undefined) throw new Error(`no label drawn for ${shipmentNumber}`);
        out.push({ ms, labelMs: label });
      }
    }),
  );
  return out;
}

const figures = (xs: Timed[]) => {
  const f = (ms: number[]) => ({ p50: r2(pct(ms, 50)), p95: r2(pct(ms, 95)) });
  return {
    n: xs.length,
    wall: f(xs.map((x) => x.ms)),
    label: f(xs.map((x) => x.labelMs)),
    withoutLabel: f(xs.map((x) => x.ms - x.labelMs)),
  };
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ss-bench-ship-'));
  let server: TestPostgres | undefined;
  let station: Station | undefined;
  let app: Awaited<ReturnType<typeof startServer>>['app'] | undefined;
  const pool = createLabelPool();
  try {
    if (values.from) {
      log(`copying ${values.from}`);
      cpSync(values.from, dataDir, { recursive: true, filter: (f) => !/-(shm|wal)$/.test(basename(f)) });
    }
    let databaseUrl: string | undefined;
    let migrateSeconds: number | null = null;
    if (postgres) {
      let admin = process.env.SHIPPING_STATION_DATABASE_URL;
      if (!admin) {
        log('starting an embedded PostgreSQL server');
        server = await startPostgres();
        admin = server.url;
      }
      databaseUrl = await createDatabase(admin, `ss_bench_ship_${Date.now()}`);
      if (values.from) {
        log('cli migrate into PostgreSQL');
        const t0 = performance.now();
        execFileSync(process.execPath, ['out/main/cli.js', 'migrate', '--from', dataDir, '--to', databaseUrl], {
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        migrateSeconds = r2((performance.now() - t0) / 1000);
        log(`moved in, ${migrateSeconds} s`);
      }
    }
    station = await openStation({ dataDir, databaseUrl, labelPool: false, labelRenderer: timedRenderer(pool) });
    const s = station;
    const password = 'bench password 123';
    await s.auth.createUser({ username: 'admin', password, role: 'admin' });
    await s.settings.update({ senderAddress: sender });
    await s.rules.replace({
      rules: [{ name: 'Domestic', when: { zones: ['domestic'] }, then: { carrierId: 1, carrierServiceId: 101 } }],
    });
    const filled = performance.now();
    const ids = await addAwaitingOrders(
      s,
      AWAITING,
      (i) => ({
        items: [{ sku: 'MUG', description: 'Mug', quantity: 1 + (i % 3), unitValue: 5, unitWeight: 0.4 }],
        package: { length: 20, width: 20, height: 10 },
      }),
      (added) => added % 20_000 === 0 && added < AWAITING && log(`${added} orders added`),
    );
    const fillSeconds = r2((performance.now() - filled) / 1000);
    log(`${AWAITING} awaiting orders in ${fillSeconds} s`);

    const started = await startServer({ station: s, port: 0 });
    app = started.app;
    const url = started.url;
    const auth = await fetch(`${url}/auth?option=credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credentials: { username: 'admin', password } }),
    });
    const token = ((await auth.json()) as { token: { accessToken: string } }).token.accessToken;
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Orders spread over the whole fill, each shipped once.
    const step = Math.max(1, Math.floor(AWAITING / (SHIPS + WARM)));
    const shipIds = Array.from({ length: SHIPS + WARM }, (_, i) => ids[(i * step) % ids.length]!);
    const createBody = (i: number) => ({
      carrierId: 1,
      carrierServiceId: 101,
      collectionAddress: sender,
      deliveryAddress: benchCustomer(i * 104_729),
      referenceOne: `BENCH-${i}`,
      shipmentPieces: [{ weight: 0.8, length: 20, width: 20, height: 10 }],
    });
    // Warm-up, not counted: the first requests compile the routes and load the fonts in each worker.
    await timed(WARM, (i) => post(`/orders/${shipIds[i]}/ship`, {}));
    await timed(WARM, (i) => post('/shipments', createBody(i)));
    // Ships and plain creates in turns of 10, so the machine's load falls on both alike.
    const ships: Timed[] = [];
    const creates: Timed[] = [];
    for (let from = 0; from < SHIPS; from += 10) {
      const n = Math.min(10, SHIPS - from);
      ships.push(...(await timed(n, (i) => post(`/orders/${shipIds[WARM + from + i]}/ship`, {}))));
      creates.push(...(await timed(n, (i) => post('/shipments', createBody(WARM + from + i)))));
    }
    const shipped = await s.orders.list({ Status: 'Shipped', ItemsPerPage: 1 });
    const results = {
      store: s.store.dialect,
      awaitingOrders: AWAITING,
      fillSeconds,
      migrateSeconds,
      atOnce: AT_ONCE,
      ship: figures(ships),
      create: figures(creates),
      shippedOrders: shipped.totalItems,
      loadAverage: loadavg().map(r2),
    };
    console.log(JSON.stringify(results, null, 2));
    const line = (name: string, f: ReturnType<typeof figures>) =>
      `| ${name} | ${f.wall.p50} / ${f.wall.p95} | ${f.label.p50} / ${f.label.p95} | ${f.withoutLabel.p50} / ${f.withoutLabel.p95} |`;
    console.log(
      `\n${s.store.dialect}, ${AWAITING} awaiting orders, ${AT_ONCE} at a time, load average ${results.loadAverage.join(', ')}; p50 / p95 ms:\n` +
        '| request | wall | its label at the pool | wall less its label |\n|---|---|---|---|\n' +
        `${line(`POST /orders/{orderId}/ship (n=${ships.length})`, results.ship)}\n` +
        `${line(`POST /shipments (n=${creates.length})`, results.create)}`,
    );
  } finally {
    await app?.close();
    await station?.close();
    await pool.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
