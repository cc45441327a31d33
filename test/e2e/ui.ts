/**
 * Small waiting helpers for driving the renderer with playwright-core (no @playwright/test,
 * so no auto-retrying expect): every check polls the page until it holds or times out.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS } from './station';

const DEFAULT_TIMEOUT = 15_000;

/** Waits until `read()` returns a value that `accept` takes; the last value is in the error. */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeout = DEFAULT_TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let lastError: unknown;
  for (let delay = 50; ; delay = Math.min(delay * 2, 400)) {
    try {
      last = await read();
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${what}; last seen: ${JSON.stringify(last)}${lastError ? ` (${String(lastError)})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** Waits until the field `locator` holds `expected`; `what` names the wait in a timeout's message. */
export const waitForValue = (what: string, locator: Locator, expected: string, timeout?: number): Promise<string> =>
  waitUntil(
    what,
    () => locator.inputValue(),
    (value) => value === expected,
    timeout,
  );

export const textOf = async (locator: Locator): Promise<string> => ((await locator.textContent()) ?? '').trim();

export async function waitForText(locator: Locator, expected: string | RegExp, timeout?: number): Promise<string> {
  const matches = (text: string) => (typeof expected === 'string' ? text.includes(expected) : expected.test(text));
  return waitUntil(`text ${String(expected)}`, () => textOf(locator), matches, timeout);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // The whole screen in one picture: grow the window to the page's height (a full-page
  // capture would leave sticky bars in the middle), then give it back its size.
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  // Let fonts and the last paint settle: the screenshot shows what a person would see.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => r(null)))));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  if (height > viewport.height) await page.setViewportSize(viewport);
}

/** Fills the fields labelled by `fields`' keys, in their order, within `scope`: a page, a form, a group. */
export async function fillFields(scope: Page | Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label).fill(value);
}

/** A saved address as an operator types it on the Address book screen, its post code wrong. */
export const REX_WITH_A_WRONG_POST_CODE = {
  Nickname: 'Rex at the depot',
  'Full name': 'Repeat Customer',
  'Address line 1': '9 Mill Road',
  City: 'Bristol',
  'Post code': 'NOT A CODE',
};

/** Fills piece `n`'s weight and sizes on the New shipment form. */
export async function fillPiece(
  page: Page,
  n: number,
  { weight, length, width, height }: { weight: string; length: string; width: string; height: string },
): Promise<void> {
  await page.getByLabel(`Piece ${n} weight`, { exact: true }).fill(weight);
  await fillFields(page, { [`Piece ${n} length`]: length, [`Piece ${n} width`]: width, [`Piece ${n} height`]: height });
}

/** The status chip in the header of the shipment detail screen. */
export const detailStatus = (page: Page): Locator => page.getByTestId('shipment-status');

/**
 * The focused element as a person would name it, `TAG group › label`: `INPUT Delivery address ›
 * Full name`, `H1 Shipments`; without the group (its fieldset's legend) when `withGroup` is false.
 */
export async function focusNow(page: Page, withGroup = true): Promise<string> {
  return page.evaluate((withGroup) => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'BODY';
    const label =
      active.getAttribute('aria-label') ??
      (active.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : null) ??
      active.textContent ??
      '';
    const legend =
      !withGroup || active.tagName === 'SUMMARY'
        ? null
        : active.closest('fieldset')?.querySelector('legend')?.textContent;
    const text = `${legend ? `${legend} › ` : ''}${label}`.replace(/\s+/g, ' ').replace(/\*/g, '').trim();
    return `${active.tagName} ${text}`;
  }, withGroup);
}

/** Waits until the focused element, as focusNow names it, is `expected` (focus may move a frame late). */
export const focusBecomes = (page: Page, expected: string | RegExp, withGroup = true): Promise<string> =>
  waitUntil(
    `focus on ${String(expected)}`,
    () => focusNow(page, withGroup),
    (f) => (typeof expected === 'string' ? f === expected : expected.test(f)),
  );

/** A file for the Import screen's file input. */
export const csvFile = (csv: string, name = 'orders.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

/**
 * On the Import screen: waits for it to be ready, chooses `file` and runs the dry run until
 * its line reads `expected` ("Dry run: 3 valid, 1 invalid, 0 skipped of 4 rows.").
 */
export async function checkImport(
  page: Page,
  file: string | ReturnType<typeof csvFile>,
  expected: string,
  timeout?: number,
): Promise<void> {
  await page.getByRole('heading', { name: 'Import a file', level: 1 }).waitFor();
  await page.locator('#import-service option').first().waitFor({ state: 'attached' });
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check (dry run)' }).click();
  await waitForText(page.getByRole('status').filter({ hasText: 'Dry run' }), expected, timeout);
}

/** Creates the checked import's shipments and returns the station's answer. */
export async function createImport(page: Page): Promise<{ created: number; rows: { shipmentId?: string }[] }> {
  const created = page.waitForResponse((r) => r.url().includes('/imports?') && r.url().includes('dryRun=false'));
  await page.getByRole('button', { name: 'Create shipments' }).click();
  return (await (await created).json()) as { created: number; rows: { shipmentId?: string }[] };
}

/**
 * After a print through the browser's dialog: the desk asks "Did it print?" with Yes focused;
 * Enter answers yes (the shipment becomes Printed), Escape no.
 */
export async function answerDidItPrint(page: Page, printed = true): Promise<void> {
  const asked = page.getByRole('dialog', { name: 'Did it print?' });
  await asked.waitFor();
  await waitUntil(
    'Yes focused',
    () => page.evaluate(() => document.activeElement?.textContent ?? ''),
    (t) => t === 'Yes, mark Printed',
  );
  await page.keyboard.press(printed ? 'Enter' : 'Escape');
  await asked.waitFor({ state: 'hidden' });
}

/** Presses Tab (or Shift+Tab) until focus is on `target`; how many presses it took; fails past `max`. */
export async function tabTo(page: Page, target: RegExp, { back = false, max = 60 } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (target.test(await focusNow(page))) return presses;
  }
  throw new Error(
    `${String(target)} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; focus is on ${await focusNow(page)}`,
  );
}

/**
 * On a new shipment's delivery name, with no carrier remembered: back to Carrier and Service,
 * chosen by their first letters (Swift Parcels, Next Day), and on to the delivery name again.
 */
export async function chooseSwiftNextDayByKeys(page: Page): Promise<void> {
  await tabTo(page, /^SELECT Carrier$/, { back: true });
  await page.keyboard.type('S');
  await waitUntil(
    'services loaded',
    () => page.locator('#field-carrierServiceId').getAttribute('aria-busy'),
    (busy) => busy === 'false',
  );
  await page.keyboard.press('Tab');
  await focusBecomes(page, /^SELECT Service$/);
  await page.keyboard.type('N');
  await tabTo(page, /^INPUT Delivery address › Full name$/);
}

/** The screen sizes of a dispatch desk. */
export const DESK_SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const;

/**
 * At each desk size: nothing scrolls sideways and every control of `scope` lies within the
 * window's width; `${shot}-WxH.png` shows `scope` (or the page) at each.
 */
export async function fitsAtDeskSizes(page: Page, shot: string, scope?: Locator): Promise<void> {
  for (const viewport of DESK_SIZES) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) throw new Error(`${shot}: the page scrolls ${overflow}px sideways at ${viewport.width}px`);
    for (const control of scope ? await scope.locator('select, input, button').all() : []) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      const what = await control.evaluate((el) => el.outerHTML.slice(0, 80));
      if (!box || box.x < 0 || box.x + box.width > viewport.width) {
        throw new Error(`${shot}: ${what} is not within ${viewport.width}px: ${JSON.stringify(box)}`);
      }
    }
    await scope?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, `${shot}-${viewport.width}x${viewport.height}.png`) });
  }
}

/**
 * On a shipment's page: Tab to Print label, Enter, answer "Did it print?" with Enter, and see
 * it Printed with the cursor back on Print label.
 */
export async function printByKeys(page: Page): Promise<void> {
  await tabTo(page, /^BUTTON Print label$/);
  await page.keyboard.press('Enter');
  // A browser cannot tell whether the printer took it: the desk asks, Enter says yes.
  await answerDidItPrint(page);
  await waitForText(detailStatus(page), /^Printed$/);
  await focusBecomes(page, /^BUTTON Print label$/);
}
