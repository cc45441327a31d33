/**
 * What was still left of a new operator's keyboard day, at the two window sizes desks have
 * (1280×720 and 1024×768), against the real station in headless Chromium: a sale worth
 * nothing found in the dry run, a browser print that asks whether it printed, a bad import
 * row fixed where the cursor already is and retried alone, focus that stays with the
 * operator after every button, nothing cut off, and a post code found by its first half.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, deskPage, printCalls, type RunningStation, signIn, startDesk } from './station';
import { callAsAdmin, createByApi, setSenderAddress } from './station-api';
import { csvFile, DESK_SIZES, detailStatus, focusBecomes, screenshot, textOf, waitForText, waitUntil } from './ui';

let station: RunningStation;
let browser: Browser;
let desk: Desk | undefined;
let page: Page;
const pageErrors: string[] = [];

const SIZES = DESK_SIZES;

const focusIs = (expected: RegExp) => focusBecomes(page, expected);
const statusOf = async (shipmentId: string) =>
  (await callAsAdmin<{ status: string }>(station, 'GET', `/shipments/${shipmentId}`)).status;

/** Whether `box` is wholly inside the window and inside `within` (its card), in CSS pixels. */
async function insideOf(box: ReturnType<Page['locator']>, within: ReturnType<Page['locator']>): Promise<boolean> {
  const [b, w] = [await box.boundingBox(), await within.boundingBox()];
  const view = page.viewportSize()!;
  return b !== null && w !== null && b.x >= w.x - 0.5 && b.x + b.width <= Math.min(w.x + w.width, view.width) + 0.5;
}

/** Whether an element's text fits it, nothing cut by an ellipsis or hidden overflow. */
const fits = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && e.getClientRects().length > 0);

beforeAll(async () => {
  desk = await startDesk();
  ({ station, browser } = desk);
  await setSenderAddress(station);
  page = await deskPage(browser, pageErrors);
  await signIn(page, station);
}, 90_000);

afterAll(() => desk?.stop());

describe.each(SIZES)('at $width×$height', (size) => {
  beforeAll(() => page.setViewportSize(size));
  const at = `${size.width}`;

  it('a browser print asks “Did it print?”: Escape leaves the shipment Not Printed and says what to do, Enter marks it', async () => {
    const { shipmentId } = await createByApi(station, 'LS1 1UR', `Print Asker ${at}`);
    await page.goto(`${station.url}/#/shipments/${shipmentId}`);
    await waitForText(detailStatus(page), /^Not Printed$/);
    // A frame left by an earlier print keeps its count: only a new frame's print() counts.
    const before = await page.evaluate(() => {
      document.querySelectorAll('iframe[data-label-print]').forEach((f) => f.setAttribute('data-seen', ''));
      return (window as Window & { __printCalls?: number }).__printCalls ?? 0;
    });
    await page.getByRole('button', { name: 'Print label' }).focus();
    await page.keyboard.press('Enter');
    const asked = page.getByRole('dialog', { name: 'Did it print?' });
    await waitForText(asked, 'The browser cannot tell the station whether the label came out of the printer');
    await waitUntil(
      'the label sent to print',
      () => printCalls(page, 'iframe[data-label-print]:not([data-seen])'),
      (n) => n > before,
    );
    await focusIs(/^BUTTON Yes, mark Printed$/);
    // Nothing is marked on the browser's word.
    expect(await statusOf(shipmentId)).toBe('Not Printed');
    await screenshot(page, `third-pass-did-it-print-${at}`);
    await page.keyboard.press('Escape');
    await asked.waitFor({ state: 'hidden' });
    await waitForText(page.getByRole('status').filter({ hasText: 'Left Not Printed' }), 'then print the label again');
    expect(await statusOf(shipmentId)).toBe('Not Printed');
    await focusIs(/^BUTTON Print label$/);

    await page.keyboard.press('Enter');
    await asked.waitFor();
    await focusIs(/^BUTTON Yes, mark Printed$/);
    await page.keyboard.press('Enter');
    await waitForText(detailStatus(page), /^Printed$/);
    await focusIs(/^BUTTON Print label$/);
    expect(await statusOf(shipmentId)).toBe('Printed');
  });

  it('the list’s bulk Print labels asks too, and only Yes marks the selection Printed', async () => {
    const made = [
      await createByApi(station, 'LS1 1UR', `Bulk One ${at}`),
      await createByApi(station, 'LS1 1UR', `Bulk Two ${at}`),
    ];
    await page.goto(`${station.url}/#/shipments`);
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await page.getByRole('searchbox').fill(`bulk ${at}`);
    for (const m of made) await page.locator(`tr[data-shipment-no="${m.shipmentNumber}"]`).waitFor();
    for (const m of made) {
      await page.locator(`tr[data-shipment-no="${m.shipmentNumber}"]`).focus();
      await page.keyboard.press(' ');
    }
    await page.getByRole('button', { name: 'Print labels' }).focus();
    await page.keyboard.press('Enter');
    const asked = page.getByRole('dialog', { name: 'Did it print?' });
    await waitForText(asked, 'the labels of 2 shipments');
    for (const m of made) expect(await statusOf(m.shipmentId)).toBe('Not Printed');
    await page.keyboard.press('Enter');
    await asked.waitFor({ state: 'hidden' });
    await waitUntil(
      'both marked Printed',
      async () => Promise.all(made.map((m) => statusOf(m.shipmentId))),
      (s) => s.every((x) => x === 'Printed'),
    );
    await focusIs(/^BUTTON Print labels$/);
  });

  it('Import: the dry run refuses a sale worth nothing; the bad post code has the cursor at once, and Enter checks that row alone', async () => {
    await page.goto(`${station.url}/#/import`);
    await page.getByRole('heading', { name: 'Import a file', level: 1 }).waitFor();
    await page.locator('#import-service option').first().waitFor({ state: 'attached' });
    const csv = [
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,Service,HS code,Description of goods',
      `OK-${at},Ann Other,1 High St,Leeds,LS1 1UR,GB,1.5,30,20,10,,,`,
      `BAD-${at},Bob Bad,2 High St,London,NOT A CODE,GB,1.5,30,20,10,,,`,
      `FREE-${at},Chloé Dubois,1 Rue de Rivoli,Paris,75001,FR,0.8,25,15,5,104,490199,Printed books`,
    ].join('\n');
    await page.getByLabel('CSV file').setInputFiles(csvFile(csv));
    await page.getByRole('button', { name: 'Check (dry run)' }).focus();
    await page.keyboard.press('Enter');
    await waitForText(page.getByRole('status').filter({ hasText: 'Dry run' }), 'Dry run: 1 valid, 2 invalid');
    // Zero Tabs: the first bad field has the cursor, marked, its message beside it.
    await focusIs(/^INPUT Post code$/);
    const fix = page.getByRole('form', { name: 'Fix row 2' });
    const postCode = fix.getByLabel('Post code');
    expect(await postCode.getAttribute('aria-invalid')).toBe('true');
    const message = await textOf(page.locator(`[id="${await postCode.getAttribute('aria-describedby')}"]`));
    expect(message).toMatch(/^Delivery address › Post code .*NOT A CODE/);
    expect(await insideOf(fix.locator('.field-error'), fix)).toBe(true);
    const sale = page.getByRole('form', { name: 'Fix row 3' });
    expect(await textOf(sale)).toContain(
      'A sale of goods must declare what it sold for: enter the cost of the goods (in GBP), or choose another contents type',
    );
    await screenshot(page, `third-pass-import-fix-${at}`);

    // Fixed by keys; Enter checks that one row, not the file.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('SW1A 2AA');
    const checked = page.waitForResponse((r) => r.url().includes('/imports?') && r.url().includes('dryRun=true'));
    await page.keyboard.press('Enter');
    const answer = (await (await checked).json()) as { totalRows: number };
    expect(answer.totalRows).toBe(1);
    await waitForText(page.getByRole('status').filter({ hasText: 'Dry run' }), 'Dry run: 2 valid, 1 invalid');
    await fix.waitFor({ state: 'detached' });
    // The next row to fix has no Cost column: the cursor goes to its button, never the page.
    await focusIs(/^BUTTON Check row 3$/);
  });

  it('Import: Create puts the cursor in the bad field, Enter retries that row alone, Print all labels keeps it', async () => {
    await page.goto(`${station.url}/#/shipments`);
    await page.goto(`${station.url}/#/import`);
    await page.locator('#import-service option').first().waitFor({ state: 'attached' });
    const csv = [
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height',
      `MADE-${at},Ann Other,1 High St,Leeds,LS1 1UR,GB,1.5,30,20,10`,
      `FIX-${at},Bob Bad,2 High St,London,NOT A CODE,GB,1.5,30,20,10`,
    ].join('\n');
    await page.getByLabel('CSV file').setInputFiles(csvFile(csv));
    await page.getByRole('button', { name: 'Check (dry run)' }).focus();
    await page.keyboard.press('Enter');
    await focusIs(/^INPUT Post code$/);
    const created = page.waitForResponse((r) => r.url().includes('dryRun=false'));
    await page.getByRole('button', { name: 'Create shipments' }).focus();
    await page.keyboard.press('Enter');
    await created;
    await focusIs(/^INPUT Post code$/);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('SW1A 2AA');
    const retried = page.waitForResponse((r) => r.url().includes('dryRun=false'));
    await page.keyboard.press('Enter');
    const answer = (await (await retried).json()) as { totalRows: number; created: number };
    expect(answer).toMatchObject({ totalRows: 1, created: 1 });
    await waitForText(page.getByRole('status').filter({ hasText: 'Retried' }), 'Retried row 2: created.');
    await focusIs(/^BUTTON Print all labels$/);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Did it print?' }).waitFor();
    await page.keyboard.press('Escape');
    await waitForText(page.getByRole('status').filter({ hasText: 'Left Not Printed' }), 'print them again');
    await focusIs(/^BUTTON Print all labels$/);
  });

  it('Settings: saved is said where the cursor is; printers confirm; a new key’s Copy has the cursor', async () => {
    await page.goto(`${station.url}/#/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const save = page.getByRole('button', { name: 'Save station settings' });
    await save.focus();
    await page.keyboard.press('Enter');
    const saved = page.getByRole('status').filter({ hasText: 'Station settings saved.' });
    await saved.waitFor();
    await focusIs(/^BUTTON Save station settings$/);
    // Seen where the cursor is: both in the window at once.
    for (const seen of [saved, save]) expect(await seen.isVisible()).toBe(true);
    const [savedBox, saveBox] = [await saved.boundingBox(), await save.boundingBox()];
    expect(Math.abs(savedBox!.y - saveBox!.y)).toBeLessThan(60);

    const printers = page.locator('section.settings-section', { has: page.getByRole('heading', { name: 'Printers' }) });
    await printers.getByLabel('Network printer address').focus();
    await page.keyboard.type(`zebra-${at}.invalid:9100`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`Dock Zebra ${at}`);
    await page.keyboard.press('Enter');
    await printers
      .getByRole('status')
      .filter({ hasText: `Dock Zebra ${at} added.` })
      .waitFor();
    await focusIs(/^INPUT Network printer address$/);
    await printers.getByRole('button', { name: 'Save printers' }).focus();
    await page.keyboard.press('Enter');
    await printers
      .getByRole('status')
      .filter({ hasText: 'Printers saved: labels print through the window; no A4 printer.' })
      .waitFor();
    await focusIs(/^BUTTON Save printers$/);

    const keys = page.locator('section.settings-section', { has: page.getByRole('heading', { name: 'API keys' }) });
    await keys.getByLabel('Key name').focus();
    await page.keyboard.type(`Scanner ${at}`);
    await page.keyboard.press('Enter');
    await waitForText(keys, `Key “Scanner ${at}” created.`);
    await focusIs(/^BUTTON Copy$/);
    await screenshot(page, `third-pass-key-${at}`);
    await page.keyboard.press('Tab');
    await focusIs(/^BUTTON Done$/);
    await page.keyboard.press('Enter');
    await focusIs(/^INPUT Key name$/);
  });

  it('Download PDF keeps the cursor on its button', async () => {
    const { shipmentId } = await createByApi(station, 'LS1 1UR', `Download ${at}`);
    await page.goto(`${station.url}/#/shipments/${shipmentId}`);
    await waitForText(detailStatus(page), /^Not Printed$/);
    await page.getByRole('button', { name: 'Download PDF' }).focus();
    const downloaded = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    await downloaded;
    await focusIs(/^BUTTON Download PDF$/);
  });

  it('nothing cut off: the list’s reference and carrier, the scan status, the Import file box, customs Origin, Settings’ buttons', async () => {
    const { shipmentId, shipmentNumber } = await callAsAdmin<{ shipmentId: string; shipmentNumber: string }>(
      station,
      'POST',
      '/shipments',
      {
        carrierId: 1,
        carrierServiceId: 101,
        referenceOne: `PO-DOM-00${at}`,
        collectionAddress: {
          fullName: 'Dispatch',
          addressLine1: '1 High Street',
          city: 'Leeds',
          postZipCode: 'LS1 1BA',
          countryTwoCharacterISOCode: 'GB',
        },
        deliveryAddress: {
          fullName: 'Long Reference',
          addressLine1: '1 High Street',
          city: 'London',
          postZipCode: 'SW1A 2AA',
          countryTwoCharacterISOCode: 'GB',
        },
        shipmentPieces: [{ weight: 1.5, length: 30, width: 20, height: 10 }],
      },
    );
    await page.goto(`${station.url}/#/shipments`);
    await page.getByRole('searchbox').fill(`PO-DOM-00${at}`);
    const row = page.locator(`tr[data-shipment-no="${shipmentNumber}"]`);
    await row.waitFor();
    const reference = row.locator('td', { hasText: `PO-DOM-00${at}` });
    expect(await fits(reference), 'the reference whole').toBe(true);
    const carrier = row.locator('td', { hasText: 'Swift Parcels' });
    expect(await carrier.isVisible(), 'the carrier column shown').toBe(true);
    expect(await fits(carrier.locator('.carrier-name')), 'the carrier whole').toBe(true);
    expect(await fits(carrier.locator('.carrier-service')), 'the service whole').toBe(true);
    expect(await textOf(carrier)).toMatch(/Swift Parcels.*Next Day/);
    await screenshot(page, `third-pass-list-${at}`);

    // The scan form's status, whole.
    await callAsAdmin(station, 'GET', `/shipments/${shipmentId}/label`);
    await page.goto(`${station.url}/#/shipments/${shipmentId}`);
    await waitForText(detailStatus(page), /^Printed$/);
    await page.getByRole('button', { name: 'Record a scan' }).focus();
    await page.keyboard.press('Enter');
    const status = page.getByLabel('Status', { exact: true });
    await status.selectOption('Awaiting Collection');
    const statusFits = await status.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(select).font;
      probe.style.position = 'absolute';
      probe.textContent = select.selectedOptions[0]!.text;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width + 8 + 24; // its padding and the arrow
      probe.remove();
      return select.clientWidth >= needed;
    });
    expect(statusFits, 'Awaiting Collection whole in its select').toBe(true);
    await screenshot(page, `third-pass-scan-${at}`);
    await page.keyboard.press('Escape');

    // The Import file box shows the file's name.
    await page.goto(`${station.url}/#/import`);
    const fileBox = page.getByLabel('CSV file');
    await fileBox.setInputFiles(csvFile('Reference\nA', 'orders-today.csv'));
    expect((await fileBox.boundingBox())!.width).toBeGreaterThanOrEqual(300);

    // Customs Origin at its two letters says nothing and keeps its row in line.
    await page.goto(`${station.url}/#/shipments`);
    await page.keyboard.press('Alt+N');
    await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    await waitUntil(
      'services loaded',
      () => page.locator('#field-carrierServiceId').getAttribute('aria-busy'),
      (busy) => busy === 'false',
    );
    await page.getByLabel('Service', { exact: true }).selectOption({ index: 0 });
    const country = page.getByRole('group', { name: 'Delivery address' }).getByLabel('Country');
    await country.selectOption('FR');
    await page.getByRole('button', { name: '+ Add item' }).click();
    const origin = page.getByLabel('Item 1 country of origin');
    await origin.waitFor();
    await origin.fill('GB');
    expect(await textOf(page.locator('main'))).not.toContain('characters: the limit');
    const hs = page.getByLabel('Item 1 HS code');
    expect(Math.abs((await origin.boundingBox())!.y - (await hs.boundingBox())!.y)).toBeLessThan(2);
    await screenshot(page, `third-pass-origin-${at}`);
    await page.getByRole('button', { name: 'Discard' }).click();

    // Settings' row buttons inside their cards.
    await callAsAdmin(station, 'POST', '/webhooks', {
      url: `http://127.0.0.1:9/hooks/a-rather-long-path-for-a-listener-${at}`,
      events: ['shipment.created'],
    }).catch(() => undefined);
    await callAsAdmin(station, 'POST', '/users', {
      username: `operator${at}`,
      password: 'a long enough password',
      role: 'operator',
    }).catch(() => undefined);
    await callAsAdmin(station, 'POST', '/api-keys', { name: `Warehouse tool ${at} with a rather long name` });
    await page.goto(`${station.url}/#/settings`);
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    for (const [panel, button] of [
      ['Webhooks', /^Remove webhook /],
      ['API keys', /^Revoke key /],
      ['Users', /^Reset password of /],
      ['Users', /^Unlock sign-in of /],
    ] as const) {
      const section = page.locator('section.settings-section', {
        has: page.getByRole('heading', { name: panel, exact: true }),
      });
      const buttons = section.getByRole('button', { name: button });
      await buttons.first().waitFor();
      const card = section.locator('.settings-body');
      for (const b of await buttons.all()) {
        expect(await insideOf(b, card), `${panel}: ${(await b.getAttribute('aria-label')) ?? ''}`).toBe(true);
      }
    }
    await screenshot(page, `third-pass-settings-${at}`);
  });

  it('a post code’s first half finds its district’s shipments, and no other district’s', async () => {
    const leeds = await createByApi(station, 'LS1 4AP', `District ${at}`);
    const other = await createByApi(station, 'LS12 3AB', `Other District ${at}`);
    await page.goto(`${station.url}/#/shipments`);
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await page.keyboard.press('/');
    // Both are on the list before the search answers: wait for the one it leaves out to go.
    const rows = (n: string) => page.locator(`tr[data-shipment-no="${n}"]`).count();
    const shown = async () => [await rows(leeds.shipmentNumber), await rows(other.shipmentNumber)];
    await page.keyboard.type('LS1');
    await waitUntil('LS1 alone', shown, ([l, o]) => l === 1 && o === 0);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('LS12');
    await waitUntil('LS12 alone', shown, ([l, o]) => l === 0 && o === 1);
  });
});

it('threw no uncaught errors in the page', () => {
  expect(pageErrors).toEqual([]);
});
