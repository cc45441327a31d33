/**
 * Packing slips printed with the label (docs/desk.md, "Packing slips") in headless Chromium
 * against the real station: Settings → This desk sets the slip's size and "print with the
 * label"; Ship on an order's page prints the label, then the slip, on the desk's ZPL label
 * printer (a TCP listener); an A4 printer that is off leaves the order shipped and says so;
 * Ship selected prints the labels as one job, then each slip on the A4 printer; and with no
 * label printer, a browser's Ship selected opens the labels and asks "Did it print?". An
 * order's own Print packing slip, by keyboard, prints on the desk's printer for slips (ZPL on
 * the label printer, an A4 PDF on the A4 printer) and, with none, opens the PDF to print.
 * Screenshots at 1280×720 and 1024×768 land in test-results/screenshots/.
 */
import { describe, expect, it } from 'vitest';
import { networkPrinterId, switchedOffPrinterAddress, zplLabelPrinter } from '../helpers/desk-printers';
import { pdfInfo, pdfText } from '../helpers/pdf';
import { zplBarcodes, zplTexts } from '../helpers/zpl';
import { allPrints, countAllPrints, deskForFile, signIn } from './station';
import { addOrders, callAsAdmin, chooseZplPrinter, setSenderAddress } from './station-api';
import { answerDidItPrint, fitsAtDeskSizes, focusBecomes, tabTo, waitForText } from './ui';

const {
  station,
  page,
  pageErrors,
  printers: [zebra, office],
} = await deskForFile({ printers: 2, timeout: 15_000, viewport: { width: 1280, height: 720 } });
await setSenderAddress(station);
await chooseZplPrinter(station, zebra!.port, 'Dock Zebra');
await callAsAdmin(station, 'POST', '/printers', { address: `127.0.0.1:${office!.port}`, name: 'Office A4' });
const { id: presetId } = await callAsAdmin<{ id: number }>(station, 'POST', '/package-presets', {
  name: 'Small box',
  length: 30,
  width: 20,
  height: 10,
});
await callAsAdmin(station, 'PUT', '/rules', {
  rules: [{ name: 'UK parcels', when: { countries: ['GB'] }, then: { carrierId: 1, carrierServiceId: 101, presetId } }],
});
const order = (orderNumber: string, fullName: string) => ({
  orderNumber,
  deliveryAddress: {
    fullName,
    addressLine1: '1 Oak Road',
    city: 'Leeds',
    postZipCode: 'LS1 1UR',
    countryTwoCharacterISOCode: 'GB',
  },
  items: [
    { sku: 'MUG-1', description: 'Blue mug', quantity: 2, unitValue: 6.5, unitWeight: 0.4 },
    { sku: 'TEA-9', description: 'Breakfast tea', quantity: 1, unitValue: 4, unitWeight: 0.25 },
  ],
});
const ids = await addOrders(station, [
  order('PS-1', 'Ann Other'),
  order('PS-2', 'Bob Baker'),
  order('PS-3', 'Cara Dunn'),
  order('PS-4', 'Dev Patel'),
  order('PS-5', 'Eve Stone'),
  order('PS-6', 'Fay Green'),
]);
await countAllPrints(page);
await signIn(page, station);

interface OrderView {
  status: string;
  shipmentId: string | null;
}
const viewOrder = (n: string) => callAsAdmin<OrderView>(station, 'GET', `/orders/${ids.get(n)}`);
const shipmentStatus = async (n: string) =>
  (await callAsAdmin<{ status: string }>(station, 'GET', `/shipments/${(await viewOrder(n)).shipmentId}`)).status;
const useLabelPrinter = (printerId: string | null, documentPrinterId: string | null) =>
  callAsAdmin(station, 'PUT', '/printers/label-printer', zplLabelPrinter(printerId, documentPrinterId));
const ZEBRA = networkPrinterId(zebra!.port);
const OFFICE = networkPrinterId(office!.port);

async function shipOnItsPage(n: string): Promise<string> {
  await page.goto(`${station.url}/#/orders/${ids.get(n)}`);
  // A new document: the order's page loads the desk's printers as they are now.
  await page.reload();
  await page.getByRole('heading', { name: new RegExp(`Order ${n}`), level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Ship order' }).getByRole('button', { name: 'Ship', exact: true }).click();
  await waitForText(page.getByTestId('scan-line'), /packing slip/i);
  return (await page.getByTestId('scan-line').textContent()) ?? '';
}

describe('Settings → This desk → Packing slip', () => {
  it('keeps the size and “print with the label” with the desk’s printers, and says where the slip goes', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const group = page.getByRole('group', { name: 'Packing slip' });
    await group.waitFor();
    await waitForText(group.getByTestId('packing-slip-where'), /This desk has no A4 printer/);
    await group.getByLabel('Size').selectOption('label');
    await waitForText(
      group.getByTestId('packing-slip-where'),
      'Packing slips print on Dock Zebra at the label’s size, 4×6 in.',
    );
    await group.getByRole('checkbox', { name: /Print the packing slip with the label/ }).check();
    await expectChoice({ size: 'label', printWithLabel: true });
    await page.reload();
    await group.waitFor();
    expect(await group.getByRole('checkbox', { name: /Print the packing slip with the label/ }).isChecked()).toBe(true);
    expect(await group.getByLabel('Size').inputValue()).toBe('label');
    await fitsAtDeskSizes(page, 'packing-slip-01-settings', group);
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});

async function expectChoice(choice: { size: string; printWithLabel: boolean }): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { packingSlip } = await callAsAdmin<{ packingSlip: typeof choice }>(station, 'GET', '/printers');
    if (packingSlip.size === choice.size && packingSlip.printWithLabel === choice.printWithLabel) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await callAsAdmin<{ packingSlip: unknown }>(station, 'GET', '/printers')).packingSlip).toEqual(choice);
}

describe('shipping an order prints its packing slip after its label', () => {
  it('on the order’s page: the label, then the slip on the label printer; the status line says both', async () => {
    const [labelJob, slipJob] = [zebra!.nextJob(), zebra!.nextJob()];
    const line = await shipOnItsPage('PS-1');
    expect(line).toMatch(/^SS\d{8} printed on Dock Zebra, \d+\.\d s\. Packing slip sent to Dock Zebra\.$/);
    const label = (await labelJob).toString('latin1');
    const slip = (await slipJob).toString('latin1');
    expect(zplTexts(label).flat().join(' ')).not.toContain('PACKING SLIP');
    expect(zplTexts(slip).flat().join(' ')).toMatch(/PACKING SLIP.*PS-1/);
    expect((await zplBarcodes(slip, 203)).flat()).toContainEqual(
      expect.objectContaining({ type: 'CODE-128', data: 'PS-1' }),
    );
    expect((await viewOrder('PS-1')).status).toBe('Shipped');
    await fitsAtDeskSizes(page, 'packing-slip-02-shipped', page.getByTestId('scan-line'));
    await page.setViewportSize({ width: 1280, height: 720 });
  }, 60_000);

  it('a slip that does not print says so in the status line; the order stays shipped and its label printed', async () => {
    const off = await switchedOffPrinterAddress();
    await callAsAdmin(station, 'POST', '/printers', { address: off, name: 'Office off' });
    await useLabelPrinter(ZEBRA, `network:${off}`);
    await callAsAdmin(station, 'PUT', '/printers/packing-slip', { size: 'A4', printWithLabel: true });
    const labelJob = zebra!.nextJob();
    const line = await shipOnItsPage('PS-2');
    expect(line).toMatch(/^SS\d{8} printed on Dock Zebra, .*\. The packing slip was not printed: Office off/);
    expect(await page.getByTestId('scan-line').getAttribute('class')).toContain('notice-error');
    expect((await labelJob).toString('latin1')).toContain('^XA');
    expect((await viewOrder('PS-2')).status).toBe('Shipped');
    expect(await shipmentStatus('PS-2')).toBe('Printed');
  }, 60_000);

  it('Ship selected: the labels as one job on the label printer, then each order’s slip on the A4 printer', async () => {
    await useLabelPrinter(ZEBRA, OFFICE);
    const labels = zebra!.nextJob();
    const slips = [office!.nextJob(), office!.nextJob()];
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    for (const n of ['PS-3', 'PS-4']) {
      const row = page.locator(`tr[data-order-no="${n}"]`);
      await row.focus();
      await page.keyboard.press('Space');
    }
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await bar.getByRole('button', { name: 'Ship selected' }).click();
    await waitForText(
      bar.getByRole('status'),
      'Shipped 2 orders. Printed: 2 labels on Dock Zebra (ZPL). 2 packing slips sent to Office A4.',
    );
    expect(await zplBarcodes((await labels).toString('latin1'), 203)).toHaveLength(2);
    const texts = await Promise.all(slips.map(async (job) => pdfText(await job)));
    // One job per order, in the order they were shipped.
    const shippedFirst = texts[0]!.includes('PS-3') ? ['PS-3', 'PS-4'] : ['PS-4', 'PS-3'];
    expect(texts[0]).toContain(`Order ${shippedFirst[0]}`);
    expect(texts[1]).toContain(`Order ${shippedFirst[1]}`);
    await fitsAtDeskSizes(page, 'packing-slip-03-ship-selected');
    await page.setViewportSize({ width: 1280, height: 720 });
    await bar.getByRole('button', { name: 'Clear selection' }).click();
  }, 90_000);

  it('in a browser with no label printer, Ship selected opens the labels, then asks “Did it print?”', async () => {
    await useLabelPrinter(null, null);
    await callAsAdmin(station, 'PUT', '/printers/packing-slip', { size: 'label', printWithLabel: true });
    const printsBefore = await allPrints(page);
    const row = page.locator('tr[data-order-no="PS-5"]');
    await row.focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await bar.getByRole('button', { name: 'Ship selected' }).click();
    const asked = page.getByRole('dialog', { name: 'Did it print?' });
    await asked.waitFor();
    // The browser's word is not enough: nothing is Printed until the operator says so.
    expect(await shipmentStatus('PS-5')).toBe('Not Printed');
    // The label, then its packing slip, each through the browser's print.
    expect((await allPrints(page)) - printsBefore).toBe(2);
    await fitsAtDeskSizes(page, 'packing-slip-04-did-it-print', asked);
    await page.setViewportSize({ width: 1280, height: 720 });
    await answerDidItPrint(page);
    await waitForText(bar.getByRole('status'), /Marked Printed\./);
    expect(await shipmentStatus('PS-5')).toBe('Printed');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});

describe('an order’s page: Print packing slip', () => {
  /** On PS-6's page, Tab to Print packing slip and Enter: the status line, once it says where. */
  async function printSlipByKeys(): Promise<string> {
    await page.goto(`${station.url}/#/orders/${ids.get('PS-6')}`);
    // A new document: the order's page loads the desk's printers as they are now.
    await page.reload();
    await page.getByRole('heading', { name: /Order PS-6/, level: 1 }).waitFor();
    await tabTo(page, /^BUTTON Print packing slip$/);
    await page.keyboard.press('Enter');
    const line = await waitForText(page.getByTestId('scan-line'), /^Packing slip of PS-6 /);
    // The status line keeps the keyboard, as after a ship: the next scan lands on the page.
    await focusBecomes(page, /^P Packing slip of PS-6/);
    return line;
  }

  it('at the label’s size goes to the ZPL label printer, its Code 128 the order number', async () => {
    await useLabelPrinter(ZEBRA, OFFICE);
    await callAsAdmin(station, 'PUT', '/printers/packing-slip', { size: 'label', printWithLabel: false });
    const job = zebra!.nextJob();
    expect(await printSlipByKeys()).toBe('Packing slip of PS-6 sent to Dock Zebra.');
    const zpl = (await job).toString('latin1');
    expect(zplTexts(zpl).flat().join(' ')).toMatch(/PACKING SLIP.*PS-6/);
    expect((await zplBarcodes(zpl, 203)).flat()).toContainEqual(
      expect.objectContaining({ type: 'CODE-128', data: 'PS-6' }),
    );
    // Printing the slip ships nothing.
    expect((await viewOrder('PS-6')).status).toBe('Awaiting');
  }, 60_000);

  it('on A4 goes to the desk’s A4 printer as an A4 PDF', async () => {
    await callAsAdmin(station, 'PUT', '/printers/packing-slip', { size: 'A4', printWithLabel: false });
    const job = office!.nextJob();
    expect(await printSlipByKeys()).toBe('Packing slip of PS-6 sent to Office A4.');
    const pdf = await job;
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    expect(await pdfText(pdf)).toMatch(/Order PS-6[\s\S]*MUG-1\s+Blue mug\s+2/);
    await fitsAtDeskSizes(page, 'packing-slip-05-order-page-printed', page.locator('.detail-header'));
    await page.setViewportSize({ width: 1280, height: 720 });
  }, 60_000);

  it('with no printer for slips, opens the PDF in the browser’s print dialog and says why', async () => {
    await useLabelPrinter(null, null);
    const printsBefore = await allPrints(page);
    const jobsBefore = zebra!.jobs.length + office!.jobs.length;
    const fetched = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/packing-slip'));
    const line = await printSlipByKeys();
    expect(line).toBe(
      'Packing slip of PS-6 opened to print on A4 (choose an A4 printer in the dialog). This desk has no printer for packing slips (Settings → Printers).',
    );
    expect((await allPrints(page)) - printsBefore).toBe(1);
    const { base64String } = (await (await fetched).json()) as { base64String: string };
    const pdf = Buffer.from(base64String, 'base64');
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    expect(await pdfText(pdf)).toContain('Order PS-6');
    expect(zebra!.jobs.length + office!.jobs.length).toBe(jobsBefore);
    await fitsAtDeskSizes(page, 'packing-slip-06-order-page-browser', page.getByTestId('scan-line'));
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
