/**
 * A morning at the desk with the keyboard only, in real Chromium against the real station:
 * sign in, create three shipments through the form, print one, find one in the list, cancel
 * one, record a scan, sign out. No clicks: every step is keys, and after every step the test
 * asserts where focus is. (The station's sender address is set beforehand through the API,
 * as an administrator would have done once.)
 */
import { describe, expect, it } from 'vitest';
import { deskForFile } from './station';
import { CANAL_WHARF } from './station-api';
import { callAsAdmin } from './station-api';
import {
  chooseSwiftNextDayByKeys,
  detailStatus,
  focusNow as focusIn,
  printByKeys,
  screenshot,
  tabTo as tabToIn,
  waitForText,
  waitUntil,
} from './ui';

const { station, page, pageErrors } = await deskForFile();
const numbers: string[] = [];

const focusNow = (): Promise<string> => focusIn(page);

const tabTo = (target: RegExp, options: { back?: boolean; max?: number } = {}) =>
  tabToIn(page, target, { max: 60, ...options });
const focusIs = (expected: RegExp) => waitUntil(`focus on ${String(expected)}`, focusNow, (f) => expected.test(f));

await callAsAdmin(station, 'PATCH', '/settings', { senderAddress: CANAL_WHARF });

describe('a morning at the desk, keyboard only', () => {
  it('signs in', async () => {
    await page.goto(`${station.url}/`);
    await focusIs(/^INPUT User name$/);
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await focusIs(/^INPUT Password$/);
    await page.keyboard.type(station.adminPassword);
    await page.keyboard.press('Enter');
    await focusIs(/^H1 Shipments$/);
  });

  const deliveries = [
    { name: 'Ann Other', line1: '10 Downing Street', city: 'London', postCode: 'SW1A 2AA' },
    { name: 'Bea Bright', line1: '1 Deansgate', city: 'Manchester', postCode: 'M3 1AZ' },
    { name: 'Cal Coe', line1: '2 Broad Street', city: 'Birmingham', postCode: 'B1 2HF' },
  ];

  it('creates three shipments through the form', async () => {
    for (const [index, to] of deliveries.entries()) {
      await page.keyboard.press('Alt+N');
      // Every new shipment starts on the delivery name, whatever the desk remembers.
      await focusIs(/^INPUT Delivery address › Full name$/);
      if (index === 0) {
        // The first of the day: back up to the carrier and service, chosen by their first letters.
        await chooseSwiftNextDayByKeys(page);
      }
      // Later ones keep the remembered carrier and service; the sender is prefilled from Settings.
      await page.keyboard.type(to.name);
      await tabTo(/^INPUT Delivery address › Address line 1$/);
      await page.keyboard.type(to.line1);
      await tabTo(/^INPUT Delivery address › City$/);
      await page.keyboard.type(to.city);
      await tabTo(/^INPUT Delivery address › Post code$/);
      await page.keyboard.type(to.postCode);
      for (const [field, value] of [
        ['weight', '2.5'],
        ['length', '40'],
        ['width', '30'],
        ['height', '20'],
      ] as const) {
        await tabTo(new RegExp(`^INPUT Piece 1 ${field}$`));
        await page.keyboard.type(value);
      }
      const created = page.waitForResponse((r) => r.url().endsWith('/shipments') && r.request().method() === 'POST');
      await page.keyboard.press('Control+Enter');
      const response = await created;
      expect(response.status(), await response.text()).toBe(200);
      const { shipmentNumber } = (await response.json()) as { shipmentNumber: string };
      numbers.push(shipmentNumber);
      // The new shipment's screen, with focus on its heading.
      await focusIs(new RegExp(`^H1 ${shipmentNumber}`));
      await waitForText(detailStatus(page), /^Not Printed$/);
    }
    expect(numbers).toHaveLength(3);
  });

  it('prints the third, and focus comes back to Print label', async () => {
    await printByKeys(page);
  });

  it('finds the first in the list and opens it', async () => {
    await tabTo(/^A ← Shipments$/, { back: true });
    await page.keyboard.press('Enter');
    await focusIs(/^H1 Shipments$/);
    await page.locator(`tr[data-shipment-no="${numbers[0]}"]`).waitFor();
    // Newest first: the third, then the second, then the first.
    await tabTo(new RegExp(`^TR ${numbers[2]}`));
    await page.keyboard.press('ArrowDown');
    await focusIs(new RegExp(`^TR ${numbers[1]}`));
    await page.keyboard.press('End');
    await focusIs(new RegExp(`^TR ${numbers[0]}`));
    await page.keyboard.press('Enter');
    await focusIs(new RegExp(`^H1 ${numbers[0]}`));
  });

  it('cancels it after confirming', async () => {
    await tabTo(/^BUTTON Cancel shipment$/);
    await page.keyboard.press('Enter');
    // The dialog opens on its safe answer.
    await focusIs(/^BUTTON Keep shipment$/);
    await page.keyboard.press('Tab');
    await focusIs(/^BUTTON Cancel shipment$/);
    await page.keyboard.press('Enter');
    await waitForText(detailStatus(page), /^Cancelled$/);
    await focusIs(new RegExp(`^H1 ${numbers[0]}`));
  });

  it('records a scan on the printed one', async () => {
    await tabTo(/^A ← Shipments$/, { back: true });
    await page.keyboard.press('Enter');
    // Back in the list, the keyboard is on the row it left from.
    await focusIs(new RegExp(`^TR ${numbers[0]}`));
    await page.keyboard.press('Home');
    await focusIs(new RegExp(`^TR ${numbers[2]}`));
    await page.keyboard.press('Enter');
    await focusIs(new RegExp(`^H1 ${numbers[2]}`));
    await tabTo(/^BUTTON Record a scan$/);
    await page.keyboard.press('Enter');
    await focusIs(/^SELECT Status/);
    await page.keyboard.type('E');
    await page.keyboard.press('Tab');
    await focusIs(/^INPUT Location$/);
    await page.keyboard.type('Leeds depot');
    await page.keyboard.press('Enter');
    await waitForText(detailStatus(page), /^Enroute to Depot$/);
    await focusIs(/^BUTTON Record a scan$/);
    await screenshot(page, 'morning-scan-recorded');
  });

  it('signs out', async () => {
    await tabTo(/^BUTTON Sign out$/, { back: true });
    await page.keyboard.press('Enter');
    await focusIs(/^INPUT User name$/);
    await waitForText(page.getByTestId('screen-announcer'), /^Sign in$/);
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
