/**
 * Settings → Audit for administrators (docs/contract.md §22), in headless Chromium against the real
 * station: the trail lists sign-ins and prints newest first, filters by kind, and ↓ walks
 * its rows; a shipment's page says how often it was printed and by whom last. Screenshots at
 * 1280×720 and 1024×768 in test-results/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { deskForFile, signIn } from './station';
import { callAsAdmin, createByApi } from './station-api';
import { focusNow, screenshot, waitForText, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();

describe('the audit trail on screen', () => {
  it('shows a shipment’s prints, and lists, filters and walks the trail from the keyboard', async () => {
    const s = await createByApi(station);
    await callAsAdmin(station, 'GET', `/shipments/${s.shipmentId}/label`);
    await callAsAdmin(station, 'GET', `/shipments/${s.shipmentId}/label`);
    await signIn(page, station, { path: `/#/shipments/${s.shipmentId}`, landsOn: s.shipmentNumber });
    await waitForText(page.getByTestId('print-count'), /printed 2×, last by admin at \d\d:\d\d/);

    await page.goto(`${station.url}/#/settings`);
    const table = page.getByTestId('audit-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    const audit = page.getByRole('region', { name: 'Audit' });
    await audit.getByLabel('Kind').selectOption({ label: 'Label prints' });
    await waitUntil(
      'only prints listed',
      async () => table.locator('tbody tr td.mono').allTextContents(),
      (kinds) => kinds.length === 2 && kinds.every((k) => k.startsWith('label.')),
    );
    expect(await table.locator('tbody tr').first().textContent()).toContain('label.reprint');
    await audit.getByLabel('User', { exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusNow(page, false)).toMatch(/label\.print/);
    await table.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'audit-1280x720');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'audit-1024x768');
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
