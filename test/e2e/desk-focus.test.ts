/**
 * Where the keyboard is, in real Chromium against the real station: focus after printing,
 * focus and a screen-reader announcement on every screen change, the scan form's statuses,
 * and an operator changing their own password.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_STATUSES } from '../helpers/records';
import { deskForFile, printCalls as printCallsOn, signIn, submitSignIn } from './station';
import { apiToken, callAsAdmin, createByApi } from './station-api';
import { answerDidItPrint, detailStatus, focusNow, screenshot, textOf, waitForText, waitUntil } from './ui';

const { station, browser, page, pageErrors } = await deskForFile();

/** The focused element as a person would name it: `BUTTON Print label`, `H1 Settings`. */
export const focused = (on: Page): Promise<string> => focusNow(on, false);

const waitForFocus = (expected: string | RegExp) =>
  waitUntil(
    `focus on ${String(expected)}`,
    () => focused(page),
    (f) => (typeof expected === 'string' ? f === expected : expected.test(f)),
  );

/** print() calls of this page and of the hidden label frame (see browser-print.ts). */
const printCalls = () => printCallsOn(page);

const announcer = () => page.getByTestId('screen-announcer');

beforeAll(async () => {
  await signIn(page, station);
});

describe('focus on the desk', () => {
  it('moves focus to the new screen’s heading or first field, and announces the screen', async () => {
    await waitForFocus('H1 Shipments');
    await waitForText(announcer(), /^Shipments$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).click();
    await waitForFocus('H1 Settings');
    await waitForText(announcer(), /^Settings$/);
    // The heading takes focus from a script only: it is no stop on the Tab path.
    expect(await page.getByRole('heading', { name: 'Settings', level: 1 }).getAttribute('tabindex')).toBe('-1');

    // A form screen: the delivery name, where every new shipment starts.
    await page.keyboard.press('Alt+N');
    await waitForFocus(/Full name/);
    await waitForText(announcer(), /^New shipment$/);

    await nav.getByRole('link', { name: 'Track' }).click();
    await waitForFocus('INPUT Shipment or tracking number');
    await waitForText(announcer(), /^Track a parcel$/);

    const shipment = await createByApi(station);
    await page.goto(`${station.url}/#/shipments/${shipment.shipmentId}`);
    await waitForFocus(new RegExp(`^H1 ${shipment.shipmentNumber}`));
    await waitForText(announcer(), `Shipment: ${shipment.shipmentNumber} Not Printed`);

    // Back to the list: the screen changes again, and so does focus.
    await page.goBack();
    await waitForText(announcer(), /^Track a parcel$/);
    await waitForFocus('INPUT Shipment or tracking number');
  });

  it('gives focus back to the page after printing, so the next keys work', async () => {
    const shipment = await createByApi(station, 'EC1A 1BB');
    await page.goto(`${station.url}/#/shipments/${shipment.shipmentId}`);
    await waitForFocus(new RegExp(`^H1 ${shipment.shipmentNumber}`));
    const print = page.getByRole('button', { name: 'Print label' });
    await print.focus();
    await page.keyboard.press('Enter');
    await answerDidItPrint(page);
    await waitForText(detailStatus(page), /^Printed$/);
    await waitUntil('a print() call', printCalls, (n) => n === 1);
    await waitForFocus('BUTTON Print label');
    expect(await page.evaluate(() => document.hasFocus())).toBe(true);
    // The next key does what it says: Alt+N opens a new shipment.
    await page.keyboard.press('Alt+N');
    await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
    await screenshot(page, 'focus-after-print-new-shipment');
  });

  it('offers in the scan form only the statuses allowed from the current one, and records a repeated scan once', async () => {
    const shipment = await createByApi(station, 'N1 9GU');
    await page.goto(`${station.url}/#/shipments/${shipment.shipmentId}`);
    await waitForFocus(new RegExp(`^H1 ${shipment.shipmentNumber}`));
    const open = page.getByRole('button', { name: 'Record a scan' });
    // Not Printed takes no carrier scan: the button says why it is off.
    expect(await open.isDisabled()).toBe(true);
    const reasonId = await open.getAttribute('aria-describedby');
    expect(await textOf(page.locator(`[id="${reasonId}"]`))).toMatch(/^Print the label first/);

    await callAsAdmin(station, 'GET', `/shipments/${shipment.shipmentId}/label`);
    await page.reload();
    await waitForText(detailStatus(page), /^Printed$/);
    await open.focus();
    await page.keyboard.press('Enter');
    await waitForFocus(/^SELECT Status/);
    const status = page.locator('form.scan-form').getByLabel('Status');
    expect(await status.locator('option').allTextContents()).toEqual(CARRIER_STATUSES);
    await status.selectOption('On Vehicle For Delivery');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Leeds depot');
    await page.keyboard.press('Enter');
    await waitForText(detailStatus(page), /^On Vehicle For Delivery$/);
    // Focus goes back to the button that opened the form.
    await waitForFocus('BUTTON Record a scan');

    // From a carrier status the final ones follow; the same scan again within seconds is one scan.
    await page.keyboard.press('Enter');
    await waitForFocus(/^SELECT Status/);
    const next = await status.locator('option').allTextContents();
    expect(next).toEqual(expect.arrayContaining(['Delivered to Receiver', 'Returned to Sender', 'Lost', 'Destroyed']));
    expect(next).not.toContain('Cancelled');
    await status.selectOption('On Vehicle For Delivery');
    await page.locator('form.scan-form').getByLabel('Location').fill('Leeds depot');
    await page.keyboard.press('Enter');
    await waitForText(
      page.getByRole('status').filter({ hasText: 'Scan recorded' }),
      'Scan recorded: On Vehicle For Delivery.',
    );
    const history = await page.locator('.timeline').innerText();
    expect(history.match(/On Vehicle For Delivery/g)).toHaveLength(1);
    await screenshot(page, 'scan-recorded-once');
  });

  it('lets an operator change their own password in Settings; their other sign-ins end, this desk stays signed in', async () => {
    const olive = { username: 'olive', password: 'olive password 1' };
    await callAsAdmin(station, 'POST', '/users', { ...olive, role: 'operator' });
    const elsewhere = await apiToken(station, olive.username, olive.password);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const desk = await context.newPage();
    desk.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await signIn(desk, station, { user: olive, path: '/#/settings', landsOn: 'Settings' });
      // An operator sees no user administration, but does see their own password.
      expect(await desk.getByRole('heading', { name: 'Users' }).count()).toBe(0);
      const form = desk.getByRole('form', { name: 'Your password' });
      await form.getByLabel('Current password').fill('not my password');
      await form.getByLabel('New password', { exact: true }).fill('olive new passphrase');
      await form.getByLabel('New password again').fill('olive new passphrase');
      await form.getByRole('button', { name: 'Change password' }).click();
      const current = form.getByLabel('Current password');
      await waitUntil(
        'the current password marked',
        () => current.getAttribute('aria-invalid'),
        (v) => v === 'true',
      );
      const errorId = (await current.getAttribute('aria-describedby'))!.split(' ')[0]!;
      expect(await textOf(desk.locator(`[id="${errorId}"]`))).toMatch(/not your current password/i);

      await current.fill(olive.password);
      await form.getByRole('button', { name: 'Change password' }).click();
      await waitForText(
        desk.locator('section[aria-labelledby="own-password-heading"]').getByRole('status'),
        'Password changed.',
      );
      await screenshot(desk, 'settings-own-password-changed');
      // This desk goes on: the list loads with the new sign-in.
      await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipments' }).click();
      await desk.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
      await desk
        .getByText(/No shipments yet|shipments? ·/)
        .first()
        .waitFor();
      expect(await desk.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
      // The other sign-in ended; the old password is refused, the new one accepted.
      const me = await fetch(`${station.url}/me`, { headers: { Authorization: `Bearer ${elsewhere}` } });
      expect(me.status).toBe(401);
      await expect(apiToken(station, olive.username, olive.password)).rejects.toThrow(/400/);
      await apiToken(station, olive.username, 'olive new passphrase');
    } finally {
      await context.close();
    }
  });

  it('speaks to the operator in their words: no request paths, no "check the key", no stack text; each says what to do', async () => {
    const technical =
      /[a-z][A-Za-z]*\.[a-z][A-Za-z]*\b|\[\d+\]|check the key|Error:|\bat \w+ \(|fetch|EADDR|SQLITE|undefined/i;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const desk = await context.newPage();
    desk.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await desk.goto(`${station.url}/`);
      await submitSignIn(desk, { username: 'admin', password: 'not the password' });
      const refused = await waitForText(desk.getByRole('alert'), 'do not match');
      expect(refused).not.toMatch(technical);
      expect(refused).toMatch(/Type them again/);
      await desk.getByLabel('Password').fill(station.adminPassword);
      await desk.getByRole('button', { name: 'Sign in' }).click();
      await desk.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();

      // The station stops answering while the list refreshes.
      await desk.route(/\/shipments\?/, (route) => route.abort('connectionrefused'));
      await desk.getByRole('button', { name: 'Refresh' }).click();
      const unreachable = await waitForText(desk.getByRole('alert'), 'not answering');
      expect(unreachable).toBe('The station is not answering. Check that it is running, then try again.');
      await desk.unroute(/\/shipments\?/);

      // A failure inside the station: the code to quote, never its trace.
      await desk.route(/\/shipments\?/, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: '/problems/internal',
            title: 'Something went wrong inside the station',
            status: 500,
            detail: 'Something went wrong inside the station; quote trace id req-2a.',
            instance: '/shipments',
            traceId: 'req-2a',
          }),
        }),
      );
      await desk.getByRole('button', { name: 'Refresh' }).click();
      const internal = await waitForText(desk.getByRole('alert'), 'nothing was saved');
      expect(internal).toMatch(/Try again\. If it happens again, tell your administrator the code req-2a\./);
      await desk.unroute(/\/shipments\?/);

      // A refused setting names the field as the screen does.
      await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      const sender = desk.getByRole('group', { name: 'Sender address' });
      await sender.getByLabel('Post code').fill('NOT A CODE');
      await sender.getByLabel('Address line 1').fill('1 Dock Road');
      await sender.getByLabel('City').fill('Leeds');
      await desk.getByRole('button', { name: /^Save/ }).first().click();
      const settings = await waitForText(desk.getByRole('alert').first(), /./);
      expect(settings).not.toMatch(technical);
      for (const text of await desk.getByRole('alert').allInnerTexts()) expect(text).not.toMatch(technical);
      await screenshot(desk, 'messages-settings-refused');
    } finally {
      await context.close();
    }
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
