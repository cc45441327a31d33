/**
 * The desk's side of orders (docs/contract.md §18, §20) in headless Chromium against the real
 * station: the Orders screen (search, status, exact total, ↑/↓, Space, Enter), "Ship selected"
 * as one ZPL job on the desk's label printer (a TCP listener), bulk cancel after a question;
 * an order's page (items, address edit with every refusal beside its field, hold and
 * release, the packing slip, Ship with the rule's choice overridden); and Settings →
 * Rules (add with a refusal, move, disable, a broken rule, edit, delete). At 1280×720 and
 * 1024×768 nothing runs off the screen. Screenshots land in test-results/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPrinter } from '../helpers/cups';
import { zplBarcodes, zplTexts } from '../helpers/zpl';
import { type Desk, deskPage, type RunningStation, signIn, startDesk } from './station';
import { addOrders, callAsAdmin, chooseZplPrinter, setSenderAddress } from './station-api';
import { focusBecomes, focusNow, screenshot, textOf, waitForText, waitUntil } from './ui';

let station: RunningStation;
let browser: Browser;
let desk: Desk | undefined;
let page: Page;
let zebra: TestPrinter;
let presetId: number;
const pageErrors: string[] = [];

const address = (fullName: string, postZipCode: string) => ({
  fullName,
  addressLine1: '1 Oak Road',
  city: 'Leeds',
  postZipCode,
  countryTwoCharacterISOCode: 'GB',
});
const order = (orderNumber: string, name: string, post: string) => ({
  orderNumber,
  channel: 'Shopify',
  deliveryAddress: address(name, post),
  items: [
    { sku: 'MUG-1', description: 'Blue mug', quantity: 2, unitValue: 6.5, unitWeight: 0.4 },
    { sku: 'TEA-9', description: 'Breakfast tea', quantity: 1, unitValue: 4, unitWeight: 0.25 },
  ],
});

interface OrderView {
  orderId: string;
  status: string;
  shipmentId: string | null;
  shipmentNumber: string | null;
  deliveryAddress: { addressLine1: string; postZipCode: string };
}
interface Rules {
  rules: { name: string; enabled: boolean; problem?: string }[];
}
let ids = new Map<string, string>();
const viewOrder = (n: string) => callAsAdmin<OrderView>(station, 'GET', `/orders/${ids.get(n)}`);

beforeAll(async () => {
  desk = await startDesk({ printers: 1 });
  ({ station, browser } = desk);
  zebra = desk.printers[0]!;
  await setSenderAddress(station);
  await chooseZplPrinter(station, zebra.port, 'Dock Zebra');
  ({ id: presetId } = await callAsAdmin<{ id: number }>(station, 'POST', '/package-presets', {
    name: 'Small box',
    length: 30,
    width: 20,
    height: 10,
  }));
  await callAsAdmin(station, 'PUT', '/rules', {
    rules: [
      { name: 'UK parcels', when: { countries: ['GB'] }, then: { carrierId: 1, carrierServiceId: 101, presetId } },
    ],
  });
  ids = await addOrders(station, [
    order('ORD-1001', 'Ann Other', 'LS1 1UR'),
    order('ORD-1002', 'Bob Baker', 'LS2 7EY'),
    order('ORD-1003', 'Cara Dunn', 'LS6 2AB'),
    order('ORD-1004', 'Dev Patel', 'LS7 3JB'),
  ]);
  page = await deskPage(browser, pageErrors, 15_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, station);
}, 90_000);
afterAll(() => desk?.stop());

const total = () => page.getByTestId('orders-total');
const row = (n: string) => page.locator(`tr[data-order-no="${n}"]`);

/** At both sizes nothing runs off the screen: the page, and each control of `scope` (the page's main). */
async function fits(name: string, scope = 'main'): Promise<void> {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport.width}`).toBeLessThanOrEqual(0);
    for (const control of await page.locator(scope).locator('button:visible, input:visible, select:visible').all()) {
      const box = await control.boundingBox();
      if (!box) continue;
      expect(box.x + box.width, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeLessThanOrEqual(
        viewport.width,
      );
    }
    await screenshot(page, `${name}-${viewport.width}x${viewport.height}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

describe('the Orders screen', () => {
  it('lists the orders with their exact total; the search box and the status filter narrow it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await waitForText(total(), '4 orders');
    await page.keyboard.press('/');
    expect(await focusNow(page)).toBe('INPUT Search orders');
    await page.keyboard.type('Baker');
    await waitForText(total(), '1 order matching “Baker”');
    expect(await row('ORD-1002').count()).toBe(1);
    await page.keyboard.press('Escape');
    await waitForText(total(), '4 orders');
    await page.getByLabel('Status').selectOption('On Hold');
    await waitForText(total(), '0 orders On Hold');
    await waitForText(page.locator('main'), 'No order is On Hold.');
    await page.getByLabel('Status').selectOption('Awaiting');
    await waitForText(total(), '4 orders Awaiting');
    await fits('orders-01-list');
  });

  it('ships two orders chosen with Space as one ZPL job on the label printer', async () => {
    await page.getByLabel('Search orders').focus();
    await page.keyboard.press('ArrowDown');
    const activeOrder = () => page.evaluate(() => document.activeElement?.getAttribute('data-order-no') ?? null);
    const top = await activeOrder();
    expect(top).toMatch(/^ORD-100\d$/);
    await page.keyboard.press('ArrowDown');
    const next = await activeOrder();
    expect(next).toMatch(/^ORD-100\d$/);
    expect(next).not.toBe(top);
    await page.keyboard.press('ArrowUp');
    expect(await activeOrder()).toBe(top);
    // Space on a row selects it; the keyboard stays on the row.
    for (const n of ['ORD-1004', 'ORD-1003']) {
      await row(n).focus();
      await page.keyboard.press('Space');
      expect(await activeOrder()).toBe(n);
      expect(await row(n).getAttribute('aria-selected')).toBe('true');
    }
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await waitForText(bar, '2 orders selected');
    const jobs = zebra.jobs.length;
    const job = zebra.nextJob();
    await bar.getByRole('button', { name: 'Ship selected' }).focus();
    await page.keyboard.press('Enter');
    await waitForText(bar.getByRole('status'), 'Shipped 2 orders. Printed: 2 labels on Dock Zebra (ZPL).');
    const outcome = bar.getByRole('list', { name: 'Outcome per order' });
    await waitForText(outcome, /ORD-1004 ✓ shipped as SS\d{8} \(rule “UK parcels”\)/);
    await waitForText(outcome, /ORD-1003 ✓ shipped as SS\d{8}/);
    const pages = await zplBarcodes((await job).toString('latin1'), 203);
    expect(pages).toHaveLength(2);
    expect(zebra.jobs.length).toBe(jobs + 1);
    for (const n of ['ORD-1004', 'ORD-1003']) {
      const o = await viewOrder(n);
      expect(o.status).toBe('Shipped');
      const shipment = await callAsAdmin<{ status: string; carrierService: string }>(
        station,
        'GET',
        `/shipments/${o.shipmentId}`,
      );
      expect(shipment).toMatchObject({ status: 'Printed', carrierService: 'Next Day' });
    }
    await screenshot(page, 'orders-02-shipped');
    // Reading two ZPL labels back (rendered, then zbarimg) takes seconds on a busy machine.
  }, 90_000);

  it('cancels the selection only after asking', async () => {
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByLabel('Status').selectOption('');
    await row('ORD-1001').focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await bar.getByRole('button', { name: 'Cancel orders' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel 1 order?' });
    await dialog.waitFor();
    expect(await focusNow(page)).toBe('BUTTON Keep them');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    expect((await viewOrder('ORD-1001')).status).toBe('Awaiting');
    await bar.getByRole('button', { name: 'Cancel orders' }).click();
    await page.keyboard.press('Tab');
    expect(await focusNow(page)).toBe('BUTTON Cancel 1 order');
    await page.keyboard.press('Enter');
    await waitForText(bar.getByRole('list', { name: 'Outcome per order' }), 'ORD-1001 ✓ cancelled');
    expect((await viewOrder('ORD-1001')).status).toBe('Cancelled');
    await bar.getByRole('button', { name: 'Clear selection' }).click();
  });
});

describe("an order's page", () => {
  it('opens with Enter on its row: items, the address, the rule’s choice', async () => {
    await row('ORD-1002').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Order ORD-1002/, level: 1 }).waitFor();
    const items = page.getByRole('table', { name: 'Items' });
    await waitForText(items, 'Blue mug');
    expect(await textOf(items)).toContain('Breakfast tea');
    expect(await textOf(page.getByTestId('delivery-address'))).toContain('LS2 7EY');
    await waitForText(
      page.getByTestId('rule-choice'),
      'Rule “UK parcels” chooses Swift Parcels · Next Day, Small box.',
    );
    expect(await page.getByLabel('Service').inputValue()).toBe('101');
    await fits('orders-03-order-page');
  });

  it('edits the address: every refusal beside its field at once, nothing saved until it is right', async () => {
    await page.getByRole('button', { name: 'Edit address' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit the delivery address' });
    await form.waitFor();
    await form.getByLabel('Address line 1').fill('');
    await form.getByLabel('Post code').fill('XX1');
    await form.getByRole('button', { name: 'Save address' }).focus();
    await page.keyboard.press('Enter');
    await waitForText(form, 'Address line 1 is required');
    expect(await textOf(form)).toMatch(/Post code/);
    expect(await form.getByLabel('Post code').getAttribute('aria-invalid')).toBe('true');
    await focusBecomes(page, 'INPUT Delivery address › Address line 1');
    expect((await viewOrder('ORD-1002')).deliveryAddress.addressLine1).toBe('1 Oak Road');
    await page.keyboard.type('9 Elm Street');
    await form.getByLabel('Post code').fill('LS2 9JT');
    await form.getByRole('button', { name: 'Save address' }).click();
    await waitForText(page.getByTestId('scan-line'), 'Delivery address saved.');
    await waitForText(page.getByTestId('delivery-address'), '9 Elm Street');
    expect((await viewOrder('ORD-1002')).deliveryAddress).toMatchObject({
      addressLine1: '9 Elm Street',
      postZipCode: 'LS2 9JT',
    });
  });

  it('holds and releases the order; the packing slip carries its number and items', async () => {
    await page.getByRole('button', { name: 'Hold' }).click();
    await waitForText(page.getByTestId('order-status'), 'On Hold');
    expect(await page.getByRole('region', { name: 'Ship order' }).count()).toBe(0);
    expect((await viewOrder('ORD-1002')).status).toBe('On Hold');
    await page.getByRole('button', { name: 'Release' }).click();
    await waitForText(page.getByTestId('order-status'), 'Awaiting');
    await page.getByRole('region', { name: 'Ship order' }).waitFor();

    // The desk has no A4 printer: its A4 slip prints on the label printer, in ZPL at 4×6.
    const slip = zebra.nextJob();
    await page.getByRole('button', { name: 'Print packing slip' }).click();
    await waitForText(page.getByTestId('scan-line'), 'Packing slip of ORD-1002 sent to Dock Zebra.');
    const text = zplTexts((await slip).toString('latin1'))
      .flat()
      .join(' ');
    expect(text).toContain('ORD-1002');
    expect(text).toContain('Blue mug');
  });

  it("ships with the rule's choice overridden: another service, the label on the label printer", async () => {
    const panel = page.getByRole('region', { name: 'Ship order' });
    await panel.getByLabel('Service').selectOption({ label: 'Economy 48h' });
    await waitForText(panel.getByTestId('rule-choice'), 'Changed here for this order.');
    await panel.getByLabel('Weight (kg)').fill('1.7');
    const job = zebra.nextJob();
    await panel.getByRole('button', { name: 'Ship', exact: true }).focus();
    await page.keyboard.press('Enter');
    const line = await waitForText(page.getByTestId('scan-line'), /^SS\d{8} printed on Dock Zebra, \d+\.\d s$/);
    await focusBecomes(page, /^P SS\d{8} printed/);
    await job;
    const o = await viewOrder('ORD-1002');
    expect(o.status).toBe('Shipped');
    expect(line).toContain(o.shipmentNumber!);
    const shipment = await callAsAdmin<{
      carrierService: string;
      ruleName?: string;
      status: string;
      shipmentPieces: { weight: number; length: number }[];
    }>(station, 'GET', `/shipments/${o.shipmentId}`);
    expect(shipment.carrierService).toBe('Economy 48h');
    // Chosen by the operator, not by a rule.
    expect(shipment.ruleName ?? '').toBe('');
    expect(shipment.status).toBe('Printed');
    expect(shipment.shipmentPieces).toHaveLength(1);
    expect(shipment.shipmentPieces[0]).toMatchObject({ weight: 1.7, length: 30 });
    await waitForText(page.getByRole('region', { name: 'Shipped' }), o.shipmentNumber!);
    await screenshot(page, 'orders-04-order-shipped');
  });
});

describe('Settings → Shipping rules', () => {
  const panel = () => page.getByRole('region', { name: 'Shipping rules' });
  const rules = () => callAsAdmin<Rules>(station, 'GET', '/rules');

  it('adds a rule by keyboard; a wrong country is named beside its field and nothing is saved', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await panel().waitFor();
    await waitForText(panel(), '1. UK parcels');
    await panel().getByRole('button', { name: 'Add rule' }).focus();
    await page.keyboard.press('Enter');
    expect(await focusNow(page, false)).toBe('INPUT Rule name');
    await page.keyboard.type('Ireland');
    await page.keyboard.press('Tab');
    expect(await focusNow(page, false)).toBe('INPUT Goes to countries');
    await page.keyboard.type('IE, XX');
    // Saved with no carrier: both missing choices named at once, the keyboard on the first.
    await panel().getByRole('button', { name: 'Save rule' }).click();
    await waitForText(panel(), 'Choose the carrier this rule ships with');
    expect(await textOf(panel())).toContain('Choose the service this rule ships with');
    await focusBecomes(page, 'SELECT Carrier', false);
    await panel().getByLabel('Carrier').selectOption({ label: 'GlobalPost' });
    await panel().getByLabel('Service', { exact: true }).selectOption({ label: 'Tracked' });
    await panel().getByRole('button', { name: 'Save rule' }).click();
    await waitForText(panel(), 'Country XX is not a country code (two letters, e.g. GB)');
    await focusBecomes(page, 'INPUT Goes to countries', false);
    expect((await rules()).rules.map((r) => r.name)).toEqual(['UK parcels']);
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await panel().getByRole('button', { name: 'Save rule' }).click();
    await waitForText(panel().getByRole('status'), 'Rule “Ireland” added as rule 2.');
    expect((await rules()).rules.map((r) => r.name)).toEqual(['UK parcels', 'Ireland']);
    await fits('orders-05-rules', 'section[aria-labelledby="rules-heading"]');
  });

  it('moves a rule up, disables it, and deletes it', async () => {
    await panel().getByRole('button', { name: 'Move Ireland up' }).click();
    await waitForText(panel().getByRole('status'), '“Ireland” is now rule 1.');
    expect((await rules()).rules.map((r) => r.name)).toEqual(['Ireland', 'UK parcels']);
    await focusBecomes(page, 'BUTTON Edit', false);
    const ireland = panel().getByRole('listitem', { name: 'Rule 1: Ireland' });
    await ireland.getByRole('button', { name: 'Disable' }).click();
    await waitForText(panel().getByRole('listitem', { name: 'Rule 1: Ireland' }), 'Disabled');
    expect((await rules()).rules[0]).toMatchObject({ name: 'Ireland', enabled: false });
    await panel().getByRole('button', { name: 'Delete Ireland' }).click();
    await waitForText(panel().getByRole('status'), 'Rule “Ireland” deleted.');
    expect((await rules()).rules.map((r) => r.name)).toEqual(['UK parcels']);
  });

  it('shows a rule whose preset is gone as broken, with why, and mends it by editing', async () => {
    await callAsAdmin(station, 'DELETE', `/package-presets/${presetId}`);
    await page.reload();
    await panel().waitFor();
    const uk = panel().getByRole('listitem', { name: 'Rule 1: UK parcels' });
    await waitForText(uk, `Broken, so it never matches: Package preset ${presetId} does not exist any more`);
    await screenshot(page, 'orders-06-rule-broken');
    await uk.getByRole('button', { name: 'Edit' }).click();
    const preset = panel().getByLabel('Package preset');
    expect(await preset.inputValue()).toBe(String(presetId));
    await preset.selectOption('');
    await panel().getByRole('button', { name: 'Save rule' }).click();
    await waitForText(panel().getByRole('status'), 'Rule “UK parcels” saved.');
    expect((await rules()).rules[0]!.problem).toBeUndefined();
    await waitUntil(
      'the broken mark gone',
      () => uk.textContent(),
      (t) => !String(t).includes('Broken'),
    );
    expect(pageErrors).toEqual([]);
  });
});

describe('many orders', () => {
  it('pages past 50 orders with the pager the shipments list has', async () => {
    await addOrders(
      station,
      Array.from({ length: 50 }, (_, i) => order(`ORD-2${String(i).padStart(3, '0')}`, 'Eve Ford', 'LS8 1AA')),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await waitForText(total(), '54 orders');
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await waitForText(pager, 'Page 1 of 2');
    const rows = page.locator('.orders-table tbody tr');
    expect(await rows.count()).toBe(50);
    expect(await pager.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await waitForText(pager, 'Page 2 of 2');
    await waitUntil(
      'the second page’s 4 rows',
      () => rows.count(),
      (n) => n === 4,
    );
    expect(await pager.getByRole('button', { name: 'Last page' }).isDisabled()).toBe(true);
    await fits('orders-07-second-page');
    await pager.getByRole('button', { name: 'First page' }).click();
    await waitForText(pager, 'Page 1 of 2');
    expect(pageErrors).toEqual([]);
  });
});
