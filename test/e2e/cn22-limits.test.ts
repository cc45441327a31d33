/**
 * Settings → Station → CN22 limits (docs/contract.md §17), in headless Chromium against the real
 * station, from the keyboard only: add a currency, type wrong amounts and see each named
 * beside its row, correct them, remove a currency, save; the station keeps what was saved.
 */
import { describe, expect, it } from 'vitest';
import { deskForFile } from './station';
import { callAsAdmin } from './station-api';
import { screenshot, textOf, waitForText, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();

const focusedLabel = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
  });
const press = async (...keys: string[]) => {
  for (const key of keys) await page.keyboard.press(key);
};
const limits = () => page.getByRole('list', { name: 'CN22 limits by currency' });

describe('CN22 limits in Settings', () => {
  it('are edited from the keyboard, checked by the station row by row, and kept', async () => {
    await page.goto(`${station.url}/`);
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password').fill(station.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

    // The defaults, about the UPU's 300 SDR.
    for (const [currency, value] of [
      ['EUR', '300'],
      ['GBP', '270'],
      ['USD', '350'],
    ]) {
      expect(await limits().getByLabel(`CN22 limit in ${currency}`).inputValue()).toBe(value);
    }

    // Add a currency: its currency takes the focus; type to choose CHF, Tab to its amount.
    await page.getByRole('button', { name: 'Add a currency' }).focus();
    await press('Enter');
    await waitUntil('the new row’s currency focused', focusedLabel, (l) => l === 'Currency');
    await page.keyboard.type('CHF');
    await press('Tab');
    expect(await focusedLabel()).toBe('CN22 limit in CHF');
    await page.keyboard.type('a lot');
    // EUR gets a negative limit; Enter in a field saves the station settings.
    await limits().getByLabel('CN22 limit in EUR').focus();
    await press('Control+a');
    await page.keyboard.type('-5');
    await press('Enter');

    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await waitForText(alert, /2 fields need correcting/);
    const errorOf = async (label: string) => {
      const id = await limits().getByLabel(label).getAttribute('aria-describedby');
      return textOf(page.locator(`[id="${id}"]`));
    };
    expect(await errorOf('CN22 limit in CHF')).toMatch(/CHF must be a number/);
    expect(await errorOf('CN22 limit in EUR')).toMatch(/EUR must not be negative/);
    expect(await limits().getByLabel('CN22 limit in GBP').getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'cn22-01-two-wrong-rows');
    // Nothing was kept.
    expect((await callAsAdmin<{ cn22MaxValue: object }>(station, 'GET', '/settings')).cn22MaxValue).toEqual({
      GBP: 270,
      EUR: 300,
      USD: 350,
    });

    // Correct both, remove USD (the focus moves on to the next row), save with Enter.
    await limits().getByLabel('CN22 limit in CHF').focus();
    await press('Control+a');
    await page.keyboard.type('100');
    await limits().getByLabel('CN22 limit in EUR').focus();
    await press('Control+a');
    await page.keyboard.type('299.50');
    await limits().getByRole('button', { name: 'Remove the USD limit' }).focus();
    await press('Enter');
    expect(await focusedLabel()).toBe('CN22 limit in CHF');
    await press('Enter');
    await waitForText(page.locator('main'), 'Station settings saved.');
    expect((await callAsAdmin<{ cn22MaxValue: object }>(station, 'GET', '/settings')).cn22MaxValue).toEqual({
      EUR: 299.5,
      GBP: 270,
      CHF: 100,
    });
    await screenshot(page, 'cn22-02-saved');

    // What was saved is what a fresh Settings shows.
    await page.reload();
    await limits().getByLabel('CN22 limit in CHF').waitFor();
    expect(await limits().getByLabel('CN22 limit in CHF').inputValue()).toBe('100');
    expect(await limits().getByLabel('CN22 limit in USD').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
