/**
 * The End of day screen in headless Chromium against the real station (`npm run serve`):
 * the counts per carrier, the warning that leads to the Not Printed shipments, Enter
 * closing the day and printing the manifest, and an earlier manifest printed again.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, deskPage, printCalls as printCallsOn, type RunningStation, signIn, startDesk } from './station';
import { apiToken } from './station-api';
import { screenshot, textOf, waitForText, waitUntil } from './ui';

let station: RunningStation;
let browser: Browser;
let desk: Desk | undefined;
let page: Page;
let token: string;
const pageErrors: string[] = [];

async function call(method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${station.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function shipment(print: boolean): Promise<string> {
  const address = (name: string, city: string, post: string) => ({
    fullName: name,
    addressLine1: '1 High Street',
    city,
    postZipCode: post,
    countryTwoCharacterISOCode: 'GB',
  });
  const response = await call('POST', '/shipments', {
    carrierId: 1,
    carrierServiceId: 101,
    collectionAddress: address('Dispatch', 'Leeds', 'LS1 1BA'),
    deliveryAddress: address('Ann Other', 'London', 'SW1A 1AA'),
    shipmentPieces: [{ weight: 1.5, length: 30, width: 20, height: 10 }],
  });
  expect(response.status).toBe(200);
  const { shipmentId } = (await response.json()) as { shipmentId: string };
  if (print) expect((await call('GET', `/shipments/${shipmentId}/label`)).status).toBe(200);
  return shipmentId;
}

/** print() calls on this page and in the newest print frame (each print makes a new frame). */
const printCalls = () => printCallsOn(page, 'iframe[data-label-print]:not([data-seen])');

beforeAll(async () => {
  desk = await startDesk();
  ({ station, browser } = desk);
  token = await apiToken(station);
  page = await deskPage(browser, pageErrors);
});

afterAll(() => desk?.stop());

describe('the End of day screen', () => {
  const printed: string[] = [];
  it('shows per carrier the Printed shipments waiting and warns of those Not Printed, with a link to them', async () => {
    printed.push(await shipment(true), await shipment(true), await shipment(true));
    await shipment(false);
    await signIn(page, station);
    await page.getByRole('link', { name: 'End of day' }).click();
    await page.getByRole('heading', { name: 'End of day', level: 1 }).waitFor();

    const swift = page.getByTestId('carrier-1');
    await waitForText(swift, 'Swift Parcels');
    const cells = swift.locator('td');
    expect(await textOf(cells.nth(0))).toBe('3');
    const warning = swift.getByRole('link', { name: /1 shipment not printed/ });
    expect(await warning.getAttribute('href')).toBe('#/shipments?status=Not+Printed');
    expect(await textOf(page.getByTestId('carrier-2').locator('td').nth(0))).toBe('0');
    expect(await page.getByTestId('carrier-2').getByRole('button').isDisabled()).toBe(true);
    await screenshot(page, 'eod-01-waiting');
  });

  it('closes the day and prints the manifest with one key, Enter', async () => {
    const close = page.getByRole('button', { name: 'Close day and print manifest for Swift Parcels' });
    await waitUntil(
      'the close button focused',
      () => close.evaluate((b) => b === document.activeElement),
      (v) => v,
    );
    const made = page.waitForResponse((r) => r.url().endsWith('/manifests') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    const response = await made;
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as { manifestNumber: string; shipments: { shipmentId: string }[] };
    expect(manifest.manifestNumber).toBe('MF00000001');
    expect(manifest.shipments.map((s) => s.shipmentId).sort()).toEqual([...printed].sort());
    await waitUntil('a print() call', printCalls, (n) => n === 1);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'MF00000001' }),
      'Manifest MF00000001 for Swift Parcels: 3 shipments, 3 pieces. Sent to print.',
    );
    await waitForText(page.getByTestId('carrier-1').locator('td').nth(0), /^0$/);
    for (const id of printed) {
      expect(((await (await call('GET', `/shipments/${id}`)).json()) as { status: string }).status).toBe('Manifested');
    }
    const row = page.getByRole('table', { name: 'Manifests' }).getByRole('row', { name: /MF00000001/ });
    await waitForText(row, 'Swift Parcels');
    expect(await textOf(row)).toMatch(/admin\s*3\s*3\s*4\.5/);
    await screenshot(page, 'eod-02-closed');
  });

  it('prints an earlier manifest again', async () => {
    const before = await page.evaluate(() => {
      document.querySelectorAll('iframe[data-label-print]').forEach((f) => f.setAttribute('data-seen', ''));
      return (window as Window & { __printCalls?: number }).__printCalls ?? 0;
    });
    const fetched = page.waitForResponse((r) => r.url().endsWith('/manifests/1'));
    await page.getByRole('button', { name: 'Print again MF00000001' }).click();
    expect((await fetched).status()).toBe(200);
    await waitUntil('a second print() call', printCalls, (n) => n === before + 1);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'again' }),
      'Manifest MF00000001 sent to print again.',
    );
  });

  it('leads from the warning to the Not Printed shipments', async () => {
    await page
      .getByTestId('carrier-1')
      .getByRole('link', { name: /not printed/ })
      .click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await waitForText(page.locator('.page-sub'), '1 shipment');
  });

  it('selects rows by keyboard and mouse in the list, prints them in one job and manifests them, a result per shipment', async () => {
    const made = [await shipment(false), await shipment(false), await shipment(false)];
    await page.goto(`${station.url}/#/shipments?status=Not+Printed`);
    await page.reload(); // the list was open at this address already: load it afresh
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    const rows = page.getByRole('table', { name: 'Shipments' }).locator('tbody tr');
    await waitUntil(
      'four Not Printed rows',
      () => rows.count(),
      (n) => n === 4,
    );
    const numbers: string[] = [];
    for (const id of made)
      numbers.push(
        ((await (await call('GET', `/shipments/${id}`)).json()) as { shipmentNumber: string }).shipmentNumber,
      );
    // Keyboard: the first row focused, Space selects it, ↓ and Space the next; the mouse, a third.
    await page.locator(`tr[data-shipment-no="${numbers[2]}"]`).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: `Select ${numbers[0]}` }).click();
    await waitForText(page.getByRole('region', { name: 'Selected shipments' }), '3 shipments selected');
    await screenshot(page, 'bulk-01-selected');

    const labels = page.waitForResponse((r) => r.url().endsWith('/labels') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Print labels' }).click();
    const results = ((await (await labels).json()) as { results: { ok: boolean }[] }).results;
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    const outcome = page.getByRole('list', { name: 'Outcome per shipment' });
    for (const n of [numbers[2]!, numbers[1]!, numbers[0]!]) await waitForText(outcome, `${n} ✓ label sent to print`);
    for (const id of made)
      expect(((await (await call('GET', `/shipments/${id}`)).json()) as { status: string }).status).toBe('Printed');

    await page.getByRole('button', { name: 'Add to manifest' }).click();
    for (const n of numbers) await waitForText(outcome, `${n} ✓ on manifest MF00000002`);
    await screenshot(page, 'bulk-02-manifested');
    await page.getByRole('button', { name: 'Cancel shipments' }).click();
    await page.getByRole('button', { name: 'Confirm: cancel 3 shipments' }).click();
    for (const n of numbers) await waitForText(outcome, `${n} ✓ cancelled`);
    expect(await textOf(outcome)).not.toContain('✗');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
