/**
 * A desk with a keyboard-wedge scanner, seen by a newcomer: scans that
 * follow a miss or an earlier search, scans on a shipment's page and on a checkbox, ↓ from the
 * search box to its results, the customer's name in the list at 1280 and 1024 wide, and the
 * create form's address block (the focused field above the sticky footer, Ship again and a
 * picked address said out loud). Headless Chromium against the real station.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskForFile, signIn } from './station';
import { address, apiToken, callWithToken, createScannable, type Scannable } from './station-api';
import { detailStatus, focusNow, screenshot, textOf, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();
const token = await apiToken(station);

type Made = Scannable;
const made: Made[] = [];

const api = <T>(method: string, path: string, body?: unknown) => callWithToken<T>(station, token, method, path, body);

const sender = {
  businessName: 'Pennine Outdoor',
  fullName: 'Dispatch',
  addressLine1: '1 Mill Lane',
  city: 'Leeds',
  postZipCode: 'LS1 1BA',
  countryTwoCharacterISOCode: 'GB',
};

async function createByApi(fullName: string, addressLine1: string, city: string, postZipCode: string) {
  const to = address(fullName, city, postZipCode, { addressLine1 });
  made.push(
    await createScannable(station, token, to, { collectionAddress: sender, referenceOne: `PO-${made.length + 4100}` }),
  );
}

const searchBox = () => page.getByRole('searchbox', { name: 'Search shipments' });
const firstRow = () => page.locator('tbody tr').first();
/** A keyboard wedge: the label's characters as fast as keys go, then Enter. */
async function scan(text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}
const onShipment = (shipment: Made) =>
  waitUntil(
    `the page of ${shipment.shipmentNumber}`,
    async () => page.url(),
    (url) => url.endsWith(`#/shipments/${shipment.shipmentId}`),
  );
async function openList() {
  await page.goto(`${station.url}/#/shipments`);
  await firstRow().waitFor();
}

/** Types "oscar" in the list's search box and waits for the two Oscars. */
async function searchForOscars() {
  await openList();
  await searchBox().focus();
  await page.keyboard.type('oscar');
  await waitUntil(
    'two Oscars',
    () => page.locator('tbody tr').count(),
    (n) => n === 2,
  );
}

beforeAll(async () => {
  await api('PATCH', '/settings', { senderAddress: sender });
  await createByApi('Bartholomew Featherstone', '144 Long Harbour Road', 'Birmingham', 'B15 2TT');
  await createByApi('Oscar Thompson', '7 Quay Street', 'Bristol', 'BS1 4DJ');
  await createByApi('Oscar Whitaker', '9 Dock Road', 'Cardiff', 'CF10 6XD');
  await api('POST', '/addresses', {
    nickname: 'Harbour Books',
    kind: 'delivery',
    businessName: 'Harbour Books Ltd',
    fullName: 'Siobhán O’Neill',
    addressLine1: '12 Quay Street',
    city: 'Bristol',
    postZipCode: 'BS1 4DJ',
    countryTwoCharacterISOCode: 'GB',
  });
  await signIn(page, station);
});

describe('scanning labels one after another', () => {
  it('a scan after a label that matched nothing opens its shipment (the miss does not stay in the box)', async () => {
    await openList();
    await firstRow().focus();
    await scan('GP999999999GB');
    await page.getByText('No shipment matches “GP999999999GB”.').waitFor();
    await scan(made[1]!.trackingNumber);
    await onShipment(made[1]!);
  });

  it('a scan from a row replaces the search the box still holds', async () => {
    await searchForOscars();
    await firstRow().focus();
    await scan(made[0]!.shipmentNumber);
    await onShipment(made[0]!);
  });

  it('a scan with the select-all checkbox focused still reaches the search box', async () => {
    await openList();
    await page.getByRole('checkbox', { name: 'Select every shipment shown' }).focus();
    await scan(made[2]!.trackingNumber);
    await onShipment(made[2]!);
  });

  it('a scan on a shipment’s page opens the scanned one and presses none of its buttons', async () => {
    await page.goto(`${station.url}/#/shipments/${made[0]!.shipmentId}`);
    await detailStatus(page).waitFor();
    // Where the keyboard is after printing: a scanner's Enter must not print this label again.
    await page.getByRole('button', { name: 'Print label' }).focus();
    await scan(made[1]!.trackingNumber);
    await onShipment(made[1]!);
    await waitUntil(
      'the new page',
      () => textOf(page.locator('h1')),
      (t) => t.includes(made[1]!.shipmentNumber),
    );
    const first = await api<{ lastStatus: { status: string } }>('GET', `/shipments/${made[0]!.shipmentId}/tracking`);
    expect(first.lastStatus.status).toBe('Not Printed');
    // And from the heading, where a scan lands the keyboard, the next scan goes on.
    await page.locator('h1').focus();
    await scan(made[2]!.shipmentNumber.toLowerCase());
    await onShipment(made[2]!);
  });
});

describe('the search box and the list', () => {
  it('↓ in the search box goes to the first result, and Enter opens it', async () => {
    await searchForOscars();
    await page.keyboard.press('ArrowDown');
    expect(await focusNow(page)).toContain(made[2]!.shipmentNumber);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await onShipment(made[1]!);
  });

  it('/ and Ctrl+F on a shipment’s page go to the list with the keyboard in its search box', async () => {
    for (const key of ['/', 'Control+f']) {
      await page.goto(`${station.url}/#/shipments/${made[0]!.shipmentId}`);
      await detailStatus(page).waitFor();
      await page.getByRole('button', { name: 'Ship again' }).focus();
      await page.keyboard.press(key);
      await waitUntil(
        'the search box focused',
        () => searchBox().evaluate((e) => e === document.activeElement),
        Boolean,
      );
      await page.keyboard.type('whitaker');
      await waitUntil(
        'one Whitaker',
        () => page.locator('tbody tr').count(),
        (n) => n === 1,
      );
      expect(page.url()).toContain('q=whitaker');
    }
  });

  it.each([
    [1280, 720],
    [1024, 768],
  ])('at %i×%i a row names the customer, and shows the post code and country whole', async (width, height) => {
    // The whole name where a 1280 screen has room for it; at 1024 at least its first word.
    const wanted = width === 1280 ? 'Bartholomew Featherstone' : 'Bartholomew';
    await page.setViewportSize({ width, height });
    try {
      await openList();
      const row = page.locator(`tr[data-shipment-no="${made[0]!.shipmentNumber}"]`);
      const seen = await row.evaluate((tr, wanted) => {
        const cell = tr.querySelector('.delivery-line')!.closest('td')!;
        const name = cell.querySelector<HTMLElement>('.delivery-name')!;
        const end = cell.querySelector<HTMLElement>('.delivery-end')!;
        // The width the wanted words take in the name's font.
        const probe = document.createElement('span');
        probe.textContent = wanted;
        probe.style.whiteSpace = 'nowrap';
        probe.style.position = 'absolute';
        name.parentElement!.appendChild(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const box = cell.getBoundingClientRect();
        const inner = box.right - parseFloat(getComputedStyle(cell).paddingRight);
        return {
          // No tolerance: a name short by a fraction of a pixel already loses letters to the ellipsis.
          nameShown: name.getBoundingClientRect().width >= needed - 0.01,
          endInside: end.getBoundingClientRect().right <= inner + 1 && end.scrollWidth <= end.clientWidth + 1,
          endText: end.textContent,
        };
      }, wanted);
      expect(seen).toEqual({ nameShown: true, endInside: true, endText: expect.stringContaining('B15 2TT, GB') });
      const cutHeaders = await page
        .locator('thead th')
        .evaluateAll((headers) =>
          headers.filter((th) => th.clientWidth > 0 && th.scrollWidth > th.clientWidth).map((th) => th.textContent),
        );
      expect(cutHeaders).toEqual([]);
      await screenshot(page, `review-list-${width}`);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('at 1024 wide the search box shows its whole placeholder (what it finds)', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      await openList();
      const fits = await searchBox().evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { needed: Math.ceil(context.measureText(input.placeholder).width), room };
      });
      expect(fits.needed).toBeLessThanOrEqual(fits.room);
      await screenshot(page, 'review-search-1024');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});

describe('the create form’s address block', () => {
  it('at 1280×720 the field Tab reaches is never under the sticky footer', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    try {
      await openList();
      await page.keyboard.press('Alt+N');
      await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
      await page.getByRole('group', { name: 'Delivery address' }).getByLabel('Email').focus();
      await page.keyboard.press('Tab');
      const hidden = await page
        .getByRole('checkbox', { name: 'Save this address in the address book' })
        .evaluate((box) => {
          if (box !== document.activeElement) return 'not focused';
          const focused = box.getBoundingClientRect();
          const footer = document.querySelector('.form-footer')!.getBoundingClientRect();
          return focused.bottom > footer.top;
        });
      expect(hidden).toBe(false);
      await screenshot(page, 'review-save-address-focused');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('picking a saved address says so, and the suggestion shows its country', async () => {
    await page.goto(`${station.url}/#/shipments/new`);
    await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
    const fullName = page.getByRole('combobox', { name: 'Full name' });
    await fullName.focus();
    await page.keyboard.type('harb');
    const option = page.getByRole('option', { name: /Harbour Books/ });
    await option.waitFor();
    expect(await textOf(option)).toContain('GB');
    await page.keyboard.press('Enter');
    await waitUntil(
      'the picked address announced',
      () => textOf(page.getByRole('group', { name: 'Delivery address' }).getByRole('status')),
      (t) => t.includes('Harbour Books') && t.includes('BS1 4DJ'),
    );
  });

  it('Ship again says which shipment it copies', async () => {
    // Leaving the form just typed in asks first: yes.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.goto(`${station.url}/#/shipments/${made[1]!.shipmentId}`);
    await detailStatus(page).waitFor();
    await page.getByRole('button', { name: 'Ship again' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
    await waitUntil(
      'what the form copies',
      () => textOf(page.getByRole('status').filter({ hasText: 'Copied from' })),
      (t) => t.includes(`Copied from ${made[1]!.shipmentNumber}`),
    );
    await screenshot(page, 'review-ship-again');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
