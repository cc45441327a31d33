/**
 * The desk's packing slip (docs/contract.md §18; docs/desk.md, "Packing slips") on each store:
 * its size and "print with the label" kept with the desk's printers, and the slip printed for
 * real: TCP listeners stand in for the desk's ZPL label printer and its A4 office printer, and
 * what arrives is read back (the ZPL drawn and scanned, the PDF's text and page size).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPrinter } from '../helpers/cups';
import { networkPrinterId, switchedOffPrinterAddress, zplLabelPrinter } from '../helpers/desk-printers';
import { pdfBarcodes, pdfInfo, pdfText } from '../helpers/pdf';
import { stationWithPrinter } from '../helpers/station';
import { zplBarcodes, zplTexts } from '../helpers/zpl';

const { call, printer: zebra } = await stationWithPrinter('Dock Zebra');
const office = await startTestPrinter();
afterAll(() => office.close());
const ZEBRA = networkPrinterId(zebra.port);
const OFFICE = networkPrinterId(office.port);

let serial = 0;
async function addOrder(): Promise<{ orderId: string; orderNumber: string }> {
  const res = await call('POST', '/orders', {
    orderNumber: `SLIP-${++serial}`,
    deliveryAddress: {
      fullName: 'Ada Lovelace',
      addressLine1: '22 High Street',
      city: 'Leeds',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'LS1 1UR',
    },
    items: [
      { sku: 'MUG-RED', description: 'Red mug', quantity: 2, unitValue: 7.5, unitWeight: 0.4 },
      { sku: 'TEA-EARL', description: 'Earl Grey', quantity: 1, unitValue: 4.25, unitWeight: 0.25 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const chooseSlip = async (size: 'A4' | 'label', printWithLabel = true) => {
  const res = await call('PUT', '/printers/packing-slip', { size, printWithLabel });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const useLabelPrinter = async (documentPrinterId: string | null) => {
  const res = await call('PUT', '/printers/label-printer', zplLabelPrinter(ZEBRA, documentPrinterId));
  expect(res.statusCode, res.body).toBe(200);
};
const printSlip = (orderId: string) => call('POST', `/orders/${orderId}/packing-slip/print`);

describe('the desk’s packing slip', () => {
  it('is A4 and not printed with the label until the desk says otherwise; a wrong choice names every field', async () => {
    expect((await call('GET', '/printers')).json().packingSlip).toEqual({ size: 'A4', printWithLabel: false });

    const refused = await call('PUT', '/printers/packing-slip', { size: 'Letter', printWithLabel: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().size).toMatch(/A4/);
    expect(refused.json().printWithLabel).toBeDefined();
    expect((await call('GET', '/printers')).json().packingSlip).toEqual({ size: 'A4', printWithLabel: false });

    const kept = await chooseSlip('label');
    expect(kept.packingSlip).toEqual({ size: 'label', printWithLabel: true });
    expect((await call('GET', '/printers')).json().packingSlip).toEqual({ size: 'label', printWithLabel: true });
  });

  it('at the label’s size goes to the ZPL label printer as ZPL, its Code 128 the order number; the order is untouched', async () => {
    await useLabelPrinter(null);
    await chooseSlip('label');
    const { orderId, orderNumber } = await addOrder();
    const res = await printSlip(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      printerId: ZEBRA,
      printer: 'Dock Zebra',
      format: 'zpl',
      pageSize: '4x6',
    });
    const zpl = (await zebra.nextJob()).toString('latin1');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zplTexts(zpl).flat().join(' ')).toContain('MUG-RED');
    expect((await zplBarcodes(zpl, 203)).flat()).toContainEqual(
      expect.objectContaining({ type: 'CODE-128', data: orderNumber }),
    );
    expect((await call('GET', `/orders/${orderId}`)).json().status).toBe('Awaiting');
    // The slip's own route answers at the desk's size when none is asked for.
    const own = await call('GET', `/orders/${orderId}/packing-slip`);
    expect(await pdfInfo(Buffer.from(own.json().base64String, 'base64'))).toMatchObject({ width: 288, height: 432 });
  });

  it('on A4 goes to the desk’s A4 printer as an A4 PDF; a desk without one prints it on the label printer', async () => {
    await call('POST', '/printers', { address: `127.0.0.1:${office.port}`, name: 'Office A4' });
    await useLabelPrinter(OFFICE);
    await chooseSlip('A4');
    const { orderId, orderNumber } = await addOrder();
    const res = await printSlip(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ printer: 'Office A4', format: 'pdf', pageSize: 'A4' });
    const pdf = await office.nextJob();
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    expect(await pdfText(pdf)).toMatch(/MUG-RED\s+Red mug\s+2/);
    expect(await pdfBarcodes(pdf)).toEqual([[{ type: 'CODE-128', data: orderNumber }]]);

    await useLabelPrinter(null);
    const onZebra = await printSlip(orderId);
    expect(onZebra.json()).toMatchObject({ printer: 'Dock Zebra', format: 'zpl', pageSize: '4x6' });
    expect((await zebra.nextJob()).toString('latin1').startsWith('^XA')).toBe(true);
  });

  it('a printer that is off is a 503 naming it, and the job is recorded as failed', async () => {
    const address = await switchedOffPrinterAddress();
    await call('POST', '/printers', { address, name: 'Switched off' });
    const chosen = await call('PUT', '/printers/label-printer', zplLabelPrinter(`network:${address}`, null));
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { orderId, orderNumber } = await addOrder();
    const res = await printSlip(orderId);
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('Switched off');
    const { lastJob } = (await call('GET', '/printers')).json();
    expect(lastJob).toMatchObject({ what: `packing slip ${orderNumber}`, ok: false });
    expect((await call('GET', `/orders/${orderId}`)).json().status).toBe('Awaiting');
    await useLabelPrinter(null);
  });

  it('of an order that does not exist is a 404', async () => {
    const res = await printSlip('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f');
    expect(res.statusCode).toBe(404);
  });
});
