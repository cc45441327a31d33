/**
 * Finding shipments and entering them fast, in headless Chromium against the real station:
 * the search box (`/`, Ctrl+F, results as one types), a keyboard-wedge scanner opening the
 * shipment of a scanned label, and the list's columns at 1280×720 and 1024 wide.
 * Screenshots land in test-results/screenshots/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskForFile, printCalls as printCallsOn, signIn } from './station';
import { address, callWithToken, createScannable, DISPATCH, type Scannable } from './station-api';
import { fillFields, REX_WITH_A_WRONG_POST_CODE, waitForValue } from './ui';
import { apiToken } from './station-api';
import { answerDidItPrint, detailStatus, screenshot, textOf, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();
const token = await apiToken(station);
const made: Scannable[] = [];

const api = <T>(method: string, path: string, body?: unknown) => callWithToken<T>(station, token, method, path, body);

async function createByApi(name: string, postCode: string, reference: string, pieces = 1) {
  made.push(
    await createScannable(station, token, address(name, 'London', postCode), {
      collectionAddress: { ...DISPATCH, businessName: 'Acme Widgets Ltd' },
      referenceOne: reference,
      shipmentPieces: Array.from({ length: pieces }, () => ({ weight: 1.5, length: 30, width: 20, height: 10 })),
    }),
  );
}

const searchBox = () => page.getByRole('searchbox', { name: 'Search shipments' });
const rowNumbers = () =>
  page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-shipment-no')));

beforeAll(async () => {
  // The station's sender address is set, as at any desk that ships: it prefills Collection.
  await api('PATCH', '/settings', {
    senderAddress: address('Dispatch', 'Leeds', 'LS1 1BA', { businessName: 'Acme Widgets Ltd' }),
  });
  await createByApi('Łucja Wójcik', 'EC1A 1BB', 'PO-5001');
  await createByApi('Sam Receiver', 'SW1A 2AA', 'PO-5002', 3);
  await createByApi('Samira Patel', 'M1 1AE', 'INV-77');
  await signIn(page, station);
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
    await waitUntil(
      'two Sams',
      rowNumbers,
      (n) => n.join() === [made[2]!.shipmentNumber, made[1]!.shipmentNumber].join(),
    );
    await waitUntil(
      'the totals of the search',
      () => textOf(page.locator('.page-sub')),
      (t) => t === '2 shipments · 4 pieces',
    );
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
    await waitUntil(
      'the detail route',
      async () => page.url(),
      (url) => url.endsWith(`#/shipments/${made[1]!.shipmentId}`),
    );
    await detailStatus(page).waitFor();
    expect(await textOf(page.locator('h1'))).toContain(made[1]!.shipmentNumber);
  });

  it('Enter on a shipment number typed with spaces and in lower case opens it; on a name it only searches', async () => {
    await page.goto(`${station.url}/#/shipments`);
    await searchBox().focus();
    await page.keyboard.type(made[2]!.shipmentNumber.toLowerCase().replace(/^(ss)(\d{4})/, '$1 $2 '));
    await page.keyboard.press('Enter');
    await waitUntil(
      'the detail route',
      async () => page.url(),
      (url) => url.endsWith(`#/shipments/${made[2]!.shipmentId}`),
    );
    await page.goto(`${station.url}/#/shipments`);
    await searchBox().focus();
    await page.keyboard.type('Samira');
    await page.keyboard.press('Enter');
    await waitUntil('one result', rowNumbers, (n) => n.join() === made[2]!.shipmentNumber);
    expect(page.url()).toContain('#/shipments?q=Samira');
  });
});

describe('entering fast: address book, presets, ship again', () => {
  it('adds a saved address on the Address book screen, with an operator’s message for a bad post code', async () => {
    await page.goto(`${station.url}/#/addresses`);
    await page.getByRole('heading', { name: 'Address book', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add address' }).click();
    await fillFields(page, REX_WITH_A_WRONG_POST_CODE);
    await page.getByRole('button', { name: 'Save address' }).click();
    await waitUntil(
      'the post code marked',
      () => page.getByLabel('Post code').getAttribute('aria-invalid'),
      (v) => v === 'true',
    );
    await page.getByLabel('Post code').fill('bs1 4dj');
    await page.getByRole('button', { name: 'Save address' }).click();
    const row = page.locator('tbody tr', { hasText: 'Repeat Customer' });
    await row.waitFor();
    expect(await textOf(row)).toContain('9 Mill Road, Bristol, BS1 4DJ, GB');
    await page.getByRole('searchbox', { name: 'Search the address book' }).fill('rex dep');
    await waitUntil(
      'the search',
      () => page.locator('tbody tr').count(),
      (n) => n === 1,
    );
    await screenshot(page, 'address-book');
  });

  it('adds a package preset on its screen', async () => {
    await page.goto(`${station.url}/#/presets`);
    await page.getByRole('button', { name: 'Add preset' }).click();
    await fillFields(page, { Name: 'Small box', Length: '30', Width: '20', Height: '15', 'Weight (optional)': '2' });
    await page.getByRole('button', { name: 'Save preset' }).click();
    await page.locator('tbody tr', { hasText: '30 × 20 × 15 cm, 2 kg' }).waitFor();
    await screenshot(page, 'package-presets');
  });

  it('ships a shipment again: a new form with its addresses, service and pieces', async () => {
    await page.goto(`${station.url}/#/shipments/${made[1]!.shipmentId}`);
    await page.getByRole('button', { name: 'Ship again' }).click();
    await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
    await waitForValue(
      'the copied delivery name',
      page.getByRole('group', { name: 'Delivery address' }).getByLabel('Full name'),
      'Sam Receiver',
    );
    expect(await page.getByLabel('Carrier', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Piece 3 weight', { exact: true }).inputValue()).toBe('1.5');
    expect(
      await page
        .getByLabel('Reference 1')
        .inputValue()
        .catch(() => ''),
    ).toBe('');
    await screenshot(page, 'ship-again');
    // The desk prints on create from now on (a preference of the desk, kept across forms).
    await page.getByLabel('Print the label on create').check();
    await page.keyboard.press('Control+Enter');
    await detailStatus(page).waitFor();
    expect(page.url()).not.toContain(made[1]!.shipmentId);
  });

  it('keyboard only: a repeat customer from the book with a preset, created and sent to print in ≤ 25 keys', async () => {
    await page.goto(`${station.url}/#/shipments`);
    await page.reload(); // a fresh document: no print() counted yet
    await page.locator('tbody tr').first().waitFor();
    // print() of the hidden PDF frame, or of this page when the frame was refused (see browser-print.ts).
    const printCalls = () => printCallsOn(page);
    const printsBefore = await printCalls();
    let keys = 0;
    const press = async (key: string) => {
      keys++;
      await page.keyboard.press(key);
    };
    // The list as the desk sees it after a while: its first row has the keyboard (no key counted).
    await page.locator('tbody tr').first().focus();
    await press('Alt+N');
    await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
    const fullName = page.getByRole('combobox', { name: 'Full name' });
    await waitUntil('the delivery name focused', () => fullName.evaluate((e) => e === document.activeElement), Boolean);
    for (const key of 'rep') await press(key);
    const option = page.getByRole('option', { name: /Rex at the depot/ });
    await option.waitFor();
    await press('Enter');
    await waitForValue(
      'the whole address filled',
      page.getByRole('group', { name: 'Delivery address' }).getByLabel('Post code'),
      'BS1 4DJ',
    );
    const preset = page.getByLabel('Piece 1 preset');
    await waitUntil('the preset choice focused', () => preset.evaluate((e) => e === document.activeElement), Boolean);
    await press('s');
    await waitForValue('the piece filled', page.getByLabel('Piece 1 length', { exact: true }), '30');
    expect(await page.getByLabel('Piece 1 weight', { exact: true }).inputValue()).toBe('2');
    await press('Control+Enter');
    await detailStatus(page).waitFor();
    await waitUntil('the label sent to print', printCalls, (n) => n > printsBefore);
    // The browser cannot say whether it printed: the operator does (not counted as the create's keys).
    await answerDidItPrint(page);
    await waitUntil(
      'Printed',
      () => textOf(detailStatus(page)),
      (t) => t === 'Printed',
    );
    expect(keys).toBeLessThanOrEqual(25);
    expect(await textOf(page.locator('main'))).toContain('Repeat Customer');
    await screenshot(page, 'keyboard-created');

    // And a scanner on the list opens it by its label's tracking number.
    const id = page.url().split('#/shipments/')[1]!;
    const detail = await api<{ shipmentPieces: { trackingNumber: string }[] }>('GET', `/shipments/${id}`);
    await page.goto(`${station.url}/#/shipments`);
    await page.locator('tbody tr').first().focus();
    await page.keyboard.type(detail.shipmentPieces[0]!.trackingNumber, { delay: 5 });
    await page.keyboard.press('Enter');
    await waitUntil(
      'the scanned shipment',
      async () => page.url(),
      (url) => url.endsWith(`#/shipments/${id}`),
    );
  });

  it.each([
    [1280, 720],
    [1024, 720],
  ])('the list reads at %i×%i: number, post code and status never cut, Status on screen', async (width, height) => {
    // A long name and the longest status, the worst a row holds.
    await createByApi('Bartholomew Featherstone-Whitting', 'SW1A 2AA', 'PO-LONG-REFERENCE-000123');
    const longest = made.at(-1)!;
    if (width === 1280) {
      await api('GET', `/shipments/${longest.shipmentId}/label`);
      for (const status of ['Awaiting Collection', 'Enroute to Depot', 'At the Depot', 'On Vehicle For Delivery']) {
        await api('POST', `/shipments/${longest.shipmentId}/events`, { status, location: 'London' });
      }
    }
    await page.setViewportSize({ width, height });
    try {
      await page.goto(`${station.url}/#/shipments`);
      await page.reload();
      await page.locator(`tr[data-shipment-no="${longest.shipmentNumber}"]`).waitFor();
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const cut = (e: Element | null, what: string) => {
          if (!e) return found.push(`no ${what}`);
          const box = e.getBoundingClientRect();
          const cell = e.closest('td')!.getBoundingClientRect();
          if (e.scrollWidth > e.clientWidth + 1 || box.right > cell.right + 1 || box.width === 0)
            found.push(`${what} cut: ${e.textContent}`);
        };
        for (const row of document.querySelectorAll('tbody tr')) {
          cut(row.querySelector('td.mono a'), 'number');
          cut(row.querySelector('.delivery-end'), 'post code');
          cut(row.querySelector('.status-cell .chip'), 'status');
        }
        const status = [...document.querySelectorAll('thead th')]
          .find((th) => th.textContent === 'Status')!
          .getBoundingClientRect();
        if (status.right > window.innerWidth)
          found.push(`Status column ends at ${status.right} of ${window.innerWidth}`);
        const wrap = document.querySelector('.table-wrap')!;
        if (wrap.scrollWidth > wrap.clientWidth + 1) found.push('the table scrolls sideways');
        return found;
      });
      expect(problems).toEqual([]);
      expect(await textOf(page.locator(`tr[data-shipment-no="${longest.shipmentNumber}"] .chip`))).toBe(
        width === 1280 ? 'On Vehicle For Delivery' : 'Not Printed',
      );
      await screenshot(page, `list-${width}`);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
