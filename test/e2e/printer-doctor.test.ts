/**
 * Settings → Printers in headless Chromium against the real station (`serve`, built): add a
 * network label printer (a TCP listener here), make it the label printer for ZPL at 203 dpi,
 * print a test page — the bytes arrive and scan — and see a refusing printer's reason as the
 * last job; choose an A4 printer (another listener) and print a shipment that needs a CN23
 * from its page: the labels go to the label printer, the CN23 and invoice PDF to the A4 one.
 * Screenshots land in test-results/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { freePort, type TestPrinter } from '../helpers/cups';
import { pdfPageTexts } from '../helpers/pdf';
import { zplBarcodes } from '../helpers/zpl';
import { deskForFile, signIn } from './station';
import { callAsAdmin, createAbroadByApi } from './station-api';
import { detailStatus, screenshot, waitForText } from './ui';

const { station, page, pageErrors, printers } = await deskForFile({
  printers: 2,
  viewport: { width: 1280, height: 900 },
});
const [printer, office] = printers as [TestPrinter, TestPrinter];
const doctor = () => page.locator('section', { has: page.getByRole('heading', { name: 'Printers' }) });

describe('the printer doctor', () => {
  it('adds a network printer, makes it the ZPL label printer and prints a test page that arrives', async () => {
    await signIn(page, station);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Printers' }).waitFor();

    await page.getByLabel('Network printer address').fill(`127.0.0.1:${printer.port}`);
    await page.getByLabel('Name (optional)').fill('Dock Zebra');
    await page.getByRole('button', { name: 'Add printer' }).click();
    const list = page.getByRole('list', { name: 'Printers of this desk' });
    await waitForText(list, `Dock Zebra network, 127.0.0.1:${printer.port}`);

    await doctor().getByRole('combobox', { name: 'Label printer', exact: true }).selectOption({ label: 'Dock Zebra' });
    await doctor().getByRole('combobox', { name: 'Format' }).selectOption('zpl');
    await doctor().getByRole('combobox', { name: 'Printer resolution' }).selectOption('203');
    await page.getByRole('button', { name: 'Save printers' }).click();
    await page.getByRole('button', { name: 'Print test page' }).and(page.locator(':not([disabled])')).waitFor();

    const arriving = printer.nextJob();
    await page.getByRole('button', { name: 'Print test page' }).click();
    await waitForText(doctor(), 'Test page sent to Dock Zebra as ZPL at 203 dpi');
    const zpl = (await arriving).toString('latin1');
    const [symbols] = await zplBarcodes(zpl, 203);
    expect(symbols!.map((s) => s.data)).toContain('TEST 203 DPI');
    await waitForText(page.getByTestId('last-job'), 'taken by the printer');
    await screenshot(page, 'printers-01-test-page-sent');
  });

  it('shows why a printer that refuses the connection did not print', async () => {
    const closed = await freePort();
    await page.getByLabel('Network printer address').fill(`127.0.0.1:${closed}`);
    await page.getByLabel('Name (optional)').fill('Switched-off Zebra');
    await page.getByRole('button', { name: 'Add printer' }).click();
    await waitForText(page.getByRole('list', { name: 'Printers of this desk' }), 'Switched-off Zebra');
    await doctor()
      .getByRole('combobox', { name: 'Label printer', exact: true })
      .selectOption({ label: 'Switched-off Zebra' });
    await page.getByRole('button', { name: 'Save printers' }).click();
    await page.getByRole('button', { name: 'Print test page' }).click();
    await waitForText(page.getByTestId('last-job'), 'refused the connection');
    expect(await page.getByRole('alert').first().textContent()).toMatch(/Switched-off Zebra/);
    await screenshot(page, 'printers-02-refused');
    expect(pageErrors).toEqual([]);
  });

  it('chooses an A4 printer; a shipment that needs a CN23 prints its labels there and its CN23 and invoice on the A4 printer', async () => {
    await page.getByLabel('Network printer address').fill(`127.0.0.1:${office.port}`);
    await page.getByLabel('Name (optional)').fill('Office laser');
    await page.getByRole('button', { name: 'Add printer' }).click();
    await waitForText(page.getByRole('list', { name: 'Printers of this desk' }), 'Office laser');
    await doctor().getByRole('combobox', { name: 'Label printer', exact: true }).selectOption({ label: 'Dock Zebra' });
    await doctor().getByRole('combobox', { name: 'A4 printer' }).selectOption({ label: 'Office laser' });
    await page.getByRole('button', { name: 'Save printers' }).click();
    await page.getByRole('button', { name: 'Print test page' }).and(page.locator(':not([disabled])')).waitFor();
    const saved = await callAsAdmin<{ labelPrinter: { documentPrinterId: string | null } }>(
      station,
      'GET',
      '/printers',
    );
    expect(saved.labelPrinter.documentPrinterId).toBe(`network:127.0.0.1:${office.port}`);
    await screenshot(page, 'printers-03-a4-printer');

    const created = await createAbroadByApi(station, 480, { weight: 1.5 });
    await page.goto(`${station.url}/#/shipments/${created.shipmentId}`);
    await waitForText(detailStatus(page), /^Not Printed$/);
    const labels = printer.nextJob();
    const forms = office.nextJob();
    await page.getByRole('button', { name: 'Print label' }).click();
    await waitForText(page.locator('main'), 'CN23 and invoice sent to Office laser');
    await waitForText(detailStatus(page), /^Printed$/);
    expect((await labels).toString('latin1')).toMatch(/^\^XA/);
    const [cn23, invoice] = await pdfPageTexts(await forms);
    expect(cn23).toContain('CN 23');
    expect(invoice).toContain('COMMERCIAL INVOICE');
    await screenshot(page, 'printers-04-cn23-printed');
    expect(pageErrors).toEqual([]);
  });
});
