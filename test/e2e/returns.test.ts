/**
 * Returns on a shipment's page (docs/contract.md §23), in headless Chromium against the real
 * station: "Create return" prints the return's label on the desk's label printer (a TCP
 * listener), or saves it as a PDF for the customer; both shipments link to each other, and
 * the list shows returns only. A desk that asks before a reprint asks. Screenshots at
 * 1280×720 and 1024×768 in test-results/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPrinter } from '../helpers/cups';
import { pdfBarcodes, pdfText } from '../helpers/pdf';
import { zplBarcodes } from '../helpers/zpl';
import { type Desk, deskPage, signIn, startDesk } from './station';
import { callAsAdmin, createByApi } from './station-api';
import { detailStatus, screenshot, waitForText, waitUntil } from './ui';

let desk: Desk | undefined;
let page: Page;
let zebra: TestPrinter;
const pageErrors: string[] = [];

interface Detail {
  shipmentNumber: string;
  status: string;
  returnOf?: string;
  returns?: string[];
  referenceOne: string;
  shipmentPieces: { trackingNumber: string }[];
}
const view = (id: string) => callAsAdmin<Detail>(desk!.station, 'GET', `/shipments/${id}`);
/** The shipment a detail page shows: its id from the address. */
const shownId = (p: Page) => decodeURIComponent(new URL(p.url()).hash.replace('#/shipments/', ''));

beforeAll(async () => {
  desk = await startDesk({ printers: 1 });
  [zebra] = desk.printers as [TestPrinter];
  await callAsAdmin(desk.station, 'POST', '/printers', { address: `127.0.0.1:${zebra.port}`, name: 'Dock Zebra' });
  await callAsAdmin(desk.station, 'PUT', '/printers/label-printer', {
    printerId: `network:127.0.0.1:${zebra.port}`,
    format: 'zpl',
    dpi: 203,
    pageSize: '4x6',
  });
  page = await deskPage(desk.browser, pageErrors, 15_000);
}, 90_000);
afterAll(() => desk?.stop());

describe('Create return on a shipment’s page', () => {
  it('prints the return’s label now, opens the return, and links it to the original both ways', async () => {
    const original = await createByApi(desk!.station, 'LS1 4AB', 'Ann Other');
    await signIn(page, desk!.station, {
      path: `/#/shipments/${original.shipmentId}`,
      landsOn: original.shipmentNumber,
    });
    await page.getByRole('button', { name: 'Create return' }).click();
    const dialog = page.getByRole('dialog', { name: `Return of ${original.shipmentNumber}` });
    await dialog.waitFor();
    await waitUntil(
      'the return service offered',
      () => dialog.getByLabel('Return service').locator('option').allTextContents(),
      (options) => options.join() === 'Returns',
    );
    expect(await dialog.getByLabel('Return reference').getAttribute('placeholder')).toBe(
      `RMA-${original.shipmentNumber}`,
    );
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'return-dialog-1280x720');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'return-dialog-1024x768');

    const job = zebra.nextJob();
    await dialog.getByRole('button', { name: 'Create return' }).click();
    await waitUntil(
      'the return’s page',
      async () => shownId(page),
      (id) => id !== original.shipmentId,
    );
    const returnId = shownId(page);
    await waitForText(page.getByRole('status').filter({ hasText: 'Dock Zebra' }), 'Label sent to Dock Zebra');
    await waitForText(detailStatus(page), 'Printed');
    const back = await view(returnId);
    expect(back).toMatchObject({ returnOf: original.shipmentId, referenceOne: `RMA-${original.shipmentNumber}` });
    const [codes] = await zplBarcodes((await job).toString('latin1'), 203);
    expect(codes!.find((c) => c.type === 'CODE-128')?.data).toBe(back.shipmentPieces[0]!.trackingNumber);
    await waitForText(page.getByTestId('return-of'), `return of ${original.shipmentNumber}`);
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'return-printed-1280x720');

    await page.getByTestId('return-of').getByRole('link').click();
    await waitForText(page.getByTestId('returns'), `return ${back.shipmentNumber}`);
    expect((await view(original.shipmentId)).returns).toEqual([returnId]);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('saves the return’s label as a PDF for the customer, with its own reference, leaving it Not Printed', async () => {
    const original = await createByApi(desk!.station, 'LS1 4AC', 'Bea Other');
    await page.goto(`${desk!.station.url}/#/shipments/${original.shipmentId}`);
    await page.getByRole('heading', { name: original.shipmentNumber, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create return' }).click();
    const dialog = page.getByRole('dialog', { name: `Return of ${original.shipmentNumber}` });
    await dialog.getByLabel('Return reference').fill('CUSTOMER-RMA-5');
    await dialog.getByRole('radio', { name: /Save as PDF/ }).check();
    const sent = zebra.jobs.length;
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Create return' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^SS\d{8}-return-label\.pdf$/);
    const pdf = await readFile((await file.path())!);
    await waitUntil(
      'the return’s page',
      async () => shownId(page),
      (id) => id !== original.shipmentId,
    );
    await waitForText(page.getByRole('status').filter({ hasText: 'saved as' }), file.suggestedFilename());
    const back = await view(shownId(page));
    expect(back).toMatchObject({
      status: 'Not Printed',
      referenceOne: 'CUSTOMER-RMA-5',
      returnOf: original.shipmentId,
    });
    expect(await pdfText(pdf)).toContain('CUSTOMER-RMA-5');
    const [codes] = await pdfBarcodes(pdf);
    expect(codes!.map((c) => c.data)).toContain(back.shipmentPieces[0]!.trackingNumber);
    expect(zebra.jobs.length).toBe(sent);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('lists returns only when the list is asked to', async () => {
    await page.goto(`${desk!.station.url}/#/shipments`);
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await page.getByRole('checkbox', { name: 'Returns only' }).check();
    await waitUntil(
      'returns only',
      () => page.locator('table tbody tr').count(),
      (rows) => rows === 2,
    );
    const shown = await page.locator('table tbody').textContent();
    expect(shown).toContain('RMA-SS');
    expect(shown).toContain('CUSTOMER-RMA-5');
    expect(page.url()).toContain('returns=1');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'returns-list-1280x720');
  }, 60_000);

  it('asks before printing a label printed as often as the desk says, and prints only when told to', async () => {
    const s = await createByApi(desk!.station, 'LS1 4AD', 'Cal Other');
    await callAsAdmin(desk!.station, 'POST', `/shipments/${s.shipmentId}/print`);
    await page.goto(`${desk!.station.url}/#/settings`);
    await page.getByRole('checkbox', { name: /Ask before printing a label again/ }).check();
    await page.getByRole('spinbutton', { name: /Ask when it was printed/ }).fill('1');
    await page.goto(`${desk!.station.url}/#/shipments/${s.shipmentId}`);
    await page.getByRole('heading', { name: s.shipmentNumber, level: 1 }).waitFor();
    const sent = zebra.jobs.length;
    await page.getByRole('button', { name: 'Print label' }).click();
    const question = page.getByRole('dialog', { name: `Print ${s.shipmentNumber} again?` });
    await waitForText(question, 'printed 1×');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'reprint-question-1024x768');
    await question.getByRole('button', { name: 'Don’t print' }).click();
    expect(zebra.jobs.length).toBe(sent);
    const job = zebra.nextJob();
    await page.getByRole('button', { name: 'Print label' }).click();
    await question.getByRole('button', { name: 'Print again' }).click();
    await job;
    await waitForText(page.getByTestId('print-count'), 'printed 2×');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
