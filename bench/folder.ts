/**
 * A file of orders through the watched folder, on one store, in process: `tsx bench/folder.ts
 * [--store postgres] [--rows N] [--items-per-order K]` (default 10,000 rows, one order a
 * row; postgres: a new database on an embedded server, the tests' own, or on the server
 * SHIPPING_STATION_DATABASE_URL names). Renames the CSV into the folder and waits for its result in done/: prints the time
 * from the drop to the result, and from taking the file to finishing it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStation } from '../main/open-station';
import type { Station } from '../main/core/station';
import { createDatabase, startPostgres, type TestPostgres } from '../test/helpers/postgres';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ROWS = Number(flag('--rows') ?? 10_000);
const PER_ORDER = Number(flag('--items-per-order') ?? 1);
const postgres = flag('--store') === 'postgres';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ss-bench-folder-'));
  const folder = mkdtempSync(join(tmpdir(), 'ss-bench-watched-'));
  let station: Station | undefined;
  let server: TestPostgres | undefined;
  try {
    let databaseUrl: string | undefined;
    if (postgres) {
      const given = process.env.SHIPPING_STATION_DATABASE_URL;
      if (!given) server = await startPostgres();
      databaseUrl = await createDatabase(given ?? server!.url, `ss_bench_folder_${randomBytes(6).toString('hex')}`);
    }
    station = await openStation({ dataDir, databaseUrl, watch: { pollMs: 100, settleMs: 0 } });
    const user = await station.auth.createUser({ username: 'admin', password: 'bench password 123', role: 'admin' });
    await station.settings.update({
      senderAddress: {
        businessName: 'Acme Ltd',
        addressLine1: '1 Dock Road',
        city: 'London',
        countryTwoCharacterISOCode: 'GB',
        postZipCode: 'E1 1AA',
      },
    });
    await station.watchFolder.configure(
      { path: folder, action: 'orders', enabled: true },
      { userId: user.id, username: user.username },
    );
    const lines = ['orderNumber,Name,Address 1,City,Post code,Country,SKU,Description,Quantity,Weight,Value'];
    for (let i = 0; i < ROWS; i++)
      lines.push(
        `BENCH-${Math.floor(i / PER_ORDER)},Ada Lovelace ${i},${i} High Street,Leeds,LS1 1UR,GB,SKU-${i % 50},Mug ${i % 50},1,0.4,7.5`,
      );
    const temp = join(dataDir, 'bench.csv');
    writeFileSync(temp, `${lines.join('\n')}\n`);
    const result = join(folder, 'done', 'bench.result.json');
    const t0 = performance.now();
    renameSync(temp, join(folder, 'bench.csv'));
    while (!existsSync(result)) await new Promise((r) => setTimeout(r, 20));
    const dropToResult = performance.now() - t0;
    const read = JSON.parse(readFileSync(result, 'utf8')) as {
      takenOn: string;
      finishedOn: string;
      rows: { status: string }[];
    };
    const created = read.rows.filter((r) => r.status === 'created').length;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `${station.store.dialect}: ${ROWS.toLocaleString('en')} rows (${Math.ceil(ROWS / PER_ORDER).toLocaleString('en')} orders), ${created.toLocaleString('en')} rows created; drop → result ${s(dropToResult)}; taken → finished ${s(Date.parse(read.finishedOn) - Date.parse(read.takenOn))}`,
    );
    if (created !== ROWS) throw new Error(`only ${created} of ${ROWS} rows were created`);
  } finally {
    await station?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
