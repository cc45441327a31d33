/**
 * Printing for real (docs/contract.md §15): a TCP listener stands in for a network label printer,
 * and a CUPS scheduler started for this file holds a raw queue and a PDF queue whose
 * devices are such listeners. The bytes that arrive are checked against what was meant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeskPrinters } from '../../main/printers/desk-printers';
import { freePort, GENERIC_PDF_PPD, labelPrinterPpd, startCups, startTestPrinter } from '../helpers/cups';
import { pdfBarcodes, pdfInfo, pdfPageTexts, pdfWords } from '../helpers/pdf';
import { zplBarcodes, zplTexts } from '../helpers/zpl';
import { createShipment, internationalRequest, piece, shipmentRequest, stationForFile } from '../helpers/station';

const deskDir = mkdtempSync(join(tmpdir(), 'ss-desk-'));
// CUPS; a network label printer; the devices of the raw and the PDF label queues; and the devices
// of the desk's A4 printers: a CUPS PDF queue's, and an office printer on the network.
const [cups, network, rawDevice, pdfDevice, a4Device, a4Network] = await Promise.all([
  startCups(),
  startTestPrinter(),
  startTestPrinter(),
  startTestPrinter(),
  startTestPrinter(),
  startTestPrinter(),
]);
afterAll(async () => {
  await Promise.all([
    cups.stop(),
    network.close(),
    rawDevice.close(),
    pdfDevice.close(),
    a4Device.close(),
    a4Network.close(),
  ]);
  rmSync(deskDir, { recursive: true, force: true });
});
await cups.lpadmin('-p', 'zebra-raw', '-E', '-v', `socket://127.0.0.1:${rawDevice.port}`, '-m', 'raw');
// A PDF label printer's queue has a 4×6 in page; an office printer's (A4) has none.
await cups.lpadmin(
  '-p',
  'label-pdf',
  '-E',
  '-v',
  `socket://127.0.0.1:${pdfDevice.port}`,
  '-P',
  await labelPrinterPpd(deskDir),
);
await cups.lpadmin('-p', 'office-a4', '-E', '-v', `socket://127.0.0.1:${a4Device.port}`, '-P', GENERIC_PDF_PPD);
const { t, token, call, status } = await stationForFile({
  printers: createDeskPrinters({ dataDir: deskDir, env: cups.env }),
});
/** Makes `printerId` the desk's label printer, taking `format` at 203 dpi on `pageSize`. */
const useLabelPrinter = (printerId: string, format: 'zpl' | 'pdf', pageSize: '4x6' | 'A6' = '4x6') =>
  call('PUT', '/printers/label-printer', { printerId, format, dpi: 203, pageSize });
const zplOf = async (id: string, dpi = 203) =>
  Buffer.from(
    (await call('GET', `/shipments/${id}/label?format=zpl&dpi=${dpi}&markPrinted=false`)).json().base64String,
    'base64',
  );

describe('GET /printers', () => {
  it("lists the system queues (CUPS) and the network printers added by address, with the desk's choice", async () => {
    const added = await call('POST', '/printers', { address: `127.0.0.1:${network.port}`, name: 'Dock Zebra' });
    expect(added.statusCode).toBe(200);
    const list = (await call('GET', '/printers')).json();
    expect(list.systemError).toBeNull();
    expect(list.items).toEqual(
      expect.arrayContaining([
        { id: 'system:zebra-raw', name: 'zebra-raw', kind: 'system' },
        { id: 'system:label-pdf', name: 'label-pdf', kind: 'system' },
        {
          id: `network:127.0.0.1:${network.port}`,
          name: 'Dock Zebra',
          kind: 'network',
          address: `127.0.0.1:${network.port}`,
        },
      ]),
    );
    expect(list.labelPrinter).toEqual({
      printerId: null,
      format: 'pdf',
      dpi: 203,
      pageSize: '4x6',
      documentPrinterId: null,
    });
  });

  it('an address without a port means 9100; a bad address or choice is a 400 naming each field', async () => {
    const added = (await call('POST', '/printers', { address: 'printer-7.local' })).json();
    expect(added.items.map((p: { id: string }) => p.id)).toContain('network:printer-7.local:9100');
    const bad = await call('POST', '/printers', { address: 'not a host:99999', name: 'x'.repeat(300) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['address', 'name']));
    const choice = await call('PUT', '/printers/label-printer', {
      printerId: 'system:nope',
      format: 'zpl',
      dpi: 600,
      pageSize: '4x6',
    });
    expect(choice.statusCode).toBe(400);
    expect(choice.json().dpi).toBeDefined();
    const unknown = await useLabelPrinter('system:nope', 'zpl');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().printerId).toMatch(/not a printer/);
    expect(
      (await call('DELETE', '/printers/network%3Aprinter-7.local%3A9100'))
        .json()
        .items.map((p: { id: string }) => p.id),
    ).not.toContain('network:printer-7.local:9100');
  });
});

describe('POST /shipments/{id}/print', () => {
  it("sends ZPL raw over TCP to a network printer: the bytes arriving are the label route's ZPL; then Printed", async () => {
    const chosen = await call('PUT', '/printers/label-printer', {
      printerId: `network:127.0.0.1:${network.port}`,
      format: 'zpl',
      dpi: 300,
      pageSize: '4x6',
    });
    expect(chosen.statusCode).toBe(200);
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece(), piece()] }));
    const arriving = network.nextJob();
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, printer: 'Dock Zebra', format: 'zpl', status: 'Printed' });
    expect((await arriving).equals(await zplOf(s.shipmentId, 300))).toBe(true);
    expect(await status(s.shipmentId)).toBe('Printed');
    const events = (await call('GET', `/shipments/${s.shipmentId}/tracking`)).json();
    expect(JSON.stringify(events)).toContain('Label printed on Dock Zebra');
    expect((await call('GET', '/printers')).json().lastJob).toMatchObject({
      ok: true,
      error: null,
      what: s.shipmentNumber,
      printerName: 'Dock Zebra',
    });
  });

  it('a printer that refuses the connection → 503 naming it and why; the shipment stays Not Printed', async () => {
    const closedPort = await freePort();
    await call('POST', '/printers', { address: `127.0.0.1:${closedPort}`, name: 'Switched-off Zebra' });
    const s = await createShipment(t, token, shipmentRequest());
    const res = await call(
      'POST',
      `/shipments/${s.shipmentId}/print?printerId=${encodeURIComponent(`network:127.0.0.1:${closedPort}`)}`,
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.json()).toMatchObject({ type: '/problems/printer-unavailable', printer: 'Switched-off Zebra' });
    expect(res.json().reason).toMatch(/refused the connection/);
    expect(await status(s.shipmentId)).toBe('Not Printed');
    expect((await call('GET', '/printers')).json().lastJob).toMatchObject({
      ok: false,
      printerName: 'Switched-off Zebra',
    });
  });

  it('an unknown printer, or none chosen → 503; the shipment is unchanged', async () => {
    const s = await createShipment(t, token, shipmentRequest());
    const unknown = await call('POST', `/shipments/${s.shipmentId}/print?printerId=network%3Anowhere%3A1`);
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json().reason).toMatch(/no such printer/);
    const cupsUnknown = await call('POST', `/shipments/${s.shipmentId}/print?printerId=system%3Ano-such-queue`);
    expect(cupsUnknown.statusCode).toBe(503);
    expect(cupsUnknown.json().printer).toBe('no-such-queue');
    expect(await status(s.shipmentId)).toBe('Not Printed');
  });

  it("ZPL to a CUPS raw queue arrives byte for byte at the queue's device", async () => {
    await useLabelPrinter('system:zebra-raw', 'zpl');
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    const arriving = rawDevice.nextJob();
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(200);
    expect(await status(s.shipmentId)).toBe('Printed');
    expect((await arriving).equals(await zplOf(s.shipmentId))).toBe(true);
  });

  it('a PDF to a CUPS PDF queue reaches its device with every label', async () => {
    await useLabelPrinter('system:label-pdf', 'pdf');
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    const arriving = pdfDevice.nextJob();
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(200);
    const pages = await pdfPageTexts(await arriving);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.replace(/\s+/g, '')).toContain(s.shipmentPieces[1]!.trackingNumber);
  });

  it.each(['4x6', 'A6'] as const)(
    "a %s PDF reaches a label queue's device at the label's own page size, unscaled",
    async (size) => {
      await useLabelPrinter('system:label-pdf', 'pdf', size);
      const s = await createShipment(t, token, shipmentRequest());
      const arriving = pdfDevice.nextJob();
      expect((await call('POST', `/shipments/${s.shipmentId}/print`)).statusCode).toBe(200);
      const got = await arriving;
      const sent = Buffer.from(
        (await call('GET', `/shipments/${s.shipmentId}/label?pageSize=${size}&markPrinted=false`)).json().base64String,
        'base64',
      );
      const [a, b] = [await pdfInfo(got), await pdfInfo(sent)];
      // CUPS writes the page in whole points (A6 is 297.64 × 419.53).
      expect([Math.round(a.width), Math.round(a.height)]).toEqual([Math.floor(b.width), Math.ceil(b.height)]);
      // No scaling, no shift: every word where the label put it, to within half a point.
      const [gotWords, sentWords] = [await pdfWords(got), await pdfWords(sent)];
      expect(gotWords.map((w) => w.text)).toEqual(sentWords.map((w) => w.text));
      gotWords.forEach((w, i) => {
        expect(Math.abs(w.x - sentWords[i]!.x)).toBeLessThan(0.5);
        expect(Math.abs(w.y - sentWords[i]!.y)).toBeLessThan(0.5);
      });
    },
  );

  it('a label PDF to a queue whose driver has no page of its size → 503 saying so; nothing sent, status unchanged', async () => {
    await useLabelPrinter('system:office-a4', 'pdf');
    const s = await createShipment(t, token, shipmentRequest());
    const sent = a4Device.jobs.length;
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(503);
    expect(res.json().printer).toBe('office-a4');
    expect(res.json().reason).toMatch(
      /its driver has no 4×6 in page \(it offers Letter, .*\), so the 4×6 in page would come out on Letter/,
    );
    expect(await status(s.shipmentId)).toBe('Not Printed');
    expect(a4Device.jobs.length).toBe(sent);
  });

  it("a queue that is not accepting jobs → 503 with CUPS's reason; status unchanged", async () => {
    await cups.lpadmin('-p', 'zebra-raw', '-E', '-v', `socket://127.0.0.1:${rawDevice.port}`);
    const { execFile } = await import('node:child_process');
    await new Promise((resolve, reject) =>
      execFile('cupsreject', ['-r', 'out of labels', 'zebra-raw'], { env: cups.env }, (e) =>
        e ? reject(e) : resolve(null),
      ),
    );
    const s = await createShipment(t, token, shipmentRequest());
    const res = await call('POST', `/shipments/${s.shipmentId}/print?printerId=system%3Azebra-raw`);
    expect(res.statusCode).toBe(503);
    expect(res.json().printer).toBe('zebra-raw');
    expect(res.json().reason).toMatch(/not accepting/i);
    expect(await status(s.shipmentId)).toBe('Not Printed');
  });
});

describe('POST /printers/test-page (the printer doctor)', () => {
  it("prints the printer's name, the assumed dpi and a barcode that scans; the last job says so", async () => {
    await useLabelPrinter(`network:127.0.0.1:${network.port}`, 'zpl');
    const arriving = network.nextJob();
    const res = await call('POST', '/printers/test-page');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, printer: 'Dock Zebra', format: 'zpl', dpi: 203 });
    const zpl = (await arriving).toString('latin1');
    expect(zplTexts(zpl)[0]).toEqual(expect.arrayContaining(['Dock Zebra', 'PRINTER TEST PAGE']));
    expect(zplTexts(zpl)[0]!.join(' ')).toContain('Station assumes: 203 dpi · ZPL · 4×6 in');
    const [symbols] = await zplBarcodes(zpl, 203);
    expect(symbols!.map((s) => s.data)).toContain('TEST 203 DPI');
    expect((await call('GET', '/printers')).json().lastJob).toMatchObject({ ok: true, what: 'test page' });
  });

  it('as a PDF through CUPS, with its text readable', async () => {
    await useLabelPrinter('system:label-pdf', 'pdf');
    const arriving = pdfDevice.nextJob();
    const res = await call('POST', '/printers/test-page');
    expect(res.statusCode).toBe(200);
    const [page] = await pdfPageTexts(await arriving);
    expect(page).toContain('PRINTER TEST PAGE');
    expect(page).toContain('label-pdf');
  });
});

describe("customs forms on print (docs/contract.md §17): the CN22 with the labels, a CN23 and invoice to the desk's A4 printer", () => {
  const zebra = () => `network:127.0.0.1:${network.port}`;
  const choose = (documentPrinterId?: string | null) =>
    call('PUT', '/printers/label-printer', {
      printerId: zebra(),
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
      ...(documentPrinterId !== undefined ? { documentPrinterId } : {}),
    });
  /** To Germany; `cost` above GBP 270 needs a CN23. */
  const international = (cost: number) => internationalRequest({ cost });
  const labelWithCustoms = async (id: string) =>
    Buffer.from(
      (await call('GET', `/shipments/${id}/label?format=zpl&includeCustoms=true&markPrinted=false`)).json()
        .base64String,
      'base64',
    );

  it('chooses the A4 printer with the label printer, names both wrong choices at once, and keeps it when left out', async () => {
    const bad = await call('PUT', '/printers/label-printer', {
      printerId: 'system:nope',
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
      documentPrinterId: 'network:nowhere:1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().printerId).toMatch(/not a printer/);
    expect(bad.json().documentPrinterId).toMatch(/not a printer/);
    expect((await choose('system:office-a4')).json().labelPrinter).toEqual({
      printerId: zebra(),
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
      documentPrinterId: 'system:office-a4',
    });
    expect((await choose()).json().labelPrinter.documentPrinterId).toBe('system:office-a4');
    expect((await call('GET', '/printers')).json().labelPrinter.documentPrinterId).toBe('system:office-a4');
  });

  it('a CN22 goes after the labels to the label printer, as the label route appends it; nothing to the A4 printer', async () => {
    await choose('system:office-a4');
    const s = await createShipment(t, token, international(25));
    const a4Before = a4Device.jobs.length;
    const arriving = network.nextJob();
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.json().documentPrinter).toBeUndefined();
    const zpl = await arriving;
    expect(zpl.equals(await labelWithCustoms(s.shipmentId))).toBe(true);
    expect(zplTexts(zpl.toString('latin1'))).toHaveLength(3);
    expect(zplTexts(zpl.toString('latin1'))[2]).toContain('CN 22');
    expect(await status(s.shipmentId)).toBe('Printed');
    expect(a4Device.jobs.length).toBe(a4Before);
  });

  it('a CN23 and the commercial invoice go to a CUPS A4 queue as an A4 PDF; the labels to the label printer; then Printed', async () => {
    await choose('system:office-a4');
    const s = await createShipment(t, token, international(500));
    const labels = network.nextJob();
    const forms = a4Device.nextJob();
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ printer: 'Dock Zebra', documentPrinter: 'office-a4', status: 'Printed' });
    expect((await labels).toString('latin1')).not.toContain('CN 22');
    const pdf = await forms;
    const [cn23, invoice] = await pdfPageTexts(pdf);
    expect(cn23).toContain('CN 23');
    expect(cn23).toContain('Jürgen Ölmüller');
    expect(invoice).toContain('COMMERCIAL INVOICE');
    expect(invoice).toMatch(/Invoice total \(GBP\)\s+500\.00/);
    // CUPS's pdftopdf writes A4 in whole points.
    const a4 = await pdfInfo(pdf, 2);
    expect([a4.pages, Math.round(a4.width), Math.round(a4.height)]).toEqual([2, 595, 842]);
    expect(await status(s.shipmentId)).toBe('Printed');
    const events = JSON.stringify((await call('GET', `/shipments/${s.shipmentId}/tracking`)).json());
    expect(events).toContain('Label printed on Dock Zebra and office-a4');
  });

  it("to a network A4 printer the bytes that arrive are the customs route's PDF", async () => {
    await call('POST', '/printers', { address: `127.0.0.1:${a4Network.port}`, name: 'Office laser' });
    await choose(`network:127.0.0.1:${a4Network.port}`);
    const s = await createShipment(t, token, international(400));
    const forms = a4Network.nextJob();
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.json().documentPrinter).toBe('Office laser');
    const customs = (await call('GET', `/shipments/${s.shipmentId}/customs`)).json();
    expect(customs.form).toBe('CN23');
    expect((await forms).equals(Buffer.from(customs.base64String, 'base64'))).toBe(true);
  });

  it('no A4 printer while a CN23 is needed → 503 that says so; nothing is sent and the shipment stays Not Printed', async () => {
    expect((await choose(null)).json().labelPrinter.documentPrinterId).toBeNull();
    const s = await createShipment(t, token, international(500));
    const sent = network.jobs.length;
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ type: '/problems/printer-unavailable', printer: 'A4 printer' });
    expect(res.json().reason).toMatch(/needs a CN23 and a commercial invoice on A4, and this desk has no A4 printer/);
    expect(await status(s.shipmentId)).toBe('Not Printed');
    expect(network.jobs.length).toBe(sent);
  });

  it('an A4 printer that refuses → 503 naming it; the shipment stays Not Printed', async () => {
    const closedPort = await freePort();
    await call('POST', '/printers', { address: `127.0.0.1:${closedPort}`, name: 'Switched-off laser' });
    await choose(`network:127.0.0.1:${closedPort}`);
    const s = await createShipment(t, token, international(500));
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(503);
    expect(res.json().printer).toBe('Switched-off laser');
    expect(await status(s.shipmentId)).toBe('Not Printed');
    expect((await call('GET', '/printers')).json().lastJob).toMatchObject({
      ok: false,
      printerName: 'Switched-off laser',
    });
    await choose(null);
  });
});

describe('labels on office paper: an office printer as the label printer, sheets of labels', () => {
  const office = (sheet: string | null, format = 'pdf') =>
    call('PUT', '/printers/label-printer', { printerId: 'system:office-a4', format, dpi: 203, pageSize: '4x6', sheet });

  it('keeps the sheet with the desk’s choice (its label size with it); a ZPL sheet is a 400 naming it', async () => {
    const chosen = await office('A4-4xA6');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().labelPrinter).toMatchObject({ sheet: 'A4-4xA6', pageSize: 'A6', format: 'pdf' });
    const zpl = await office('A4-2x4x6', 'zpl');
    expect(zpl.statusCode).toBe(400);
    expect(zpl.json().sheet).toMatch(/office paper are printed as PDF/);
    expect((await call('GET', '/printers')).json().labelPrinter.sheet).toBe('A4-4xA6');
  });

  it('the printer doctor’s test page shows the sheet: a test page in every place of one A4 page', async () => {
    await office('A4-2x4x6');
    const arriving = a4Device.nextJob();
    const res = await call('POST', '/printers/test-page');
    expect(res.statusCode).toBe(200);
    const pdf = await arriving;
    const info = await pdfInfo(pdf);
    expect([info.pages, Math.round(info.width), Math.round(info.height)]).toEqual([1, 595, 842]);
    const [page] = await pdfPageTexts(pdf);
    expect(page!.match(/PRINTER TEST PAGE/g)).toHaveLength(2);
    expect(page).toContain('2 × 4×6 in on A4');
    // Each half of the sheet read on its own: zbar reports two equal barcodes of one image once.
    for (const x of [0, 297.64]) {
      const [symbols] = await pdfBarcodes(pdf, 200, { x, y: 0, width: 297.64, height: 841.89 });
      expect(symbols!.map((s) => s.data)).toContain('TEST 203 DPI');
    }
  });

  it('a shipment’s labels fill the sheets in order, on A4 through the office queue, and it becomes Printed', async () => {
    await office('A4-2x4x6');
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece(), piece()] }));
    const arriving = a4Device.nextJob();
    const res = await call('POST', `/shipments/${s.shipmentId}/print`);
    expect(res.statusCode).toBe(200);
    const pdf = await arriving;
    const info = await pdfInfo(pdf);
    expect([info.pages, Math.round(info.width), Math.round(info.height)]).toEqual([2, 595, 842]);
    const pages = await pdfBarcodes(pdf, 200);
    const tracking = s.shipmentPieces.map((p) => p.trackingNumber);
    const code128 = (page: { type: string; data: string }[]) =>
      page.filter((x) => x.type === 'CODE-128').map((x) => x.data);
    expect(code128(pages[0]!).sort()).toEqual(tracking.slice(0, 2).sort());
    expect(code128(pages[1]!)).toEqual([tracking[2]]);
    expect(await status(s.shipmentId)).toBe('Printed');
    await office(null);
    expect((await call('GET', '/printers')).json().labelPrinter.sheet).toBeUndefined();
  });
});
