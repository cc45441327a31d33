/**
 * Ship order against a plain create, on one store, in process: `tsx bench/ship-order.ts
 * [--store postgres] [--orders N]`. Both draw their label (in the label pool, as the
 * station does); a ship also reads the order, its items and the rules, and links the order
 * in the create's write. Prints p50 and p95 of each, one request at a time.
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
const N = Number(flag('--orders') ?? 300);
const databaseUrl = flag('--store') === 'postgres' ? process.env.SHIPPING_STATION_DATABASE_URL : undefined;
if (flag('--store') === 'postgres' && !databaseUrl)
  throw new Error('--store postgres needs SHIPPING_STATION_DATABASE_URL');

const address = {
  fullName: 'Ada Lovelace',
  addressLine1: '22 High Street',
  city: 'Leeds',
  countryTwoCharacterISOCode: 'GB',
  postZipCode: 'LS1 1UR',
};
const caller = { userId: 1, username: 'admin' };

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run(i);
    ms.push(performance.now() - t0);
  }
  return ms;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ss-bench-ship-'));
  let station: Station | undefined;
  try {
    station = await openStation({ dataDir, databaseUrl });
    const s = station;
    await s.auth.createUser({ username: 'admin', password: 'bench password 123', role: 'admin' });
    await s.settings.update({
      senderAddress: { businessName: 'Acme Ltd', ...address, fullName: '', city: 'London', postZipCode: 'E1 1AA' },
    });
    await s.rules.replace({
      rules: [{ name: 'Domestic', when: { zones: ['domestic'] }, then: { carrierId: 1, carrierServiceId: 101 } }],
    });
    const orders = Array.from({ length: N }, (_, i) => ({
      orderNumber: `BENCH-${i}`,
      deliveryAddress: address,
      items: [{ sku: 'MUG', description: 'Mug', quantity: 2, unitValue: 5, unitWeight: 0.4 }],
      package: { length: 20, width: 20, height: 10 },
    }));
    const answer = await s.orders.create({ orders }, caller, () => ({}));
    if (!('created' in answer)) throw new Error('no batch answer');
    const ids = answer.created.map((c) => c.orderId);
    const warm = Math.min(20, Math.floor(N / 10));
    const create = () =>
      s.shipments.create(
        {
          carrierId: 1,
          carrierServiceId: 101,
          collectionAddress: {
            businessName: 'Acme Ltd',
            addressLine1: '1 Dock Road',
            city: 'London',
            countryTwoCharacterISOCode: 'GB',
            postZipCode: 'E1 1AA',
          },
          deliveryAddress: address,
          shipmentPieces: [{ weight: 0.8, length: 20, width: 20, height: 10 }],
        },
        caller,
      );
    await timed(warm, create);
    const creates = await timed(N - warm, create);
    const ships = await timed(N, (i) => s.orders.ship(ids[i]!, {}, caller));
    const line = (name: string, ms: number[]) =>
      console.log(`${name.padEnd(12)} n=${ms.length}  p50 ${r2(pct(ms, 50))} ms  p95 ${r2(pct(ms, 95))} ms`);
    console.log(`store: ${s.store.dialect}`);
    line('create', creates);
    line('ship order', ships.slice(warm));
  } finally {
    await station?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
