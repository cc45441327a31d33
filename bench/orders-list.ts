/**
 * The Orders list at a warehouse's size, in process: `tsx bench/orders-list.ts [--store
 * postgres] [--orders 100000] [--keep DIR | --from DIR]`. Fills a new desk with awaiting orders
 * through the batch create (1,000 a batch, names and post codes reused as a shop's customers
 * are), then times the list's shapes one request at a time, ItemsPerPage 50 as the Orders
 * screen asks, and prints p50 and p95 of each with its total.
 *
 * Each shape is also asked of the store both ways, alternating request by request on the same
 * data: today's (`order-queries.ts`, `order-search-queries.ts`) and the one before it
 * (previousPage below: a plain list counting every order of its statuses; a search's hits
 * joined to their orders, counted and sorted), so that their ratio holds whatever the load.
 *
 * `--store postgres` starts an embedded PostgreSQL server (the tests' own) for a new database,
 * or uses the server SHIPPING_STATION_DATABASE_URL names; the fill is then vacuumed, as
 * autovacuum does to a desk's tables soon after a batch. `--keep DIR` (SQLite) leaves the
 * filled desk in DIR; `--from DIR` opens a copy of such a desk instead of filling one
 * (migrating it first: the time is printed).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStation } from '../main/open-station';
import { orderSearch } from '../main/core/order-search';
import { prefixEnd } from '../main/core/search';
import type { Station } from '../main/core/station';
import type { OrderStatus } from '../main/core/schemas';
import type { OrderFilter } from '../main/core/storage';
import type { PostgresStore } from '../main/stores/postgres';
import { readSnapshot } from '../main/stores/postgres/pool';
import type { Params, Query } from '../main/stores/shared/list-queries';
import { numberedPlaceholders } from '../main/stores/shared/sql';
import type { SqliteStore } from '../main/stores/sqlite';
import { createDatabase, startPostgres, type TestPostgres } from '../test/helpers/postgres';
import { addAwaitingOrders } from './awaiting-orders';
import { pct, r2 } from './service';

const { values: args } = parseArgs({
  options: {
    store: { type: 'string', default: 'sqlite' },
    orders: { type: 'string', default: '100000' },
    keep: { type: 'string' },
    from: { type: 'string' },
  },
});
const N = Number(args.orders);
const REQUESTS = 200;
const postgres = args.store === 'postgres';
if (postgres && (args.keep || args.from)) throw new Error('--keep and --from are for a SQLite desk');

const SKUS = ['MUG', 'TEE-S', 'TEE-M', 'TEE-L', 'CAP', 'BAG', 'BOOK', 'PEN'];
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/**
 * The search before this one, for the A/B only: the terms' order ids joined to every order
 * they name, counted, and the hits sorted into the list's order.
 */
async function previousPage(query: Query, filter: OrderFilter): Promise<{ total: number; rows: unknown[] }> {
  const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  const parts: string[] = [];
  const params: Params = [];
  if (filter.statuses.length > 0) {
    parts.push(`o.status IN (${marks(filter.statuses.length)})`);
    params.push(...filter.statuses);
  }
  /** The orders `where` keeps, counted, and the filter's page of them in list order. */
  const countedPage = async (where: string) => {
    const [counted] = await query<{ n: number }>(`SELECT count(*) AS n FROM orders o ${where}`, params);
    const rows = await query(
      `SELECT o.uuid, o.order_number, o.status, o.created_on, o.channel, o.delivery_address, o.item_count,
         o.total_weight_kg, o.shipment_id, s.uuid AS "shipmentUuid", s.shipment_number AS "shipmentNumber"
       FROM orders o LEFT JOIN shipments s ON s.id = o.shipment_id ${where}
       ORDER BY o.created_on DESC, o.id DESC LIMIT ? OFFSET ?`,
      [...params, filter.limit, filter.offset],
    );
    return { total: Number(counted!.n), rows };
  };
  const search = filter.search;
  if (!search) {
    // The plain list before the kept totals: every order of the statuses counted.
    return countedPage(parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '');
  }
  const any = [
    ...(search.exact.length ? [`term IN (${marks(search.exact.length)})`] : []),
    ...search.prefixes.map(() => '(term >= ? AND term < ?)'),
  ];
  const arms = [`o.id IN (SELECT order_id FROM order_search_terms WHERE ${any.join(' OR ')})`];
  params.push(...search.exact, ...search.prefixes.flatMap((p) => [p, prefixEnd(p)]));
  if (search.allPrefixes.length) {
    arms.push(
      `(${search.allPrefixes
        .map(() => 'o.id IN (SELECT order_id FROM order_search_terms WHERE term >= ? AND term < ?)')
        .join(' AND ')})`,
    );
    params.push(...search.allPrefixes.flatMap((p) => [p, prefixEnd(p)]));
  }
  parts.push(`(${arms.join(' OR ')})`);
  return countedPage(`WHERE ${parts.join(' AND ')}`);
}

async function fill(s: Station): Promise<void> {
  const filled = performance.now();
  await addAwaitingOrders(s, N, (i) => ({
    items: [{ sku: SKUS[i % SKUS.length]!, description: 'Item', quantity: 1 + (i % 3), unitValue: 5, unitWeight: 0.4 }],
  }));
  console.log(`${N} orders in ${r2((performance.now() - filled) / 1000)} s (load ${load()})`);
}

async function main(): Promise<void> {
  const dataDir = args.keep ?? mkdtempSync(join(tmpdir(), 'ss-bench-orders-'));
  if (args.from) cpSync(args.from, dataDir, { recursive: true });
  let server: TestPostgres | undefined;
  let station: Station | undefined;
  try {
    let databaseUrl: string | undefined;
    if (postgres) {
      const given = process.env.SHIPPING_STATION_DATABASE_URL;
      if (!given) server = await startPostgres();
      databaseUrl = await createDatabase(given ?? server!.url, `ss_bench_orders_${Date.now()}`);
    }
    const opened = performance.now();
    station = await openStation({ dataDir, databaseUrl, labelPool: false });
    if (args.from) console.log(`opened (migrated) in ${r2((performance.now() - opened) / 1000)} s`);
    const s = station;
    if (!args.from) await fill(s);
    const store = s.store;
    let previous: (filter: OrderFilter) => Promise<unknown>;
    if (store.dialect === 'postgres') {
      const pool = (store as PostgresStore).pool;
      await pool.query('VACUUM ANALYZE orders');
      await pool.query('VACUUM ANALYZE order_search_terms');
      // In one snapshot, as the store reads its page.
      previous = (filter) =>
        readSnapshot(pool, (tx) =>
          previousPage(
            async <R>(sql: string, params: Params) => (await tx.query(numberedPlaceholders(sql), params)).rows as R[],
            filter,
          ),
        );
    } else {
      const db = (store as SqliteStore).db;
      previous = (filter) =>
        previousPage(
          <R>(sql: string, params: Params) => Promise.resolve(db.prepare(sql).all(...params) as R[]),
          filter,
        );
    }

    const middle = `WEB-${String(100000 + Math.floor(N / 2))}`;
    const shapes: [string, { Status?: OrderStatus; Page?: number; Search?: string }][] = [
      ['awaiting, first page', { Status: 'Awaiting' }],
      ['every status, page 100', { Page: 100 }],
      ['order number', { Search: middle }],
      ['order number prefix', { Search: middle.slice(0, 8) }],
      ['SKU', { Search: 'TEE-M' }],
      ['SKU, page 100', { Search: 'TEE-M', Page: 100 }],
      ['SKU + awaiting', { Search: 'TEE-M', Status: 'Awaiting' }],
      ['full name', { Search: 'Lucas de Vries' }],
      ['one word of a name', { Search: 'nowak' }],
      ['two letters of a name', { Search: 'no' }],
      ['post code', { Search: 'LS7 7UR' }],
      ['name + awaiting', { Search: 'Maria García', Status: 'Awaiting' }],
    ];
    console.log(`${store.dialect}, ${N} orders, load ${load()}`);
    console.log(
      '| shape | total | list p50 / p95 ms | store p95 ms: before / now | before ÷ now |\n|---|---|---|---|---|',
    );
    for (const [name, asked] of shapes) {
      let total = 0;
      const ms: number[] = [];
      for (let i = -20; i < REQUESTS; i++) {
        const t0 = performance.now();
        const list = await s.orders.list({ ItemsPerPage: 50, ...asked });
        if (i >= 0) ms.push(performance.now() - t0);
        total = list.totalItems;
      }
      let ab = '– | –';
      {
        const filter: OrderFilter = {
          statuses: asked.Status ? [asked.Status] : [],
          ...(asked.Search !== undefined ? { search: orderSearch(asked.Search) } : {}),
          limit: 50,
          offset: ((asked.Page ?? 1) - 1) * 50,
        };
        const before: number[] = [];
        const now: number[] = [];
        // Alternating, so both meet the same load.
        for (let i = -10; i < REQUESTS / 2; i++) {
          for (const [run, into] of [
            [() => previous(filter), before],
            [() => store.orders.page(filter), now],
          ] as const) {
            const t0 = performance.now();
            await run();
            if (i >= 0) into.push(performance.now() - t0);
          }
        }
        before.sort((a, b) => a - b);
        now.sort((a, b) => a - b);
        ab = `${r2(pct(before, 95))} / ${r2(pct(now, 95))} | ${r2(pct(before, 95) / pct(now, 95))}`;
      }
      ms.sort((a, b) => a - b);
      console.log(`| ${name} | ${total} | ${r2(pct(ms, 50))} / ${r2(pct(ms, 95))} | ${ab} |`);
    }
    console.log(`load ${load()}`);
  } finally {
    await station?.close();
    await server?.close();
    if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
