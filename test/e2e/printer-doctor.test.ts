/**
 * Settings → Printers in headless Chromium against the real station (`serve`, built): add a
 * network label printer (a TCP listener here), make it the label printer for ZPL at 203 dpi,
 * print a test page — the bytes arrive and scan — and see a refusing printer's reason as the
 * last job. Screenshots land in test-results/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestPrinter, type TestPrinter } from '../helpers/cups';
import { zplBarcodes } from '../helpers/zpl';
import { launchBrowser, startStation, type RunningStation, signIn } from './station';
import { screenshot, waitForText } from './ui';

let station: RunningStation;
let browser: Browser;
let page: Page;
let printer: TestPrinter;
const pageErrors: string[] = [];
const doctor = () => page.locator('section', { has: page.getByRole('heading', { name: 'Printers' }) });

beforeAll(async () => {
  [station, browser, printer] = await Promise.all([startStation(), launchBrowser(), startTestPrinter()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await station?.stop();
  await printer?.close();
});

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
    await page.getByRole('button', { name: 'Save label printer' }).click();
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
    await doctor().getByRole('combobox', { name: 'Label printer', exact: true }).selectOption({ label: 'Switched-off Zebra' });
    await page.getByRole('button', { name: 'Save label printer' }).click();
    await page.getByRole('button', { name: 'Print test page' }).click();
    await waitForText(page.getByTestId('last-job'), 'refused the connection');
    expect(await page.getByRole('alert').first().textContent()).toMatch(/Switched-off Zebra/);
    await screenshot(page, 'printers-02-refused');
    expect(pageErrors).toEqual([]);
  });
});
