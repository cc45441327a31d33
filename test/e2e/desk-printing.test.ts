/**
 * The desk prints through its printers (docs/contract.md §14/§15/§17), in headless Chromium against
 * the real station: the Import screen's "Print all labels" and the list's bulk print send
 * one ZPL job to the desk's label printer (a TCP listener) instead of the window; with no
 * label printer, a shipment that needs a CN23 gets it and its invoice on the A4 printer, or
 * as a second print through the window when there is none. Screenshots in test-results/screenshots/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort, type TestPrinter } from '../helpers/cups';
import { pdfPageTexts } from '../helpers/pdf';
import { zplBarcodes } from '../helpers/zpl';
import { allPrints, countAllPrints, deskForFile, signIn } from './station';
import { createAbroadByApi, DISPATCH } from './station-api';
import { callAsAdmin, setSenderAddress } from './station-api';
import {
  answerDidItPrint,
  checkImport,
  createImport,
  csvFile,
  detailStatus,
  screenshot,
  waitForText,
  waitUntil,
} from './ui';

const { station, page, pageErrors, printers } = await deskForFile({ printers: 2, timeout: 15_000 });
const [zebra, office] = printers as [TestPrinter, TestPrinter];

const CSV = [
  'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height',
  'DP-1,Ann Other,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10',
  'DP-2,Bob Baker,2 Oak Road,Leeds,XX1,GB,2,30,20,10',
  'DP-3,Chloé Dubois,3 Oak Road,Leeds,LS2 7EY,GB,1.5,30,20,10',
  'DP-4,Dan Evans,4 Oak Road,Leeds,LS6 2AB,GB,1,30,20,10',
].join('\n');

interface Overview {
  labelPrinter: { printerId: string | null };
}
const choose = (printerId: string | null, documentPrinterId: string | null) =>
  callAsAdmin<Overview>(station, 'PUT', '/printers/label-printer', {
    printerId,
    format: 'zpl',
    dpi: 203,
    pageSize: '4x6',
    documentPrinterId,
  });
const view = (id: string) =>
  callAsAdmin<{ status: string; shipmentNumber: string; shipmentPieces: { trackingNumber: string }[] }>(
    station,
    'GET',
    `/shipments/${id}`,
  );

beforeAll(async () => {
  await setSenderAddress(station);
  await callAsAdmin(station, 'POST', '/printers', { address: `127.0.0.1:${zebra.port}`, name: 'Dock Zebra' });
  await callAsAdmin(station, 'POST', '/printers', { address: `127.0.0.1:${office.port}`, name: 'Office laser' });
  await countAllPrints(page);
}, 90_000);

describe("the desk's label printer takes a batch as one job", () => {
  it("Import → Print all labels sends the import's labels as one ZPL job in row order; no window print", async () => {
    await choose(`network:127.0.0.1:${zebra.port}`, null);
    await signIn(page, station);
    await page.getByRole('link', { name: 'Import' }).click();
    await checkImport(page, csvFile(CSV), 'Dry run: 3 valid, 1 invalid, 0 skipped of 4 rows.');
    const body = await createImport(page);
    expect(body.created).toBe(3);
    const ids = body.rows.flatMap((r) => (r.shipmentId ? [r.shipmentId] : []));

    const job = zebra.nextJob();
    const printed = page.waitForResponse((r) => /\/imports\/\d+\/print$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Print all labels' }).click();
    expect((await printed).status()).toBe(200);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'Dock Zebra' }),
      'Printed: 3 labels on Dock Zebra (ZPL).',
    );
    const zpl = (await job).toString('latin1');
    const tracking: string[] = [];
    for (const id of ids) {
      const v = await view(id);
      expect(v.status).toBe('Printed');
      tracking.push(...v.shipmentPieces.map((p) => p.trackingNumber));
    }
    const pages = await zplBarcodes(zpl, 203);
    expect(pages.map((p) => p.find((x) => x.type === 'CODE-128')?.data)).toEqual(tracking);
    expect(await allPrints(page)).toBe(0);
    await screenshot(page, 'desk-printing-01-import-zpl');
  });

  it("the list's bulk print sends the selection as one job to the label printer", async () => {
    const made = [];
    for (const post of ['LS1 4AB', 'LS1 4AC'])
      made.push(
        await callAsAdmin<{ shipmentId: string; shipmentNumber: string }>(station, 'POST', '/shipments', {
          carrierId: 1,
          carrierServiceId: 101,
          collectionAddress: DISPATCH,
          deliveryAddress: {
            fullName: 'Eve Ford',
            addressLine1: '5 Oak Road',
            city: 'Leeds',
            postZipCode: post,
            countryTwoCharacterISOCode: 'GB',
          },
          shipmentPieces: [{ weight: 1, length: 30, width: 20, height: 10 }],
        }),
      );
    await page.goto(`${station.url}/#/shipments?status=Not+Printed`);
    await page.reload();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    for (const m of made) await page.getByRole('checkbox', { name: `Select ${m.shipmentNumber}` }).click();
    const before = zebra.jobs.length;
    const job = zebra.nextJob();
    await page.getByRole('button', { name: 'Print labels' }).click();
    const outcome = page.getByRole('list', { name: 'Outcome per shipment' });
    for (const m of made) await waitForText(outcome, `${m.shipmentNumber} ✓ 1 label sent to Dock Zebra`);
    const pages = await zplBarcodes((await job).toString('latin1'), 203);
    expect(pages).toHaveLength(2);
    expect(zebra.jobs.length).toBe(before + 1);
    for (const m of made) expect((await view(m.shipmentId)).status).toBe('Printed');
    expect(await allPrints(page)).toBe(0);
  });
});

describe('a batch print carries the customs forms (docs/contract.md §17)', () => {
  it("the list's bulk print: labels and CN22 to the label printer, CN23 and invoice to A4, said in one line", async () => {
    await choose(`network:127.0.0.1:${zebra.port}`, `network:127.0.0.1:${office.port}`);
    const cn22 = await createAbroadByApi(station, 40, { pieces: 2 });
    const cn23 = await createAbroadByApi(station, 480);
    await page.goto(`${station.url}/#/shipments?status=Not+Printed`);
    await page.reload();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    for (const m of [cn22, cn23]) await page.getByRole('checkbox', { name: `Select ${m.shipmentNumber}` }).click();
    const [labels, forms] = [zebra.nextJob(), office.nextJob()];
    await page.getByRole('button', { name: 'Print labels' }).click();
    await waitForText(
      page.getByRole('status').filter({ hasText: 'Printed:' }),
      'Printed: 3 labels, 1 CN22 on Dock Zebra (ZPL); 1 CN23 + invoice on Office laser.',
    );
    const outcome = page.getByRole('list', { name: 'Outcome per shipment' });
    await waitForText(outcome, `${cn22.shipmentNumber} ✓ 2 labels and its CN22 sent to Dock Zebra`);
    await waitForText(outcome, `${cn23.shipmentNumber} ✓ 1 label sent to Dock Zebra; CN23 + invoice to Office laser`);
    await screenshot(page, 'desk-printing-04-batch-customs');
    // What the printers took: the labels and the CN22 as ZPL, the CN23 and invoice as one A4 PDF.
    const zpl = (await labels).toString('latin1');
    expect(zpl.match(/\^XA/g)).toHaveLength(4);
    expect(zpl).toContain('CN 22');
    const [form, invoice] = await pdfPageTexts(await forms);
    expect(form).toContain('CN 23');
    expect(invoice).toContain('COMMERCIAL INVOICE');
    for (const m of [cn22, cn23]) expect((await view(m.shipmentId)).status).toBe('Printed');
    expect(await allPrints(page)).toBe(0);
  });
});

describe('a window-printing desk and customs (no label printer chosen)', () => {
  const cn23Shipment = () => createAbroadByApi(station, 480, { weight: 1.5 });

  it('labels through the window, the CN23 and invoice to the A4 printer; the status line says both', async () => {
    await choose(null, `network:127.0.0.1:${office.port}`);
    const s = await cn23Shipment();
    await page.goto(`${station.url}/#/shipments/${s.shipmentId}`);
    await waitForText(detailStatus(page), /^Not Printed$/);
    const calls = await allPrints(page);
    const forms = office.nextJob();
    await page.getByRole('button', { name: 'Print label' }).click();
    await waitForText(
      page.getByRole('status').filter({ hasText: 'CN23' }),
      'Label sent to the browser’s print dialog. CN23 and invoice sent to Office laser.',
    );
    await answerDidItPrint(page);
    await waitForText(detailStatus(page), /^Printed$/);
    const [cn23, invoice] = await pdfPageTexts(await forms);
    expect(cn23).toContain('CN 23');
    expect(invoice).toContain('COMMERCIAL INVOICE');
    // One window print: the labels.
    await waitUntil(
      'one print() call',
      () => allPrints(page),
      (n) => n === calls + 1,
    );
    await screenshot(page, 'desk-printing-02-cn23-to-a4');
  });

  it('an A4 printer that refuses: the label still counts as printed, and the line says the CN23 was not', async () => {
    const closed = await freePort();
    await callAsAdmin(station, 'POST', '/printers', { address: `127.0.0.1:${closed}`, name: 'Switched-off laser' });
    await choose(null, `network:127.0.0.1:${closed}`);
    const s = await cn23Shipment();
    await page.goto(`${station.url}/#/shipments/${s.shipmentId}`);
    await waitForText(detailStatus(page), /^Not Printed$/);
    await page.getByRole('button', { name: 'Print label' }).click();
    const line = await waitForText(
      page.getByRole('status').filter({ hasText: 'CN23' }),
      /^Label sent to the browser’s print dialog\. The CN23 and invoice were not printed: .*Switched-off laser/,
    );
    expect(line).not.toContain('The label was not printed');
    await answerDidItPrint(page);
    await waitForText(detailStatus(page), /^Printed$/);
  });

  it('with no A4 printer either, the CN23 and invoice are a second print through the window', async () => {
    await choose(null, null);
    const s = await cn23Shipment();
    await page.goto(`${station.url}/#/shipments/${s.shipmentId}`);
    await waitForText(detailStatus(page), /^Not Printed$/);
    const calls = await allPrints(page);
    const before = office.jobs.length;
    const customs = page.waitForResponse((r) =>
      new URL(r.url()).pathname.endsWith(`/shipments/${s.shipmentId}/customs`),
    );
    await page.getByRole('button', { name: 'Print label' }).click();
    expect((await customs).status()).toBe(200);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'CN23' }),
      'Label sent to the browser’s print dialog. CN23 and invoice opened to print on A4 (a second print: choose an A4 printer in the dialog).',
    );
    await waitUntil(
      'two print() calls: labels, then the A4 forms',
      () => allPrints(page),
      (n) => n === calls + 2,
    );
    expect(office.jobs.length).toBe(before);
    await screenshot(page, 'desk-printing-03-cn23-window');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
