/**
 * The End of day screen in headless Chromium against the real station (`npm run serve`):
 * the counts per carrier, the warning that leads to the Not Printed shipments, Enter
 * asking, then closing the day and printing the manifest, and an earlier manifest printed again.
 */
import { describe, expect, it } from 'vitest';
import { deskForFile, printCalls as printCallsOn, signIn } from './station';
import { apiToken } from './station-api';
import { answerDidItPrint, focusNow, screenshot, textOf, waitForText, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();
const token = await apiToken(station);

async function call(method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${station.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function shipment(print: boolean, carrier: 1 | 2 = 1): Promise<string> {
  const address = (name: string, city: string, post: string) => ({
    fullName: name,
    addressLine1: '1 High Street',
    city,
    postZipCode: post,
    countryTwoCharacterISOCode: 'GB',
  });
  const response = await call('POST', '/shipments', {
    carrierId: carrier,
    carrierServiceId: carrier === 1 ? 101 : 201,
    collectionAddress: address('Dispatch', 'Leeds', 'LS1 1BA'),
    deliveryAddress: address('Ann Other', 'London', 'SW1A 1AA'),
    shipmentPieces: [{ weight: 1.5, length: 30, width: 20, height: 10 }],
  });
  expect(response.status).toBe(200);
  const { shipmentId } = (await response.json()) as { shipmentId: string };
  if (print) expect((await call('GET', `/shipments/${shipmentId}/label`)).status).toBe(200);
  return shipmentId;
}

/** print() calls on this page and in the newest print frame (each print makes a new frame). */
const printCalls = () => printCallsOn(page, 'iframe[data-label-print]:not([data-seen])');

describe('the End of day screen', () => {
  const printed: string[] = [];
  it('shows per carrier the Printed shipments waiting and warns of those Not Printed, with a link to them', async () => {
    printed.push(await shipment(true), await shipment(true), await shipment(true));
    await shipment(false);
    await signIn(page, station);
    await page.getByRole('link', { name: 'End of day' }).click();
    await page.getByRole('heading', { name: 'End of day', level: 1 }).waitFor();

    const swift = page.getByTestId('carrier-1');
    await waitForText(swift, 'Swift Parcels');
    const cells = swift.locator('td');
    expect(await textOf(cells.nth(0))).toBe('3');
    const warning = swift.getByRole('link', { name: /1 shipment not printed/ });
    expect(await warning.getAttribute('href')).toBe('#/shipments?status=Not+Printed');
    expect(await textOf(page.getByTestId('carrier-2').locator('td').nth(0))).toBe('0');
    expect(await page.getByTestId('carrier-2').getByRole('button').isDisabled()).toBe(true);
    await screenshot(page, 'eod-01-waiting');
  });

  it('asks before closing a day: Escape keeps it open, Enter closes it, and the focus never lands on the next carrier', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await shipment(true, 2);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await waitForText(page.getByTestId('carrier-2').locator('td').nth(0), /^1$/);
    const close = page.getByRole('button', { name: 'Close day and print manifest for Swift Parcels' });
    await close.focus();
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/manifests') && r.method() === 'POST') posted += 1;
    });
    const question = page.getByRole('dialog', { name: 'Close the day for Swift Parcels?' });

    // The first Enter only asks, naming the carrier and its count; Escape keeps the day open.
    await page.keyboard.press('Enter');
    await waitForText(question, '3 Printed shipments go on a manifest');
    await screenshot(page, 'eod-01b-asks-1280');
    expect(await focusNow(page)).toBe('BUTTON Close day and print manifest');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(posted).toBe(0);
    expect(await textOf(page.getByTestId('carrier-1').locator('td').nth(0))).toBe('3');
    expect(await focusNow(page)).toBe('BUTTON Close day and print manifest for Swift Parcels');

    // Enter, Enter closes it; a third Enter must not close Northline Freight's day.
    const made = page.waitForResponse((r) => r.url().endsWith('/manifests') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Enter');
    const response = await made;
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as { manifestNumber: string; shipments: { shipmentId: string }[] };
    expect(manifest.manifestNumber).toBe('MF00000001');
    expect(manifest.shipments.map((s) => s.shipmentId).sort()).toEqual([...printed].sort());
    await waitUntil('a print() call', printCalls, (n) => n === 1);
    const line = page.getByRole('status').filter({ hasText: 'MF00000001' });
    await waitForText(line, 'Manifest MF00000001 for Swift Parcels: 3 shipments, 3 pieces. Sent to print.');
    await waitForText(page.getByTestId('carrier-1').locator('td').nth(0), /^0$/);
    await waitForText(page.getByTestId('carrier-2').locator('td').nth(0), /^1$/);
    expect(await focusNow(page)).toMatch(/^DIV Manifest MF00000001/);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(posted).toBe(1);
    for (const id of printed) {
      expect(((await (await call('GET', `/shipments/${id}`)).json()) as { status: string }).status).toBe('Manifested');
    }
    const row = page.getByRole('table', { name: 'Manifests' }).getByRole('row', { name: /MF00000001/ });
    await waitForText(row, 'Swift Parcels');
    expect(await textOf(row)).toMatch(/admin\s*3\s*3\s*4\.5/);
    await screenshot(page, 'eod-02-closed');

    // At 1024×768 the next carrier's close asks too, with its own name and count.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Close day and print manifest for Northline Freight' }).focus();
    await page.keyboard.press('Enter');
    const northline = page.getByRole('dialog', { name: 'Close the day for Northline Freight?' });
    await waitForText(northline, '1 Printed shipment goes on a manifest');
    await screenshot(page, 'eod-01c-asks-1024');
    await page.keyboard.press('Enter');
    await waitForText(page.getByRole('status').filter({ hasText: 'MF00000002' }), 'for Northline Freight: 1 shipment');
    expect(posted).toBe(2);
    expect(await focusNow(page)).toMatch(/^DIV Manifest MF00000002/);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('prints an earlier manifest again', async () => {
    const before = await page.evaluate(() => {
      document.querySelectorAll('iframe[data-label-print]').forEach((f) => f.setAttribute('data-seen', ''));
      return (window as Window & { __printCalls?: number }).__printCalls ?? 0;
    });
    const fetched = page.waitForResponse((r) => r.url().endsWith('/manifests/1'));
    await page.getByRole('button', { name: 'Print again MF00000001' }).click();
    expect((await fetched).status()).toBe(200);
    await waitUntil('a second print() call', printCalls, (n) => n === before + 1);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'again' }),
      'Manifest MF00000001 sent to print again.',
    );
  });

  it('leads from the warning to the Not Printed shipments', async () => {
    await page
      .getByTestId('carrier-1')
      .getByRole('link', { name: /not printed/ })
      .click();
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    await waitForText(page.locator('.page-sub'), '1 shipment');
  });

  it('selects rows by keyboard and mouse in the list, prints them in one job and manifests them, a result per shipment', async () => {
    const made = [await shipment(false), await shipment(false), await shipment(false)];
    await page.goto(`${station.url}/#/shipments?status=Not+Printed`);
    await page.reload(); // the list was open at this address already: load it afresh
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    const rows = page.getByRole('table', { name: 'Shipments' }).locator('tbody tr');
    await waitUntil(
      'four Not Printed rows',
      () => rows.count(),
      (n) => n === 4,
    );
    const numbers: string[] = [];
    for (const id of made)
      numbers.push(
        ((await (await call('GET', `/shipments/${id}`)).json()) as { shipmentNumber: string }).shipmentNumber,
      );
    // Keyboard: the first row focused, Space selects it, ↓ and Space the next; the mouse, a third.
    await page.locator(`tr[data-shipment-no="${numbers[2]}"]`).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: `Select ${numbers[0]}` }).click();
    await waitForText(page.getByRole('region', { name: 'Selected shipments' }), '3 shipments selected');
    await screenshot(page, 'bulk-01-selected');

    const labels = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith('/labels') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Print labels' }).click();
    const results = ((await (await labels).json()) as { results: { ok: boolean }[] }).results;
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    const outcome = page.getByRole('list', { name: 'Outcome per shipment' });
    for (const n of [numbers[2]!, numbers[1]!, numbers[0]!]) await waitForText(outcome, `${n} ✓ label sent to print`);
    // Printed through the browser, which cannot tell: the desk asks, and Enter says it printed.
    await answerDidItPrint(page);
    for (const id of made)
      expect(((await (await call('GET', `/shipments/${id}`)).json()) as { status: string }).status).toBe('Printed');

    await page.getByRole('button', { name: 'Add to manifest' }).click();
    for (const n of numbers) await waitForText(outcome, `${n} ✓ on manifest MF00000003`);
    await screenshot(page, 'bulk-02-manifested');
    await page.getByRole('button', { name: 'Cancel shipments' }).click();
    await page.getByRole('button', { name: 'Confirm: cancel 3 shipments' }).click();
    for (const n of numbers) await waitForText(outcome, `${n} ✓ cancelled`);
    expect(await textOf(outcome)).not.toContain('✗');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
