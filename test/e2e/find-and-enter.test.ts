/**
 * Finding shipments and entering them fast, in headless Chromium against the real station:
 * the search box (`/`, Ctrl+F, results as one types), a keyboard-wedge scanner opening the
 * shipment of a scanned label, and the list's columns at 1280×720 and 1024 wide.
 * Screenshots land in test-results/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startStation, type RunningStation } from './station';
import { detailStatus, screenshot, textOf, waitUntil } from './ui';

let station: RunningStation;
let browser: Browser;
let page: Page;
let token = '';
const pageErrors: string[] = [];
const made: { shipmentId: string; shipmentNumber: string; trackingNumber: string }[] = [];

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${station.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const address = (fullName: string, city: string, postZipCode: string, more: Record<string, string> = {}) => ({
  fullName, addressLine1: '1 High Street', city, postZipCode, countryTwoCharacterISOCode: 'GB', ...more,
});

async function createByApi(name: string, postCode: string, reference: string, pieces = 1) {
  const created = await api<{ shipmentId: string; shipmentNumber: string; shipmentPieces: { trackingNumber: string }[] }>('POST', '/shipments', {
    carrierId: 1,
    carrierServiceId: 101,
    collectionAddress: address('Dispatch', 'Leeds', 'LS1 1BA', { businessName: 'Acme Widgets Ltd' }),
    deliveryAddress: address(name, 'London', postCode),
    referenceOne: reference,
    shipmentPieces: Array.from({ length: pieces }, () => ({ weight: 1.5, length: 30, width: 20, height: 10 })),
  });
  made.push({ ...created, trackingNumber: created.shipmentPieces.at(-1)!.trackingNumber });
}

const searchBox = () => page.getByRole('searchbox', { name: 'Search shipments' });
const rowNumbers = () => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-shipment-no')));

beforeAll(async () => {
  station = await startStation();
  token = (await api<{ token: { accessToken: string } }>('POST', '/auth?option=credentials', {
    credentials: { username: 'admin', password: station.adminPassword },
  })).token.accessToken;
  await createByApi('Łucja Wójcik', 'EC1A 1BB', 'PO-5001');
  await createByApi('Sam Receiver', 'SW1A 2AA', 'PO-5002', 3);
  await createByApi('Samira Patel', 'M1 1AE', 'INV-77');
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB', timezoneId: 'Europe/London' });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${station.url}/`);
  await page.getByLabel('User name').fill('admin');
  await page.getByLabel('Password').fill(station.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await station?.stop();
});

describe('finding shipments', () => {
  it('/ focuses the search box; the list follows as one types, accents folded', async () => {
    await page.locator('tbody tr').first().waitFor();
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await searchBox().evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await searchBox().inputValue()).toBe('');
    await page.keyboard.type('lucja wo', { delay: 30 });
    await waitUntil('the search results', rowNumbers, (n) => n.length === 1 && n[0] === made[0]!.shipmentNumber);
    expect(page.url()).toContain('q=lucja+wo');
    await page.keyboard.type('x');
    await page.getByText('No shipment matches “lucja wox”.').waitFor();
    await screenshot(page, 'search-01-no-match');
  });

  it('Ctrl+F focuses it from anywhere on the list and selects what it holds; Esc clears it', async () => {
    await page.locator('tbody tr, .empty').first().click();
    await page.keyboard.press('Control+f');
    expect(await searchBox().evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('sam');
    await waitUntil('two Sams', rowNumbers, (n) => n.join() === [made[2]!.shipmentNumber, made[1]!.shipmentNumber].join());
    await waitUntil('the totals of the search', () => textOf(page.locator('.page-sub')), (t) => t === '2 shipments · 4 pieces');
    await screenshot(page, 'search-02-results');
    await page.keyboard.press('Escape');
    await waitUntil('every shipment again', rowNumbers, (n) => n.length === 3);
    expect(await searchBox().inputValue()).toBe('');
  });

  it('a scanner typing a tracking number and Enter opens its shipment, from the list without focus', async () => {
    await page.locator('h1').click();
    // A keyboard wedge: fast keys, then Enter.
    await page.keyboard.type(made[1]!.trackingNumber, { delay: 5 });
    await page.keyboard.press('Enter');
    await waitUntil('the detail route', async () => page.url(), (url) => url.endsWith(`#/shipments/${made[1]!.shipmentId}`));
    await detailStatus(page).waitFor();
    expect(await textOf(page.locator('h1'))).toContain(made[1]!.shipmentNumber);
  });

  it('Enter on a shipment number typed with spaces and in lower case opens it; on a name it only searches', async () => {
    await page.goto(`${station.url}/#/shipments`);
    await searchBox().focus();
    await page.keyboard.type(made[2]!.shipmentNumber.toLowerCase().replace(/^(ss)(\d{4})/, '$1 $2 '));
    await page.keyboard.press('Enter');
    await waitUntil('the detail route', async () => page.url(), (url) => url.endsWith(`#/shipments/${made[2]!.shipmentId}`));
    await page.goto(`${station.url}/#/shipments`);
    await searchBox().focus();
    await page.keyboard.type('Samira');
    await page.keyboard.press('Enter');
    await waitUntil('one result', rowNumbers, (n) => n.join() === made[2]!.shipmentNumber);
    expect(page.url()).toContain('#/shipments?q=Samira');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
