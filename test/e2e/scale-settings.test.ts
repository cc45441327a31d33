/**
 * Settings → Scale in headless Chromium against the real station (`serve`, built), with a
 * socat pseudo-terminal answering as a Mettler Toledo SICS scale: chosen by keyboard alone
 * (a port typed by hand, the protocol, its serial settings, Save), the live reading
 * following the load, motion and an unplugging, and the test button. At 1280×720 and
 * 1024×768 nothing of the panel is cut off. Screenshots land in test-results/screenshots/.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestScale } from '../helpers/scale';
import { deskForFile, signIn } from './station';
import { callAsAdmin } from './station-api';
import { fitsAtDeskSizes, focusNow, screenshot, waitForText } from './ui';

const [{ station, page, pageErrors }, scale] = await Promise.all([
  deskForFile({ viewport: { width: 1280, height: 720 } }),
  startTestScale('sics', { weight: 1.234, unit: 'kg' }),
]);
afterAll(() => scale.close());
const panel = () => page.locator('section', { has: page.getByRole('heading', { name: 'Scale', exact: true }) });
const live = () => page.getByTestId('scale-live');
const focused = () => focusNow(page, false);

await signIn(page, station);

/** Presses `key` and says where focus went. */
async function press(key: string): Promise<string> {
  await page.keyboard.press(key);
  return focused();
}

describe('Settings → Scale', () => {
  it('is set up by keyboard alone: a port typed by hand, SICS at 9600 8N1, saved', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Scale', exact: true }).waitFor();
    await waitForText(live(), 'No scale chosen: weights are typed.');
    // From the Printers panel's last control, Tab reaches the scale's port first.
    await panel().getByRole('combobox', { name: 'Port' }).focus();
    expect(await focused()).toBe('SELECT Port');
    await page.keyboard.press('End'); // "Another port…"
    expect(await press('Tab')).toBe('INPUT Port name');
    await page.keyboard.type(scale.port);
    expect(await press('Tab')).toBe('SELECT Protocol');
    await page.keyboard.press('ArrowDown'); // NCI → SICS, which sets 9600 8N1
    expect(await press('Tab')).toBe('SELECT Baud rate');
    expect(await press('Tab')).toBe('SELECT Data bits');
    expect(await press('Tab')).toBe('SELECT Parity');
    expect(await press('Tab')).toBe('SELECT Stop bits');
    expect(await press('Tab')).toBe('BUTTON Save scale');
    await page.keyboard.press('Enter');
    await waitForText(panel().getByRole('status'), `Scale saved: ${scale.port}, SICS.`);
    expect(await callAsAdmin(station, 'GET', '/scale')).toEqual({
      port: scale.port,
      protocol: 'sics',
      baudRate: 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
    });
    await waitForText(live(), '1.234 kg, steady');
    await screenshot(page, 'scale-01-steady-1280x720');
  });

  it('shows the live reading follow the load: a new weight, motion, over capacity, then steady again', async () => {
    scale.set({ weight: 2.5 });
    await waitForText(live(), '2.5 kg, steady');
    scale.set({ state: 'motion' });
    await waitForText(live(), 'Moving: wait for it to settle');
    await screenshot(page, 'scale-02-moving');
    scale.set({ state: 'overload' });
    await waitForText(live(), 'Over capacity');
    scale.set({ state: 'steady', weight: 0.75 });
    await waitForText(live(), '0.75 kg, steady');
  });

  it('tests the scale from the keyboard and says what it reads', async () => {
    await panel().getByRole('button', { name: 'Save scale' }).focus();
    expect(await press('Tab')).toBe('BUTTON Test scale');
    await page.keyboard.press('Enter');
    await waitForText(panel().getByRole('status'), 'The scale reads: 0.75 kg, steady.');
  });

  it('says the scale is unplugged when its port goes, and reads again when it is back', async () => {
    await scale.unplug();
    // The first question after the cable goes fails to write; the next finds no port at all.
    await waitForText(live(), /is unplugged or switched off|There is no port/);
    expect(await live().textContent()).toContain(scale.port);
    expect(await live().getAttribute('data-state')).toBe('none');
    await panel().getByRole('button', { name: 'Test scale' }).click();
    await waitForText(panel().getByRole('alert'), scale.port);
    await screenshot(page, 'scale-03-unplugged');
    await scale.plugIn();
    await waitForText(live(), '0.75 kg, steady');
  });

  it('fits at 1280×720 and 1024×768: no sideways scrolling, every control of the panel in reach', async () => {
    await fitsAtDeskSizes(page, 'scale-04', panel());
    expect(pageErrors).toEqual([]);
  });
});
