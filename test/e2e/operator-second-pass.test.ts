/**
 * What a new operator's keyboard day tripped on, at the two window sizes desks have (1280×720
 * and 1024×768), against the real station in headless Chromium: a printer's own words on a
 * shipment's page, a preset that clears what the previous one filled, a refusal summary that
 * follows the form, Alt+N starting in one place, the desk's words instead of field paths,
 * a refused Add user landing on its field, and a Ctrl+click tab that is still signed in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskForFile, signIn } from './station';
import { callAsAdmin, createByApi, setSenderAddress } from './station-api';
import {
  checkImport,
  csvFile,
  DESK_SIZES,
  detailStatus,
  focusBecomes,
  screenshot,
  textOf,
  waitForText,
  waitForValue,
  waitUntil,
} from './ui';

const { station, page, pageErrors } = await deskForFile();

const SIZES = DESK_SIZES;

const focusIs = (expected: RegExp) => focusBecomes(page, expected);

async function openNewShipment(): Promise<void> {
  await page.goto(`${station.url}/#/shipments`);
  await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
  await page.keyboard.press('Alt+N');
  await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
  // The form's keys work from inside it: wait for the screen to put focus in its first field.
  await focusIs(/^(INPUT|SELECT) /);
}

beforeAll(async () => {
  await setSenderAddress(station);
  await callAsAdmin(station, 'POST', '/package-presets', {
    name: 'Medium box',
    length: 40,
    width: 30,
    height: 20,
    dimensionUnit: 'CM',
    weight: 0.4,
    weightUnit: 'KG',
    description: 'Brown 40x30x20',
  });
  await callAsAdmin(station, 'POST', '/package-presets', {
    name: 'Small mailer',
    length: 25,
    width: 18,
    height: 5,
    dimensionUnit: 'CM',
    weight: null,
    weightUnit: 'KG',
    description: '',
  });
  await callAsAdmin(station, 'POST', '/printers', { address: 'zebra-1.invalid:9100', name: 'Dock Zebra' });
  await signIn(page, station);
}, 90_000);

describe.each(SIZES)('at $width×$height', (size) => {
  beforeAll(() => page.setViewportSize(size));
  const at = `${size.width}`;

  it('Print label on a shipment whose printer is unknown says the printer’s own words and what to do next', async () => {
    await callAsAdmin(station, 'PUT', '/printers/label-printer', {
      printerId: 'network:zebra-1.invalid:9100',
      format: 'zpl',
      dpi: 203,
      pageSize: '4x6',
    });
    const { shipmentId } = await createByApi(station);
    await page.goto(`${station.url}/#/shipments/${shipmentId}`);
    await waitForText(detailStatus(page), /^Not Printed$/);
    await page.getByRole('button', { name: 'Print label' }).focus();
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'not printed' });
    const said = await waitForText(alert, 'Dock Zebra');
    expect(said).toMatch(
      /^The label was not printed: Dock Zebra: .+ Check the printer in Settings → Printers, then print again\.$/,
    );
    expect(said).not.toContain('Something went wrong');
    await waitForText(detailStatus(page), /^Not Printed$/);
    await screenshot(page, `second-pass-print-error-${at}`);
    await callAsAdmin(station, 'PUT', '/printers/label-printer', {
      printerId: null,
      format: 'pdf',
      dpi: 203,
      pageSize: '4x6',
    });
  });

  it('Alt+N starts on the delivery name every time, also after an international service was remembered', async () => {
    await openNewShipment();
    await focusIs(/^INPUT Delivery address › Full name$/);
    // The desk remembers an international service, as after an export the day before.
    await page.evaluate(() =>
      localStorage.setItem(
        'shippingStation.desk',
        JSON.stringify({ printer: '', printOnCreate: false, lastCarrierId: '1', lastServiceId: '104' }),
      ),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
    await openNewShipment();
    await focusIs(/^INPUT Delivery address › Full name$/);
    await page.keyboard.type('Ann Other');
    expect(await page.getByRole('group', { name: 'Delivery address' }).getByLabel('Full name').inputValue()).toBe(
      'Ann Other',
    );
    await page.evaluate(() => localStorage.removeItem('shippingStation.desk'));
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
  });

  it('a preset fills every field it has and clears the weight and description the previous preset filled', async () => {
    await openNewShipment();
    await page.getByLabel('Piece 1 preset').focus();
    await page.keyboard.type('M');
    await waitForValue('the box filled', page.getByLabel('Piece 1 weight', { exact: true }), '0.4');
    expect(await page.getByLabel('Piece 1 description', { exact: true }).inputValue()).toBe('Brown 40x30x20');
    await page.getByLabel('Piece 1 preset').focus();
    await page.keyboard.type('S');
    await waitForValue('the mailer’s size', page.getByLabel('Piece 1 length', { exact: true }), '25');
    expect(await page.getByLabel('Piece 1 weight', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Piece 1 description', { exact: true }).inputValue()).toBe('');
    await focusIs(/Piece 1 weight/);
    await screenshot(page, `second-pass-preset-${at}`);
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
  });

  it('the refusal summary follows the form: no carrier is "Choose a carrier", and once every field is changed it says so', async () => {
    // A desk that remembers no carrier (a new desk's first shipment).
    await page.evaluate(() => localStorage.removeItem('shippingStation.desk'));
    await page.reload();
    await openNewShipment();
    await page.keyboard.press('Control+Enter');
    const summary = page.locator('.error-summary');
    const first = await waitForText(summary, 'need attention');
    expect(first).toContain('Choose a carrier');
    expect(first).not.toMatch(/must be at least 1|deliveryAddress|shipmentPieces/);
    await screenshot(page, `second-pass-summary-${at}`);

    // Fill every field it named, by keyboard.
    const type = async (label: string, text: string, group?: string) => {
      const scope = group ? page.getByRole('group', { name: group }) : page;
      await scope.getByLabel(label, { exact: true }).focus();
      await page.keyboard.type(text);
    };
    await page.getByLabel('Carrier', { exact: true }).focus();
    await page.keyboard.type('S');
    await waitUntil(
      'services loaded',
      () => page.locator('#field-carrierServiceId').getAttribute('aria-busy'),
      (busy) => busy === 'false',
    );
    await page.getByLabel('Service', { exact: true }).focus();
    await page.keyboard.type('N');
    await type('Full name', 'Ann Other', 'Delivery address');
    await type('Address line 1', '10 Downing Street', 'Delivery address');
    await type('City', 'London', 'Delivery address');
    await type('Post code', 'SW1A 2AA', 'Delivery address');
    await type('Piece 1 weight', '2');
    await type('Piece 1 length', '30');
    await type('Piece 1 width', '20');
    await type('Piece 1 height', '10');
    await waitForText(page.getByRole('status').filter({ hasText: 'Every field marked' }), 'Ctrl+Enter creates');
    expect(await summary.count()).toBe(0);
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
  });

  it('Import names fields in the desk’s words, and marks the bad cell with its message', async () => {
    await page.goto(`${station.url}/#/import`);
    const csv = [
      'Reference,Name,Address 1,City,Post code,Country,Weight,Length,Width,Height,Colour',
      'WEB-1,Ann Other,1 High St,Leeds,LS1 1UR,GB,1.5,30,20,10,red',
      'WEB-2,Bob Bad,2 High St,London,NOT A CODE,GB,1.5,30,20,10,blue',
    ].join('\n');
    await checkImport(page, csvFile(csv), 'Dry run: 1 valid, 1 invalid');
    const choices = await page
      .getByRole('combobox', { name: 'Field for column Colour' })
      .locator('option')
      .allTextContents();
    expect(choices).toContain('Delivery address › Post code');
    expect(choices).toContain('Piece weight');
    for (const choice of choices) expect(choice, choice).not.toMatch(/[a-z][A-Z]|\./);
    const rows = page.getByRole('table', { name: 'Rows of the file' });
    expect(await textOf(rows)).not.toContain('deliveryAddress.');
    const bad = page.getByLabel('Row 2 Post code');
    expect(await bad.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await bad.getAttribute('aria-describedby');
    const message = await textOf(page.locator(`[id="${describedBy}"]`));
    expect(message).toMatch(/^Delivery address › Post code .*NOT A CODE/);
    await screenshot(page, `second-pass-import-${at}`);
  });

  it('Settings: a refused Add user puts the cursor in the bad field; a webhook without http:// is told how to write it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const users = page.locator('section', { has: page.getByRole('heading', { name: 'Users' }) });
    await users.getByLabel('User name').focus();
    await page.keyboard.type(`short${at}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('short');
    await page.keyboard.press('Enter');
    await waitForText(users, 'at least 10 characters');
    await focusIs(/^INPUT Password$/);

    const hooks = page.locator('section', { has: page.getByRole('heading', { name: 'Webhooks' }) });
    await hooks.getByLabel('Listener URL').fill('');
    await hooks.getByLabel('Listener URL').focus();
    await page.keyboard.type('localhost:8080/hooks');
    await page.keyboard.press('Enter');
    await waitForText(hooks, 'Must start with http:// or https:// (e.g. http://localhost:8080/hooks)');
    await focusIs(/^INPUT Listener URL$/);
    await hooks.getByLabel('Listener URL').fill('http://10.0.0.5/hooks');
    await page.keyboard.press('Enter');
    const said = await waitForText(hooks, '10.0.0.5 is not this machine');
    expect(said).toContain('tick “Allow another host” to deliver there');
    expect(said).not.toContain('allowRemoteHost');
    await screenshot(page, `second-pass-settings-${at}`);
  });

  it('Ctrl+click on a shipment opens a tab that is still signed in', async () => {
    const { shipmentNumber } = await createByApi(station, 'LS1 1UR', `Tab Tester ${at}`);
    await page.goto(`${station.url}/#/shipments`);
    const link = page.getByRole('link', { name: shipmentNumber });
    const opened = page.context().waitForEvent('page');
    await link.click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.getByRole('heading', { level: 1, name: new RegExp(shipmentNumber) }).waitFor({ timeout: 15_000 });
    expect(await tab.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
    await tab.close();
  });
});

it('threw no uncaught errors in the page', () => {
  expect(pageErrors).toEqual([]);
});
