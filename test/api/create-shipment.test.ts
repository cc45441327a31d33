import { describe, expect, it } from 'vitest';
import { isValidTrackingNumber } from '../../main/core/s10';
import { pdfBarcodes, pdfInfo, pdfText } from '../helpers/pdf';
import {
  createShipment,
  gbAddress,
  piece,
  SENDER_ADDRESS,
  setSender,
  shipmentRequest,
  signedInStation,
  stationForFile,
} from '../helpers/station';

const file = await stationForFile();
const { t, signInAgain } = file;
let { token } = file;

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/shipments', token, payload: payload as object, headers });
const counts = async (): Promise<{ s: number; p: number; e: number }> =>
  (
    await t.sql<{ s: number; p: number; e: number }>(
      'SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM pieces) AS p, (SELECT count(*) FROM tracking_events) AS e',
    )
  )[0]!;

describe('create', () => {
  it('returns the shipment id, number and a label and S10 tracking number per piece', async () => {
    const res = await post(shipmentRequest({ shipmentPieces: [piece(), piece({ weight: 1 }), piece({ weight: 3 })] }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.shipmentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.shipmentNumber).toMatch(/^SS\d{8}$/);
    expect(body.shipmentPieces.map((p: { sequenceNumber: number }) => p.sequenceNumber)).toEqual([1, 2, 3]);
    for (const p of body.shipmentPieces) {
      expect(p.trackingNumber).toMatch(/^SP\d{9}GB$/);
      expect(isValidTrackingNumber(p.trackingNumber)).toBe(true);
      const pdf = Buffer.from(p.base64String, 'base64');
      const info = await pdfInfo(pdf);
      expect(info.pages).toBe(1);
      expect([info.width, info.height]).toEqual([288, 432]);
    }
    const pdf = Buffer.from(body.shipmentPieces[1].base64String, 'base64');
    const text = await pdfText(pdf);
    expect(text).toContain(body.shipmentNumber);
    expect(text).toMatch(/2\s+of\s+3/);
    expect(text).toContain('LS1 1UR');
    const [codes] = await pdfBarcodes(pdf);
    expect(codes!.some((c) => c.type === 'CODE-128' && c.data === body.shipmentPieces[1].trackingNumber)).toBe(true);
  });

  it('numbers shipments sequentially and never reuses tracking numbers', async () => {
    const a = await createShipment(t, token);
    const b = await createShipment(t, token);
    expect(Number(b.shipmentNumber.slice(2))).toBe(Number(a.shipmentNumber.slice(2)) + 1);
    expect(b.shipmentPieces[0]!.trackingNumber).not.toBe(a.shipmentPieces[0]!.trackingNumber);
    await t.request({ method: 'DELETE', url: `/shipments/${b.shipmentId}`, token });
    const c = await createShipment(t, token);
    const all = await t.sql<{ tracking_number: string }>('SELECT tracking_number FROM pieces');
    expect(new Set(all.map((r) => r.tracking_number)).size).toBe(all.length);
    expect(c.shipmentNumber).not.toBe(b.shipmentNumber);
  });

  it('stores post codes in canonical form and applies defaults', async () => {
    const created = await createShipment(
      t,
      token,
      shipmentRequest({ deliveryAddress: gbAddress({ postZipCode: 'ls11ur', countryTwoCharacterISOCode: 'gb' }) }),
    );
    const view = (await t.request({ method: 'GET', url: `/shipments/${created.shipmentId}`, token })).json();
    expect(view.deliveryAddress.postZipCode).toBe('LS1 1UR');
    expect(view.deliveryAddress.countryTwoCharacterISOCode).toBe('GB');
    expect(view.currency).toBe('GBP');
    expect(view.cost).toBe(0);
    expect(view.insuredValue).toBe(0);
    expect(view.carrierFeatures).toEqual([]);
    expect(view.despatchDate).toBe('2026-11-21T09:30:00.000Z');
    expect(view.status).toBe('Not Printed');
  });

  it('keeps money as integer minor units', async () => {
    const created = await createShipment(
      t,
      token,
      shipmentRequest({ cost: 12.34, insuredValue: 100.1, currency: 'EUR' }),
    );
    const [row] = await t.sql('SELECT cost_minor, insured_minor, currency FROM shipments WHERE uuid = ?', [
      created.shipmentId,
    ]);
    expect(row).toEqual({ cost_minor: 1234, insured_minor: 10010, currency: 'EUR' });
    const view = (await t.request({ method: 'GET', url: `/shipments/${created.shipmentId}`, token })).json();
    expect([view.cost, view.insuredValue]).toEqual([12.34, 100.1]);
  });

  it('accepts an international shipment with customs fields on an international service', async () => {
    const res = await post(
      shipmentRequest({
        carrierServiceId: 104,
        deliveryAddress: gbAddress({
          fullName: 'Élodie Dupré',
          city: 'Paris',
          countryTwoCharacterISOCode: 'FR',
          postZipCode: '75001',
        }),
        hsCode: '6109.10',
        descriptionOfGoods: 'Cotton T-shirts',
        cost: 24,
      }),
    );
    expect(res.statusCode).toBe(200);
    const text = await pdfText(Buffer.from(res.json().shipmentPieces[0].base64String, 'base64'));
    expect(text).toContain('Élodie Dupré');
    expect(text).toContain('610910');
  });
});

/** Each rule of docs/contract.md §5, as [what, request, the member that must name it, words in its message]. */
const invalid: [string, Record<string, unknown>, string, RegExp][] = [
  ['missing carrierId', { carrierId: undefined }, 'carrierId', /^Choose a carrier$/],
  ['missing carrierServiceId', { carrierServiceId: undefined }, 'carrierServiceId', /^Choose a service$/],
  ['missing collectionAddress', { collectionAddress: undefined }, 'collectionAddress', /required/],
  ['missing deliveryAddress', { deliveryAddress: undefined }, 'deliveryAddress', /required/],
  ['missing pieces', { shipmentPieces: undefined }, 'shipmentPieces', /^Add at least one piece$/],
  ['no pieces', { shipmentPieces: [] }, 'shipmentPieces', /^Add at least one piece$/],
  ['51 pieces', { shipmentPieces: Array.from({ length: 51 }, () => piece()) }, 'shipmentPieces', /at most 50/],
  ['no carrier chosen (0)', { carrierId: 0 }, 'carrierId', /^Choose a carrier$/],
  ['no service chosen (0)', { carrierServiceId: 0 }, 'carrierServiceId', /^Choose a service$/],
  ['carrierId a string', { carrierId: '1' }, 'carrierId', /^Carrier must be a whole number$/],
  ['unknown carrier', { carrierId: 99 }, 'carrierId', /not a carrier/],
  [
    'service of another carrier',
    { carrierServiceId: 201 },
    'carrierServiceId',
    /^Service 201 is not a service of Swift Parcels; its services: 101 Next Day, /,
  ],
  [
    'feature of another carrier',
    { carrierFeatures: [1001, 2001] },
    'carrierFeatures[1]',
    /^Feature 2001 is not a feature of /,
  ],
  [
    'unknown field (typo)',
    { deliveryAddress: { ...gbAddress(), postCode: 'SW1A 1AA' } },
    'deliveryAddress.postCode',
    /not a field/,
  ],
  ['unknown top-level field', { colour: 'red' }, 'colour', /not a field/],
  [
    'invalid GB post code',
    { deliveryAddress: gbAddress({ postZipCode: 'SW1A 9ZZZ' }) },
    'deliveryAddress.postZipCode',
    /^Post code SW1A 9ZZZ is not a British post code \(e\.g\. SW1A 1AA\)$/,
  ],
  [
    'invalid US ZIP',
    {
      carrierServiceId: 104,
      hsCode: '123456',
      descriptionOfGoods: 'x',
      deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'US', county: 'NY', postZipCode: '1234' }),
    },
    'deliveryAddress.postZipCode',
    /^Post code 1234 is not a US post code/,
  ],
  [
    'US address without its state',
    {
      carrierServiceId: 104,
      hsCode: '123456',
      descriptionOfGoods: 'x',
      deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'US', postZipCode: '10001' }),
    },
    'deliveryAddress.county',
    /^Choose a state for a US address$/,
  ],
  [
    'Canadian address without its province',
    {
      carrierServiceId: 104,
      hsCode: '123456',
      descriptionOfGoods: 'x',
      deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'CA', county: ' ', postZipCode: 'K1A 0B1' }),
    },
    'deliveryAddress.county',
    /^Choose a province or territory for a Canadian address$/,
  ],
  [
    'Australian address without its state',
    {
      carrierServiceId: 104,
      hsCode: '123456',
      descriptionOfGoods: 'x',
      deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'AU', postZipCode: '2000' }),
    },
    'deliveryAddress.county',
    /^Choose a state or territory for an Australian address$/,
  ],
  [
    'missing post code where used',
    { collectionAddress: gbAddress({ postZipCode: '' }) },
    'collectionAddress.postZipCode',
    /^Post code is required for /,
  ],
  [
    'post code too long',
    { deliveryAddress: gbAddress({ postZipCode: 'SW1A 1AAAAAA' }) },
    'deliveryAddress.postZipCode',
    /at most 10/,
  ],
  [
    'bad country',
    { deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'XX' }) },
    'deliveryAddress.countryTwoCharacterISOCode',
    /^Country XX is not a country code/,
  ],
  [
    'no name',
    { deliveryAddress: gbAddress({ fullName: '', businessName: '' }) },
    'deliveryAddress.fullName',
    /^Enter a full name or a business name$/,
  ],
  [
    'no address line',
    { deliveryAddress: gbAddress({ addressLine1: ' ' }) },
    'deliveryAddress.addressLine1',
    /required/,
  ],
  ['no city', { collectionAddress: gbAddress({ city: '' }) }, 'collectionAddress.city', /required/],
  [
    'name too long',
    { deliveryAddress: gbAddress({ fullName: 'x'.repeat(36) }) },
    'deliveryAddress.fullName',
    /at most 35/,
  ],
  [
    'bad email',
    { deliveryAddress: gbAddress({ emailAddress: 'not-an-email' }) },
    'deliveryAddress.emailAddress',
    /not an email/,
  ],
  [
    'phone too long',
    { deliveryAddress: gbAddress({ phoneNumber: '0'.repeat(21) }) },
    'deliveryAddress.phoneNumber',
    /at most 20/,
  ],
  ['reference too long', { referenceTwo: 'r'.repeat(36) }, 'referenceTwo', /at most 35/],
  ['instructions too long', { deliveryInstructions: 'i'.repeat(121) }, 'deliveryInstructions', /at most 120/],
  ['goods description too long', { goodsDescription: 'g'.repeat(71) }, 'goodsDescription', /at most 70/],
  [
    'zero weight',
    { shipmentPieces: [piece(), piece({ weight: 0 })] },
    'shipmentPieces[1].weight',
    /^Weight must be more than 0 kg$/,
  ],
  [
    'negative height',
    { shipmentPieces: [piece({ height: -1 })] },
    'shipmentPieces[0].height',
    /^Height must be more than 0 cm$/,
  ],
  ['weight as text', { shipmentPieces: [piece({ weight: '2' })] }, 'shipmentPieces[0].weight', /number/],
  [
    'unknown weight unit',
    { shipmentPieces: [piece({ weightUnit: 'STONE' })] },
    'shipmentPieces[0].weightUnit',
    /KG, G, LB, OZ/,
  ],
  [
    'unknown dimension unit',
    { shipmentPieces: [piece({ dimensionUnit: 'FT' })] },
    'shipmentPieces[0].dimensionUnit',
    /CM, MM, IN/,
  ],
  [
    'piece description too long',
    { shipmentPieces: [piece({ description: 'd'.repeat(36) })] },
    'shipmentPieces[0].description',
    /at most 35/,
  ],
  [
    'over the service weight limit',
    { shipmentPieces: [piece({ weight: 31 })] },
    'shipmentPieces[0].weight',
    /over the 30 kg limit of Next Day/,
  ],
  [
    'over the limit in pounds',
    { shipmentPieces: [piece({ weight: 67, weightUnit: 'LB' })] },
    'shipmentPieces[0].weight',
    /^Weight 67 lb is over/,
  ],
  [
    'side over the limit',
    { shipmentPieces: [piece({ length: 151 })] },
    'shipmentPieces[0].length',
    /^Length 151 cm is over the 150 cm limit/,
  ],
  [
    'side over the limit in inches',
    { shipmentPieces: [piece({ width: 60, dimensionUnit: 'IN' })] },
    'shipmentPieces[0].width',
    /^Width 60 in is over/,
  ],
  [
    'domestic service abroad',
    {
      deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'DE', postZipCode: '10115' }),
      hsCode: '123456',
      descriptionOfGoods: 'x',
    },
    'carrierServiceId',
    /domestic only/,
  ],
  ['international service at home', { carrierServiceId: 104 }, 'carrierServiceId', /international only/],
  [
    'international without hsCode',
    {
      carrierServiceId: 104,
      descriptionOfGoods: 'Shirts',
      deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'FR', postZipCode: '75001' }),
    },
    'hsCode',
    /required for an international/,
  ],
  [
    'international without description',
    {
      carrierServiceId: 104,
      hsCode: '610910',
      deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'FR', postZipCode: '75001' }),
    },
    'descriptionOfGoods',
    /required for an international/,
  ],
  ['hsCode too short', { hsCode: '12345' }, 'hsCode', /6 to 10 digits/],
  ['negative cost', { cost: -1 }, 'cost', /^Cost must not be negative$/],
  ['three decimals', { insuredValue: 1.005 }, 'insuredValue', /at most 2 decimals/],
  ['unknown currency', { currency: 'XYZ' }, 'currency', /is not a currency code/],
  ['lower-case currency', { currency: 'gbp' }, 'currency', /is not a currency code/],
  ['despatch date not a date', { despatchDate: 'tomorrow' }, 'despatchDate', /is not a date/],
  ['despatch date impossible', { despatchDate: '2026-02-30' }, 'despatchDate', /is not a date/],
  ['despatch date long past', { despatchDate: '2026-01-01' }, 'despatchDate', /before yesterday/],
];

describe('create rejects bad input with 400 naming the field, and writes nothing', () => {
  it.each(invalid)('%s', async (_what, overrides, member, message) => {
    const before = await counts();
    const body: Record<string, unknown> = { ...shipmentRequest(), ...overrides };
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k];
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem.type).toBe('/problems/validation');
    expect(problem.instance).toBe('/shipments');
    expect(problem[member], JSON.stringify(problem)).toMatch(message);
    expect(await counts()).toEqual(before);
  });

  it('names every wrong field at once', async () => {
    const res = await post(
      shipmentRequest({ shipmentPieces: [piece({ weight: 0 }), piece({ height: 0 })], referenceOne: 'x'.repeat(40) }),
    );
    const problem = res.json();
    expect(Object.keys(problem)).toEqual(
      expect.arrayContaining(['shipmentPieces[0].weight', 'shipmentPieces[1].height', 'referenceOne']),
    );
  });

  it("names schema errors and business rules together in one 400, in an operator's words (docs/contract.md §11)", async () => {
    const before = await counts();
    const res = await post(
      shipmentRequest({
        carrierServiceId: undefined as unknown as number,
        collectionAddress: gbAddress({ city: 42 as unknown as string }),
        deliveryAddress: gbAddress({ countryTwoCharacterISOCode: 'DE', postZipCode: '1234' }),
        shipmentPieces: [piece({ weight: 0 }), piece({ weight: 31 }), piece({ length: 'long' as unknown as number })],
        carrierFeatures: [2001],
        hsCode: '12',
        currency: 'XYZ',
      }),
    );
    expect(res.statusCode).toBe(400);
    const problem = res.json();
    expect(problem).toMatchObject({
      carrierServiceId: 'Choose a service',
      'collectionAddress.city': 'City must be text',
      'deliveryAddress.postZipCode': 'Post code 1234 is not a German post code (5 digits, e.g. 10115)',
      'shipmentPieces[0].weight': 'Weight must be more than 0 kg',
      'shipmentPieces[2].length': 'Length must be a number',
      hsCode: 'HS code must be 6 to 10 digits (e.g. 610910)',
      currency: expect.stringMatching(/XYZ is not a currency code/),
    });
    expect(problem['carrierFeatures[0]']).toMatch(/^Feature 2001 is not a feature of Swift Parcels$/);
    // Without a service, its weight limit cannot be judged: piece 2's 31 kg is not named.
    expect(problem['shipmentPieces[1].weight']).toBeUndefined();
    expect(problem.descriptionOfGoods).toBe('Description of goods is required for an international shipment');
    expect(problem.detail).toMatch(/^9 fields need attention: Choose a service; /);
    expect(await counts()).toEqual(before);
  });

  it('checks a field whose type is right even when another field of the same piece is wrong', async () => {
    const res = await post(shipmentRequest({ shipmentPieces: [piece({ weight: 31, height: -1 })] }));
    expect(res.json()).toMatchObject({
      'shipmentPieces[0].weight': 'Weight 31 kg is over the 30 kg limit of Next Day',
      'shipmentPieces[0].height': 'Height must be more than 0 cm',
    });
  });

  it('treats malformed JSON, a non-object body, a wrong content type and a huge body as 400/415/413', async () => {
    const raw = (payload: string, contentType = 'application/json') =>
      t.request({ method: 'POST', url: '/shipments', token, payload, headers: { 'content-type': contentType } });
    const malformed = await raw('{"carrierId": 1,');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().body).toMatch(/not valid JSON/);
    expect((await raw('[1,2]')).statusCode).toBe(400);
    const empty = await raw('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().body).toMatch(/required/);
    expect((await raw('null')).statusCode).toBe(400);
    const text = await raw('carrierId=1', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().type).toBe('/problems/unsupported-media-type');
    const huge = await raw(JSON.stringify({ ...shipmentRequest(), goodsDescription: 'x'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);
    expect((await raw('{"__proto__": {"x": 1}}')).statusCode).toBe(400);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key and body returns the first response, marked replayed, and creates nothing', async () => {
    const body = shipmentRequest({ referenceOne: 'IDEMP-1' });
    const first = await post(body, { 'idempotency-key': 'order-778' });
    const before = await counts();
    const again = await post({ ...body }, { 'idempotency-key': 'order-778' });
    expect(again.statusCode).toBe(200);
    expect(first.json()).not.toHaveProperty('replayed');
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    expect(await counts()).toEqual(before);
  });

  it('the same key with another body → 409 naming the shipment; after 24 hours the key is free again', async () => {
    const first = await post(shipmentRequest({ referenceOne: 'IDEMP-2' }), { 'idempotency-key': 'order-779' });
    const clash = await post(shipmentRequest({ referenceOne: 'IDEMP-3' }), { 'idempotency-key': 'order-779' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().type).toBe('/problems/conflict');
    expect(clash.json().detail).toContain(first.json().shipmentNumber);
    expect(clash.json().detail).toMatch(/use a new key/);
    t.clock.advance(24 * 3_600_000 + 1);
    try {
      const before = await counts();
      token = await signInAgain(); // the old access token has expired meanwhile
      const later = await post(shipmentRequest({ referenceOne: 'IDEMP-3' }), { 'idempotency-key': 'order-779' });
      expect(later.statusCode).toBe(200);
      expect((await counts()).s).toBe(before.s + 1);
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1));
      token = await signInAgain();
    }
  });

  it('a retry for a shipment cancelled since is a 409 saying so, not a void label', async () => {
    const body = shipmentRequest({ referenceOne: 'IDEMP-CANCELLED' });
    const first = (await post(body, { 'idempotency-key': 'order-780' })).json();
    await t.request({ method: 'DELETE', url: `/shipments/${first.shipmentId}`, token });
    const again = await post(body, { 'idempotency-key': 'order-780' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain(`Shipment ${first.shipmentNumber}`);
    expect(again.json().detail).toMatch(/is cancelled .*use a new key/);
  });

  it('keys past their 24 hours are deleted by the next keyed create', async () => {
    const keys = async () =>
      (await t.sql<{ key: string }>('SELECT key FROM idempotency_keys ORDER BY key')).map((r) => r.key);
    await post(shipmentRequest({ referenceOne: 'IDEMP-OLD' }), { 'idempotency-key': 'order-old' });
    expect(await keys()).toContain('order-old');
    t.clock.advance(24 * 3_600_000 + 1);
    try {
      token = await signInAgain();
      await post(shipmentRequest({ referenceOne: 'IDEMP-NEW' }), { 'idempotency-key': 'order-new' });
      expect(await keys()).toContain('order-new');
      expect(await keys()).not.toContain('order-old');
      expect(await keys()).not.toContain('order-778'); // an earlier test's, as old
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1));
      token = await signInAgain();
    }
  });

  it('rejects an empty or overlong key', async () => {
    const res = await post(shipmentRequest(), { 'idempotency-key': 'k'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json()['idempotency-key']).toMatch(/at most 255/);
  });
});

describe('the collection address', () => {
  it('defaults to the sender address of Settings; with none set, the 400 names collectionAddress', async () => {
    const fresh = await signedInStation();
    try {
      const send = (payload: object) =>
        fresh.t.request({ method: 'POST', url: '/shipments', token: fresh.token, payload });
      const { collectionAddress: _given, ...withoutOne } = shipmentRequest();
      const refused = await send({ ...withoutOne, shipmentPieces: [piece({ weight: 0 })] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().collectionAddress).toBe(
        'Collection address is required: give one, or set the sender address in Settings',
      );
      expect(refused.json()['shipmentPieces[0].weight']).toBeDefined();

      await setSender(fresh.t, fresh.token);
      const created = await send(withoutOne);
      expect(created.statusCode).toBe(200);
      const view = await fresh.t.request({
        method: 'GET',
        url: `/shipments/${created.json().shipmentId}`,
        token: fresh.token,
      });
      expect(view.json().collectionAddress).toMatchObject(SENDER_ADDRESS);
      // An address of its own still wins.
      const own = await send(shipmentRequest());
      const ownView = await fresh.t.request({
        method: 'GET',
        url: `/shipments/${own.json().shipmentId}`,
        token: fresh.token,
      });
      expect(ownView.json().collectionAddress.fullName).toBe('Alex Sender');
    } finally {
      await fresh.t.close();
    }
  });
});
