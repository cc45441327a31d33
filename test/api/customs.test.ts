/**
 * Customs declarations and forms (docs/contract.md §17) through the real HTTP app, on whichever store
 * this run uses: the items stored with the shipment, the CN22/CN23 choice, the PDFs read
 * back with poppler and zbar.
 */
import { describe, expect, it } from 'vitest';
import { pdfBarcodes, pdfInfo, pdfPageTexts, pdfText } from '../helpers/pdf';
import { zplBarcodes, zplTexts } from '../helpers/zpl';
import { createShipment, gbAddress, internationalRequest, shipmentRequest, stationForFile } from '../helpers/station';

const { t, token, get } = await stationForFile();

const post = (payload: unknown) => t.request({ method: 'POST', url: '/shipments', token, payload: payload as object });
const pdfOf = (res: { json(): { base64String: string } }) => Buffer.from(res.json().base64String, 'base64');
const counts = async () =>
  (
    await t.sql<{ s: number; c: number; d: number }>(
      'SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM customs_items) AS c, (SELECT count(*) FROM customs_declarations) AS d',
    )
  )[0]!;

/** To Germany on Swift Parcels International, the addressee's name in Latin Extended. */

const items = [
  {
    description: 'Wool scarf',
    quantity: 2,
    unitValue: 18.5,
    netWeight: 0.4,
    weightUnit: 'KG',
    hsCode: '6117.10',
    originCountry: 'gb',
  },
  {
    description: 'Ceramic mug “Ωmega”',
    quantity: 1,
    unitValue: 12,
    netWeight: 450,
    weightUnit: 'G',
    hsCode: '691200',
    originCountry: 'PT',
  },
  { description: 'Paperback novel', quantity: 3, unitValue: 7.99, netWeight: 0.9, hsCode: '490199' },
];

describe('customs data on a create', () => {
  it('makes one item from the shipment’s own fields when none are given, and shows it on the detail', async () => {
    const created = await createShipment(t, token, internationalRequest());
    const view = (await get(`/shipments/${created.shipmentId}`)).json();
    expect(view.contentsType).toBe('Sale of goods');
    expect(view.customsForm).toBe('CN22');
    expect(view.customsItems).toEqual([
      {
        description: 'Cotton T-shirts',
        quantity: 1,
        unitValue: 25,
        netWeight: 3.5,
        weightUnit: 'KG',
        hsCode: '610910',
        originCountry: 'GB',
      },
    ]);
  });

  it('stores the items given, in order, with the shipment; a domestic shipment has none', async () => {
    const before = await counts();
    const created = await createShipment(
      t,
      token,
      internationalRequest({ customsItems: items, contentsType: 'Gift', currency: 'EUR' }),
    );
    const view = (await get(`/shipments/${created.shipmentId}`)).json();
    expect(view.contentsType).toBe('Gift');
    // HS codes lose their dots and origins are upper case; unit and origin default to KG and
    // the collection country.
    expect(view.customsItems).toEqual([
      { ...items[0], hsCode: '611710', originCountry: 'GB' },
      items[1],
      { ...items[2], weightUnit: 'KG', originCountry: 'GB' },
    ]);
    const domestic = await createShipment(t, token);
    const domesticView = (await get(`/shipments/${domestic.shipmentId}`)).json();
    expect(domesticView.customsItems).toBeUndefined();
    expect(domesticView.contentsType).toBeUndefined();
    expect(await counts()).toEqual({ s: before.s + 2, c: before.c + 3, d: before.d + 1 });
  });

  it('names every customs mistake together with every other field’s in one 400, and writes nothing (docs/contract.md §11)', async () => {
    const before = await counts();
    const res = await post(
      internationalRequest({
        deliveryAddress: gbAddress({
          fullName: 'Jürgen Ölmüller',
          countryTwoCharacterISOCode: 'DE',
          postZipCode: '1234',
        }),
        contentsType: 'Bribe',
        customsItems: [
          { description: '  ', quantity: 0, unitValue: 1.005, netWeight: 1, hsCode: '12', originCountry: 'XX' },
          { description: 'Anvil', quantity: 1, unitValue: 10, netWeight: 50 },
          { description: 'x'.repeat(51), quantity: 1.5, unitValue: -1, netWeight: 0 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    const problem = res.json();
    expect(problem).toMatchObject({
      'deliveryAddress.postZipCode': expect.stringMatching(/not a German post code/),
      contentsType:
        'Contents type "Bribe" is not one of: Sale of goods, Gift, Documents, Commercial sample, Returned goods, Other',
      'customsItems[0].description': 'Description must not be empty',
      'customsItems[0].quantity': 'Quantity must be at least 1',
      'customsItems[0].unitValue': 'Unit value must have at most 2 decimals',
      'customsItems[0].hsCode': 'HS code must be 6 to 10 digits (e.g. 610910)',
      'customsItems[0].originCountry': 'Country of origin XX is not a country code (two letters, e.g. GB)',
      'customsItems[2].description': 'Description must be at most 50 characters',
      'customsItems[2].quantity': 'Quantity must be a whole number',
      'customsItems[2].unitValue': 'Unit value must not be negative',
      'customsItems[2].netWeight': 'Net weight must be more than 0',
      customsItems: 'The items weigh 51 kg in all, more than the pieces’ 3.5 kg',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a sale of goods declared worth nothing, in the desk’s words; a gift or documents may be', async () => {
    const before = await counts();
    const noCost = await post(internationalRequest({ cost: undefined }));
    expect(noCost.statusCode).toBe(400);
    expect(noCost.json().cost).toBe(
      'A sale of goods must declare what it sold for: enter the cost of the goods (in GBP), or choose another contents type (Gift, Documents…)',
    );
    const zeroItems = await post(
      internationalRequest({
        cost: 0,
        customsItems: [{ description: 'Sample', quantity: 2, unitValue: 0, netWeight: 1 }],
      }),
    );
    expect(zeroItems.statusCode).toBe(400);
    expect(zeroItems.json().customsItems).toMatch(
      /^A sale of goods must declare what it sold for: enter each item’s unit value/,
    );
    expect(await counts()).toEqual(before);

    // A free item may travel in a sale; a gift and documents may be worth nothing.
    const freeItem = await post(
      internationalRequest({
        customsItems: [
          { description: 'Scarf', quantity: 1, unitValue: 20, netWeight: 1 },
          { description: 'Leaflet', quantity: 1, unitValue: 0, netWeight: 0.1 },
        ],
      }),
    );
    expect(freeItem.statusCode, freeItem.body).toBe(200);
    for (const contentsType of ['Gift', 'Documents']) {
      const res = await post(internationalRequest({ cost: undefined, contentsType }));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses customs data on a domestic shipment, naming the fields', async () => {
    const res = await post(shipmentRequest({ customsItems: items.slice(0, 1), contentsType: 'Gift' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      customsItems: 'Customs items are for an international shipment only; both addresses are in United Kingdom',
      contentsType: expect.stringMatching(/^Contents type is for an international shipment only/),
    });
  });

  it('takes at most 20 items', async () => {
    const many = Array.from({ length: 21 }, () => ({ description: 'Pin', quantity: 1, unitValue: 1, netWeight: 0.01 }));
    const res = await post(internationalRequest({ customsItems: many }));
    expect(res.statusCode).toBe(400);
    expect(res.json()['customsItems']).toBe('Customs items must have at most 20 items');
  });
});

describe('customs forms', () => {
  it('prints a CN22 on the label’s page for a low value: items, totals, names, the tracking number as Code 128, the same bytes every time', async () => {
    const created = await createShipment(t, token, internationalRequest({ customsItems: items, contentsType: 'Gift' }));
    const res = await get(`/shipments/${created.shipmentId}/customs`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'pdf', form: 'CN22' });
    const pdf = pdfOf(res);
    const info = await pdfInfo(pdf);
    expect([info.pages, info.width, info.height]).toEqual([1, 288, 432]);
    const text = await pdfText(pdf);
    expect(text).toContain('CN 22');
    expect(text).toMatch(/2 × Wool scarf\s+0\.4 kg\s+37\.00\s+611710\s+GB/);
    expect(text).toMatch(/1 × Ceramic mug “Ωmega”\s+450 g\s+12\.00\s+691200\s+PT/);
    expect(text).toMatch(/3 × Paperback novel\s+0\.9 kg\s+23\.97\s+490199\s+GB/);
    expect(text).toContain('Total value 72.97 GBP');
    expect(text).toContain('Total weight 1.75 kg');
    expect(text).toContain('Jürgen Ölmüller');
    expect(text).toContain('Sender’s signature: Zoë Fairweather');
    expect(text).toContain('2026-11-21');
    // The chosen contents type is marked: its caption is bold and its box crossed (looked at by eye).
    expect(text).toContain('Gift');
    const [codes] = await pdfBarcodes(pdf);
    expect(codes).toContainEqual({ type: 'CODE-128', data: created.shipmentPieces[0]!.trackingNumber });
    expect(pdfOf(await get(`/shipments/${created.shipmentId}/customs`)).equals(pdf)).toBe(true);
    // A customs form is not a label: the shipment stays Not Printed.
    expect((await get(`/shipments/${created.shipmentId}`)).json().status).toBe('Not Printed');
  });

  it('prints a CN23 and a commercial invoice on A4 above the currency’s limit', async () => {
    const created = await createShipment(
      t,
      token,
      internationalRequest({
        customsItems: [
          { description: 'Camera lens', quantity: 1, unitValue: 240, netWeight: 0.8, hsCode: '900211' },
          {
            description: 'Lens hood',
            quantity: 2,
            unitValue: 15.5,
            netWeight: 0.2,
            hsCode: '900219',
            originCountry: 'JP',
          },
        ],
      }),
    );
    const res = await get(`/shipments/${created.shipmentId}/customs`);
    expect(res.json().form).toBe('CN23');
    const pdf = pdfOf(res);
    expect(await pdfInfo(pdf, 1)).toMatchObject({ pages: 2, width: 595.28, height: 841.89 });
    expect(await pdfInfo(pdf, 2)).toMatchObject({ width: 595.28, height: 841.89 });
    const [cn23, invoice] = await pdfPageTexts(pdf);
    expect(cn23).toContain('CN 23');
    expect(cn23).toMatch(/Camera lens\s+1\s+0\.8 kg\s+240\.00\s+900211\s+United Kingdom/);
    expect(cn23).toMatch(/Lens hood\s+2\s+0\.2 kg\s+31\.00\s+900219\s+Japan/);
    expect(cn23).toContain('271.00 GBP');
    expect(cn23).toContain('Jürgen Ölmüller');
    expect(invoice).toContain('COMMERCIAL INVOICE');
    expect(invoice).toMatch(/2\s+Lens hood\s+900219\s+JP\s+2\s+0\.2 kg\s+15\.50\s+31\.00/);
    expect(invoice).toMatch(/Invoice total \(GBP\)\s+271\.00/);
    expect(invoice).toContain(created.shipmentNumber);
    const pages = await pdfBarcodes(pdf, 200);
    for (const codes of pages)
      expect(codes).toContainEqual({ type: 'CODE-128', data: created.shipmentPieces[0]!.trackingNumber });
  });

  it('chooses by the station’s limit per currency: a currency without one gets a CN23', async () => {
    const chf = await createShipment(t, token, internationalRequest({ currency: 'CHF' }));
    expect((await get(`/shipments/${chf.shipmentId}/customs`)).json().form).toBe('CN23');
    const settings = await t.request({
      method: 'PATCH',
      url: '/settings',
      token,
      payload: { cn22MaxValue: { GBP: 270, CHF: 100 } },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().cn22MaxValue).toEqual({ GBP: 270, CHF: 100 });
    expect((await get(`/shipments/${chf.shipmentId}/customs`)).json().form).toBe('CN22');
    const bad = await t.request({
      method: 'PATCH',
      url: '/settings',
      token,
      payload: { cn22MaxValue: { XYZ: 1, EUR: -1, eur: 3 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(
      expect.arrayContaining(['cn22MaxValue.XYZ', 'cn22MaxValue.EUR', 'cn22MaxValue.eur']),
    );
    await t.request({
      method: 'PATCH',
      url: '/settings',
      token,
      payload: { cn22MaxValue: { GBP: 270, EUR: 300, USD: 350 } },
    });
  });

  it('answers 409 for a domestic shipment', async () => {
    const domestic = await createShipment(t, token);
    const res = await get(`/shipments/${domestic.shipmentId}/customs`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/is domestic; it has no customs declaration/);
  });

  it('appends the CN22 to the label with includeCustoms=true, and nothing for a CN23', async () => {
    const low = await createShipment(t, token, internationalRequest());
    const labels = await get(`/shipments/${low.shipmentId}/label?includeCustoms=true`);
    const pdf = pdfOf(labels);
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(3);
    expect(pages[2]).toContain('CN 22');
    expect(pages[0]).not.toContain('CN 22');
    expect((await pdfInfo(pdf, 3)).height).toBe(432);
    const plain = pdfOf(await get(`/shipments/${low.shipmentId}/label`));
    expect((await pdfInfo(plain)).pages).toBe(2);

    const high = await createShipment(t, token, internationalRequest({ cost: 500 }));
    expect((await pdfInfo(pdfOf(await get(`/shipments/${high.shipmentId}/label?includeCustoms=true`)))).pages).toBe(2);
    const domestic = await createShipment(t, token);
    expect((await pdfInfo(pdfOf(await get(`/shipments/${domestic.shipmentId}/label?includeCustoms=true`)))).pages).toBe(
      1,
    );
  });
});

describe('the CN22 as ZPL, for a thermal printer', () => {
  const zplOf = (res: { json(): { base64String: string } }) =>
    Buffer.from(res.json().base64String, 'base64').toString('latin1');
  const words = (lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean).sort();
  /** To Athens from Łódź, an item from Moscow: every name beyond font 0 prints from the label font. */
  const unicode = () =>
    internationalRequest({
      collectionAddress: gbAddress({ fullName: 'Łucja Wołodźko', city: 'Łódź' }),
      deliveryAddress: gbAddress({
        fullName: 'Νίκος Παπαδόπουλος',
        businessName: '',
        city: 'Αθήνα',
        countryTwoCharacterISOCode: 'GR',
        postZipCode: '10552',
      }),
      customsItems: [
        {
          description: 'Matryoshka from Москва',
          quantity: 2,
          unitValue: 15,
          netWeight: 0.6,
          hsCode: '442090',
          originCountry: 'RU',
        },
        { description: 'Wool scarf', quantity: 1, unitValue: 20, netWeight: 0.3, hsCode: '611710' },
      ],
    });

  it.each([203, 300] as const)(
    'is the CN22 alone at %i dpi: the PDF CN22’s text, the tracking number as Code 128, the same bytes every time',
    async (dpi) => {
      const created = await createShipment(t, token, unicode());
      const url = `/shipments/${created.shipmentId}/customs?format=zpl&dpi=${dpi}`;
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ format: 'zpl', form: 'CN22' });
      const zpl = zplOf(res);
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl).toContain(dpi === 203 ? '^PW812^LL1218' : '^PW1200^LL1800');
      expect(Buffer.from(zpl, 'latin1').every((b) => b === 0x0a || (b >= 0x20 && b <= 0x7e))).toBe(true);
      expect(zplOf(await get(url))).toBe(zpl);
      // The chosen contents type's box is crossed: two slanted lines (the PDF draws the same).
      expect(zpl.match(/\^GD/g)).toHaveLength(2);

      const [codes] = await zplBarcodes(zpl, dpi);
      expect(codes).toContainEqual({ type: 'CODE-128', data: created.shipmentPieces[0]!.trackingNumber });
      const [lines] = zplTexts(zpl);
      const text = lines!.join('\n');
      expect(text).toContain('CN 22');
      for (const name of [
        'Łucja Wołodźko',
        'Νίκος Παπαδόπουλος',
        'Αθήνα',
        '2 × Matryoshka from Москва',
        'Total value 50.00 GBP',
      ])
        expect(text).toContain(name);
      const pdf = pdfOf(await get(`/shipments/${created.shipmentId}/customs`));
      expect(words(lines!)).toEqual(words([await pdfText(pdf)]));
      // Fetching a form is not printing.
      expect((await get(`/shipments/${created.shipmentId}`)).json().status).toBe('Not Printed');
    },
  );

  it('a shipment that needs a CN23 → 409 saying so: a CN23 is A4, never ZPL', async () => {
    const high = await createShipment(t, token, internationalRequest({ cost: 500 }));
    const res = await get(`/shipments/${high.shipmentId}/customs?format=zpl`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/needs a CN23 .*no ZPL version/);
    expect((await get(`/shipments/${high.shipmentId}/customs`)).json().form).toBe('CN23');
    // The label route prints its labels and appends nothing.
    const labels = zplOf(
      await get(`/shipments/${high.shipmentId}/label?format=zpl&includeCustoms=true&markPrinted=false`),
    );
    expect(labels.match(/\^XA/g)).toHaveLength(2);
    expect(labels).not.toContain('CN 22');
  });

  it('a bad format or dpi is a 400 naming both', async () => {
    const low = await createShipment(t, token, internationalRequest());
    const res = await get(`/shipments/${low.shipmentId}/customs?format=png&dpi=600`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['format', 'dpi']));
  });

  it('includeCustoms=true with format=zpl appends the ZPL CN22 after the pieces’ labels', async () => {
    const created = await createShipment(t, token, unicode());
    const zpl = zplOf(
      await get(`/shipments/${created.shipmentId}/label?format=zpl&includeCustoms=true&markPrinted=false`),
    );
    const labels = zplOf(await get(`/shipments/${created.shipmentId}/label?format=zpl&markPrinted=false`));
    const cn22 = zplOf(await get(`/shipments/${created.shipmentId}/customs?format=zpl`));
    expect(zpl).toBe(labels + cn22);
    const pages = await zplBarcodes(zpl, 203);
    expect(pages).toHaveLength(3);
    const tracking = created.shipmentPieces.map((p) => p.trackingNumber);
    expect(pages.map((p) => p.find((s) => s.type === 'CODE-128')?.data)).toEqual([
      tracking[0],
      tracking[1],
      tracking[0],
    ]);
    expect(zplTexts(zpl)[2]!.join(' ')).toContain('CN 22');
  });
});
