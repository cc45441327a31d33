/**
 * Customs at the desk (docs/contract.md §17), in headless Chromium against the real station: an
 * international shipment created with three customs items entered from the keyboard only
 * (add, copy, remove a row), the totals held against the pieces and the cost, and the CN22
 * drawn beside the labels on the shipment's screen. Screenshots land in test-results/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { deskForFile, signIn } from './station';
import { callAsAdmin } from './station-api';
import { detailStatus, fillFields, fillPiece, screenshot, textOf, waitForText, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();

/** The shipment as the API shows it: what the form sent, as the station stored it. */
const viewByApi = (id: string) =>
  callAsAdmin<{ contentsType: string; customsForm: string; customsItems: unknown[] }>(
    station,
    'GET',
    `/shipments/${id}`,
  );

const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
const press = async (...keys: string[]) => {
  for (const key of keys) await page.keyboard.press(key);
};

describe('customs at the desk', () => {
  it('creates an international shipment with three customs items entered from the keyboard, and shows its CN22', async () => {
    await signIn(page, station);
    await page.getByRole('button', { name: 'New shipment' }).click();
    await page.getByRole('heading', { name: 'New shipment' }).waitFor();

    // The rest of the form as any shipment (shipping-desk.test.ts drives it in detail).
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    await page
      .locator('#field-carrierServiceId option', { hasText: 'International Express' })
      .waitFor({ state: 'attached' });
    await page.getByLabel('Service', { exact: true }).selectOption({ label: 'International Express (INTL)' });
    await fillFields(page.getByRole('group', { name: 'Collection address' }), {
      'Full name': 'Zoë Fairweather',
      'Address line 1': 'Unit 4, Canal Wharf',
      City: 'Leeds',
      'Post code': 'LS1 1BA',
    });
    const delivery = page.getByRole('group', { name: 'Delivery address' });
    await delivery.getByLabel('Country').selectOption('DE');
    await fillFields(delivery, {
      'Full name': 'Jürgen Ölmüller',
      'Address line 1': 'Unter den Linden 5',
      City: 'Berlin',
      'Post code': '10115',
    });
    await fillPiece(page, 1, { weight: '2', length: '30', width: '20', height: '10' });
    await page.getByLabel('Cost').fill('67');
    await page.getByLabel('HS code', { exact: true }).fill('611710');
    await page.getByLabel('Description of goods').fill('Knitwear and mugs');

    // From here on, the keyboard only.
    const addItem = page.getByRole('button', { name: '+ Add item' });
    await addItem.focus();
    await page.keyboard.press('Enter');
    await waitUntil('focus on item 1', focusedId, (id) => id === 'field-customsItems-0-description');
    await page.keyboard.type('Wool scarf');
    await press('Tab', 'Control+a');
    await page.keyboard.type('2');
    await press('Tab');
    await page.keyboard.type('18.50');
    await press('Tab');
    await page.keyboard.type('0.4');
    // Copy the row: the copy comes next, with the focus on its description.
    await press('Alt+Shift+Insert');
    await waitUntil('focus on item 2', focusedId, (id) => id === 'field-customsItems-1-description');
    await press('Control+a');
    await page.keyboard.type('Ceramic mug');
    await press('Tab', 'Control+a');
    await page.keyboard.type('1');
    await press('Tab', 'Control+a');
    await page.keyboard.type('12');
    await press('Tab', 'Control+a');
    await page.keyboard.type('450');
    await press('Tab');
    await page.keyboard.type('G'); // the weight unit select
    await press('Tab');
    await page.keyboard.type('691200');
    await press('Tab');
    await page.keyboard.type('pt');
    // A row too many, removed again; then the third item.
    await press('Alt+Insert');
    await waitUntil('focus on item 3', focusedId, (id) => id === 'field-customsItems-2-description');
    await press('Alt+Insert');
    await waitUntil('focus on item 4', focusedId, (id) => id === 'field-customsItems-3-description');
    await press('Alt+Delete');
    await waitUntil('focus back on item 3', focusedId, (id) => id === 'field-customsItems-2-description');
    expect(await page.getByLabel('Item 4 description').count()).toBe(0);
    await page.keyboard.type('Paperback novel');
    await press('Tab', 'Control+a');
    await page.keyboard.type('3');
    await press('Tab');
    await page.keyboard.type('4.5');
    await press('Tab');
    await page.keyboard.type('0.9');

    const totals = page.getByTestId('customs-totals');
    await waitForText(totals, 'Net weight 1.75 kg of 2 kg in the pieces');
    await waitForText(totals, 'Value 62.50 GBP, the declared cost is 67.00 GBP');
    await screenshot(page, 'customs-01-items');

    const create = page.waitForResponse((r) => r.url().endsWith('/shipments') && r.request().method() === 'POST');
    await press('Control+Enter');
    const response = await create;
    expect(response.status(), await response.text()).toBe(200);
    const { shipmentId } = (await response.json()) as { shipmentId: string };

    const stored = await viewByApi(shipmentId);
    expect(stored.contentsType).toBe('Sale of goods');
    expect(stored.customsForm).toBe('CN22');
    // An item's unit, HS code and origin are KG, the shipment's and the sender's country unless typed.
    const item = (description: string, quantity: number, unitValue: number, netWeight: number, typed = {}) => ({
      description,
      quantity,
      unitValue,
      netWeight,
      weightUnit: 'KG',
      hsCode: '611710',
      originCountry: 'GB',
      ...typed,
    });
    expect(stored.customsItems).toEqual([
      item('Wool scarf', 2, 18.5, 0.4),
      item('Ceramic mug', 1, 12, 450, { weightUnit: 'G', hsCode: '691200', originCountry: 'PT' }),
      item('Paperback novel', 3, 4.5, 0.9),
    ]);

    await waitUntil(
      'the detail route',
      async () => page.url(),
      (url) => url.endsWith(`#/shipments/${shipmentId}`),
    );
    await waitForText(detailStatus(page), /^Not Printed$/);
    const customsPages = page.locator('[data-testid="customs-pages"] canvas[data-rendered="true"]');
    await waitUntil(
      'the CN22 drawn',
      () => customsPages.count(),
      (n) => n === 1,
      20_000,
    );
    expect(await customsPages.first().getAttribute('aria-label')).toMatch(/^CN22 customs declaration of SS\d{8}$/);
    expect(await textOf(page.getByRole('heading', { name: /^Customs/ }))).toContain('CN22');
    await screenshot(page, 'customs-02-detail');
    // Previewing the customs form is not a print.
    expect(await textOf(detailStatus(page))).toBe('Not Printed');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
