/**
 * Scan to ship (docs/contract.md §18, §20, §21) in headless Chromium against the real station,
 * with a socat pseudo-terminal answering as an NCI scale and a TCP listener as the desk's
 * ZPL label printer: an order's number typed as a keyboard-wedge scanner types it, on any
 * screen, opens "Ship order" filled in (address, items, the rule's choice, the live weight);
 * with "Ship when the weight is steady" the label comes out as soon as the parcel settles,
 * once per scan; without it Enter ships; a second scan says it is shipped already (Enter
 * reprints, Escape leaves); Alt+P adds a piece; a shipment's label scanned still opens the
 * shipment. Screenshots land in test-results/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPrinter } from '../helpers/cups';
import { startTestScale, type TestScale } from '../helpers/scale';
import { zplBarcodes } from '../helpers/zpl';
import { type Desk, deskPage, type RunningStation, signIn, startDesk } from './station';
import { addOrders, callAsAdmin, chooseZplPrinter, setSenderAddress } from './station-api';
import { fitsAtDeskSizes, focusBecomes, focusNow, screenshot, textOf, waitForText, waitUntil } from './ui';

let station: RunningStation;
let browser: Browser;
let desk: Desk | undefined;
let page: Page;
let zebra: TestPrinter;
let scale: TestScale;
const pageErrors: string[] = [];

const order = (orderNumber: string, fullName: string) => ({
  orderNumber,
  deliveryAddress: {
    fullName,
    addressLine1: '4 Mill Lane',
    city: 'York',
    postZipCode: 'YO1 7HH',
    countryTwoCharacterISOCode: 'GB',
  },
  items: [{ sku: 'LAMP-2', description: 'Desk lamp', quantity: 1, unitValue: 24, unitWeight: 1.1 }],
});
interface OrderView {
  status: string;
  shipmentId: string | null;
  shipmentNumber: string | null;
}
interface ShipmentView {
  shipmentNumber: string;
  status: string;
  carrierService: string;
  ruleName?: string;
  orderNumber?: string;
  shipmentPieces: { weight: number; length: number; width: number; height: number; trackingNumber: string }[];
}
let ids = new Map<string, string>();
const viewOrder = (n: string) => callAsAdmin<OrderView>(station, 'GET', `/orders/${ids.get(n)}`);
const viewShipment = (id: string) => callAsAdmin<ShipmentView>(station, 'GET', `/shipments/${id}`);
const scanLine = () => page.getByTestId('scan-line');

/** A keyboard-wedge scanner: the barcode's characters, fast, then Enter. */
async function scan(text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** No print job arrives for `ms`. */
async function noJobFor(ms: number, before: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  expect(zebra.jobs.length).toBe(before);
}

beforeAll(async () => {
  [desk, scale] = await Promise.all([startDesk({ printers: 1 }), startTestScale('nci', { weight: 0, unit: 'kg' })]);
  ({ station, browser } = desk);
  zebra = desk.printers[0]!;
  await setSenderAddress(station);
  await chooseZplPrinter(station, zebra.port, 'Dock Zebra');
  await callAsAdmin(station, 'PUT', '/scale', {
    port: scale.port,
    protocol: 'nci',
    baudRate: 9600,
    dataBits: 8,
    parity: 'none',
    stopBits: 1,
  });
  const preset = await callAsAdmin<{ id: number }>(station, 'POST', '/package-presets', {
    name: 'Lamp box',
    length: 40,
    width: 25,
    height: 25,
  });
  await callAsAdmin(station, 'PUT', '/rules', {
    rules: [
      {
        name: 'Domestic lamps',
        when: { zones: ['domestic'] },
        then: { carrierId: 1, carrierServiceId: 103, presetId: preset.id },
      },
    ],
  });
  ids = await addOrders(station, [
    order('WEB-50001', 'Ann Other'),
    order('WEB-50002', 'Bob Baker'),
    order('WEB-50003', 'Cara Dunn'),
    order('WEB-50004', 'Dev Patel'),
  ]);
  page = await deskPage(browser, pageErrors, 15_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, station);
}, 90_000);
afterAll(async () => {
  await desk?.stop();
  await scale?.close();
});

describe('scan to ship with "Ship when the weight is steady"', () => {
  let firstShipment = '';

  it('a scan on Settings opens "Ship order" filled in; the steady weight ships it and prints once', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const steady = page.getByRole('checkbox', { name: /Ship when the weight is steady/ });
    await steady.focus();
    await page.keyboard.press('Space');
    expect(await steady.isChecked()).toBe(true);

    const before = zebra.jobs.length;
    await scan('WEB-50001');
    // The first order opened loads the screen's code and the catalog: slow on a busy machine.
    await page.getByRole('heading', { name: /Order WEB-50001/, level: 1 }).waitFor({ timeout: 30_000 });
    const panel = page.getByRole('region', { name: 'Ship order' });
    await waitForText(
      panel.getByTestId('rule-choice'),
      'Rule “Domestic lamps” chooses Swift Parcels · Economy 48h, Lamp box.',
    );
    expect(await textOf(page.getByTestId('delivery-address'))).toContain('YO1 7HH');
    expect(await textOf(page.getByRole('table', { name: 'Items' }))).toContain('Desk lamp');
    await focusBecomes(page, 'BUTTON Ship');
    // The platter is empty: nothing ships yet.
    await waitForText(panel.getByTestId('ship-scale'), '0 kg, steady');
    await noJobFor(600, before);
    await screenshot(page, 'scan-01-waiting-for-weight');

    const job = zebra.nextJob();
    scale.set({ weight: 1.35, settleMs: 500 });
    const line = await waitForText(scanLine(), /^SS\d{8} printed on Dock Zebra, \d+\.\d s$/);
    firstShipment = /SS\d{8}/.exec(line)![0];
    const barcodes = await zplBarcodes((await job).toString('latin1'), 203);
    expect(barcodes).toHaveLength(1);
    await focusBecomes(page, /^P SS\d{8} printed on Dock Zebra/);
    const o = await viewOrder('WEB-50001');
    expect(o).toMatchObject({ status: 'Shipped', shipmentNumber: firstShipment });
    const shipment = await viewShipment(o.shipmentId!);
    expect(shipment.status).toBe('Printed');
    expect(shipment).toMatchObject({
      carrierService: 'Economy 48h',
      ruleName: 'Domestic lamps',
      orderNumber: 'WEB-50001',
    });
    expect(shipment.shipmentPieces).toHaveLength(1);
    expect(shipment.shipmentPieces[0]).toMatchObject({ weight: 1.35, length: 40, width: 25, height: 25 });
    expect(barcodes[0]!.find((b) => b.type === 'CODE-128')?.data).toBe(shipment.shipmentPieces[0]!.trackingNumber);
    // Once per scan: the weight stays steady, no second label comes.
    await noJobFor(1000, before + 1);
    await screenshot(page, 'scan-02-printed');
  }, 90_000);

  it('a second scan says it is shipped already: Enter reprints, Escape leaves to where the scans began', async () => {
    await scan('WEB-50001');
    await waitForText(scanLine(), `Already shipped as ${firstShipment} — Enter reprints, Escape leaves`);
    await focusBecomes(page, /^P Already shipped/);
    const before = zebra.jobs.length;
    await noJobFor(400, before);
    const job = zebra.nextJob();
    await page.keyboard.press('Enter');
    await waitForText(scanLine(), new RegExp(`^${firstShipment} printed on Dock Zebra again, \\d+\\.\\d s$`));
    await job;
    expect(zebra.jobs.length).toBe(before + 1);
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  });
});

describe('scan to ship without it: Enter ships', () => {
  it('opens filled in with the live weight and ships on Enter, not before', async () => {
    const steady = page.getByRole('checkbox', { name: /Ship when the weight is steady/ });
    await steady.focus();
    await page.keyboard.press('Space');
    expect(await steady.isChecked()).toBe(false);
    scale.set({ weight: 0.9 });
    const before = zebra.jobs.length;
    await scan('web-50002');
    await page.getByRole('heading', { name: /Order WEB-50002/, level: 1 }).waitFor();
    const weight = page.getByRole('region', { name: 'Ship order' }).getByLabel('Weight (kg)');
    await waitUntil(
      'the live weight in the field',
      () => weight.inputValue(),
      (v) => v === '0.9',
    );
    await noJobFor(800, before);
    expect(await focusNow(page)).toBe('BUTTON Ship');
    const job = zebra.nextJob();
    await page.keyboard.press('Enter');
    await waitForText(scanLine(), /^SS\d{8} printed on Dock Zebra, \d+\.\d s$/);
    await job;
    const o = await viewOrder('WEB-50002');
    expect((await viewShipment(o.shipmentId!)).shipmentPieces.map((p) => p.weight)).toEqual([0.9]);
  });

  it('Alt+P keeps a box as a piece and weighs the next: two pieces, two labels in one job', async () => {
    scale.set({ weight: 2 });
    await scan('WEB-50003');
    await page.getByRole('heading', { name: /Order WEB-50003/, level: 1 }).waitFor();
    const panel = page.getByRole('region', { name: 'Ship order' });
    await waitUntil(
      'the first box weighed',
      () => panel.getByLabel('Weight (kg)').inputValue(),
      (v) => v === '2',
    );
    await page.keyboard.press('Alt+P');
    await waitForText(panel.getByTestId('kept-pieces'), '1 piece kept: 2 kg');
    await waitForText(panel.getByTestId('ship-scale'), 'Put the next box on the scale');
    scale.set({ weight: 3.2, settleMs: 300 });
    await waitUntil(
      'the second box weighed',
      () => panel.getByLabel('Piece 2 weight (kg)').inputValue(),
      (v) => v === '3.2',
    );
    await screenshot(page, 'scan-03-two-pieces');
    expect(await focusNow(page)).toBe('BUTTON Ship 2 pieces');
    const job = zebra.nextJob();
    await page.keyboard.press('Enter');
    await waitForText(scanLine(), /^SS\d{8} printed on Dock Zebra, \d+\.\d s$/);
    expect(await zplBarcodes((await job).toString('latin1'), 203)).toHaveLength(2);
    const o = await viewOrder('WEB-50003');
    expect((await viewShipment(o.shipmentId!)).shipmentPieces.map((p) => p.weight)).toEqual([2, 3.2]);
  }, 60_000);

  it("a person's keys at a person's pace and Enter are no scan: the focused control keeps them", async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.locator('main h1').focus();
    await page.keyboard.type('WEB-50004', { delay: 200 });
    await page.keyboard.press('Enter');
    await new Promise((r) => setTimeout(r, 800));
    expect(await page.getByRole('heading', { name: 'Settings', level: 1 }).count()).toBe(1);
    expect((await viewOrder('WEB-50004')).status).toBe('Awaiting');
  });

  it("a shipment's label scanned on Settings opens the shipment; an order scanned on the list opens the order", async () => {
    const shipped = await viewOrder('WEB-50001');
    await scan(shipped.shipmentNumber!);
    await page.getByRole('heading', { name: new RegExp(shipped.shipmentNumber!), level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipments' }).click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await page.locator('main h1').focus();
    await scan('WEB-50004');
    await page.getByRole('heading', { name: /Order WEB-50004/, level: 1 }).waitFor();
    await waitForText(page.getByTestId('rule-choice'), 'Rule “Domestic lamps”');
  });

  it('fits at 1280×720 and 1024×768', async () => {
    await fitsAtDeskSizes(page, 'scan-04-ship-order');
    expect(pageErrors).toEqual([]);
  });
});
