/**
 * The desk end to end, in headless Chromium against the real station (`npm run serve`, built) serving
 * the built renderer over loopback HTTP: sign in, a refused and then a created two-piece
 * shipment, the list, the label preview, printing, cancelling, tracking and settings.
 * Screenshots of every screen land in test-results/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { deskForFile, printCalls as printCallsOn, submitSignIn } from './station';
import { fillFields, fillPiece } from './ui';
import { apiToken, createByApi } from './station-api';
import { answerDidItPrint, detailStatus, screenshot, textOf, waitForText, waitUntil } from './ui';

const { station, page, pageErrors } = await deskForFile();

/** Shared by the steps below, which run in order. */
const created = { id: '', number: '' };

async function openDetail(id: string): Promise<void> {
  await page.goto(`${station.url}/#/shipments/${id}`);
  await detailStatus(page).waitFor();
}

describe('the dispatch desk in a browser', () => {
  it('signs in with user name and password', async () => {
    await page.goto(`${station.url}/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, '01-sign-in');
    await submitSignIn(page, { username: 'admin', password: station.adminPassword });
    await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
    expect(await textOf(page.getByRole('navigation', { name: 'Main' }))).toContain('admin');
  });

  it('shows a bad post code next to the post code field, and the rest in a summary', async () => {
    await page.getByRole('button', { name: 'New shipment' }).click();
    await page.getByRole('heading', { name: 'New shipment' }).waitFor();

    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    const service = page.getByLabel('Service', { exact: true });
    await page.locator('#field-carrierServiceId option', { hasText: 'Next Day (NDAY)' }).waitFor({ state: 'attached' });
    await service.selectOption({ label: 'Next Day (NDAY)' });

    const collection = page.getByRole('group', { name: 'Collection address' });
    await fillFields(collection, {
      'Business name': 'Acme Components Ltd',
      'Address line 1': 'Unit 4, Canal Wharf',
      City: 'Leeds',
      'Post code': 'ls11ba',
    });

    const delivery = page.getByRole('group', { name: 'Delivery address' });
    await fillFields(delivery, {
      'Full name': 'Ann Other',
      'Address line 1': '10 Downing Street',
      City: 'London',
      'Post code': 'SW1A 9ZZZ',
    });

    await fillPiece(page, 1, { weight: '2.5', length: '40', width: '30', height: '20' });
    await page.getByLabel('Piece 1 description').fill('Gearbox parts');
    await page.getByRole('button', { name: 'Duplicate piece 1' }).click();
    await page.getByLabel('Piece 2 weight', { exact: true }).fill('1.25');
    await page.getByLabel('Reference 1').fill('PO-48213');

    await page.getByRole('button', { name: 'Create shipment' }).click();

    const postCode = delivery.getByLabel('Post code');
    await waitUntil(
      'aria-invalid on the post code',
      () => postCode.getAttribute('aria-invalid'),
      (v) => v === 'true',
    );
    const describedBy = (await postCode.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    const messages = await Promise.all(describedBy.split(' ').map((id) => textOf(page.locator(`[id="${id}"]`))));
    expect(messages.join(' ')).toContain('Post code SW1A 9ZZZ is not a British post code (e.g. SW1A 1AA)');
    // Only the field the station named is marked.
    expect(await collection.getByLabel('Post code').getAttribute('aria-invalid')).toBeNull();
    // The only field marked took focus (the summary, an alert, is read out).
    await waitUntil(
      'focus on the post code',
      () => page.evaluate(() => document.activeElement?.id ?? ''),
      (id) => id === 'field-deliveryAddress-postZipCode',
    );
    await screenshot(page, '03-new-shipment-errors');
  });

  it('creates a two-piece shipment through the form and opens it with both labels drawn', async () => {
    const delivery = page.getByRole('group', { name: 'Delivery address' });
    await delivery.getByLabel('Post code').fill('SW1A 2AA');
    const create = page.waitForResponse((r) => r.url().endsWith('/shipments') && r.request().method() === 'POST');
    await page.keyboard.press('Control+Enter');
    const response = await create;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await response.json()) as { shipmentId: string; shipmentNumber: string; shipmentPieces: unknown[] };
    expect(body.shipmentPieces).toHaveLength(2);
    created.id = body.shipmentId;
    created.number = body.shipmentNumber;

    await waitUntil(
      'the detail route',
      async () => page.url(),
      (url) => url.endsWith(`#/shipments/${created.id}`),
    );
    await waitForText(detailStatus(page), /^Not Printed$/);
    await waitForText(page.getByRole('heading', { level: 1 }), created.number);
    const canvases = page.locator('[data-testid="label-pages"] canvas[data-rendered="true"]');
    await waitUntil(
      'two rendered label canvases',
      () => canvases.count(),
      (n) => n === 2,
      20_000,
    );
    // Crisp: the backing store is at least as large as the drawn size.
    const size = await canvases
      .first()
      .evaluate((c: HTMLCanvasElement) => ({ w: c.width, css: c.getBoundingClientRect().width }));
    expect(size.w).toBeGreaterThanOrEqual(Math.floor(size.css));
    await screenshot(page, '04-shipment-detail');
  });

  it('lists it as Not Printed, and ↑/↓ and Enter open a row', async () => {
    await createByApi(station, 'EC1A 1BB');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipments' }).click();
    const row = page.locator(`tr[data-shipment-no="${created.number}"]`);
    await row.waitFor();
    expect(await textOf(row.locator('.chip'))).toBe('Not Printed');
    expect(await textOf(row)).toContain('Ann Other, 10 Downing Street, London, SW1A 2AA, GB');
    await waitForText(page.locator('.page-sub'), '2 shipments · 3 pieces');
    await screenshot(page, '02-shipments');

    // Newest first: the API-made one is on top, ours second.
    await page.locator('tbody tr').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitUntil(
      'the detail route',
      async () => page.url(),
      (url) => url.endsWith(`#/shipments/${created.id}`),
    );
    await detailStatus(page).waitFor();
  });

  it('keeps list filters in the address, so Back restores them', async () => {
    await page.goto(`${station.url}/#/shipments`);
    await page.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('checkbox', { name: 'Printed', exact: true }).check();
    await waitUntil(
      'the status in the hash',
      async () => page.url(),
      (url) => url.includes('status=Printed'),
    );
    await page.getByText('No shipment matches these filters.').waitFor();
    await page.keyboard.press('Escape');
    await page.goBack();
    await waitUntil(
      'the filter gone again',
      async () => page.url(),
      (url) => !url.includes('status='),
    );
    await page.locator(`tr[data-shipment-no="${created.number}"]`).waitFor();
  });

  it('prints the label: the label is fetched, print() is called and the status becomes Printed', async () => {
    await openDetail(created.id);
    await waitForText(detailStatus(page), /^Not Printed$/);
    const label = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/shipments/${created.id}/label`));
    await page.getByRole('button', { name: 'Print label' }).click();
    expect((await label).status()).toBe(200);
    await answerDidItPrint(page);
    await waitForText(detailStatus(page), /^Printed$/);
    // print() of the hidden PDF frame, or of this page when the frame was refused (see browser-print.ts).
    const printCalls = () => printCallsOn(page);
    await waitUntil('a print() call', printCalls, (n) => n === 1);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'print' }),
      'Label sent to the browser’s print dialog.',
    );
  });

  it('cancels a shipment after confirming, and then offers no second cancel', async () => {
    const other = await createByApi(station, 'W1A 1AA');
    await openDetail(other.shipmentId);
    await page.getByRole('button', { name: 'Cancel shipment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await textOf(dialog)).toContain(`Cancel ${other.shipmentNumber}?`);
    await dialog.getByRole('button', { name: 'Cancel shipment' }).click();
    await waitForText(detailStatus(page), /^Cancelled$/);
    expect(await page.getByRole('button', { name: 'Cancel shipment' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Print label' }).isDisabled()).toBe(true);
  });

  it('records a scan, offering only the statuses the status life allows next', async () => {
    await openDetail(created.id);
    await page.getByRole('button', { name: 'Record a scan' }).click();
    const form = page.locator('form.scan-form');
    // From Printed: carrier statuses only, no final ones yet.
    const offered = await form.getByLabel('Status').locator('option').allTextContents();
    expect(offered).toContain('Enroute to Depot');
    expect(offered).not.toContain('Delivered to Receiver');
    await form.getByLabel('Status').selectOption('Enroute to Depot');
    await form.getByLabel('Location').fill('Leeds depot');
    await form.getByRole('button', { name: 'Save scan' }).click();
    await waitForText(detailStatus(page), /^Enroute to Depot$/);
    await waitForText(page.locator('.timeline'), 'at Leeds depot');
  });

  it('shows the settings screen', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'Sender address' }).waitFor();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('cell', { name: 'admin (you)' }).waitFor();
    await waitForText(page.locator('.api-url'), station.url);
    await screenshot(page, '06-settings');
  });

  it('adds a user in Settings; a refused password is explained beside its field', async () => {
    const users = page.locator('section[aria-labelledby="users-heading"]');
    const password = users.getByRole('textbox', { name: 'Password', exact: true });
    await users.getByRole('textbox', { name: 'User name' }).fill('maria');
    await password.fill('short');
    await users.getByRole('button', { name: 'Add user' }).click();
    await waitForText(users.locator('.field-error'), 'at least 10 characters');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const errorId = await password.getAttribute('aria-describedby');
    expect(await users.locator(`#${errorId}`).innerText()).toMatch(/at least 10 characters/);
    expect(await users.getByRole('textbox', { name: 'User name' }).getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, '07-settings-user-refused');

    await password.fill('a long enough password');
    await users.getByRole('button', { name: 'Add user' }).click();
    await waitForText(users.getByRole('status'), 'User maria added.');
    await users.getByRole('cell', { name: 'maria', exact: true }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBeNull();
  });

  it('unlocks the sign-in of a user a tool locked out, from the Users screen', async () => {
    const signIn = (pw: string) =>
      fetch(`${station.url}/auth?option=credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ credentials: { username: 'maria', password: pw } }),
      });
    for (let i = 0; i < 10; i++) expect((await signIn(`wrong ${i}`)).status).toBe(400);
    expect((await signIn('a long enough password')).status).toBe(429);
    const users = page.locator('section[aria-labelledby="users-heading"]');
    await users.getByRole('button', { name: 'Unlock sign-in of maria' }).click();
    await waitForText(users.getByRole('status'), 'Sign-in unlocked for maria.');
    expect((await signIn('a long enough password')).status).toBe(200);
  });

  it('tracks a parcel by number and post code on the Track screen, signed out too', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Track a parcel' }).click();
    await page.getByRole('heading', { name: 'Track a parcel' }).waitFor();
    await page.getByLabel('Shipment or tracking number').fill(created.number);
    await page.getByLabel('Delivery post code').fill('sw1a2aa');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    const result = page.locator('.track-result');
    await waitForText(result, created.number);
    const tracking = await fetch(`${station.url}/shipments/${created.id}/tracking`, {
      headers: { Authorization: `Bearer ${await apiToken(station)}` },
    }).then((r) => r.json() as Promise<{ lastStatus: { status: string } }>);
    expect(await textOf(result.locator('.track-summary .chip'))).toBe(tracking.lastStatus.status);
    expect(await textOf(result)).toContain('Shipment created');
    await screenshot(page, '05-track');

    await page.getByLabel('Delivery post code').fill('SW1A 1AA');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await waitForText(page.getByRole('alert'), 'No parcel matches');
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
