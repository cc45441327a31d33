/**
 * Settings → This desk → Watched folder in headless Chromium against the real station
 * (`serve`, built): a folder refused beside its field, then set by keyboard; a file renamed
 * into it shows in the activity table with its counts, and one that is not orders as
 * failed with its reason. At 1280×720 and 1024×768 nothing of it is cut off. Screenshots
 * land in test-results/screenshots/.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, deskPage, type RunningStation, signIn, startDesk } from './station';
import { callAsAdmin, setSenderAddress } from './station-api';
import { fitsAtDeskSizes, focusNow, screenshot, textOf, waitForText, waitUntil } from './ui';

let station: RunningStation;
let browser: Browser;
let desk: Desk | undefined;
let page: Page;
const pageErrors: string[] = [];
const folder = mkdtempSync(join(tmpdir(), 'ss-e2e-watched-'));
const outside = mkdtempSync(join(tmpdir(), 'ss-e2e-outside-'));
const group = () => page.getByRole('group', { name: 'Watched folder' });

beforeAll(async () => {
  desk = await startDesk();
  ({ station, browser } = desk);
  await setSenderAddress(station);
  page = await deskPage(browser, pageErrors);
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, station);
}, 90_000);
afterAll(async () => {
  await desk?.stop();
  rmSync(folder, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

function drop(name: string, content: string): void {
  writeFileSync(join(outside, name), content);
  renameSync(join(outside, name), join(folder, name));
}

describe('Settings → This desk → Watched folder', () => {
  it('refuses a folder that is not there beside its field, then is set by keyboard alone', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await group().waitFor();
    const path = group().getByRole('textbox', { name: 'Folder' });
    await path.focus();
    await page.keyboard.type(join(folder, 'missing'));
    await group().getByRole('button', { name: 'Save folder' }).click();
    await waitForText(group().locator('.field-invalid'), /There is no folder .*missing on this computer/);
    expect(await path.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'watch-folder-01-refused');

    await path.fill('');
    await path.focus();
    await page.keyboard.type(folder);
    await page.keyboard.press('Tab');
    expect(await focusNow(page, false)).toBe('SELECT With each order');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // Watch this folder
    await page.keyboard.press('Tab');
    expect(await focusNow(page, false)).toBe('BUTTON Save folder');
    await page.keyboard.press('Enter');
    await waitForText(group().getByRole('status'), `Watching ${folder}: orders are added.`);
    expect(await callAsAdmin(station, 'GET', '/watch-folder')).toEqual({
      path: folder,
      action: 'orders',
      enabled: true,
    });
  });

  it('shows the files it took with their counts and result, a failed one with its reason', async () => {
    drop(
      'desk-orders.csv',
      'orderNumber,Name,Address 1,City,Post code,Country,SKU,Quantity,Weight\n' +
        'E2E-1,Ada Lovelace,22 High Street,Leeds,LS1 1UR,GB,MUG,2,0.4\n' +
        'E2E-1,Ada Lovelace,22 High Street,Leeds,LS1 1UR,GB,TEA,1,0.25\n' +
        'E2E-2,Bob Smith,1 Mill Lane,Leeds,NOPE,GB,MUG,1,0.4\n',
    );
    drop('notes.txt', 'not orders');
    const table = group().getByTestId('folder-activity');
    await waitUntil(
      'both files in the activity table',
      async () => {
        await group().getByRole('button', { name: 'Refresh' }).click();
        return (await table.count()) === 0 ? '' : await textOf(table.locator('tbody'));
      },
      (text) => text.includes('desk-orders.csv') && text.includes('notes.txt') && !text.includes('Being read'),
      20_000,
    );
    const done = table.locator('tr', { hasText: 'desk-orders.csv' });
    expect((await done.locator('td').allTextContents()).slice(2)).toEqual([
      'Done, some refused',
      '3: 2 created, 1 refused',
    ]);
    const failed = table.locator('tr[data-status="failed"]', { hasText: 'notes.txt' });
    expect((await failed.locator('td').allTextContents())[2]).toBe('Failed');
    // Its reason reads across the table under it.
    await waitForText(table.locator('tr[data-reason-of="notes.txt"]'), /^notes\.txt: it is neither CSV/);
    await screenshot(page, 'watch-folder-02-activity');
  });

  it('fits at 1280×720 and 1024×768: no sideways scrolling, every control in reach', async () => {
    await fitsAtDeskSizes(page, 'watch-folder-03', group());
    expect(pageErrors).toEqual([]);
  });
});
