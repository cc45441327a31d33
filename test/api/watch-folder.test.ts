/**
 * The watched folder (docs/contract.md §19) on each store: real files dropped into a real
 * temporary folder the way a tool drops them (written elsewhere, renamed in), read by the
 * station's own watcher, their orders checked through the API and their results read back.
 */
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPrinter, type TestPrinter } from '../helpers/cups';
import { networkOnlyPrinters, setSender, signedInStation, type TestStation } from '../helpers/station';
import { zplTexts } from '../helpers/zpl';

let t: TestStation;
let token: string;
let printer: TestPrinter;
/** The watched folder, and where files are written before they are renamed in. */
const folder = mkdtempSync(join(tmpdir(), 'ss-watched-'));
const outside = mkdtempSync(join(tmpdir(), 'ss-outside-'));
const deskDir = mkdtempSync(join(tmpdir(), 'ss-desk-'));

beforeAll(async () => {
  printer = await startTestPrinter();
  ({ t, token } = await signedInStation({
    watch: { pollMs: 50, settleMs: 300 },
    printers: networkOnlyPrinters(deskDir),
  }));
  await setSender(t, token);
});
afterAll(async () => {
  await t?.close();
  await printer?.close();
  for (const dir of [folder, outside, deskDir]) rmSync(dir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, token, ...(payload ? { payload } : {}) });

const watch = async (action: 'orders' | 'ship' = 'orders') => {
  const res = await call('PUT', '/watch-folder', { path: folder, action, enabled: true });
  expect(res.statusCode, res.body).toBe(200);
};

/** As a tool should: written in full elsewhere, then renamed into the folder. */
function drop(name: string, content: string | Buffer): void {
  const temp = join(outside, name);
  writeFileSync(temp, content);
  renameSync(temp, join(folder, name));
}

interface Result {
  file: string;
  reason: string | null;
  rows: {
    row: number;
    orderNumber: string;
    status: string;
    orderId: string | null;
    shipmentNumber: string | null;
    problem: Record<string, string> | null;
  }[];
}

/**
 * The result the station wrote beside the file in done/ or failed/, once the file is there too
 * (the results are written first, so that a file in done/ always has them, then it is moved).
 */
async function resultOf(stem: string, where: 'done' | 'failed' = 'done'): Promise<Result> {
  const file = join(folder, where, `${stem}.result.json`);
  const until = Date.now() + 20_000;
  const inProcessing = () => readdirSync(join(folder, 'processing')).some((n) => n.startsWith(`${stem}.`));
  while (!existsSync(file) || inProcessing()) {
    if (Date.now() > until) throw new Error(`no ${where}/${stem}.result.json; the folder holds ${readdirSync(folder)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Result;
}

const orderCount = async () => (await call('GET', '/orders?ItemsPerPage=1')).json().totalItems as number;

const HEADER = 'Order number;Name;Address 1;City;Post code;Country;SKU;Description;Qty;Weight;Value;Tags;Channel';
const CSV = [
  HEADER,
  'A-100;Ada Lovelace;22 High Street;Leeds;LS1 1UR;GB;MUG-RED;Red mug;2;0,4;7.50;gift|vip;webshop',
  'A-100;Ada Lovelace;22 High Street;Leeds;LS1 1UR;GB;TEA;;1;0.25;4.25;;',
  'A-101;Bob Smith;1 Mill Lane;Leeds;NOPE;GB;MUG;Mug;1;0.4;1;;',
  'KNOWN-1;Cy Known;3 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;',
  '=1+2;Eve Formula;4 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;',
].join('\r\n');

describe('PUT /watch-folder', () => {
  it('starts with none; refuses a path the station cannot read and write, naming path', async () => {
    expect((await call('GET', '/watch-folder')).json()).toEqual({ path: null, action: 'orders', enabled: false });
    const file = join(outside, 'a-file.txt');
    writeFileSync(file, 'x');
    const refusals: string[] = [];
    for (const path of [
      'orders\\in',
      join(folder, 'not-there'),
      file,
      'D:\\Orders',
      '\\\\server\\share\\orders',
      t.dataDir,
    ]) {
      const res = await call('PUT', '/watch-folder', { path, action: 'orders', enabled: true });
      expect(res.statusCode, path).toBe(400);
      const {
        type: _type,
        title: _title,
        status: _status,
        detail: _detail,
        instance: _instance,
        ...members
      } = res.json();
      expect(Object.keys(members), path).toEqual(['path']);
      refusals.push(members.path);
    }
    const [relative, missing, aFile, windows, share, dataDir] = refusals;
    expect(relative).toMatch(/not a whole path/);
    expect(missing).toMatch(/There is no folder/);
    expect(aFile).toMatch(/is a file, not a folder/);
    // A Windows path is whole; on this computer there is no such drive.
    expect(windows).toMatch(/There is no folder D:\\Orders/);
    expect(share).toMatch(/There is no folder \\\\server\\share\\orders/);
    // Its settings files would be taken as orders.
    expect(dataDir).toMatch(/is the station's own data folder/);
    if (process.getuid?.() !== 0) {
      const locked = mkdtempSync(join(tmpdir(), 'ss-locked-'));
      chmodSync(locked, 0o500);
      const res = await call('PUT', '/watch-folder', { path: locked, action: 'orders', enabled: true });
      expect(res.json().path).toMatch(/cannot read and write/);
      chmodSync(locked, 0o700);
      rmSync(locked, { recursive: true });
    }
    const bad = await call('PUT', '/watch-folder', { path: folder, action: 'print', enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('action');
    expect(bad.json()).toHaveProperty('enabled');
    expect((await call('GET', '/watch-folder')).json().path).toBeNull();
  });

  it('keeps the folder per desk, makes processing/, done/ and failed/ in it, and the audit trail says who', async () => {
    await watch();
    expect((await call('GET', '/watch-folder')).json()).toEqual({ path: folder, action: 'orders', enabled: true });
    expect(JSON.parse(readFileSync(join(t.dataDir, 'watch-folder.json'), 'utf8'))).toMatchObject({
      path: folder,
      owner: { username: 'admin' },
    });
    for (const sub of ['processing', 'done', 'failed']) expect(existsSync(join(folder, sub))).toBe(true);
    const trail = (await call('GET', '/audit?Kind=watch-folder.update')).json();
    expect(trail.items[0]).toMatchObject({ user: 'admin', via: 'http', subject: folder });
  });
});

describe('a CSV dropped in the folder', () => {
  it('becomes orders: rows sharing an order number are one order, good rows go in beside refused and known ones', async () => {
    await watch();
    const known = await call('POST', '/orders', {
      orderNumber: 'KNOWN-1',
      deliveryAddress: {
        fullName: 'Cy Known',
        addressLine1: '3 Quay',
        city: 'Leeds',
        countryTwoCharacterISOCode: 'GB',
        postZipCode: 'LS1 1UR',
      },
      items: [{ description: 'Mug', quantity: 1, unitWeight: 0.4 }],
    });
    expect(known.statusCode).toBe(201);
    drop('morning.csv', CSV);
    const result = await resultOf('morning');
    expect(result.file).toBe('morning.csv');
    expect(result.reason).toBeNull();
    expect(result.rows.map((r) => [r.row, r.orderNumber, r.status])).toEqual([
      [1, 'A-100', 'created'],
      [2, 'A-100', 'created'],
      [3, 'A-101', 'refused'],
      [4, 'KNOWN-1', 'skipped'],
      [5, '=1+2', 'created'],
    ]);
    expect(result.rows[0]!.orderId).toBe(result.rows[1]!.orderId);
    expect(Object.keys(result.rows[2]!.problem!)).toEqual(['deliveryAddress.postZipCode']);
    expect(existsSync(join(folder, 'done', 'morning.csv'))).toBe(true);
    expect(readdirSync(join(folder, 'processing'))).toEqual([]);
    expect(existsSync(join(folder, 'morning.csv'))).toBe(false);

    const order = (await call('GET', `/orders/${result.rows[0]!.orderId}`)).json();
    expect(order).toMatchObject({
      orderNumber: 'A-100',
      channel: 'webshop',
      tags: ['gift', 'vip'],
      deliveryAddress: { fullName: 'Ada Lovelace', postZipCode: 'LS1 1UR' },
    });
    expect(order.items).toEqual([
      expect.objectContaining({ sku: 'MUG-RED', description: 'Red mug', quantity: 2, unitWeight: 0.4, unitValue: 7.5 }),
      // No description: the SKU stands for it.
      expect.objectContaining({ sku: 'TEA', description: 'TEA', quantity: 1, unitWeight: 0.25 }),
    ]);

    // The CSV result for people: a cell a spreadsheet would run is written as text.
    const csv = readFileSync(join(folder, 'done', 'morning.result.csv'), 'utf8');
    expect(csv).toContain("'=1+2");
    expect(csv).not.toMatch(/(^|[,\n])=1\+2/);
    expect(csv.split('\r\n')[0]).toBe('\uFEFFrow,orderNumber,status,orderId,shipmentNumber,problem');

    const activity = (await call('GET', '/watch-folder/activity')).json();
    expect(activity.items[0]).toMatchObject({
      file: 'morning.csv',
      status: 'done',
      rows: 5,
      created: 3,
      refused: 1,
      skipped: 1,
    });
    const trail = (await call('GET', '/audit?Kind=folder.file')).json();
    expect(trail.items[0]).toMatchObject({ user: 'admin', via: 'folder', subject: 'morning.csv' });
    expect(trail.items[0].detail).toMatchObject({ status: 'done', created: 3 });
  });

  it('the same content dropped again adds nothing: its orders are known', async () => {
    await watch();
    const before = await orderCount();
    drop('morning-again.csv', CSV);
    const result = await resultOf('morning-again');
    expect(result.rows.map((r) => r.status)).toEqual(['skipped', 'skipped', 'refused', 'skipped', 'skipped']);
    expect(await orderCount()).toBe(before);
  });

  it('a file still being written is not taken until it holds still, then taken whole', async () => {
    await watch();
    const path = join(folder, 'slow.csv');
    writeFileSync(path, `${HEADER}\n`);
    for (let i = 0; i < 12; i++) {
      appendFileSync(path, `SLOW-${i};Ann Slow;5 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;\n`);
      await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(path), `taken while being written, after ${i + 1} rows`).toBe(true);
    }
    const result = await resultOf('slow');
    expect(result.rows).toHaveLength(12);
    expect(result.rows.every((r) => r.status === 'created')).toBe(true);
  });
});

describe('columns mapped once on the Import screen', () => {
  it('serve the folder too, for the headers it does not match by itself', async () => {
    const columns = { Bestellung: 'referenceOne', Kunde: 'deliveryAddress.fullName', Gewicht: 'shipmentPieces.weight' };
    const res = await call('PUT', '/watch-folder', { path: folder, action: 'orders', enabled: true, columns });
    expect(res.json()).toEqual({ path: folder, action: 'orders', enabled: true, columns });
    drop(
      'german.csv',
      'Order number;Bestellung;Kunde;Address 1;City;Post code;Country;SKU;Gewicht\nDE-1;PO-77;Karl Kunde;1 Mill Lane;Leeds;LS1 1UR;GB;MUG;0,5\n',
    );
    const result = await resultOf('german');
    expect(result.rows[0]!.status, JSON.stringify(result.rows[0]!.problem)).toBe('created');
    const order = (await call('GET', `/orders/${result.rows[0]!.orderId}`)).json();
    expect(order).toMatchObject({ referenceOne: 'PO-77', deliveryAddress: { fullName: 'Karl Kunde' } });
    expect(order.items[0]).toMatchObject({ unitWeight: 0.5 });
    await watch();
  });
});

describe('a JSON file dropped in the folder', () => {
  it('is the body of POST /orders: each order goes in or is refused naming its fields', async () => {
    await watch();
    const orders = [
      {
        orderNumber: 'J-1',
        deliveryAddress: {
          fullName: 'Jo Json',
          addressLine1: '9 Quay',
          city: 'Leeds',
          countryTwoCharacterISOCode: 'GB',
          postZipCode: 'LS1 1UR',
        },
        items: [{ sku: 'MUG', description: 'Mug', quantity: 3, unitWeight: 0.4 }],
      },
      { orderNumber: 'J-2', deliveryAddress: {}, items: [] },
    ];
    drop('batch.json', JSON.stringify({ orders }));
    const result = await resultOf('batch');
    expect(result.rows.map((r) => [r.row, r.orderNumber, r.status])).toEqual([
      [1, 'J-1', 'created'],
      [2, 'J-2', 'refused'],
    ]);
    expect(result.rows[1]!.problem).toHaveProperty('items');
    expect((await call('GET', `/orders/${result.rows[0]!.orderId}`)).json().items[0].quantity).toBe(3);
  });
});

describe('files that are not orders', () => {
  it('go to failed/ with a reason, and never stop the files after them', async () => {
    await watch();
    drop('broken.json', '{"orders": [nope');
    drop('export.xlsx', Buffer.from('PK\u0003\u0004 not a csv'));
    const big = join(outside, 'huge.csv');
    writeFileSync(big, `${HEADER}\n`);
    truncateSync(big, 51 * 1024 * 1024);
    renameSync(big, join(folder, 'huge.csv'));
    drop('no-number.csv', 'Name;City\nAda;Leeds\n');
    drop('after.csv', `${HEADER}\nAFTER-1;Al After;6 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;\n`);

    expect((await resultOf('after')).rows[0]!.status).toBe('created');
    expect((await resultOf('broken', 'failed')).reason).toMatch(/^broken\.json: it is not JSON/);
    expect((await resultOf('export', 'failed')).reason).toMatch(/neither CSV \(\.csv\) nor JSON \(\.json\)/);
    expect((await resultOf('huge', 'failed')).reason).toMatch(/51 MiB; a file may be at most 50 MiB/);
    expect((await resultOf('no-number', 'failed')).reason).toMatch(/no column is the order number/);
    for (const name of ['broken.json', 'export.xlsx', 'huge.csv', 'no-number.csv'])
      expect(existsSync(join(folder, 'failed', name)), name).toBe(true);
    const failedCsv = readFileSync(join(folder, 'failed', 'broken.result.csv'), 'utf8');
    expect(failedCsv).toContain('failed');
    const activity = (await call('GET', '/watch-folder/activity')).json().items;
    expect(activity.find((f: { file: string }) => f.file === 'huge.csv')).toMatchObject({ status: 'failed', rows: 0 });
  });
});

describe('action ship', () => {
  it('adds each order, ships it by the rules and prints its label on the desk printer, as the folder', async () => {
    const preset = (
      await call('POST', '/package-presets', { name: 'Folder box', length: 30, width: 20, height: 10 })
    ).json();
    expect(
      (
        await call('PUT', '/rules', {
          rules: [{ name: 'Everything', when: {}, then: { carrierId: 1, carrierServiceId: 101, presetId: preset.id } }],
        })
      ).statusCode,
    ).toBe(200);
    await call('POST', '/printers', { address: `127.0.0.1:${printer.port}`, name: 'Folder Zebra' });
    const chosen = await call('PUT', '/printers/label-printer', {
      printerId: `network:127.0.0.1:${printer.port}`,
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await watch('ship');
    drop(
      'ship.csv',
      `${HEADER}\nSHIP-1;Sam Ship;7 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;\nSHIP-2;Sue Ship;8 Quay;Leeds;LS1 1UR;GB;MUG;Mug;2;0.4;1;;\n`,
    );
    const result = await resultOf('ship');
    expect(result.rows.map((r) => r.status)).toEqual(['shipped', 'shipped']);
    expect(result.rows.every((r) => r.problem === null)).toBe(true);
    const jobs = [await printer.nextJob(), await printer.nextJob()];
    for (const [i, r] of result.rows.entries()) {
      expect(r.shipmentNumber).toMatch(/^SS\d{8}$/);
      const order = (await call('GET', `/orders/${r.orderId}`)).json();
      const label = await call('GET', `/shipments/${order.shipmentId}/label?format=zpl&dpi=203&markPrinted=false`);
      expect(jobs[i]!.equals(Buffer.from(label.json().base64String, 'base64'))).toBe(true);
      expect(order).toMatchObject({ status: 'Shipped', shipmentNumber: r.shipmentNumber });
      const shipment = (await call('GET', `/shipments/${order.shipmentId}`)).json();
      expect(shipment).toMatchObject({ status: 'Printed', ruleName: 'Everything' });
    }
    const prints = (await call('GET', '/audit?Kind=label.print')).json();
    expect(prints.items.slice(0, 2).map((i: { via: string; user: string }) => [i.via, i.user])).toEqual([
      ['folder', 'admin'],
      ['folder', 'admin'],
    ]);
    await watch('orders');
  });

  it('prints each order’s packing slip after its label when the desk says so; a slip that fails leaves it shipped', async () => {
    // The label printer of the test before stays this desk's.
    const slips = (body: object) => call('PUT', '/printers/packing-slip', body);
    expect((await slips({ size: 'label', printWithLabel: true })).statusCode).toBe(200);
    await watch('ship');
    drop('slips.csv', `${HEADER}\nSLIP-1;Sam Slip;7 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;\n`);
    const [shipped] = (await resultOf('slips')).rows;
    expect(shipped).toMatchObject({ status: 'shipped', problem: null });
    const [label, slip] = [await printer.nextJob(), await printer.nextJob()];
    const order = (await call('GET', `/orders/${shipped!.orderId}`)).json();
    const own = await call('GET', `/shipments/${order.shipmentId}/label?format=zpl&dpi=203&markPrinted=false`);
    expect(label.equals(Buffer.from(own.json().base64String, 'base64'))).toBe(true);
    expect(zplTexts(slip.toString('latin1')).flat().join(' ')).toMatch(/PACKING SLIP.*SLIP-1/);

    // An A4 slip for an A4 printer that is off: the order is shipped and its label printed all the same.
    const off = await startTestPrinter();
    await off.close();
    await call('POST', '/printers', { address: `127.0.0.1:${off.port}`, name: 'Office off' });
    const a4 = await call('PUT', '/printers/label-printer', {
      printerId: `network:127.0.0.1:${printer.port}`,
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
      documentPrinterId: `network:127.0.0.1:${off.port}`,
    });
    expect(a4.statusCode, a4.body).toBe(200);
    expect((await slips({ size: 'A4', printWithLabel: true })).statusCode).toBe(200);
    drop('slip-off.csv', `${HEADER}\nSLIP-2;Sue Slip;8 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;\n`);
    const [unslipped] = (await resultOf('slip-off')).rows;
    expect(unslipped).toMatchObject({ status: 'shipped', shipmentNumber: expect.stringMatching(/^SS\d{8}$/) });
    expect(unslipped!.problem?.packingSlip).toMatch(/^not printed: .*Office off/);
    expect((await call('GET', `/orders/${unslipped!.orderId}`)).json().status).toBe('Shipped');
    expect((await printer.nextJob()).toString('latin1')).toContain('^XA');

    expect((await slips({ size: 'A4', printWithLabel: false })).statusCode).toBe(200);
    await watch('orders');
  });
});

it('a folder that is not enabled is not read', async () => {
  await call('PUT', '/watch-folder', { path: folder, action: 'orders', enabled: false });
  drop('idle.csv', `${HEADER}\nIDLE-1;Ida Idle;9 Quay;Leeds;LS1 1UR;GB;MUG;Mug;1;0.4;1;;\n`);
  await new Promise((r) => setTimeout(r, 400));
  expect(existsSync(join(folder, 'idle.csv'))).toBe(true);
  await watch();
  expect((await resultOf('idle')).rows[0]!.status).toBe('created');
});
