/**
 * The New shipment form under an operator's hands, in real Chromium against the real
 * station: Enter in a field does not create, Service is never skipped while it loads, the
 * sender block and features wait behind one Tab stop, and a retried create is created once.
 * And a cancelled shipment's preview: stamped VOID, with no way to print it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, deskPage, type RunningStation, signIn, startDesk } from './station';
import { apiToken, callAsAdmin, createByApi } from './station-api';
import { detailStatus, focusNow, screenshot, textOf, waitForText, waitUntil } from './ui';

let station: RunningStation;
let browser: Browser;
let desk: Desk | undefined;
let page: Page;
const pageErrors: string[] = [];
/** The dialogs the page opened, and the answers to give the next ones (else accept). */
const dialogs: string[] = [];
const answers: ('accept' | 'dismiss')[] = [];
/** Create requests the page sent (POST /shipments). */
let creates = 0;

const focusIs = (expected: RegExp) =>
  waitUntil(
    `focus on ${String(expected)}`,
    () => focusNow(page),
    (f) => expected.test(f),
  );

/** Presses Tab until focus is on `target` and returns how many presses it took. */
async function tabsTo(target: RegExp, max = 60): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (target.test(await focusNow(page))) return presses;
  }
  throw new Error(`${String(target)} not reached in ${max} Tabs; focus is on ${await focusNow(page)}`);
}

const shipmentCount = async () =>
  (await callAsAdmin<{ totalItems: number }>(station, 'GET', '/shipments?ItemsPerPage=1')).totalItems;
const delivery = () => page.getByRole('group', { name: 'Delivery address' });

async function openForm(): Promise<void> {
  await page.goto(`${station.url}/#/shipments`);
  await page.getByRole('heading', { name: 'Shipments', level: 1 }).waitFor();
  await page.keyboard.press('Alt+N');
  await page.getByRole('heading', { name: 'New shipment', level: 1 }).waitFor();
}

/** Everything a domestic shipment needs, filled without the keyboard's order. */
async function fillDelivery(name: string, postCode: string): Promise<void> {
  await delivery().getByLabel('Full name').fill(name);
  await delivery().getByLabel('Address line 1').fill('10 Downing Street');
  await delivery().getByLabel('City').fill('London');
  await delivery().getByLabel('Post code').fill(postCode);
  await page.getByLabel('Piece 1 weight', { exact: true }).fill('2');
  await page.getByLabel('Piece 1 length', { exact: true }).fill('30');
  await page.getByLabel('Piece 1 width', { exact: true }).fill('20');
  await page.getByLabel('Piece 1 height', { exact: true }).fill('10');
}

beforeAll(async () => {
  desk = await startDesk();
  ({ station, browser } = desk);
  await callAsAdmin(station, 'PATCH', '/settings', {
    senderAddress: {
      businessName: 'Acme Components Ltd',
      addressLine1: 'Unit 4, Canal Wharf',
      city: 'Leeds',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'LS11 5PS',
    },
  });
  await callAsAdmin(station, 'POST', '/addresses', {
    nickname: 'Rex at the depot',
    fullName: 'Repeat Customer',
    addressLine1: '9 Mill Road',
    city: 'Bristol',
    postZipCode: 'BS1 4DJ',
    countryTwoCharacterISOCode: 'GB',
  });
  page = await deskPage(browser, pageErrors);
  // Dialogs (leaving a form with input, closing the window) are answered as the test says;
  // unless told, the test goes on (a page.goto away from a filled form).
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    const answer = answers.shift() ?? 'accept';
    void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/shipments') creates++;
  });
  await signIn(page, station);
});

afterAll(() => desk?.stop());

describe('the New shipment form at the keyboard', () => {
  it('lands a quick Tab after the carrier on Service while its services load', async () => {
    let releaseServices!: () => void;
    const held = new Promise<void>((resolve) => (releaseServices = resolve));
    await page.route(/\/carriers\/\d+\/services/, async (route) => {
      await held;
      await route.continue();
    });
    await openForm();
    // A new shipment starts on the delivery name; the desk remembers no carrier yet, so choose one.
    await focusIs(/^INPUT Delivery address › Full name$/);
    await page.getByLabel('Carrier', { exact: true }).focus();
    await page.keyboard.type('S');
    await page.keyboard.press('Tab');
    await focusIs(/^SELECT Service$/);
    const service = page.locator('#field-carrierServiceId');
    expect(await service.getAttribute('aria-busy')).toBe('true');
    expect(await service.isDisabled()).toBe(false);
    expect(await service.locator('option').allTextContents()).toEqual(['Loading services…']);
    releaseServices();
    await waitUntil(
      'services loaded',
      () => service.getAttribute('aria-busy'),
      (busy) => busy === 'false',
    );
    await focusIs(/^SELECT Service$/);
    await page.keyboard.type('N');
    expect(await service.locator('option:checked').textContent()).toMatch(/^Next Day/);
    await page.unroute(/\/carriers\/\d+\/services/);
  });

  it('keeps the prefilled sender and the features behind one Tab stop, still reachable', async () => {
    // From Service (the previous test left focus there) to the delivery address: one Tab.
    expect(await tabsTo(/^INPUT Delivery address › Business name$/)).toBe(1);
    await delivery().getByLabel('Email').focus();
    // Email → "Save this address" → the disclosure → "+ Add piece" → the first piece
    // (it was 16 more: the sender's eleven fields and the carrier's feature boxes).
    expect(await tabsTo(/^INPUT Piece 1 weight$/)).toBe(4);
    const collection = page.getByRole('group', { name: 'Collection address' });
    expect(await collection.isVisible()).toBe(false);
    expect(await textOf(page.getByTestId('sender-options-summary'))).toBe(
      'From Acme Components Ltd, Leeds · no features',
    );

    // Reachable: Shift+Tab back to it, Enter opens it, and Tab walks into the sender.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await focusIs(/^SUMMARY Sender and options/);
    await page.keyboard.press('Enter');
    await waitUntil('the sender shown', () => collection.isVisible(), Boolean);
    expect(await tabsTo(/^INPUT Collection address › Business name$/)).toBe(1);
    expect(await collection.getByLabel('Business name').inputValue()).toBe('Acme Components Ltd');
    await screenshot(page, 'create-form-sender-options-open');
  });

  it('does not create on plain Enter in a field; Ctrl+Enter creates; Enter still picks a suggestion', async () => {
    await openForm();
    // The desk remembers nothing yet: choose carrier and service, then the address by its suggestion.
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    await page.locator('#field-carrierServiceId option', { hasText: 'Next Day (NDAY)' }).waitFor({ state: 'attached' });
    await page.getByLabel('Service', { exact: true }).selectOption({ label: 'Next Day (NDAY)' });
    const fullName = delivery().getByRole('combobox', { name: 'Full name' });
    await fullName.focus();
    await page.keyboard.type('rep');
    await page.getByRole('option', { name: /Rex at the depot/ }).waitFor();
    await page.keyboard.press('Enter');
    await waitUntil(
      'the address picked',
      () => delivery().getByLabel('Post code').inputValue(),
      (v) => v === 'BS1 4DJ',
    );
    expect(creates).toBe(0);

    // A scanner's Enter in the post code, in a weight, in a reference: nothing is sent.
    const before = await shipmentCount();
    for (const field of [
      delivery().getByLabel('Post code'),
      page.getByLabel('Piece 1 weight', { exact: true }),
      page.getByLabel('Reference 1'),
    ]) {
      await field.focus();
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
    }
    await page.getByLabel('Reference 1').focus();
    await page.keyboard.press('Enter');
    await focusIs(/^INPUT Reference 1$/);
    expect(await page.getByRole('heading', { name: 'New shipment', level: 1 }).isVisible()).toBe(true);
    expect(creates).toBe(0);

    await delivery().getByLabel('Post code').fill('BS1 4DJ');
    await page.getByLabel('Piece 1 weight', { exact: true }).fill('2');
    await page.getByLabel('Piece 1 length', { exact: true }).fill('30');
    await page.getByLabel('Piece 1 width', { exact: true }).fill('20');
    await page.getByLabel('Piece 1 height', { exact: true }).fill('10');
    await page.getByLabel('Piece 1 height', { exact: true }).focus();
    await page.keyboard.press('Control+Enter');
    await focusIs(/^H1 SS\d{8}/);
    await waitForText(detailStatus(page), /^Not Printed$/);
    expect(creates).toBe(1);
    expect(await shipmentCount()).toBe(before + 1);
  });

  it('adds, duplicates and removes piece rows from the keys in a row, focus following', async () => {
    await openForm();
    await page.getByLabel('Piece 1 weight', { exact: true }).fill('3');
    await page.getByLabel('Piece 1 weight', { exact: true }).focus();
    await page.keyboard.press('Alt+Insert');
    await focusIs(/^INPUT Piece 2 weight$/);
    await page.keyboard.type('4');
    await page.keyboard.press('Alt+Shift+Insert');
    await focusIs(/^INPUT Piece 3 weight$/);
    expect(await page.getByLabel('Piece 3 weight', { exact: true }).inputValue()).toBe('4');
    await page.keyboard.press('Alt+Delete');
    await focusIs(/^INPUT Piece 2 weight$/);
    expect(await page.locator('.pieces-table tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: 'Remove piece 2' }).click();
    await focusIs(/^INPUT Piece 1 weight$/);
    expect(await page.getByRole('button', { name: 'Remove piece 1' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Duplicate piece 1' }).click();
    await focusIs(/^INPUT Piece 2 weight$/);
    expect(await page.getByLabel('Piece 2 weight', { exact: true }).inputValue()).toBe('3');
  });

  it('creates once on a double Ctrl+Enter', async () => {
    await openForm();
    await focusIs(/^INPUT Delivery address › Full name$/);
    await fillDelivery('Dora Double', 'SW1A 2AA');
    const before = await shipmentCount();
    const sent = creates;
    await page.getByLabel('Piece 1 height', { exact: true }).focus();
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter');
    await focusIs(/^H1 SS\d{8}/);
    expect(creates - sent).toBe(1);
    expect(await shipmentCount()).toBe(before + 1);
  });

  /** The next create reaches the station, but its answer is lost on the way back (a network blip). */
  async function loseTheNextAnswer(): Promise<void> {
    let lost = false;
    await page.route(/\/shipments$/, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST' || lost) return route.fallback();
      lost = true;
      // Sent on to the station from here, so that the page never hears the answer.
      const answer = await fetch(request.url(), {
        method: 'POST',
        headers: await request.allHeaders(),
        body: request.postData(),
      });
      expect(answer.status).toBe(200);
      await route.abort('connectionreset');
    });
  }

  it('says "Already created" when a retry after a lost answer is the same create, and reprints on Enter', async () => {
    await openForm();
    await focusIs(/^INPUT Delivery address › Full name$/);
    await fillDelivery('Bram Blip', 'EC1A 1BB');
    const before = await shipmentCount();
    await loseTheNextAnswer();
    await page.keyboard.press('Control+Enter');
    await waitForText(page.locator('.error-summary'), 'not answering');
    expect(await shipmentCount()).toBe(before + 1);
    await page.unroute(/\/shipments$/);

    // The operator tries again: the station knows this form's key.
    await page.keyboard.press('Control+Enter');
    await focusIs(/^H2 Already created — reprint the label\?$/);
    const notice = page.getByRole('alert').filter({ hasText: 'Already created' });
    expect(await textOf(notice)).toMatch(/reached the station as SS\d{8}: nothing new was created/);
    expect(await shipmentCount()).toBe(before + 1);
    await screenshot(page, 'create-form-already-created');

    await page.keyboard.press('Tab');
    await focusIs(/^BUTTON Reprint the label$/);
    await page.keyboard.press('Enter');
    await focusIs(/^H1 SS\d{8}/);
    await waitForText(detailStatus(page), /^Printed$/);
    expect(await textOf(page.locator('main'))).toContain('Bram Blip');
    expect(await shipmentCount()).toBe(before + 1);
  });

  it('never makes a second shipment when the form was edited after a lost answer; a new form is a new shipment', async () => {
    await openForm();
    await focusIs(/^INPUT Delivery address › Full name$/);
    await fillDelivery('Edna Edit', 'M1 1AE');
    const before = await shipmentCount();
    await loseTheNextAnswer();
    await page.keyboard.press('Control+Enter');
    await waitForText(page.locator('.error-summary'), 'not answering');
    await page.unroute(/\/shipments$/);
    await page.getByLabel('Reference 1').fill('PO-2');
    await page.keyboard.press('Control+Enter');
    await focusIs(/^H2 Already created — reprint the label\?$/);
    expect(await textOf(page.getByRole('alert').filter({ hasText: 'Already created' }))).toMatch(
      /Find that shipment in Shipments/,
    );
    expect(await shipmentCount()).toBe(before + 1);

    await page.getByRole('button', { name: 'Start a new shipment' }).click();
    await focusIs(/^INPUT Delivery address › Full name$/);
    expect(await delivery().getByLabel('Full name').inputValue()).toBe('');
    await fillDelivery('Edna Edit', 'M1 1AE');
    await page.keyboard.press('Control+Enter');
    await focusIs(/^H1 SS\d{8}/);
    expect(await shipmentCount()).toBe(before + 2);
  });
});

describe('unsaved input', () => {
  const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
  const nav = () => page.getByRole('navigation', { name: 'Main' });

  it('asks before leaving a form with input, keeps a draft across a reload, and drops it on create or Discard', async () => {
    await openForm();
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    await page.locator('#field-carrierServiceId option', { hasText: 'Next Day (NDAY)' }).waitFor({ state: 'attached' });
    await page.getByLabel('Service', { exact: true }).selectOption({ label: 'Next Day (NDAY)' });
    await fillDelivery('Dee Draft', 'SW1A 2AA');
    dialogs.length = 0;

    // A link away, answered "stay": nothing is lost, and the keyboard is still in the form.
    await delivery().getByLabel('City').focus();
    answers.push('dismiss');
    await nav().getByRole('link', { name: 'Shipments' }).click();
    await waitUntil(
      'the question',
      async () => dialogs.length,
      (n) => n === 1,
    );
    expect(dialogs[0]).toBe('confirm: Leave this new shipment? What you typed is not created and will be lost.');
    expect(await heading('New shipment').isVisible()).toBe(true);
    expect(page.url()).toMatch(/#\/shipments\/new$/);
    expect(await delivery().getByLabel('Full name').inputValue()).toBe('Dee Draft');
    // Back in the browser's history to the list, answered "stay" too. (The refused link left
    // an entry of the form's own address behind: two steps back.)
    answers.push('dismiss');
    await page.evaluate(() => history.go(-2));
    await waitUntil(
      'the second question',
      async () => dialogs.length,
      (n) => n === 2,
    );
    expect(await heading('New shipment').isVisible()).toBe(true);
    expect(await delivery().getByLabel('Full name').inputValue()).toBe('Dee Draft');

    // The window reloads (the browser asks first): the draft comes back, filled as it was.
    await page.reload();
    await heading('New shipment').waitFor();
    expect(dialogs.at(-1)).toMatch(/^beforeunload/);
    await waitForText(
      page.getByRole('status').filter({ hasText: 'is back' }),
      'The shipment you were typing before the window reloaded is back.',
    );
    expect(await delivery().getByLabel('Full name').inputValue()).toBe('Dee Draft');
    expect(await page.getByLabel('Piece 1 height', { exact: true }).inputValue()).toBe('10');
    await screenshot(page, 'create-form-draft-restored');

    // Created: the draft is gone; a new form starts empty, and leaving it asks nothing.
    await page.getByLabel('Piece 1 height', { exact: true }).focus();
    await page.keyboard.press('Control+Enter');
    await focusIs(/^H1 SS\d{8}/);
    await openForm();
    expect(await delivery().getByLabel('Full name').inputValue()).toBe('');
    const asked = dialogs.length;
    await nav().getByRole('link', { name: 'Track' }).click();
    await heading('Track a parcel').waitFor();
    expect(dialogs.length).toBe(asked);

    // Discard says what it does: no question, and no draft after it.
    await openForm();
    await delivery().getByLabel('Full name').fill('Dan Discard');
    await page.getByRole('button', { name: 'Discard' }).click();
    await heading('Shipments').waitFor();
    expect(dialogs.length).toBe(asked);
    await openForm();
    expect(await delivery().getByLabel('Full name').inputValue()).toBe('');

    // Leaving on purpose ("leave") drops the draft too.
    await delivery().getByLabel('Full name').fill('Lee Leaves');
    answers.push('accept');
    await nav().getByRole('link', { name: 'Shipments' }).click();
    await heading('Shipments').waitFor();
    expect(dialogs.length).toBe(asked + 1);
    await page.reload();
    await openForm();
    expect(await delivery().getByLabel('Full name').inputValue()).toBe('');
  });
});

describe('length limits', () => {
  it('says a field is at its limit as the operator types, and keeps a paste whole, saying how much is too long', async () => {
    await openForm();
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    const reference = page.getByLabel('Reference 1');
    const note = page.locator('#field-referenceOne-length');
    expect(await note.getAttribute('aria-live')).toBe('polite');
    await reference.focus();
    await page.keyboard.type('R'.repeat(34));
    expect(await textOf(note)).toBe('');
    await page.keyboard.type('9');
    await waitForText(note, /^35\/35 characters: the limit$/);
    expect(await reference.getAttribute('aria-describedby')).toContain('field-referenceOne-length');
    await focusIs(/^INPUT Reference 1$/);

    // A paste (one insertion, as the clipboard gives it) is not cut.
    const fullName = delivery().getByLabel('Full name');
    await fullName.focus();
    await page.keyboard.insertText('Bartholomew Fitzwilliam-Montgomery Jr');
    expect(await fullName.inputValue()).toBe('Bartholomew Fitzwilliam-Montgomery Jr');
    const nameNote = page.locator('#field-deliveryAddress-fullName-length');
    await waitForText(nameNote, /^37\/35 characters: 2 too many, shorten it$/);
    expect(await fullName.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'create-form-length-limit');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await waitForText(nameNote, /^35\/35 characters: the limit$/);
    expect(await fullName.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('a cancelled shipment', () => {
  /** Strongly red pixels over every drawn label page: a label itself is black on white. */
  const redPixels = () =>
    page.getByTestId('label-pages').evaluate((host) => {
      let red = 0;
      for (const canvas of host.querySelectorAll('canvas')) {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) if (data[i]! > 150 && data[i + 1]! < 90 && data[i + 2]! < 90) red++;
      }
      return red;
    });
  const drawn = () =>
    waitUntil(
      'the preview drawn',
      () => page.getByTestId('label-pages').getAttribute('aria-busy'),
      (b) => b === 'false',
    );

  it('shows its preview stamped VOID, and its Print label is off with the reason', async () => {
    const live = await createByApi(station, 'SW1A 2AA', 'Liv Live');
    await page.goto(`${station.url}/#/shipments/${live.shipmentId}`);
    await drawn();
    expect(await redPixels()).toBe(0);
    expect(await page.getByTestId('label-pages').getAttribute('data-void')).toBeNull();

    const cancelled = await createByApi(station, 'EC1A 1BB', 'Vic Void');
    await callAsAdmin(station, 'DELETE', `/shipments/${cancelled.shipmentId}`);
    await page.goto(`${station.url}/#/shipments/${cancelled.shipmentId}`);
    await focusIs(new RegExp(`^H1 ${cancelled.shipmentNumber}`));
    await waitForText(detailStatus(page), /^Cancelled$/);
    await drawn();
    expect(await page.getByTestId('label-pages').getAttribute('data-void')).toBe('true');
    expect(await redPixels()).toBeGreaterThan(2_000);
    expect(await page.getByRole('img', { name: /^Void label of piece 1/ }).count()).toBe(1);

    const print = page.getByRole('button', { name: 'Print label' });
    expect(await print.isDisabled()).toBe(true);
    const reason = await textOf(page.locator(`[id="${await print.getAttribute('aria-describedby')}"]`));
    expect(reason).toMatch(/^This shipment is cancelled: its labels are void and cannot be printed/);
    // Not on the label itself: the station gives no label for a cancelled shipment.
    const label = await fetch(`${station.url}/shipments/${cancelled.shipmentId}/label`, {
      headers: { Authorization: `Bearer ${await apiToken(station)}` },
    });
    expect(label.status).toBe(409);
    await screenshot(page, 'cancelled-preview-void');
  });
});

describe('addresses that need a state', () => {
  /** The error sentence shown for a field, through its aria-describedby. */
  async function fieldError(field: ReturnType<Page['getByLabel']>): Promise<string> {
    await waitUntil(
      'the field marked',
      () => field.getAttribute('aria-invalid'),
      (v) => v === 'true',
    );
    const id = (await field.getAttribute('aria-describedby'))!.split(' ')[0]!;
    return textOf(page.locator(`[id="${id}"]`));
  }

  it('asks for the state of a US address in a create and in the Settings sender, and refuses until given', async () => {
    await openForm();
    await page.getByLabel('Carrier', { exact: true }).selectOption({ label: 'Swift Parcels' });
    await fillDelivery('Uma States', '10001');
    await delivery().getByLabel('Country').selectOption('US');
    const state = delivery().getByLabel('State', { exact: true });
    expect(await state.getAttribute('aria-required')).toBe('true');
    const before = await shipmentCount();
    await page.keyboard.press('Control+Enter');
    expect(await fieldError(state)).toBe('Choose a state for a US address');
    expect(await shipmentCount()).toBe(before);

    await page.goto(`${station.url}/#/settings`);
    const sender = page.getByRole('group', { name: 'Sender address' });
    await sender.getByLabel('Country').selectOption('US');
    await sender.getByLabel('City').fill('Austin');
    await sender.getByLabel('Post code').fill('78701');
    const save = page.getByRole('button', { name: 'Save station settings' });
    await save.click();
    const senderState = sender.getByLabel('State', { exact: true });
    expect(await fieldError(senderState)).toBe('Choose a state for a US address');
    expect(
      (await callAsAdmin<{ senderAddress: { city: string } }>(station, 'GET', '/settings')).senderAddress.city,
    ).toBe('Leeds');
    await screenshot(page, 'settings-sender-needs-state');
    await senderState.fill('TX');
    await save.click();
    await waitForText(page.getByRole('status').filter({ hasText: 'saved' }), 'Station settings saved.');
    expect(
      (await callAsAdmin<{ senderAddress: { county: string; city: string } }>(station, 'GET', '/settings'))
        .senderAddress,
    ).toMatchObject({ county: 'TX', city: 'Austin' });
  });

  it('threw no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
