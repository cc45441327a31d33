/**
 * A batch printed through the window still gets its CN23s (docs/contract.md §17), in headless
 * Chromium against the real station, with no label printer chosen: the list's bulk Print
 * sends every CN23 and invoice of the selection as one job to the A4 printer (a TCP
 * listener); the Import screen's "Print all labels" with no A4 printer opens them as one
 * second print through the window. Screenshots in test-results/screenshots/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPrinter } from '../helpers/cups';
import { pdfPageTexts } from '../helpers/pdf';
import { allPrints, countAllPrints, deskForFile, signIn } from './station';
import { createAbroadByApi } from './station-api';
import { callAsAdmin, setSenderAddress } from './station-api';
import { answerDidItPrint, checkImport, createImport, csvFile, screenshot, waitForText, waitUntil } from './ui';

const { station, page, pageErrors, printers } = await deskForFile({ printers: 1, timeout: 15_000 });
const [office] = printers as [TestPrinter];

/** No label printer: labels go through the window; the A4 printer given, or none. */
const windowDesk = (documentPrinterId: string | null) =>
  callAsAdmin(station, 'PUT', '/printers/label-printer', {
    printerId: null,
    format: 'pdf',
    dpi: 203,
    pageSize: '4x6',
    documentPrinterId,
  });
const view = (id: string) =>
  callAsAdmin<{ status: string; shipmentNumber: string }>(station, 'GET', `/shipments/${id}`);
/** An international shipment: a CN22 at a low value, a CN23 above GBP 270; the goods name its forms. */
const abroad = (cost: number, goods: string) => createAbroadByApi(station, cost, { goods });

beforeAll(async () => {
  await setSenderAddress(station);
  await callAsAdmin(station, 'POST', '/printers', { address: `127.0.0.1:${office.port}`, name: 'Office laser' });
  await countAllPrints(page);
  await signIn(page, station);
}, 90_000);

describe('a batch printed through the window gets its CN23s', () => {
  it("the list's bulk Print: labels through the window, every CN23 and invoice as ONE job on the A4 printer", async () => {
    await windowDesk(`network:127.0.0.1:${office.port}`);
    const lens = await abroad(480, 'Camera lens');
    const socks = await abroad(20, 'Cotton socks');
    const tripod = await abroad(900, 'Carbon tripod');
    const picked = [lens, socks, tripod];
    await page.goto(`${station.url}/#/shipments?status=Not+Printed`);
    await page.reload();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    for (const m of picked) await page.getByRole('checkbox', { name: `Select ${m.shipmentNumber}` }).click();
    const calls = await allPrints(page);
    const before = office.jobs.length;
    const forms = office.nextJob();
    await page.getByRole('button', { name: 'Print labels' }).click();
    await waitForText(
      page.getByRole('status').filter({ hasText: 'CN23' }),
      'Labels of 3 shipments sent to print. 2 CN23s and their invoices sent to Office laser.',
    );
    const outcome = page.getByRole('list', { name: 'Outcome per shipment' }).getByRole('listitem');
    const lines = () => outcome.allTextContents().then((all) => all.map((line) => line.replace(/\s+/g, ' ').trim()));
    await waitUntil('an outcome line per shipment', lines, (all) => all.length === 3);
    expect(await lines()).toEqual([
      `${lens.shipmentNumber} ✓ label sent to print; CN23 + invoice to Office laser`,
      `${socks.shipmentNumber} ✓ label sent to print`,
      `${tripod.shipmentNumber} ✓ label sent to print; CN23 + invoice to Office laser`,
    ]);
    await screenshot(page, 'window-customs-01-list-to-a4');
    // One A4 job: each CN23 then its invoice, in the selection's order; no CN22 on A4.
    const pages = await pdfPageTexts(await forms);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('CN 23');
    expect(pages[0]).toContain('Camera lens');
    expect(pages[1]).toContain('COMMERCIAL INVOICE');
    expect(pages[1]).toContain(lens.shipmentNumber);
    expect(pages[2]).toContain('Carbon tripod');
    expect(pages[3]).toContain(tripod.shipmentNumber);
    expect(pages.join(' ')).not.toContain('Cotton socks');
    expect(office.jobs.length).toBe(before + 1);
    // One window print: the labels (each CN22 with them).
    await waitUntil(
      'one print() call',
      () => allPrints(page),
      (n) => n === calls + 1,
    );
    for (const m of picked) expect((await view(m.shipmentId)).status).toBe('Not Printed');
    await answerDidItPrint(page);
    await waitUntil(
      'the selection marked Printed',
      () => Promise.all(picked.map(async (m) => (await view(m.shipmentId)).status)),
      (all) => all.every((s) => s === 'Printed'),
    );
  });

  it('Import → Print all labels with no A4 printer: the CN23s and invoices are ONE second print through the window', async () => {
    await windowDesk(null);
    const csv = [
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,HS code,Description of goods,Cost,carrierServiceId',
      'WC-1,Émile Zola,1 Rue de Rivoli,Paris,75001,FR,1,30,20,10,610910,Wool coats,900,104',
      'WC-2,Ann Other,1 Oak Road,Leeds,LS1 1UR,GB,1,30,20,10,,,,101',
      'WC-3,Jürgen Ölmüller,Unter den Linden 1,Berlin,10115,DE,1,30,20,10,610910,Cotton socks,25,104',
      'WC-4,Jürgen Ölmüller,Unter den Linden 1,Berlin,10115,DE,1,30,20,10,500710,Silk scarves,400,104',
    ].join('\n');
    await page.getByRole('link', { name: 'Import' }).click();
    await checkImport(page, csvFile(csv), 'Dry run: 4 valid, 0 invalid, 0 skipped of 4 rows.');
    const body = await createImport(page);
    expect(body.created).toBe(4);
    const numbers = await Promise.all(body.rows.map(async (r) => (await view(r.shipmentId!)).shipmentNumber));

    const calls = await allPrints(page);
    const before = office.jobs.length;
    const fetched = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/labels/customs'));
    await page.getByRole('button', { name: 'Print all labels' }).click();
    const response = await fetched;
    expect(response.status()).toBe(200);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'CN23' }),
      'Labels sent to print. 2 CN23s and their invoices opened to print on A4 (a second print: choose an A4 printer in the dialog).',
    );
    await screenshot(page, 'window-customs-02-import-second-print');
    await waitUntil(
      'two print() calls: the labels, then the A4 forms',
      () => allPrints(page),
      (n) => n === calls + 2,
    );
    // The second print's PDF: the import's CN23s and invoices in row order.
    const pages = await pdfPageTexts(
      Buffer.from(((await response.json()) as { base64String: string }).base64String, 'base64'),
    );
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('Wool coats');
    expect(pages[1]).toContain(numbers[0]);
    expect(pages[2]).toContain('Silk scarves');
    expect(pages[3]).toContain(numbers[3]);
    expect(office.jobs.length).toBe(before);
  });

  it('a batch with no CN23 prints its labels and nothing more', async () => {
    await windowDesk(`network:127.0.0.1:${office.port}`);
    const socks = await abroad(20, 'Cotton socks');
    await page.goto(`${station.url}/#/shipments?status=Not+Printed`);
    await page.reload();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${socks.shipmentNumber}` }).click();
    const calls = await allPrints(page);
    const before = office.jobs.length;
    await page.getByRole('button', { name: 'Print labels' }).click();
    await waitForText(
      page.getByRole('status').filter({ hasText: 'sent to print' }),
      'Labels of 1 shipment sent to print.',
    );
    expect(await allPrints(page)).toBe(calls + 1);
    expect(office.jobs.length).toBe(before);
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
