/**
 * Returns (docs/contract.md §23), the sender's customs numbers on the customs forms
 * (docs/contract.md §17) and labels on office sheets, through the real HTTP app on whichever
 * store this run uses; the PDFs read back with poppler and their barcodes scanned with zbar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBarcodes, pdfInfo, pdfPageTexts, pdfText } from '../helpers/pdf';
import {
  createShipment,
  gbAddress,
  internationalRequest,
  piece,
  shipmentRequest,
  signedInStation,
  type TestStation,
} from '../helpers/station';

let t: TestStation;
let token: string;
beforeAll(async () => {
  ({ t, token } = await signedInStation());
});
afterAll(() => t.close());

const get = (url: string) => t.request({ method: 'GET', url, token });
const post = (url: string, payload?: object) =>
  t.request({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload }) });
const pdfOf = (res: { json(): { base64String: string } }) => Buffer.from(res.json().base64String, 'base64');
const count = async () => (await t.sql<{ n: number }>('SELECT count(*) AS n FROM shipments'))[0]!.n;
const codes128 = (page: { type: string; data: string }[]) =>
  page.filter((s) => s.type === 'CODE-128').map((s) => s.data);

/** A US sender, outside the EU: the IOSS number may apply to EU addressees. */
const usSender = (numbers: Record<string, string> = {}) => ({
  businessName: 'Acme Inc',
  fullName: 'Dana Shipper',
  addressLine1: '100 Main Street',
  city: 'Boston',
  county: 'MA',
  countryTwoCharacterISOCode: 'US',
  postZipCode: '02108',
  ...numbers,
});
const NUMBERS = { eoriNumber: 'gb 1234 5678 9000', vatNumber: 'GB123456789', iossNumber: 'IM3720000224' };

describe('a return of a shipment', () => {
  it('swaps the addresses, takes the carrier’s return service and RMA- and the number, and links both ways', async () => {
    const original = await createShipment(t, token, shipmentRequest({ referenceOne: 'PO-77' }));
    const res = await post(`/shipments/${original.shipmentNumber}/return`);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ success: true, returnOf: original.shipmentId });
    expect(created.shipmentNumber).not.toBe(original.shipmentNumber);

    const [back, view] = [
      (await get(`/shipments/${created.shipmentId}`)).json(),
      (await get(`/shipments/${original.shipmentId}`)).json(),
    ];
    expect(back).toMatchObject({
      carrierId: 1,
      carrierServiceId: 105,
      carrierService: 'Returns',
      referenceOne: `RMA-${original.shipmentNumber}`,
      referenceTwo: 'PO-77',
      returnOf: original.shipmentId,
      returnOfNumber: original.shipmentNumber,
      status: 'Not Printed',
    });
    expect(back.collectionAddress).toEqual(view.deliveryAddress);
    expect(back.deliveryAddress).toEqual(view.collectionAddress);
    expect(back.shipmentPieces.map((p: { weight: number }) => p.weight)).toEqual([2.5]);
    expect(back.returns).toBeUndefined();
    expect(view.returns).toEqual([created.shipmentId]);
    expect(view.returnNumbers).toEqual([created.shipmentNumber]);
    expect(view.returnOf).toBeUndefined();

    // Its label: to the original's sender, its own tracking number as a barcode.
    const label = pdfOf(await get(`/shipments/${created.shipmentId}/label?markPrinted=false`));
    const text = await pdfText(label);
    expect(text).toContain('Acme Widgets Ltd');
    expect(text).toContain(`RMA-${original.shipmentNumber}`);
    const [codes] = await pdfBarcodes(label);
    expect(codes128(codes!)).toContain(created.shipmentPieces[0].trackingNumber);
  });

  it('takes the reference and the return service given; another service is a 400 naming it, nothing written', async () => {
    const original = await createShipment(t, token);
    const given = await post(`/shipments/${original.shipmentId}/return`, {
      carrierServiceId: 105,
      referenceOne: 'RETURN 9',
    });
    expect(given.statusCode).toBe(200);
    expect((await get(`/shipments/${given.json().shipmentId}`)).json().referenceOne).toBe('RETURN 9');

    const before = await count();
    const outbound = await post(`/shipments/${original.shipmentId}/return`, { carrierServiceId: 101 });
    expect(outbound.statusCode).toBe(400);
    expect(outbound.json().carrierServiceId).toMatch(/not a return service of Swift Parcels.*105 Returns/);
    // International only: not for a return within Great Britain.
    expect((await post(`/shipments/${original.shipmentId}/return`, { carrierServiceId: 106 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    // Both returns are listed on the original.
    const view = (await get(`/shipments/${original.shipmentId}`)).json();
    expect(view.returns).toEqual([given.json().shipmentId]);
  });

  it('declares an international return as Returned goods with the original’s items, on the international return service', async () => {
    const original = await createShipment(
      t,
      token,
      internationalRequest({
        customsItems: [
          { description: 'Wool scarf', quantity: 2, unitValue: 18.5, netWeight: 0.4, originCountry: 'PT' },
        ],
      }),
    );
    const created = (await post(`/shipments/${original.shipmentId}/return`)).json();
    const back = (await get(`/shipments/${created.shipmentId}`)).json();
    expect(back).toMatchObject({
      carrierServiceId: 106,
      contentsType: 'Returned goods',
      customsItems: [
        {
          description: 'Wool scarf',
          quantity: 2,
          unitValue: 18.5,
          netWeight: 0.4,
          weightUnit: 'KG',
          hsCode: '610910',
          originCountry: 'PT',
        },
      ],
    });
    expect(back.collectionAddress.countryTwoCharacterISOCode).toBe('DE');
    const cn22 = await pdfText(pdfOf(await get(`/shipments/${created.shipmentId}/customs`)));
    expect(cn22).toContain('CN 22');
    expect(cn22).toContain('Jürgen Ölmüller');
  });

  it('is refused for a cancelled shipment (409), and a return service is refused on an outbound create (400)', async () => {
    const original = await createShipment(t, token);
    expect((await t.request({ method: 'DELETE', url: `/shipments/${original.shipmentId}`, token })).statusCode).toBe(
      200,
    );
    const before = await count();
    const refused = await post(`/shipments/${original.shipmentId}/return`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('cancelled');
    expect(await count()).toBe(before);

    const outbound = await post('/shipments', shipmentRequest({ carrierServiceId: 105 }));
    expect(outbound.statusCode).toBe(400);
    expect(outbound.json().carrierServiceId).toContain('return service');
    expect(await count()).toBe(before);
  });

  it('says which services are returns in the carrier’s service list', async () => {
    const { items } = (await get('/carriers/1/services')).json();
    expect(items.filter((s: { isReturn: boolean }) => s.isReturn).map((s: { id: number }) => s.id)).toEqual([105, 106]);
    expect(items.find((s: { id: number }) => s.id === 101).isReturn).toBe(false);
  });

  it('lists returns only with Returns=true, with the other filters and search', async () => {
    const original = await createShipment(t, token, shipmentRequest({ referenceOne: 'LIST-ME' }));
    const created = (await post(`/shipments/${original.shipmentId}/return`, { referenceOne: 'RMA-LISTED' })).json();
    const all = (await get('/shipments?Returns=true&ItemsPerPage=1000')).json();
    const returns = (await t.sql<{ n: number }>('SELECT count(*) AS n FROM shipments WHERE return_of IS NOT NULL'))[0]!
      .n;
    expect(all.totalItems).toBe(Number(returns));
    expect(all.items.map((i: { shipmentId: string }) => i.shipmentId)).toContain(created.shipmentId);
    expect(all.items.map((i: { shipmentId: string }) => i.shipmentId)).not.toContain(original.shipmentId);
    const found = (await get('/shipments?Returns=true&Search=RMA-LISTED')).json();
    expect(found.items.map((i: { shipmentId: string }) => i.shipmentId)).toEqual([created.shipmentId]);
    // The return keeps the original's reference as its second one: both are found by it, one is a return.
    const byOriginal = (await get('/shipments?Returns=true&Search=LIST-ME')).json();
    expect(byOriginal.items.map((i: { shipmentId: string }) => i.shipmentId)).toEqual([created.shipmentId]);
    expect((await get('/shipments?Search=LIST-ME')).json().totalItems).toBe(2);
  });
});

describe('the sender’s customs numbers', () => {
  it('prints EORI, VAT and IOSS on the CN22 of an EU shipment in EUR worth 150 or less, and says it was declared under IOSS', async () => {
    const created = await createShipment(
      t,
      token,
      internationalRequest({ collectionAddress: usSender(NUMBERS), currency: 'EUR', cost: 120, carrierServiceId: 104 }),
    );
    const view = (await get(`/shipments/${created.shipmentId}`)).json();
    expect(view.customsNumbers).toEqual({
      eoriNumber: 'GB123456789000',
      vatNumber: 'GB123456789',
      iossNumber: 'IM3720000224',
    });
    expect(view.iossApplied).toBe(true);
    expect(view.collectionAddress.eoriNumber).toBeUndefined();
    const text = await pdfText(pdfOf(await get(`/shipments/${created.shipmentId}/customs`)));
    expect(text).toMatch(/EORI GB123456789000 · VAT GB123456789 · IOSS IM3720000224/);
  });

  it('declares without IOSS above EUR 150, in another currency, or from inside the EU; CN23 and invoice carry EORI and VAT', async () => {
    const above = await createShipment(
      t,
      token,
      internationalRequest({ collectionAddress: usSender(NUMBERS), currency: 'EUR', cost: 400 }),
    );
    const aboveView = (await get(`/shipments/${above.shipmentId}`)).json();
    expect(aboveView).toMatchObject({ customsForm: 'CN23', iossApplied: false });
    const pages = await pdfPageTexts(pdfOf(await get(`/shipments/${above.shipmentId}/customs`)));
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toContain('EORI GB123456789000 · VAT GB123456789');
      expect(page).not.toContain('IOSS');
    }
    const pounds = await createShipment(
      t,
      token,
      internationalRequest({ collectionAddress: usSender(NUMBERS), currency: 'GBP', cost: 20 }),
    );
    expect((await get(`/shipments/${pounds.shipmentId}`)).json().iossApplied).toBe(false);
    const fromFrance = await createShipment(
      t,
      token,
      internationalRequest({
        collectionAddress: gbAddress({
          city: 'Paris',
          countryTwoCharacterISOCode: 'FR',
          postZipCode: '75001',
          ...NUMBERS,
        }),
        currency: 'EUR',
        cost: 20,
      }),
    );
    expect((await get(`/shipments/${fromFrance.shipmentId}`)).json().iossApplied).toBe(false);
  });

  it('names every malformed number at once, and writes nothing', async () => {
    const before = await count();
    const res = await post(
      '/shipments',
      internationalRequest({
        collectionAddress: usSender({ eoriNumber: 'X', vatNumber: '123', iossNumber: 'IM12' }),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      'collectionAddress.eoriNumber': expect.stringContaining('EORI number'),
      'collectionAddress.vatNumber': expect.stringContaining('VAT number'),
      'collectionAddress.iossNumber': expect.stringContaining('IOSS number'),
    });
    expect(await count()).toBe(before);
  });

  it('keeps them with the sender address of Settings, which a create without a collection address ships from', async () => {
    const saved = await t.request({
      method: 'PATCH',
      url: '/settings',
      token,
      payload: { senderAddress: usSender(NUMBERS) },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().senderAddress).toMatchObject({
      eoriNumber: 'GB123456789000',
      vatNumber: 'GB123456789',
      iossNumber: 'IM3720000224',
    });
    const bad = await t.request({
      method: 'PATCH',
      url: '/settings',
      token,
      payload: { senderAddress: usSender({ iossNumber: 'nope' }) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()['senderAddress.iossNumber']).toContain('IM and 10 digits');
    const { collectionAddress: _, ...body } = internationalRequest({ currency: 'EUR', cost: 30 });
    const created = await createShipment(t, token, body);
    expect((await get(`/shipments/${created.shipmentId}`)).json()).toMatchObject({
      customsNumbers: { iossNumber: 'IM3720000224' },
      iossApplied: true,
    });
    await t.request({ method: 'PATCH', url: '/settings', token, payload: { senderAddress: { city: '' } } });
  });
});

describe('labels on office sheets', () => {
  it('puts two 4×6 labels on each A4 or Letter sheet in order, the same labels with the same barcodes', async () => {
    const created = await createShipment(
      t,
      token,
      shipmentRequest({ shipmentPieces: [piece(), piece({ weight: 3 }), piece({ weight: 4 })] }),
    );
    const tracking = created.shipmentPieces.map((p) => p.trackingNumber);
    const a4 = pdfOf(await get(`/shipments/${created.shipmentId}/label?markPrinted=false&sheet=A4-2x4x6`));
    const info = await pdfInfo(a4);
    expect(info).toMatchObject({ pages: 2, width: 595.28, height: 841.89 });
    const pages = await pdfBarcodes(a4, 200);
    expect(codes128(pages[0]!).sort()).toEqual(tracking.slice(0, 2).sort());
    expect(codes128(pages[1]!)).toEqual([tracking[2]]);
    const texts = await pdfPageTexts(a4);
    expect(texts[0]!.match(/Sam Receiver/g)).toHaveLength(2);
    expect(texts[1]!.match(/Sam Receiver/g)).toHaveLength(1);

    const letter = pdfOf(await get(`/shipments/${created.shipmentId}/label?markPrinted=false&sheet=Letter-2x4x6`));
    expect(await pdfInfo(letter)).toMatchObject({ pages: 2, width: 612, height: 792 });
    expect((await get(`/shipments/${created.shipmentId}`)).json().status).toBe('Not Printed');
  });

  it('fills four A6 labels on an A4 sheet across a batch, in the batch’s order', async () => {
    const first = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    const second = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece(), piece()] }));
    const res = await post('/labels?sheet=A4-4xA6', { shipmentIds: [first.shipmentId, second.shipmentId] });
    expect(res.statusCode).toBe(200);
    const pdf = pdfOf(res);
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 2, width: 595.28, height: 841.89 });
    const pages = await pdfBarcodes(pdf, 200);
    const tracking = [...first.shipmentPieces, ...second.shipmentPieces].map((p) => p.trackingNumber);
    expect(codes128(pages[0]!).sort()).toEqual(tracking.slice(0, 4).sort());
    expect(codes128(pages[1]!)).toEqual([tracking[4]]);
  });
});
