/**
 * The Orders list at a warehouse's size, in process: `tsx bench/orders-list.ts [--store
 * postgres] [--orders 100000] [--keep DIR]`. Fills a new desk with awaiting orders through the batch
 * create (1,000 a batch, names and post codes reused as a shop's customers are), then
 * times the list's shapes one request at a time, ItemsPerPage 50 as the Orders screen
 * asks, and prints p50 and p95 of each with its total.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStation } from '../main/open-station';
import type { Station } from '../main/core/station';
import { pct, r2 } from './service';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const N = Number(flag('--orders') ?? 100_000);
const REQUESTS = 200;
const databaseUrl = flag('--store') === 'postgres' ? process.env.SHIPPING_STATION_DATABASE_URL : undefined;
if (flag('--store') === 'postgres' && !databaseUrl)
  throw new Error('--store postgres needs SHIPPING_STATION_DATABASE_URL');

const FIRST = ['Ada', 'Lucas', 'Maria', 'Sam', 'Ola', 'Jan', 'Amara', 'Chen', 'Fatima', 'Tom', 'Zofia', 'Ivan'];
const LAST = ['Lovelace', 'de Vries', 'García', 'Nowak', 'Smith', 'Okafor', 'Wójcik', 'Jones', 'Khan', 'Brown'];
const SKUS = ['MUG', 'TEE-S', 'TEE-M', 'TEE-L', 'CAP', 'BAG', 'BOOK', 'PEN'];
const customer = (i: number) => ({
  fullName: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
  addressLine1: `${1 + (i % 200)} High Street`,
  city: 'Leeds',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: `LS${1 + (i % 28)} ${1 + (i % 9)}UR`,
  emailAddress: `customer${i % 3000}@example.com`,
});
const caller = { userId: 1, username: 'admin' };

async function main(): Promise<void> {
  // --keep DIR: fill DIR and leave it there, to look at the plans afterwards.
  const kept = flag('--keep');
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'ss-bench-orders-'));
  let station: Station | undefined;
  try {
    station = await openStation({ dataDir, databaseUrl });
    const s = station;
    const filled = performance.now();
    for (let from = 0; from < N; from += 1000) {
      const orders = Array.from({ length: Math.min(1000, N - from) }, (_, k) => {
        const i = from + k;
        return {
          orderNumber: `WEB-${String(100000 + i)}`,
          deliveryAddress: customer(i * 7919),
          items: [
            { sku: SKUS[i % SKUS.length]!, description: 'Item', quantity: 1 + (i % 3), unitValue: 5, unitWeight: 0.4 },
          ],
        };
      });
      const answer = await s.orders.create({ orders }, caller, () => ({}));
      if (!('created' in answer) || answer.created.some((c) => c === null)) throw new Error('a batch was refused');
    }
    console.log(`${N} orders in ${r2((performance.now() - filled) / 1000)} s`);
    const middle = `WEB-${String(100000 + Math.floor(N / 2))}`;
    const shapes: [string, Record<string, unknown>][] = [
      ['awaiting, first page', { Status: 'Awaiting' }],
      ['every status, page 100', { Page: 100 }],
      ['order number', { Search: middle }],
      ['order number prefix', { Search: middle.slice(0, 8) }],
      ['SKU', { Search: 'TEE-M' }],
      ['full name', { Search: 'Lucas de Vries' }],
      ['one word of a name', { Search: 'nowak' }],
      ['post code', { Search: 'LS7 7UR' }],
      ['name + awaiting', { Search: 'Maria García', Status: 'Awaiting' }],
    ];
    console.log('| shape | total | p50 ms | p95 ms |\n|---|---|---|---|');
    for (const [name, query] of shapes) {
      let total = 0;
      const ms: number[] = [];
      for (let i = -20; i < REQUESTS; i++) {
        const t0 = performance.now();
        const list = await s.orders.list({ ItemsPerPage: 50, ...query });
        if (i >= 0) ms.push(performance.now() - t0);
        total = list.totalItems;
      }
      ms.sort((a, b) => a - b);
      console.log(`| ${name} | ${total} | ${r2(pct(ms, 50))} | ${r2(pct(ms, 95))} |`);
    }
  } finally {
    await station?.close();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
