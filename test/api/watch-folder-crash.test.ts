/**
 * The watched folder through a crash (docs/contract.md §19): `npm run serve` as a real process
 * is killed with SIGKILL in the middle of a 2,000-row file; the next start finishes the file
 * with no row twice and none lost. On each store (the postgres project points serve at a
 * new database).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createDatabase } from '../helpers/postgres';
import { serveStation, type ServedStation } from '../helpers/serve';
import { SENDER_ADDRESS, testStore } from '../helpers/station';

const ROWS = 2000;
const dataDir = mkdtempSync(join(tmpdir(), 'ss-crash-'));
const folder = mkdtempSync(join(tmpdir(), 'ss-crash-watched-'));
let running: ServedStation | undefined;

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
});

async function signIn(station: ServedStation, password: string) {
  const res = await fetch(`${station.base}/auth?option=credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credentials: { username: 'admin', password } }),
  });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { token: { accessToken: string } }).token.accessToken;
  return (method: string, path: string, body?: unknown) =>
    fetch(`${station.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
}

it('a station killed (-9) in the middle of a 2,000-row file finishes it at the next start: no row twice, none lost', async () => {
  const databaseUrl = testStore() === 'postgres' ? await createDatabase(inject('postgresUrl')) : undefined;
  running = await serveStation({ dataDir, databaseUrl });
  const password = running.adminPassword!;
  let call = await signIn(running, password);
  expect((await call('PATCH', '/settings', { senderAddress: SENDER_ADDRESS })).status).toBe(200);
  expect((await call('PUT', '/watch-folder', { path: folder, action: 'orders', enabled: true })).status).toBe(200);

  const lines = ['orderNumber,Name,Address 1,City,Post code,Country,SKU,Quantity,Weight'];
  for (let i = 1; i <= ROWS; i++) lines.push(`CRASH-${i},Ann Row ${i},${i} High Street,Leeds,LS1 1UR,GB,MUG,1,0.4`);
  const temp = join(dataDir, 'big.csv');
  writeFileSync(temp, lines.join('\n'));
  renameSync(temp, join(folder, 'big.csv'));

  // Killed once some of its orders are in and before all are.
  const count = async () =>
    ((await (await call('GET', '/orders?ItemsPerPage=1')).json()) as { totalItems: number }).totalItems;
  let before = 0;
  const until = Date.now() + 60_000;
  while (before === 0 && Date.now() < until) before = await count();
  await running.kill();
  running = undefined;
  expect(before).toBeGreaterThan(0);
  expect(before, 'the kill came after the whole file was read').toBeLessThan(ROWS);
  expect(readdirSync(join(folder, 'processing'))).toEqual(['big.csv']);
  expect(existsSync(join(folder, 'done', 'big.result.json'))).toBe(false);

  running = await serveStation({ dataDir, databaseUrl });
  call = await signIn(running, password);
  const result = join(folder, 'done', 'big.result.json');
  // The result is written first, then the file leaves processing/ for done/.
  const finished = () => existsSync(result) && existsSync(join(folder, 'done', 'big.csv'));
  const finish = Date.now() + 60_000;
  while (!finished() && Date.now() < finish) await new Promise((r) => setTimeout(r, 50));
  const rows = (
    JSON.parse(readFileSync(result, 'utf8')) as { rows: { row: number; status: string; orderId: string }[] }
  ).rows;
  expect(rows).toHaveLength(ROWS);
  // The rows done before the kill are reported as created, as the others: by the same orders.
  expect(rows.filter((r) => r.status !== 'created')).toEqual([]);
  expect(new Set(rows.map((r) => r.orderId)).size).toBe(ROWS);
  expect(await count()).toBe(ROWS);
  expect(readdirSync(join(folder, 'processing'))).toEqual([]);
  expect(existsSync(join(folder, 'done', 'big.csv'))).toBe(true);
}, 180_000);
