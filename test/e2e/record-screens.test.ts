/**
 * The address book and package presets screens, keyboard only, in headless Chromium against
 * the real station: a delete is asked first and Escape
 * keeps the record; Escape closes the editor (asking when something was typed); a refused
 * save focuses the first marked field; after a save, a change or a delete focus lands on a
 * row or the Add button, never the page's body; the search's count is announced and folds
 * punctuation. Screenshots at 1280×720 and 1024×768 in test-results/screenshots/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskForFile, signIn } from './station';
import { callAsAdmin } from './station-api';
import { fillFields, focusNow, REX_WITH_A_WRONG_POST_CODE, screenshot, textOf, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();

const saved = (nickname: string, fullName: string, city: string, postZipCode: string) => ({
  nickname,
  fullName,
  addressLine1: '1 Quay Street',
  city,
  postZipCode,
  countryTwoCharacterISOCode: 'GB',
});

const names = async (path: string) =>
  (await callAsAdmin<{ items: { nickname: string; name: string }[] }>(station, 'GET', path)).items.map(
    (i) => i.nickname || i.name,
  );
/** The focused element as a person would name it, waited for (focus moves after a render). */
const focusIs = (expected: string | RegExp) =>
  waitUntil(
    `focus on ${String(expected)}`,
    () => focusNow(page, false),
    (f) => (typeof expected === 'string' ? f === expected : expected.test(f)),
  );
const dialog = () => page.getByRole('dialog');

beforeAll(async () => {
  await callAsAdmin(station, 'POST', '/addresses', saved('Harbour Books', 'Hal Harbour', 'Bristol', 'BS1 4DJ'));
  await callAsAdmin(station, 'POST', '/addresses', saved('', "Siobhán O'Neill", 'Cardiff', 'CF10 6XD'));
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, station, { path: '/#/addresses', landsOn: 'Address book' });
});

describe('the address book, keyboard only', () => {
  it('a refused save focuses the first marked field; a save lands on the saved row', async () => {
    await page.getByRole('button', { name: 'Add address' }).press('Enter');
    await focusIs('INPUT Nickname');
    const form = page.getByRole('form', { name: 'New saved address' });
    await fillFields(form, REX_WITH_A_WRONG_POST_CODE);
    await form.getByLabel('Email').press('Enter');
    await focusIs('INPUT Post code');
    expect(await form.getByLabel('Post code').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'records-01-address-refused-1280');

    // The status line is on the page before its words come, so that a screen reader reads them.
    const status = page.locator('main [role="status"]', { hasText: /^$/ }).first();
    const statusId = await status.evaluate((e) => (e.id = 'status-before-save'));
    await page.keyboard.press('Control+a');
    await page.keyboard.type('bs1 4dj');
    await page.keyboard.press('Enter');
    await focusIs('BUTTON Change Rex at the depot, Repeat Customer, 9 Mill Road, Bristol, BS1 4DJ');
    await waitUntil(
      'the saved line in the status present before',
      () => textOf(page.locator(`#${statusId}`)),
      (t) => t.startsWith('Saved Rex at the depot'),
    );
  });

  it('Escape closes the editor: at once when nothing changed, after asking when something did', async () => {
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Change saved address' });
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await focusIs(/^BUTTON Change Rex at the depot/);

    await page.keyboard.press('Enter');
    await focusIs('INPUT Nickname');
    await page.keyboard.type(' (old)');
    // Another screen asks first too, as New shipment does; no stays.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await page.getByRole('link', { name: 'Shipments', exact: true }).click();
    expect(await asked).toBe('Leave this address? What you typed is not saved.');
    await page.getByRole('heading', { name: 'Address book', level: 1 }).waitFor();
    expect(await form.getByLabel('Nickname').inputValue()).toBe('Rex at the depot (old)');
    await form.getByLabel('Nickname').focus();
    await page.keyboard.press('Escape');
    await dialog().waitFor();
    expect(await textOf(dialog().getByRole('heading'))).toBe('Discard your changes to this saved address?');
    await focusIs('BUTTON Keep editing');
    await screenshot(page, 'records-02-address-discard-1280');
    // Escape answers no: the typing is still there, and focus with it.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(await form.getByLabel('Nickname').inputValue()).toBe('Rex at the depot (old)');
    await focusIs('INPUT Nickname');
    await page.keyboard.press('Escape');
    await focusIs('BUTTON Keep editing');
    await page.keyboard.press('Tab');
    await focusIs('BUTTON Discard changes');
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await focusIs(/^BUTTON Change Rex at the depot, /);
    expect(await names('/addresses?Search=old')).toEqual([]);
  });

  it('Delete asks first: Escape keeps the address, Delete saved address removes it and focus stays in the list', async () => {
    const deleteHarbour = page.getByRole('button', { name: /^Delete Harbour Books/ });
    await deleteHarbour.focus();
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    expect(await textOf(dialog().getByRole('heading'))).toBe(
      'Delete the saved address Harbour Books, Hal Harbour, 1 Quay Street, Bristol, BS1 4DJ?',
    );
    await focusIs('BUTTON Keep it');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'records-03-address-delete-1024');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await focusIs(/^BUTTON Delete Harbour Books/);
    expect(await names('/addresses')).toContain('Harbour Books');

    await page.keyboard.press('Enter');
    await focusIs('BUTTON Keep it');
    await page.keyboard.press('Tab');
    await focusIs('BUTTON Delete saved address');
    await page.keyboard.press('Enter');
    await page.getByText('Deleted Harbour Books').waitFor();
    // The row that took its place in the list has focus, not the page's body.
    await focusIs(/^BUTTON Change (Rex|Siobh)/);
    expect(await names('/addresses')).not.toContain('Harbour Books');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('its search folds punctuation as the shipments search does, and the count is announced', async () => {
    const search = page.getByRole('searchbox', { name: 'Search the address book' });
    await search.focus();
    await page.keyboard.type('oneill');
    const status = page.locator('form[role="search"] [role="status"]');
    await waitUntil(
      'the count',
      () => textOf(status),
      (t) => t === '1 saved address matches “oneill”.',
    );
    expect(await textOf(page.locator('tbody'))).toContain("Siobhán O'Neill");
    await page.keyboard.type('x');
    await waitUntil(
      'no match',
      () => textOf(status),
      (t) => t === 'No saved addresses match “oneillx”.',
    );
    await screenshot(page, 'records-04-address-search-1280');
    expect(pageErrors).toEqual([]);
  });
});

describe('package presets, keyboard only', () => {
  it('names the field in each message, the server’s for a weight of 0, and focuses the first marked field', async () => {
    await page.goto(`${station.url}/#/presets`);
    await page.getByRole('heading', { name: 'Package presets', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add preset' }).press('Enter');
    await focusIs('INPUT Name');
    await page.getByLabel('Weight (optional)').press('Enter');
    await focusIs('INPUT Name');
    const form = page.getByRole('form', { name: 'New package preset' });
    const errorTexts = () => form.locator('.field .field-error').allTextContents();
    expect(await errorTexts()).toEqual([
      'Name is required',
      'Length must be more than 0',
      'Width must be more than 0',
      'Height must be more than 0',
    ]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'records-05-preset-refused-1024');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.keyboard.type('Small box');
    for (const [label, value] of [
      ['Length', '30'],
      ['Width', '20'],
      ['Height', '15'],
      ['Weight (optional)', '0'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    // Sent from Name: focus moves to the field the station marked.
    await page.getByLabel('Name', { exact: true }).press('Enter');
    await waitUntil('the station’s message', errorTexts, (t) => t.join() === 'Weight must be more than 0 kg, or empty');
    await focusIs('INPUT Weight (optional)');

    await page.keyboard.press('Control+a');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await focusIs('BUTTON Change Small box');
    await page.locator('tbody tr', { hasText: '30 × 20 × 15 cm, 2 kg' }).waitFor();
  });

  it('Delete asks first, and with the last preset gone focus lands on Add preset', async () => {
    await page.getByRole('button', { name: 'Delete Small box' }).press('Enter');
    await dialog().waitFor();
    expect(await textOf(dialog().getByRole('heading'))).toBe('Delete the preset Small box?');
    await page.keyboard.press('Escape');
    await focusIs('BUTTON Delete Small box');
    expect(await names('/package-presets')).toEqual(['Small box']);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await focusIs('BUTTON Delete preset');
    await page.keyboard.press('Enter');
    await page.getByText('No presets yet.').waitFor();
    await focusIs('BUTTON Add preset');
    expect(await names('/package-presets')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
