/**
 * Batch printing on the desk's label printer (CONTRACT §14/§15): an import's labels and a
 * selection's labels go to the printer as ONE job, in order, in its format, dpi and size.
 * A TCP listener stands in for a network label printer; what arrives is read back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskPrinters } from '../../main/printers/desk-printers';
import { freePort, startTestPrinter, type TestPrinter } from '../helpers/cups';
import { pdfInfo } from '../helpers/pdf';
import { zplBarcodes } from '../helpers/zpl';
import {
  createShipment,
  internationalRequest,
  piece,
  shipmentRequest,
  signedInStation,
  type TestStation,
} from '../helpers/station';

let t: TestStation;
let token: string;
let zebra: TestPrinter;
const deskDir = mkdtempSync(join(tmpdir(), 'ss-batch-print-'));

beforeAll(async () => {
  zebra = await startTestPrinter();
  // No CUPS here: the desk's printers are network printers by address.
  ({ t, token } = await signedInStation({
    printers: createDeskPrinters({ dataDir: deskDir, env: { ...process.env, CUPS_SERVER: '127.0.0.1:1' } }),
  }));
  const sender = {
    businessName: 'Acme Widgets Ltd',
    addressLine1: '1 Dock Road',
    city: 'London',
    countryTwoCharacterISOCode: 'GB',
    postZipCode: 'E1 1AA',
  };
  expect((await call('PATCH', '/settings', { senderAddress: sender })).statusCode).toBe(200);
  expect((await call('POST', '/printers', { address: `127.0.0.1:${zebra.port}`, name: 'Dock Zebra' })).statusCode).toBe(
    200,
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
  await zebra?.close();
  rmSync(deskDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, token, ...(payload ? { payload } : {}) });
const view = async (id: string) => (await call('GET', `/shipments/${id}`)).json();
const choose = (format: 'zpl' | 'pdf', dpi: 203 | 300, pageSize: '4x6' | 'A6', port = zebra.port) =>
  call('PUT', '/printers/label-printer', { printerId: `network:127.0.0.1:${port}`, format, dpi, pageSize });
const importCsv = async (prefix: string) => {
  const csv =
    'Reference,Group,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height\n' +
    `${prefix}-1,,Zed,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\n` +
    `${prefix}-2,g,Yan,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10\n` +
    `${prefix}-3,,Bad,1 Oak Road,Leeds,XX,GB,1,30,20,10\n` +
    `${prefix}-2,g,Yan,1 Oak Road,Leeds,LS1 1UR,GB,2,30,20,10\n` +
    `${prefix}-4,,Xia,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10`;
  const res = await t.request({
    method: 'POST',
    url: '/imports?carrierId=1&carrierServiceId=101',
    token,
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json();
  return { importId: r.importId as number, shipments: [r.rows[0], r.rows[1], r.rows[4]] as { shipmentId: string }[] };
};

describe('POST /imports/{importId}/print', () => {
  it("sends every label of the import as one ZPL job in row order, at the printer's dpi; then Printed", async () => {
    expect((await choose('zpl', 300, '4x6')).statusCode).toBe(200);
    const { importId, shipments } = await importCsv('BP');
    for (const s of shipments) expect((await view(s.shipmentId)).status).toBe('Not Printed');
    const before = zebra.jobs.length;
    const arriving = zebra.nextJob();
    const res = await call('POST', `/imports/${importId}/print`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, printer: 'Dock Zebra', format: 'zpl' });
    expect(res.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, true]);
    const job = await arriving;
    // One job: exactly the import route's ZPL at that dpi.
    const routed = (await call('GET', `/imports/${importId}/labels?format=zpl&dpi=300`)).json().base64String;
    expect(job.equals(Buffer.from(routed, 'base64'))).toBe(true);
    expect(zebra.jobs.length).toBe(before + 1);
    const tracking: string[] = [];
    for (const s of shipments) {
      const v = await view(s.shipmentId);
      expect(v.status).toBe('Printed');
      tracking.push(...v.shipmentPieces.map((p: { trackingNumber: string }) => p.trackingNumber));
    }
    expect(tracking).toHaveLength(4);
    const pages = await zplBarcodes(job.toString('latin1'), 300);
    expect(pages.map((p) => p.find((x) => x.type === 'CODE-128')?.data)).toEqual(tracking);
    const events = JSON.stringify((await call('GET', `/shipments/${shipments[0]!.shipmentId}/tracking`)).json());
    expect(events).toContain('Label printed on Dock Zebra');
  });

  it('a printer that refuses → 503 naming it; nothing is marked Printed', async () => {
    const closedPort = await freePort();
    await call('POST', '/printers', { address: `127.0.0.1:${closedPort}`, name: 'Switched-off Zebra' });
    expect((await choose('zpl', 203, '4x6', closedPort)).statusCode).toBe(200);
    const { importId, shipments } = await importCsv('BQ');
    const res = await call('POST', `/imports/${importId}/print`);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toContain('Switched-off Zebra');
    for (const s of shipments) expect((await view(s.shipmentId)).status).toBe('Not Printed');
  });

  it('an unknown import → 404; a bad id or printer id → 400', async () => {
    expect((await choose('zpl', 203, '4x6')).statusCode).toBe(200);
    expect((await call('POST', '/imports/999999/print')).statusCode).toBe(404);
    expect((await call('POST', '/imports/abc/print')).statusCode).toBe(400);
    expect((await call('POST', '/imports/1/print?printerId=')).statusCode).toBe(400);
    expect((await call('POST', '/imports/1/print?printerId=network:127.0.0.1:1')).statusCode).toBe(503);
  });
});

describe('POST /labels/print', () => {
  it("prints the chosen shipments' labels in the order given as one PDF at the label size; unknown and cancelled ones are named", async () => {
    expect((await choose('pdf', 203, 'A6')).statusCode).toBe(200);
    const a = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    const b = await createShipment(t, token, shipmentRequest());
    const c = await createShipment(t, token, shipmentRequest());
    expect((await call('DELETE', `/shipments/${c.shipmentId}`)).statusCode).toBe(200);
    const arriving = zebra.nextJob();
    const res = await call('POST', '/labels/print', {
      shipmentIds: [b.shipmentId, c.shipmentId, a.shipmentId, '00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toBe('pdf');
    expect(res.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, true, false]);
    const pdf = await arriving;
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(3);
    // A6 is 105 × 148 mm: 297.6 × 419.5 points.
    expect(Math.round(info.width)).toBe(298);
    expect(Math.round(info.height)).toBe(420);
    expect((await view(a.shipmentId)).status).toBe('Printed');
    expect((await view(b.shipmentId)).status).toBe('Printed');
    expect((await view(c.shipmentId)).status).toBe('Cancelled');
  });

  it('none printable → 409 and nothing sent; an empty list → 400', async () => {
    const before = zebra.jobs.length;
    const res = await call('POST', '/labels/print', { shipmentIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(res.statusCode).toBe(409);
    expect(zebra.jobs.length).toBe(before);
    expect((await call('POST', '/labels/print', { shipmentIds: [] })).statusCode).toBe(400);
  });
});

describe("POST /shipments/{id}/customs/print: a window-printing desk's CN23 and invoice on its A4 printer", () => {
  const international = (cost: number) => internationalRequest({ cost });
  const noLabelPrinter = (documentPrinterId: string | null) =>
    call('PUT', '/printers/label-printer', {
      printerId: null,
      format: 'pdf',
      dpi: 203,
      pageSize: '4x6',
      documentPrinterId,
    });

  it("sends the customs route's PDF to the A4 printer; the status stays; a CN22 or a domestic shipment → 409", async () => {
    const office = await startTestPrinter();
    try {
      await call('POST', '/printers', { address: `127.0.0.1:${office.port}`, name: 'Office laser' });
      expect((await noLabelPrinter(`network:127.0.0.1:${office.port}`)).statusCode).toBe(200);
      const s = await createShipment(t, token, international(500));
      const arriving = office.nextJob();
      const res = await call('POST', `/shipments/${s.shipmentId}/customs/print`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, printer: 'Office laser', form: 'CN23' });
      const customs = (await call('GET', `/shipments/${s.shipmentId}/customs`)).json().base64String;
      expect((await arriving).equals(Buffer.from(customs, 'base64'))).toBe(true);
      expect((await view(s.shipmentId)).status).toBe('Not Printed');

      const before = office.jobs.length;
      const cn22 = await createShipment(t, token, international(20));
      const refused = await call('POST', `/shipments/${cn22.shipmentId}/customs/print`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toContain('CN22');
      const domestic = await createShipment(t, token, shipmentRequest());
      expect((await call('POST', `/shipments/${domestic.shipmentId}/customs/print`)).statusCode).toBe(409);
      expect(office.jobs.length).toBe(before);
    } finally {
      await office.close();
    }
  });

  it('no A4 printer chosen → 503 that says so', async () => {
    expect((await noLabelPrinter(null)).statusCode).toBe(200);
    const s = await createShipment(t, token, international(500));
    const res = await call('POST', `/shipments/${s.shipmentId}/customs/print`);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toContain('no A4 printer');
  });
});
