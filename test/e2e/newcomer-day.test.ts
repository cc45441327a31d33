/**
 * A newcomer's whole day at the desk, keys only, at 1280×720, in real Chromium against the
 * real station: sign in, set the sender, a domestic and an international create, search and
 * scan, the address book and presets used in a create, an import with a bad row fixed, end
 * of day, every Settings panel, a cancel and a carrier scan. No clicks: every step is keys
 * (a file is chosen in the file dialog the keys open), and after every step the test says
 * where the cursor is; it never falls to the page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, deskPage, type RunningStation, startDesk } from './station';
import {
  answerDidItPrint,
  chooseSwiftNextDayByKeys,
  csvFile,
  detailStatus,
  focusNow as focusIn,
  printByKeys,
  screenshot,
  tabTo as tabToIn,
  waitForText,
  waitForValue,
  waitUntil,
} from './ui';

let station: RunningStation;
let browser: Browser;
let desk: Desk | undefined;
let page: Page;
const pageErrors: string[] = [];
const made: Record<'domestic' | 'abroad' | 'fromBook', { number: string; tracking: string }> = {
  domestic: { number: '', tracking: '' },
  abroad: { number: '', tracking: '' },
  fromBook: { number: '', tracking: '' },
};

const focusNow = (): Promise<string> => focusIn(page);
const tabTo = (target: RegExp, options: { back?: boolean; max?: number } = {}) =>
  tabToIn(page, target, { max: 80, ...options });
const focusIs = (expected: RegExp) => waitUntil(`focus on ${String(expected)}`, focusNow, (f) => expected.test(f));

/** To another screen by its link in the side navigation: back to it with Shift+Tab, then Enter. */
async function goTo(link: string, heading: RegExp): Promise<void> {
  await tabTo(new RegExp(`^A ${link}$`), { back: true, max: 200 });
  await page.keyboard.press('Enter');
  await focusIs(heading);
}

/** Types `text` into the field reached by Tab whose focus name matches `field`. */
async function typeInto(field: RegExp, text: string): Promise<void> {
  await tabTo(field);
  await page.keyboard.type(text);
}

/** Ctrl+Enter on the form; the new shipment's number and first tracking number. */
async function create(): Promise<{ number: string; tracking: string }> {
  const created = page.waitForResponse((r) => r.url().endsWith('/shipments') && r.request().method() === 'POST');
  await page.keyboard.press('Control+Enter');
  const response = await created;
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { shipmentNumber: string; shipmentPieces: { trackingNumber: string }[] };
  await focusIs(new RegExp(`^H1 ${body.shipmentNumber}`));
  return { number: body.shipmentNumber, tracking: body.shipmentPieces[0]!.trackingNumber };
}

beforeAll(async () => {
  desk = await startDesk();
  ({ station, browser } = desk);
  page = await deskPage(browser, pageErrors, 15_000);
  await page.setViewportSize({ width: 1280, height: 720 });
}, 90_000);

afterAll(() => desk?.stop());

describe('a newcomer’s keyboard-only day at 1280×720', () => {
  it('signs in', async () => {
    await page.goto(`${station.url}/`);
    await focusIs(/^INPUT User name$/);
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(station.adminPassword);
    await page.keyboard.press('Enter');
    await focusIs(/^H1 Shipments$/);
  });

  it('sets the sender address in Settings, and sees it saved where the cursor is', async () => {
    await goTo('Settings', /^H1 Settings$/);
    // The panel comes with the settings and the user's role: Tab passes a field still disabled.
    const senderName = page.getByRole('group', { name: 'Sender address', exact: true }).getByLabel('Business name');
    await waitUntil('the sender address open to edit', () => senderName.isEnabled({ timeout: 1000 }), Boolean);
    await typeInto(/^INPUT Sender address › Business name$/, 'Acme Components Ltd');
    await typeInto(/^INPUT Sender address › Address line 1$/, 'Unit 4, Canal Wharf');
    await typeInto(/^INPUT Sender address › City$/, 'Leeds');
    await typeInto(/^INPUT Sender address › Post code$/, 'LS11 5PS');
    await tabTo(/^SELECT Sender address › Country$/);
    await page.keyboard.type('United Kingdom');
    await tabTo(/^BUTTON Save station settings$/);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Station settings saved.' }).waitFor();
    await focusIs(/^BUTTON Save station settings$/);
  });

  it('creates a domestic shipment and prints it, saying it printed', async () => {
    await page.keyboard.press('Alt+N');
    await focusIs(/^INPUT Delivery address › Full name$/);
    await chooseSwiftNextDayByKeys(page);
    await page.keyboard.type('Ann Other');
    await typeInto(/^INPUT Delivery address › Address line 1$/, '10 Downing Street');
    await typeInto(/^INPUT Delivery address › City$/, 'London');
    await typeInto(/^INPUT Delivery address › Post code$/, 'SW1A 2AA');
    for (const [field, value] of [
      ['weight', '2.5'],
      ['length', '40'],
      ['width', '30'],
      ['height', '20'],
    ] as const) {
      await typeInto(new RegExp(`^INPUT Piece 1 ${field}$`), value);
    }
    made.domestic = await create();
    await printByKeys(page);
  });

  it('creates an international shipment: its service, the country, the value and the customs fields', async () => {
    await page.keyboard.press('Alt+N');
    await focusIs(/^INPUT Delivery address › Full name$/);
    await tabTo(/^SELECT Service$/, { back: true });
    await page.keyboard.type('International');
    await tabTo(/^INPUT Delivery address › Full name$/);
    await page.keyboard.type('Chloé Dubois');
    await typeInto(/^INPUT Delivery address › Address line 1$/, '1 Rue de Rivoli');
    await typeInto(/^INPUT Delivery address › City$/, 'Paris');
    await typeInto(/^INPUT Delivery address › Post code$/, '75001');
    await tabTo(/^SELECT Delivery address › Country$/);
    // A select's type-ahead forgets after a second: two letters are enough and arrive together.
    await page.keyboard.type('Fr');
    await waitForValue(
      'France chosen',
      page.getByRole('group', { name: 'Delivery address' }).getByLabel('Country'),
      'FR',
    );
    for (const [field, value] of [
      ['weight', '0.8'],
      ['length', '25'],
      ['width', '15'],
      ['height', '5'],
    ] as const) {
      await typeInto(new RegExp(`^INPUT Piece 1 ${field}$`), value);
    }
    await typeInto(/^INPUT Cost$/, '18');
    await typeInto(/^INPUT HS code/, '490199');
    await typeInto(/^INPUT Description of goods/, 'Printed books');
    made.abroad = await create();
    await waitForText(detailStatus(page), /^Not Printed$/);
  });

  it('finds the French one by searching, then opens the domestic one by scanning its label', async () => {
    await tabTo(/^A ← Shipments$/, { back: true });
    await page.keyboard.press('Enter');
    await focusIs(/^H1 Shipments$/);
    await page.keyboard.press('/');
    await focusIs(/^INPUT /);
    await page.keyboard.type('dubois');
    await page.locator(`tr[data-shipment-no="${made.abroad.number}"]`).waitFor();
    await page.keyboard.press('ArrowDown');
    await focusIs(new RegExp(`^TR ${made.abroad.number}`));
    await page.keyboard.press('Enter');
    await focusIs(new RegExp(`^H1 ${made.abroad.number}`));
    // A scanner types the tracking number and Enter, wherever the cursor is.
    await page.keyboard.type(made.domestic.tracking);
    await page.keyboard.press('Enter');
    await focusIs(new RegExp(`^H1 ${made.domestic.number}`));
  });

  it('keeps an address in the book and a preset, then ships to it with the preset', async () => {
    await goTo('Address book', /^H1 Address book$/);
    await tabTo(/^BUTTON Add address$/);
    await page.keyboard.press('Enter');
    await focusIs(/^INPUT Nickname$/);
    await page.keyboard.type('Depot Bristol');
    await typeInto(/^INPUT Address › Full name$/, 'Rex Repeat');
    await typeInto(/^INPUT Address › Address line 1$/, '9 Mill Road');
    await typeInto(/^INPUT Address › City$/, 'Bristol');
    await typeInto(/^INPUT Address › Post code$/, 'BS1 4DJ');
    await page.keyboard.press('Enter');
    await focusIs(/^BUTTON Change Depot Bristol/);

    await goTo('Package presets', /^H1 Package presets$/);
    await tabTo(/^BUTTON Add preset$/);
    await page.keyboard.press('Enter');
    await focusIs(/^INPUT Name$/);
    await page.keyboard.type('Small box');
    await typeInto(/^INPUT Length$/, '30');
    await typeInto(/^INPUT Width$/, '20');
    await typeInto(/^INPUT Height$/, '10');
    await typeInto(/^INPUT Weight \(optional\)$/, '1.2');
    await page.keyboard.press('Enter');
    await focusIs(/^BUTTON Change Small box/);

    await page.keyboard.press('Alt+N');
    await focusIs(/^INPUT Delivery address › Full name$/);
    // The remembered service is the international one: back to a domestic one first.
    await tabTo(/^SELECT Service$/, { back: true });
    await page.keyboard.type('N');
    await waitUntil(
      'the domestic service chosen',
      () =>
        page
          .getByLabel('Service', { exact: true })
          .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? ''),
      (label) => label.startsWith('Next Day'),
    );
    await tabTo(/^INPUT Delivery address › Full name$/);
    await page.keyboard.type('Rex');
    await page.getByRole('option', { name: /Depot Bristol/ }).waitFor();
    await page.keyboard.press('Enter');
    await focusIs(/Piece 1 preset/);
    await page.keyboard.type('S');
    await waitUntil(
      'the preset’s box',
      () => page.getByLabel('Piece 1 length', { exact: true }).inputValue(),
      (v) => v === '30',
    );
    made.fromBook = await create();
    await waitForText(page.locator('main'), 'Rex Repeat');
  });

  it('imports a file with a bad row, fixes it where the cursor lands, and prints every label', async () => {
    await goTo('Import', /^H1 Import a file$/);
    await tabTo(/^INPUT CSV file$/);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (
      await chooser
    ).setFiles(
      csvFile(
        [
          'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height',
          'DAY-1,Ann Other,1 High St,Leeds,LS1 1UR,GB,1.5,30,20,10',
          'DAY-2,Bob Bad,2 High St,London,NOT A CODE,GB,1.5,30,20,10',
        ].join('\n'),
      ),
    );
    await tabTo(/^BUTTON Check \(dry run\)$/);
    await page.keyboard.press('Enter');
    await waitForText(page.getByRole('status').filter({ hasText: 'Dry run' }), 'Dry run: 1 valid, 1 invalid');
    await focusIs(/^INPUT Post code$/);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('SW1A 2AA');
    await page.keyboard.press('Enter');
    await waitForText(page.getByRole('status').filter({ hasText: 'Dry run' }), 'Dry run: 2 valid, 0 invalid');
    await focusIs(/^BUTTON Create shipments$/);
    await page.keyboard.press('Enter');
    await waitForText(page.getByRole('status').filter({ hasText: 'created' }), '2 rows created, 0 invalid');
    await focusIs(/^BUTTON Print all labels$/);
    await page.keyboard.press('Enter');
    await answerDidItPrint(page);
    await waitForText(page.getByRole('status').filter({ hasText: 'Marked Printed' }), 'Marked Printed: 2 shipments.');
    await focusIs(/^BUTTON Print all labels$/);
  });

  it('closes the day for Swift Parcels: Enter asks, Enter closes', async () => {
    // The screen opens on the first carrier with shipments waiting.
    await goTo('End of day', /^BUTTON Close day and print manifest for Swift Parcels$/);
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Close the day for Swift Parcels?' });
    await question.waitFor();
    await page.keyboard.press('Enter');
    await waitForText(
      page.getByRole('status').filter({ hasText: 'MF00000001' }),
      'Manifest MF00000001 for Swift Parcels',
    );
    await focusIs(/^DIV Manifest MF00000001/);
    await screenshot(page, 'newcomer-day-end-of-day');
  });

  it('reaches every Settings panel by Tab, the cursor never on the page', async () => {
    await goTo('Settings', /^H1 Settings$/);
    // Panels load on their own: wait for the slowest an administrator sees.
    for (const heading of ['Users', 'Shipping rules', 'Webhooks', 'Audit']) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    // Each panel by its heading, as the walk below names where the cursor is.
    const panels = await page.evaluate(() => [
      ...new Set(
        [...document.querySelectorAll('.settings-section')].map((s) => s.querySelector('h2')?.textContent ?? ''),
      ),
    ]);
    expect(panels.length).toBeGreaterThanOrEqual(8);
    const reached = new Set<string>();
    let last = '';
    for (let presses = 0; presses < 1000 && reached.size < panels.length; presses++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'BODY';
        return active.closest('.settings-section')?.querySelector('h2')?.textContent ?? '';
      });
      // Past the last field of the last panel the browser takes the cursor, then gives it back at the top.
      if (where === 'BODY') expect(last, 'focus fell to the page').toBe(panels.at(-1));
      else if (where) reached.add(where);
      last = where;
    }
    expect([...reached].sort(), JSON.stringify([[...reached], panels])).toEqual([...panels].sort());
    // A key for a tool, by keys: Copy has the cursor, Done gives it back.
    await tabTo(/^INPUT Key name$/, { back: true, max: 200 });
    await page.keyboard.type('Scanner script');
    await page.keyboard.press('Enter');
    await focusIs(/^BUTTON Copy$/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await focusIs(/^INPUT Key name$/);
  });

  it('cancels the shipment made from the book after confirming', async () => {
    // Back on the list, the cursor is on the row last opened.
    await goTo('Shipments', /^TR SS/);
    await page.keyboard.press('/');
    await page.keyboard.type(made.fromBook.number);
    await page.keyboard.press('Enter');
    await focusIs(new RegExp(`^H1 ${made.fromBook.number}`));
    await tabTo(/^BUTTON Cancel shipment$/);
    await page.keyboard.press('Enter');
    await focusIs(/^BUTTON Keep shipment$/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForText(detailStatus(page), /^Cancelled$/);
    await focusIs(new RegExp(`^H1 ${made.fromBook.number}`));
  });

  it('records the carrier’s collection scan on the manifested one', async () => {
    await page.keyboard.type(made.domestic.tracking);
    await page.keyboard.press('Enter');
    await focusIs(new RegExp(`^H1 ${made.domestic.number}`));
    await waitForText(detailStatus(page), /^Manifested$/);
    await tabTo(/^BUTTON Record a scan$/);
    await page.keyboard.press('Enter');
    await focusIs(/^SELECT Status/);
    await page.keyboard.type('Awaiting');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Leeds depot');
    await page.keyboard.press('Enter');
    await waitForText(detailStatus(page), /^Awaiting Collection$/);
    await focusIs(/^BUTTON Record a scan$/);
    await screenshot(page, 'newcomer-day-scan');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
