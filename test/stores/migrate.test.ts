/**
 * `npm run cli -- migrate --from DATA_DIR --to postgres://…`, run as the real process: a
 * desk's SQLite data moves into PostgreSQL with numbers, history, users and keys intact.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../helpers/postgres';
import {
  ADMIN,
  addUsers,
  createShipment,
  parisGiftRequest,
  piece,
  shipmentRequest,
  startTestStation,
  stoppedCopy,
  type TestStation,
} from '../helpers/station';

const run = promisify(execFile);
const CLI = join(process.cwd(), 'out', 'main', 'cli.js');

let desk: TestStation;
let token: string;
let apiKey: string;
const made: string[] = [];
beforeAll(async () => {
  desk = await startTestStation({ sqlite: true });
  await addUsers(desk);
  token = await desk.signIn();
  // A subscriber that never answers (port 9, discard): its outbox rows are copied, delivered or not.
  const hook = await desk.request({
    method: 'POST',
    url: '/webhooks',
    token,
    payload: { url: 'http://127.0.0.1:9/hook' },
  });
  if (hook.statusCode !== 200) throw new Error(hook.body);
  for (const payload of [
    { ...shipmentRequest().deliveryAddress, fullName: 'Łucja Wójcik', nickname: 'Warehouse North' },
    { ...shipmentRequest().deliveryAddress, fullName: 'Sam Sender', kind: 'collection' },
  ]) {
    const saved = await desk.request({ method: 'POST', url: '/addresses', token, payload });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  await desk.request({
    method: 'POST',
    url: '/package-presets',
    token,
    payload: { name: 'A3 tube', length: 45, width: 8, height: 8, weight: 0.4 },
  });
  for (let i = 0; i < 5; i++) {
    token = await desk.signIn(); // the clock moves an hour a shipment: tokens last one
    const more = { referenceOne: `MIG-${i}`, shipmentPieces: [piece(), piece({ weight: 1 + i })] };
    // One international shipment, with its customs declaration.
    const body =
      i === 3
        ? parisGiftRequest({
            ...more,
            customsItems: [
              { description: 'Shirt', quantity: 2, unitValue: 9.5, netWeight: 0.5 },
              { description: 'Tie', quantity: 1, unitValue: 12, netWeight: 0.1, originCountry: 'IT' },
            ],
          })
        : shipmentRequest(more);
    const headers = i === 0 ? { 'idempotency-key': 'order-mig-0' } : {};
    const res = await desk.request({ method: 'POST', url: '/shipments', token, payload: body, headers });
    if (res.statusCode !== 200) throw new Error(res.body);
    made.push(res.json().shipmentId);
    desk.clock.advance(3_600_000);
  }
  token = await desk.signIn();
  await desk.request({ method: 'GET', url: `/shipments/${made[1]}/label`, token });
  await desk.request({ method: 'POST', url: '/manifests', token, payload: { carrierId: 1 } });
  await desk.request({ method: 'DELETE', url: `/shipments/${made[2]}`, token });
  await desk.request({ method: 'PATCH', url: '/settings', token, payload: { labelSize: 'A6' } });
  apiKey = (await desk.request({ method: 'POST', url: '/api-keys', token, payload: { name: 'warehouse' } })).json().key;
  // Orders, one of them cancelled: their totals by status are counted afresh in PostgreSQL.
  for (const orderNumber of ['MIG-ORDER-1', 'MIG-ORDER-2', 'MIG-ORDER-3']) {
    const res = await desk.request({
      method: 'POST',
      url: '/orders',
      token,
      payload: {
        orderNumber,
        channel: 'webshop',
        deliveryAddress: shipmentRequest().deliveryAddress,
        items: [{ sku: 'MUG', description: 'Mug', quantity: 1, unitValue: 5, unitWeight: 0.4 }],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    if (orderNumber.endsWith('3'))
      await desk.request({ method: 'DELETE', url: `/orders/${res.json().orderId}`, token });
  }
});
afterAll(() => desk.close());

describe('migrate', () => {
  it('refuses a data folder a running station holds: that desk would go on numbering what is not moved', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const copy = run(process.execPath, [CLI, 'migrate', '--from', desk.dataDir, '--to', url]);
    await expect(copy).rejects.toMatchObject({
      stderr: expect.stringMatching(/A station is running on .*: stop it before moving its data into PostgreSQL/),
    });
  });

  it('copies a desk into PostgreSQL whole, verifies the counts, and refuses a target that holds shipments', async () => {
    const url = await createDatabase(inject('postgresUrl'));
    const copied = await run(process.execPath, [CLI, 'migrate', '--from', await stoppedCopy(desk), '--to', url]);
    expect(copied.stderr).toMatch(/shipments: 5 \/ 5/);
    expect(copied.stderr).toMatch(/copied and verified: .*shipments 5, pieces 10/);
    expect(copied.stderr).toMatch(/customs_declarations 1, customs_items 2/);
    expect(copied.stderr).toMatch(/webhooks 1, webhook_outbox [1-9]\d*, saved_addresses 2, package_presets 1/);
    expect(copied.stderr + copied.stdout).not.toContain(new URL(url).password);

    const shared = await startTestStation({ databaseUrl: url });
    try {
      // The same users, password hashes and keys sign in on the shared database.
      const sharedToken = await shared.signIn(ADMIN);
      const byKey = await shared.request({
        method: 'POST',
        url: '/auth?option=apikey',
        payload: { apiKey: { apiKey } },
      });
      expect(byKey.statusCode).toBe(200);
      // The same list, history and labels.
      const list = (t: TestStation, tk: string) =>
        t.request({ method: 'GET', url: '/shipments?OrderByDate=OldestFirst', token: tk });
      expect((await list(shared, sharedToken)).json()).toEqual((await list(desk, token)).json());
      for (const id of made) {
        const tracking = (t: TestStation, tk: string) =>
          t.request({ method: 'GET', url: `/shipments/${id}/tracking`, token: tk });
        expect((await tracking(shared, sharedToken)).json()).toEqual((await tracking(desk, token)).json());
      }
      const view = (t: TestStation, tk: string, n = 0) =>
        t.request({ method: 'GET', url: `/shipments/${made[n]}`, token: tk });
      expect((await view(shared, sharedToken)).json()).toEqual((await view(desk, token)).json());
      // The manifest, its driver's PDF to the byte, and its number sequence.
      const manifest = (t: TestStation, tk: string) => t.request({ method: 'GET', url: '/manifests/1', token: tk });
      expect((await manifest(shared, sharedToken)).json()).toEqual((await manifest(desk, token)).json());
      const international = (await view(shared, sharedToken, 3)).json();
      expect(international).toEqual((await view(desk, token, 3)).json());
      expect(international.customsItems.map((i: { description: string }) => i.description)).toEqual(['Shirt', 'Tie']);
      expect((await shared.request({ method: 'GET', url: '/settings', token: sharedToken })).json().labelSize).toBe(
        'A6',
      );
      // The address book (found by a folded name), the presets and the webhooks.
      for (const url of [
        '/addresses?Search=lucja',
        '/addresses',
        '/package-presets',
        '/webhooks',
        '/orders',
        '/orders?Status=Awaiting',
        '/orders?Status=Cancelled',
      ]) {
        const page = (t: TestStation, tk: string) => t.request({ method: 'GET', url, token: tk });
        const theirs = (await page(shared, sharedToken)).json();
        expect(theirs, url).toEqual((await page(desk, token)).json());
        expect(JSON.stringify(theirs).length, url).toBeGreaterThan(40);
      }
      // Search finds the migrated shipments through their copied terms.
      const found = (t: TestStation, tk: string) =>
        t.request({ method: 'GET', url: '/shipments?Search=MIG-2', token: tk });
      expect((await found(shared, sharedToken)).json()).toEqual((await found(desk, token)).json());
      expect((await found(shared, sharedToken)).json().totalItems).toBe(1);
      // A retry of a migrated create is still a replay, not a second shipment.
      const retry = await shared.request({
        method: 'POST',
        url: '/shipments',
        token: sharedToken,
        headers: { 'idempotency-key': 'order-mig-0' },
        payload: shipmentRequest({ referenceOne: 'MIG-0', shipmentPieces: [piece(), piece({ weight: 1 })] }),
      });
      expect(retry.json().shipmentId).toBe(made[0]);
      // Numbers go on after the desk's: never one handed out twice.
      const last = (await desk.request({ method: 'GET', url: `/shipments/${made[4]}`, token })).json();
      const next = await createShipment(shared, sharedToken);
      expect(Number(next.shipmentNumber.slice(2))).toBe(Number(last.shipmentNumber.slice(2)) + 1);
      const lastSerial = Math.max(
        ...last.shipmentPieces.map((p: { trackingNumber: string }) => Number(p.trackingNumber.slice(2, 10))),
      );
      expect(Number(next.shipmentPieces[0]!.trackingNumber.slice(2, 10))).toBe(lastSerial + 1);
      shared.clock.now = desk.clock.now; // the print must come after the desk's creates
      const lateToken = await shared.signIn(ADMIN);
      await shared.request({ method: 'GET', url: `/shipments/${made[3]}/label`, token: lateToken });
      const nextManifest = await shared.request({
        method: 'POST',
        url: '/manifests',
        token: lateToken,
        payload: { carrierId: 1 },
      });
      expect(nextManifest.json().manifestNumber, nextManifest.body).toBe('MF00000002');
    } finally {
      await shared.close();
    }

    const again = run(process.execPath, [CLI, 'migrate', '--from', await stoppedCopy(desk), '--to', url]);
    await expect(again).rejects.toMatchObject({
      stderr: expect.stringMatching(/already holds 6 shipments .* migrate into a new, empty database/),
    });
  });

  it('refuses a desk with a table it does not know how to copy, before copying anything', async () => {
    await desk.sql('CREATE TABLE parcel_lockers (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    try {
      const url = await createDatabase(inject('postgresUrl'));
      const copy = run(process.execPath, [CLI, 'migrate', '--from', await stoppedCopy(desk), '--to', url]);
      await expect(copy).rejects.toMatchObject({
        stderr: expect.stringMatching(/does not know how to copy parcel_lockers: nothing was copied/),
      });
      const target = await startTestStation({ databaseUrl: url });
      try {
        expect(Number((await target.sql<{ n: unknown }>('SELECT count(*) AS n FROM shipments'))[0]!.n)).toBe(0);
      } finally {
        await target.close();
      }
    } finally {
      await desk.sql('DROP TABLE parcel_lockers');
    }
  });
});
