/**
 * Batch printing on the desk's label printer (docs/contract.md §14/§15): an import's labels and a
 * selection's labels go to the printer as ONE job, in order, in its format, dpi and size.
 * A TCP listener stands in for a network label printer; what arrives is read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestPrinter, type TestPrinter } from '../helpers/cups';
import { pdfInfo, pdfPageTexts } from '../helpers/pdf';
import { zplBarcodes, zplTexts } from '../helpers/zpl';
import {
  createShipment,
  fiveRowImport,
  internationalRequest,
  piece,
  shipmentRequest,
  stationWithPrinter,
} from '../helpers/station';

// No CUPS here: the desk's printers are network printers by address.
const { t, token, call, upload, printer: zebra } = await stationWithPrinter('Dock Zebra');
const view = async (id: string) => (await call('GET', `/shipments/${id}`)).json();
const choose = (format: 'zpl' | 'pdf', dpi: 203 | 300, pageSize: '4x6' | 'A6', port = zebra.port) =>
  call('PUT', '/printers/label-printer', { printerId: `network:127.0.0.1:${port}`, format, dpi, pageSize });
const importCsv = async (prefix: string) => {
  const res = await upload(fiveRowImport(prefix));
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json();
  return { importId: r.importId as number, shipments: [r.rows[0], r.rows[1], r.rows[4]] as { shipmentId: string }[] };
};

/** An international shipment of two pieces (or one): a CN22 at a low value, a CN23 above GBP 270 (docs/contract.md §17). */
const international = (cost: number, pieces = 2) =>
  internationalRequest({ cost, shipmentPieces: [piece({ weight: 2 }), piece({ weight: 1.5 })].slice(0, pieces) });

describe('POST /imports/{importId}/print', () => {
  // Its ZPL at 300 dpi is rendered back to pictures: slow on a loaded machine.
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
  }, 120_000);

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

describe('batch prints carry the customs forms (docs/contract.md §17)', () => {
  let office: TestPrinter;
  const officeId = () => `network:127.0.0.1:${office.port}`;
  const chooseBoth = (format: 'zpl' | 'pdf', documentPrinterId: string | null) =>
    call('PUT', '/printers/label-printer', {
      printerId: `network:127.0.0.1:${zebra.port}`,
      format,
      dpi: 203,
      pageSize: '4x6',
      documentPrinterId,
    });
  const label = async (id: string, query: string) =>
    Buffer.from((await call('GET', `/shipments/${id}/label?markPrinted=false&${query}`)).json().base64String, 'base64');
  const numberOf = async (id: string) => (await view(id)).shipmentNumber as string;

  beforeAll(async () => {
    office = await startTestPrinter();
    expect(
      (await call('POST', '/printers', { address: `127.0.0.1:${office.port}`, name: 'Office A4' })).statusCode,
    ).toBe(200);
  });
  afterAll(() => office?.close());

  it('a selection as ZPL: each CN22 after its labels in the one label job, every CN23 and invoice in ONE A4 job', async () => {
    expect((await chooseBoth('zpl', officeId())).statusCode).toBe(200);
    const domestic = await createShipment(t, token, shipmentRequest());
    const cn22 = await createShipment(t, token, international(20));
    const cn23 = await createShipment(t, token, international(500));
    const cn23b = await createShipment(t, token, international(400, 1));
    const ids = [cn22, domestic, cn23, cn23b].map((s) => s.shipmentId);
    const [labelsArriving, formsArriving] = [zebra.nextJob(), office.nextJob()];
    const [zebraBefore, officeBefore] = [zebra.jobs.length, office.jobs.length];
    const res = await call('POST', '/labels/print', { shipmentIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      printer: 'Dock Zebra',
      format: 'zpl',
      documentPrinter: 'Office A4',
      documentPrinterId: officeId(),
    });
    expect(res.json().results.map((r: object) => ({ ...r, shipmentNumber: undefined }))).toEqual([
      { shipmentId: ids[0], ok: true, labels: 2, customsForm: 'CN22' },
      { shipmentId: ids[1], ok: true, labels: 1 },
      { shipmentId: ids[2], ok: true, labels: 2, customsForm: 'CN23' },
      { shipmentId: ids[3], ok: true, labels: 1, customsForm: 'CN23' },
    ]);
    const [zpl, forms] = await Promise.all([labelsArriving, formsArriving]);
    expect(zebra.jobs.length).toBe(zebraBefore + 1);
    expect(office.jobs.length).toBe(officeBefore + 1);
    // The label job is each shipment's own label with its CN22, as the single print sends them.
    const single = await Promise.all(ids.map((id) => label(id, 'format=zpl&includeCustoms=true')));
    expect(zpl.equals(Buffer.concat(single))).toBe(true);
    const texts = zplTexts(zpl.toString('latin1')).map((lines) => lines.join(' '));
    expect(texts).toHaveLength(2 + 1 + 1 + 2 + 1);
    expect(texts.map((t) => t.includes('CN 22'))).toEqual([false, false, true, false, false, false, false]);
    expect(texts[2]).toContain('Total value 20.00 GBP');
    expect(texts.join(' ')).not.toContain('CN 23');

    // The A4 job: one PDF, each CN23 then its invoice, in the selection's order.
    const pages = await pdfPageTexts(forms);
    expect(pages).toHaveLength(4);
    const [n23, n23b] = [await numberOf(ids[2]!), await numberOf(ids[3]!)];
    expect(pages[0]).toContain('CN 23');
    expect(pages[1]).toContain('COMMERCIAL INVOICE');
    expect(pages[1]).toContain(n23);
    expect(pages[2]).toContain('CN 23');
    expect(pages[3]).toContain(n23b);
    const a4 = await pdfInfo(forms);
    expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([595, 842]);

    for (const id of ids) expect((await view(id)).status).toBe('Printed');
    const said = JSON.stringify((await call('GET', `/shipments/${ids[2]}/tracking`)).json());
    expect(said).toContain('Label printed on Dock Zebra and Office A4');
    expect(JSON.stringify((await call('GET', `/shipments/${ids[0]}/tracking`)).json())).not.toContain('Office A4');
  });

  it('a CN23 in the batch and no A4 printer → 503 naming every such shipment; nothing sent, nothing marked', async () => {
    expect((await chooseBoth('pdf', null)).statusCode).toBe(200);
    const cn22 = await createShipment(t, token, international(20));
    const cn23 = await createShipment(t, token, international(500));
    const cn23b = await createShipment(t, token, international(300));
    const ids = [cn22, cn23, cn23b].map((s) => s.shipmentId);
    const [zebraBefore, officeBefore] = [zebra.jobs.length, office.jobs.length];
    const res = await call('POST', '/labels/print', { shipmentIds: ids });
    expect(res.statusCode).toBe(503);
    const [n23, n23b] = [await numberOf(ids[1]!), await numberOf(ids[2]!)];
    expect(res.json().detail).toBe(
      `A4 printer: shipments ${n23}, ${n23b} need a CN23 and a commercial invoice on A4, and this desk has no A4 printer: choose one in Settings → Printers. Nothing was printed.`,
    );
    expect(res.json().shipments).toBe(`${n23}, ${n23b}`);
    expect([zebra.jobs.length, office.jobs.length]).toEqual([zebraBefore, officeBefore]);
    for (const id of ids) expect((await view(id)).status).toBe('Not Printed');
    // The single print says it the same way.
    const single = await call('POST', `/shipments/${ids[1]}/print`);
    expect(single.json().detail).toBe(
      `A4 printer: shipment ${n23} needs a CN23 and a commercial invoice on A4, and this desk has no A4 printer: choose one in Settings → Printers. Nothing was printed.`,
    );
    // Without a CN23 the batch needs no A4 printer.
    const arriving = zebra.nextJob();
    expect((await call('POST', '/labels/print', { shipmentIds: [ids[0]] })).statusCode).toBe(200);
    expect((await pdfPageTexts(await arriving)).map((p) => p.includes('CN 22'))).toEqual([false, false, true]);
  });

  it('an A4 printer that refuses → 503 naming it; nothing is marked, though the labels went', async () => {
    const closedPort = await freePort();
    await call('POST', '/printers', { address: `127.0.0.1:${closedPort}`, name: 'Jammed A4' });
    expect((await chooseBoth('pdf', `network:127.0.0.1:${closedPort}`)).statusCode).toBe(200);
    const cn23 = await createShipment(t, token, international(500));
    const labelsArriving = zebra.nextJob();
    const res = await call('POST', '/labels/print', { shipmentIds: [cn23.shipmentId] });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toContain('Jammed A4');
    // As the single print does, the labels went first; the shipment stays to be printed again.
    expect((await pdfInfo(await labelsArriving)).pages).toBe(2);
    expect((await view(cn23.shipmentId)).status).toBe('Not Printed');
  });

  it('an import as PDF: its CN22s in the label job, its CN23s to A4; its label route appends CN22s with includeCustoms', async () => {
    expect((await chooseBoth('pdf', officeId())).statusCode).toBe(200);
    const csv =
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,HS code,Description of goods,Cost,carrierServiceId\n' +
      'BC-1,Anna,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10,,,,101\n' +
      'BC-2,Jürgen,Unter den Linden 1,Berlin,10115,DE,1,30,20,10,610910,Cotton T-shirts,25,104\n' +
      'BC-3,Émile,1 Rue de Rivoli,Paris,75001,FR,1,30,20,10,610910,Wool coats,900,104';
    const imported = await upload(csv, 'carrierId=1&carrierServiceId=104');
    expect(imported.statusCode, imported.body).toBe(200);
    const { importId, rows } = imported.json() as { importId: number; rows: { status: string; shipmentId: string }[] };
    expect(
      rows.map((r) => r.status),
      JSON.stringify(rows),
    ).toEqual(['created', 'created', 'created']);

    const plain = Buffer.from((await call('GET', `/imports/${importId}/labels`)).json().base64String, 'base64');
    expect((await pdfInfo(plain)).pages).toBe(3);
    const withCn22 = await call('GET', `/imports/${importId}/labels?includeCustoms=true`);
    const withCn22Pdf = Buffer.from(withCn22.json().base64String, 'base64');
    expect((await pdfPageTexts(withCn22Pdf)).map((p) => p.includes('CN 22'))).toEqual([false, false, true, false]);
    // Fetching the labels printed them (§7): back to Not Printed is impossible, so a new import for the print.
    const again = await upload(csv.replaceAll('BC-', 'BD-'), 'carrierId=1&carrierServiceId=104');
    const second = again.json() as { importId: number; rows: { shipmentId: string }[] };
    const [labelsArriving, formsArriving] = [zebra.nextJob(), office.nextJob()];
    const res = await call('POST', `/imports/${second.importId}/print`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { customsForm?: string }) => r.customsForm ?? null)).toEqual([
      null,
      'CN22',
      'CN23',
    ]);
    const [labels, forms] = await Promise.all([labelsArriving, formsArriving]);
    const labelPages = await pdfPageTexts(labels);
    expect(labelPages.map((p) => p.includes('CN 22'))).toEqual([false, false, true, false]);
    expect(labelPages[2]).toContain('Cotton T-shirts');
    const info = await pdfInfo(labels);
    expect([info.width, info.height]).toEqual([288, 432]);
    const formPages = await pdfPageTexts(forms);
    expect(formPages).toHaveLength(2);
    expect(formPages[0]).toContain('Wool coats');
    expect(formPages[1]).toContain('COMMERCIAL INVOICE');
    for (const r of second.rows) expect((await view(r.shipmentId)).status).toBe('Printed');
  });

  it("a selection's label PDF for the window (POST /labels) appends each CN22 with includeCustoms, as the label route does", async () => {
    const cn22 = await createShipment(t, token, international(20));
    const cn23 = await createShipment(t, token, international(500));
    const domestic = await createShipment(t, token, shipmentRequest());
    const ids = [cn22, cn23, domestic].map((s) => s.shipmentId);
    const pagesOf = async (url: string) => {
      const res = await call('POST', url, { shipmentIds: ids });
      expect(res.statusCode, res.body).toBe(200);
      return pdfPageTexts(Buffer.from(res.json().base64String, 'base64'));
    };
    expect((await pagesOf('/labels')).map((p) => p.includes('CN 22'))).toEqual([false, false, false, false, false]);
    const pages = await pagesOf('/labels?includeCustoms=true');
    expect(pages.map((p) => p.includes('CN 22'))).toEqual([false, false, true, false, false, false]);
    expect(pages.join(' ')).not.toContain('CN 23');
    expect((await call('POST', '/labels?includeCustoms=maybe', { shipmentIds: ids })).statusCode).toBe(400);
  });
});
