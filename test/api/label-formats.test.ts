import { describe, expect, it } from 'vitest';
import { pdfInfo } from '../helpers/pdf';
import { zplBarcodes } from '../helpers/zpl';
import { createShipment, piece, shipmentRequest, stationForFile } from '../helpers/station';

const { t, token, get, status } = await stationForFile();

describe('GET /shipments/{id}/label?format=zpl (docs/contract.md §15)', () => {
  it('is ZPL II, one label per piece, byte-identical, scanning back to each tracking number', async () => {
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    const res = await get(`/shipments/${s.shipmentId}/label?format=zpl&dpi=300&markPrinted=false`);
    expect(res.statusCode).toBe(200);
    expect(res.json().format).toBe('zpl');
    const zpl = Buffer.from(res.json().base64String, 'base64').toString('latin1');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^PW1200^LL1800');
    const again = await get(`/shipments/${s.shipmentId}/label?format=zpl&dpi=300&markPrinted=false`);
    expect(again.json().base64String).toBe(res.json().base64String);
    const pages = await zplBarcodes(zpl, 300);
    expect(pages.map((p) => p.find((x) => x.type === 'CODE-128')?.data)).toEqual(
      s.shipmentPieces.map((p) => p.trackingNumber),
    );
  });

  it('defaults to 203 dpi; A6 has its own dot size', async () => {
    const s = await createShipment(t, token, shipmentRequest());
    const zpl = (q: string) =>
      get(`/shipments/${s.shipmentId}/label?${q}`).then((r) =>
        Buffer.from(r.json().base64String, 'base64').toString('latin1'),
      );
    expect(await zpl('format=zpl&markPrinted=false')).toContain('^PW812^LL1218');
    expect(await zpl('format=zpl&pageSize=A6&markPrinted=false')).toContain('^PW839^LL1183');
  });

  it('markPrinted=false leaves the status; a plain fetch still prints (§7)', async () => {
    const s = await createShipment(t, token, shipmentRequest());
    const preview = await get(`/shipments/${s.shipmentId}/label?markPrinted=false`);
    expect(preview.statusCode).toBe(200);
    expect((await pdfInfo(Buffer.from(preview.json().base64String, 'base64'))).pages).toBe(1);
    expect(await status(s.shipmentId)).toBe('Not Printed');
    await get(`/shipments/${s.shipmentId}/label?format=zpl`);
    expect(await status(s.shipmentId)).toBe('Printed');
  });

  it('400 naming every wrong query parameter at once', async () => {
    const s = await createShipment(t, token, shipmentRequest());
    const res = await get(`/shipments/${s.shipmentId}/label?format=epl&dpi=600&markPrinted=maybe`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['format', 'dpi', 'markPrinted']));
    expect(await status(s.shipmentId)).toBe('Not Printed');
  });
});
