/**
 * Settings → This desk → Daily backup, in headless Chromium against the real station
 * (`serve`, a process of its own): an administrator turns it on with a folder and how many
 * to keep, a wrong folder is named beside its field, and the station makes today's backup
 * and says so. Screenshots at 1280×720 and 1024×768 in test-results/screenshots/.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, deskPage, signIn, startDesk } from './station';
import { focusBecomes, screenshot, waitForText, waitUntil } from './ui';

let desk: Desk | undefined;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  desk = await startDesk();
  page = await deskPage(desk.browser, pageErrors);
}, 60_000);
afterAll(() => desk?.stop());

describe('the daily backup on screen', () => {
  it('is chosen in Settings → This desk; a wrong folder is named beside it; the station then makes one', async () => {
    await signIn(page, desk!.station, { path: '/#/settings', landsOn: 'Settings' });
    const form = page.getByRole('form', { name: 'Daily backup' });
    await form.getByRole('checkbox').check();
    await form.getByLabel('Backup folder').fill('backups');
    await form.getByLabel('Keep the last').fill('5');
    await form.getByRole('button', { name: 'Save daily backup' }).click();
    await waitForText(form.locator('.field-error').first(), /must be a full path/);
    // The refusal gives the keyboard to the field it names.
    await focusBecomes(page, /^INPUT Backup folder$/);

    const folder = join(desk!.station.dataDir, 'daily');
    await form.getByLabel('Backup folder').fill(folder);
    await form.getByRole('button', { name: 'Save daily backup' }).click();
    await waitForText(form.getByText('Daily backup saved.'), /saved/);
    await waitUntil(
      "today's backup in the folder",
      async () => (existsSync(folder) ? readdirSync(folder) : []),
      // Written beside it as a hidden .tmp file first, then renamed into place.
      (files) => files.length === 1 && !files[0]!.endsWith('.tmp'),
    );
    expect(readdirSync(folder)[0]).toMatch(/^shipping-station-\d{4}-\d{2}-\d{2}\.db$/);
    // Settings opened again show the last backup.
    await page.goto(`${desk!.station.url}/#/shipments`);
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await page.goto(`${desk!.station.url}/#/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await waitForText(page.getByRole('form', { name: 'Daily backup' }), /Last backup: .*shipping-station-/);
    // No error is shown where none happened.
    expect(await page.getByRole('form', { name: 'Daily backup' }).locator('.notice-error').count()).toBe(0);
    await page.getByRole('form', { name: 'Daily backup' }).scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'daily-backup-1280x720');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'daily-backup-1024x768');
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
