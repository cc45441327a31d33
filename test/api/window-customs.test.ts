/**
 * A batch printed through the window (no label printer) still gets its CN23s (docs/contract.md §17):
 * `POST /labels/customs` gives every CN23 and commercial invoice of a selection or of imports
 * as one A4 PDF for a second window print; `POST /labels/customs/print` sends it as one job
 * to the desk's A4 printer. A TCP listener stands in for the A4 printer; what arrives is read.
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/cups';
import { pdfInfo, pdfPageTexts } from '../helpers/pdf';
import { createShipment, internationalRequest, piece, shipmentRequest, stationWithPrinter } from '../helpers/station';

// An import's rows ship from the station's sender address, which stationWithPrinter sets.
const { t, token, call, upload, printer: office } = await stationWithPrinter('Office A4');
const view = async (id: string) => (await call('GET', `/shipments/${id}`)).json();
/** A window-printing desk: no label printer; its A4 printer, or none. */
const windowDesk = async (documentPrinterId: string | null) =>
  expect(
    (
      await call('PUT', '/printers/label-printer', {
        printerId: null,
        format: 'pdf',
        dpi: 203,
        pageSize: '4x6',
        documentPrinterId,
      })
    ).statusCode,
  ).toBe(200);
const officeId = () => `network:127.0.0.1:${office.port}`;
/** CN22 at a low value, CN23 above GBP 270; the goods name each shipment's forms. */
const international = (cost: number, goods: string) =>
  internationalRequest({ cost, descriptionOfGoods: goods, shipmentPieces: [piece({ weight: 1 })] });
const pdfOf = (base64: string) => Buffer.from(base64, 'base64');

/** Each CN23 page then its invoice page, for the goods and shipment numbers given, in order. */
function expectFormsInOrder(pages: string[], expected: { goods: string; number: string }[]) {
  expect(pages).toHaveLength(expected.length * 2);
  expected.forEach(({ goods, number }, i) => {
    expect(pages[2 * i]).toContain('CN 23');
    expect(pages[2 * i]).toContain(goods);
    expect(pages[2 * i + 1]).toContain('COMMERCIAL INVOICE');
    expect(pages[2 * i + 1]).toContain(number);
  });
  for (const p of pages) expect(p).not.toContain('CN 22');
}

describe('a selection printed through the window', () => {
  it('every CN23 and invoice in the order given, as ONE job on the A4 printer; the status stays', async () => {
    await windowDesk(officeId());
    const cn23 = await createShipment(t, token, international(500, 'Wool coats'));
    const cn22 = await createShipment(t, token, international(20, 'Cotton socks'));
    const domestic = await createShipment(t, token, shipmentRequest());
    const cn23b = await createShipment(t, token, international(900, 'Silk scarves'));
    const ids = [cn23b, cn22, domestic, cn23].map((s) => s.shipmentId);

    const forms = await call('POST', '/labels/customs', { shipmentIds: ids });
    expect(forms.statusCode, forms.body).toBe(200);
    expect(forms.json().shipments).toEqual([
      { shipmentId: cn23b.shipmentId, shipmentNumber: cn23b.shipmentNumber },
      { shipmentId: cn23.shipmentId, shipmentNumber: cn23.shipmentNumber },
    ]);

    const before = office.jobs.length;
    const arriving = office.nextJob();
    const res = await call('POST', '/labels/customs/print', { shipmentIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, printer: 'Office A4', printerId: officeId() });
    expect(res.json().shipments).toEqual(forms.json().shipments);
    const job = await arriving;
    expect(office.jobs.length).toBe(before + 1);
    // The job is the very PDF a window print opens.
    expect(job.equals(pdfOf(forms.json().base64String))).toBe(true);
    expectFormsInOrder(await pdfPageTexts(job), [
      { goods: 'Silk scarves', number: cn23b.shipmentNumber },
      { goods: 'Wool coats', number: cn23.shipmentNumber },
    ]);
    const a4 = await pdfInfo(job);
    expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([595, 842]);
    // The labels are what make a shipment Printed, not its forms.
    for (const id of ids) expect((await view(id)).status).toBe('Not Printed');
  });

  it('no CN23 in the batch: nothing sent, no A4 printer needed, an empty document', async () => {
    await windowDesk(null);
    const cn22 = await createShipment(t, token, international(20, 'Cotton socks'));
    const domestic = await createShipment(t, token, shipmentRequest());
    const body = { shipmentIds: [cn22.shipmentId, domestic.shipmentId] };
    const before = office.jobs.length;
    const res = await call('POST', '/labels/customs/print', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, shipments: [] });
    const forms = await call('POST', '/labels/customs', body);
    expect(forms.json()).toEqual({ format: 'pdf', base64String: '', shipments: [] });
    await windowDesk(officeId());
    expect((await call('POST', '/labels/customs/print', body)).json()).toEqual({ success: true, shipments: [] });
    expect(office.jobs.length).toBe(before);
  });

  it('a CN23 and no A4 printer → 503 naming every such shipment, the forms still there for the window', async () => {
    await windowDesk(null);
    const cn23 = await createShipment(t, token, international(500, 'Wool coats'));
    const cn23b = await createShipment(t, token, international(300, 'Silk scarves'));
    const body = { shipmentIds: [cn23.shipmentId, cn23b.shipmentId] };
    const before = office.jobs.length;
    const res = await call('POST', '/labels/customs/print', body);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toBe(
      `A4 printer: shipments ${cn23.shipmentNumber}, ${cn23b.shipmentNumber} need a CN23 and a commercial invoice on A4, and this desk has no A4 printer: choose one in Settings → Printers. Nothing was printed.`,
    );
    expect(office.jobs.length).toBe(before);
    const forms = await call('POST', '/labels/customs', body);
    expectFormsInOrder(await pdfPageTexts(pdfOf(forms.json().base64String)), [
      { goods: 'Wool coats', number: cn23.shipmentNumber },
      { goods: 'Silk scarves', number: cn23b.shipmentNumber },
    ]);
  });

  it('an A4 printer that refuses → 503 naming it', async () => {
    const closedPort = await freePort();
    await call('POST', '/printers', { address: `127.0.0.1:${closedPort}`, name: 'Jammed A4' });
    await windowDesk(`network:127.0.0.1:${closedPort}`);
    const cn23 = await createShipment(t, token, international(500, 'Wool coats'));
    const res = await call('POST', '/labels/customs/print', { shipmentIds: [cn23.shipmentId] });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toContain('Jammed A4');
  });

  it('none with a label → 409; both, neither or an empty list → 400 naming the fields', async () => {
    await windowDesk(officeId());
    const cancelled = await createShipment(t, token, international(500, 'Wool coats'));
    expect((await call('DELETE', `/shipments/${cancelled.shipmentId}`)).statusCode).toBe(200);
    const before = office.jobs.length;
    for (const url of ['/labels/customs', '/labels/customs/print']) {
      const none = await call('POST', url, {
        shipmentIds: [cancelled.shipmentId, '00000000-0000-4000-8000-000000000000'],
      });
      expect(none.statusCode, url).toBe(409);
      expect(none.json().detail).toContain('no shipment with a label');
      const both = await call('POST', url, { shipmentIds: [cancelled.shipmentId], importIds: [1] });
      expect(both.statusCode).toBe(400);
      expect(Object.keys(both.json())).toEqual(expect.arrayContaining(['shipmentIds', 'importIds']));
      expect(both.json().detail).toBe('Give shipmentIds or importIds: exactly one of them.');
      const neither = await call('POST', url, {});
      expect(neither.statusCode).toBe(400);
      expect(Object.keys(neither.json())).toEqual(expect.arrayContaining(['shipmentIds', 'importIds']));
      const bad = await call('POST', url, { shipmentIds: [], importIds: [0] });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['shipmentIds', 'importIds[0]']));
    }
    expect(office.jobs.length).toBe(before);
  });
});

describe('imports printed through the window', () => {
  const importCsv = async (prefix: string, rows: string[]) => {
    const csv =
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,HS code,Description of goods,Cost,carrierServiceId\n' +
      rows.map((r, i) => `${prefix}-${i + 1},${r}`).join('\n');
    const res = await upload(csv, 'carrierId=1&carrierServiceId=104');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { importId: number; rows: { status: string; shipmentId?: string }[] };
  };
  const coats = 'Émile,1 Rue de Rivoli,Paris,75001,FR,1,30,20,10,610910,Wool coats,900,104';
  const socks = 'Jürgen,Unter den Linden 1,Berlin,10115,DE,1,30,20,10,610910,Cotton socks,25,104';
  const domestic = 'Anna,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10,,,,101';
  const scarves = 'Jürgen,Unter den Linden 1,Berlin,10115,DE,1,30,20,10,500710,Silk scarves,400,104';
  const bad = 'Bad,1 Oak Road,Leeds,XX,GB,1,30,20,10,,,,101';

  it("every CN23 and invoice of the imports, each import's in row order, as ONE A4 job", async () => {
    await windowDesk(officeId());
    const first = await importCsv('WC', [scarves, domestic, socks, coats]);
    const second = await importCsv('WD', [bad, coats]);
    expect(first.rows.map((r) => r.status)).toEqual(['created', 'created', 'created', 'created']);
    const numbers = async (rows: { shipmentId?: string }[]) =>
      Promise.all(rows.map(async (r) => (await view(r.shipmentId!)).shipmentNumber as string));
    const [n1, , , n4] = await numbers(first.rows);
    const [n5] = await numbers([second.rows[1]!]);
    const body = { importIds: [first.importId, second.importId] };

    const arriving = office.nextJob();
    const res = await call('POST', '/labels/customs/print', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipments.map((s: { shipmentNumber: string }) => s.shipmentNumber)).toEqual([n1, n4, n5]);
    expectFormsInOrder(await pdfPageTexts(await arriving), [
      { goods: 'Silk scarves', number: n1! },
      { goods: 'Wool coats', number: n4! },
      { goods: 'Wool coats', number: n5! },
    ]);
    // The window's document is the same, in the same order.
    const forms = await call('POST', '/labels/customs', body);
    expect(forms.json().shipments).toEqual(res.json().shipments);
    expect((await pdfPageTexts(pdfOf(forms.json().base64String))).length).toBe(6);
  });

  it('an import with no CN23 sends nothing; one that created nothing → 409; an unknown one → 404', async () => {
    await windowDesk(officeId());
    const plain = await importCsv('WE', [domestic, socks]);
    const before = office.jobs.length;
    const res = await call('POST', '/labels/customs/print', { importIds: [plain.importId] });
    expect(res.json()).toEqual({ success: true, shipments: [] });
    const nothing = await importCsv('WF', [bad]);
    expect((await call('POST', '/labels/customs/print', { importIds: [nothing.importId] })).statusCode).toBe(409);
    expect((await call('POST', '/labels/customs', { importIds: [999999] })).statusCode).toBe(404);
    expect(office.jobs.length).toBe(before);
  });
});
