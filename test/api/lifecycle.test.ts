import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfPageTexts } from '../helpers/pdf';
import { createShipment, piece, shipmentRequest, stationForFile } from '../helpers/station';

const file = await stationForFile();
const { t, get, status, signInAgain } = file;
let { token } = file;

const scan = (id: string, payload: object) =>
  t.request({ method: 'POST', url: `/shipments/${id}/events`, token, payload });

describe('view', () => {
  it('returns both addresses, pieces with labels, and the extensions', async () => {
    const s = await createShipment(
      t,
      token,
      shipmentRequest({
        shipmentPieces: [piece(), piece({ description: 'Tube' })],
        carrierFeatures: [1001],
        referenceTwo: 'B',
        referenceThree: 'C',
      }),
    );
    const res = await get(`/shipments/${s.shipmentId}`);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      shipmentNumber: s.shipmentNumber,
      shipmentId: s.shipmentId,
      carrier: 'Swift Parcels',
      carrierService: 'Next Day',
      carrierId: 1,
      carrierServiceId: 101,
      carrierFeatures: [1001],
      reference: 'PO-1001',
      referenceOne: 'PO-1001',
      referenceTwo: 'B',
      referenceThree: 'C',
      status: 'Not Printed',
      createdOn: '2026-11-21T09:30:00.000Z',
    });
    expect(v.collectionAddress.businessName).toBe('Acme Widgets Ltd');
    expect(Object.keys(v.deliveryAddress)).toHaveLength(11);
    expect(v.shipmentPieces.map((p: { trackingNumber: string }) => p.trackingNumber)).toEqual(
      s.shipmentPieces.map((p) => p.trackingNumber),
    );
    expect(v.shipmentPieces[1].description).toBe('Tube');
    expect(v.shipmentPieces[0].base64String).toBe(s.shipmentPieces[0]!.base64String); // re-rendered byte-identical
  });

  it('takes the shipment number for the id too: the detail, its label and its tracking', async () => {
    const s = await createShipment(t, token, shipmentRequest({ referenceOne: 'BY-NUMBER' }));
    const byNumber = await get(`/shipments/${s.shipmentNumber.toLowerCase()}`);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json()).toMatchObject({ shipmentId: s.shipmentId, referenceOne: 'BY-NUMBER' });
    expect((await get(`/shipments/${s.shipmentNumber}/tracking`)).json().shipmentNumber).toBe(s.shipmentNumber);
    expect((await get(`/shipments/${s.shipmentNumber}/label?markPrinted=false`)).statusCode).toBe(200);
  });

  it('400 for a malformed id, 404 for an unknown one', async () => {
    const bad = await get('/shipments/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().uniqueId).toMatch(/neither a shipmentId \(a UUID\) nor a shipment number/);
    for (const id of ['3f2b8c1e-0000-4000-8000-000000000000', 'SS99999999']) {
      const unknown = await get(`/shipments/${id}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().type).toBe('/problems/not-found');
    }
  });
});

describe('label', () => {
  it('is one PDF with a page per piece, byte-identical each time, and marks the shipment Printed once', async () => {
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece(), piece()] }));
    const first = await get(`/shipments/${s.shipmentId}/label`);
    expect(first.statusCode).toBe(200);
    expect(first.json().format).toBe('pdf');
    const pdf = Buffer.from(first.json().base64String, 'base64');
    expect((await pdfInfo(pdf)).pages).toBe(3);
    const pages = await pdfPageTexts(pdf);
    pages.forEach((text, i) => expect(text).toContain(s.shipmentPieces[i]!.trackingNumber.slice(2, 6)));
    expect(await status(s.shipmentId)).toBe('Printed');
    t.clock.advance(60_000);
    const second = await get(`/shipments/${s.shipmentId}/label`);
    expect(second.json().base64String).toBe(first.json().base64String);
    const history = (await get(`/shipments/${s.shipmentId}/tracking`)).json().trackingHistory;
    expect(history.map((h: { status: string }) => h.status)).toEqual(['Not Printed', 'Printed']);
  });

  it('comes in A6 on request', async () => {
    const s = await createShipment(t, token);
    const res = await get(`/shipments/${s.shipmentId}/label?pageSize=A6`);
    const info = await pdfInfo(Buffer.from(res.json().base64String, 'base64'));
    expect([Math.round(info.width), Math.round(info.height)]).toEqual([298, 420]);
  });

  it('is refused for a cancelled shipment with 409', async () => {
    const s = await createShipment(t, token);
    await t.request({ method: 'DELETE', url: `/shipments/${s.shipmentId}`, token });
    const res = await get(`/shipments/${s.shipmentId}/label`);
    expect(res.statusCode).toBe(409);
    expect(res.json().type).toBe('/problems/conflict');
  });
});

describe('cancel', () => {
  const cancel = (id: string) => t.request({ method: 'DELETE', url: `/shipments/${id}`, token });

  it('from Not Printed, Printed and Awaiting Collection; twice is still success with no new event', async () => {
    const a = await createShipment(t, token);
    expect((await cancel(a.shipmentId)).json()).toEqual({ success: true });
    expect(await status(a.shipmentId)).toBe('Cancelled');
    const again = await cancel(a.shipmentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true });
    expect((await get(`/shipments/${a.shipmentId}/tracking`)).json().trackingHistory).toHaveLength(2);

    const b = await createShipment(t, token);
    await get(`/shipments/${b.shipmentId}/label`);
    expect((await cancel(b.shipmentId)).statusCode).toBe(200);

    const c = await createShipment(t, token);
    await get(`/shipments/${c.shipmentId}/label`);
    expect((await scan(c.shipmentId, { status: 'Awaiting Collection' })).statusCode).toBe(200);
    expect((await cancel(c.shipmentId)).statusCode).toBe(200);
    expect(await status(c.shipmentId)).toBe('Cancelled');
  });

  it('accepts a bodiless DELETE that names a JSON content type', async () => {
    const s = await createShipment(t, token);
    const res = await t.request({
      method: 'DELETE',
      url: `/shipments/${s.shipmentId}`,
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it('is refused with 409 once the carrier has it, and from a terminal status', async () => {
    const s = await createShipment(t, token);
    await get(`/shipments/${s.shipmentId}/label`);
    await scan(s.shipmentId, { status: 'At the Depot' });
    const res = await cancel(s.shipmentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/At the Depot/);
    await scan(s.shipmentId, { status: 'Delivered to Receiver' });
    expect((await cancel(s.shipmentId)).statusCode).toBe(409);
    expect(await status(s.shipmentId)).toBe('Delivered to Receiver');
  });
});

describe('carrier events', () => {
  it('follow the life of docs/contract.md §8 and return the tracking response', async () => {
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    const early = await scan(s.shipmentId, { status: 'Enroute to Depot' });
    expect(early.statusCode).toBe(409); // Not Printed → carrier status is not allowed
    await get(`/shipments/${s.shipmentId}/label`);
    const steps = ['Awaiting Collection', 'Enroute to Depot', 'At the Depot', 'On Hold', 'On Vehicle For Delivery'];
    for (const step of steps) {
      const res = await scan(s.shipmentId, {
        status: step,
        location: 'Leeds depot',
        trackingNumber: s.shipmentPieces[1]!.trackingNumber,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().lastStatus.status).toBe(step);
    }
    t.clock.advance(1000);
    const delivered = await scan(s.shipmentId, {
      status: 'Delivered to Receiver',
      signatory: 'S. RECEIVER',
      signatoryFileName: 'sig-1.png',
      geoLocationLatitude: 53.8,
      geoLocationLongitude: -1.55,
      carrierDepotId: 12,
      description: 'Left with receiver',
    });
    const body = delivered.json();
    expect(body.shipmentNumber).toBe(s.shipmentNumber);
    expect(body.lastStatus).toEqual({
      signatoryFileName: 'sig-1.png',
      location: '',
      signatory: 'S. RECEIVER',
      geoLocationLongitude: -1.55,
      geoLocationLatitude: 53.8,
      carrierDepotId: 12,
      user: 'admin',
      trackingNumber: '',
      description: 'Left with receiver',
      status: 'Delivered to Receiver',
      occurredOn: new Date(t.clock.now).toISOString(),
    });
    expect(body.trackingHistory.map((h: { status: string }) => h.status)).toEqual([
      'Not Printed',
      'Printed',
      ...steps,
      'Delivered to Receiver',
    ]);
    expect(body.trackingHistory[0].geoLocationLatitude).toBeNull();
    const after = await scan(s.shipmentId, { status: 'At the Depot' });
    expect(after.statusCode).toBe(409); // terminal
  });

  it.each([
    // A field named like a member of the problem itself is reported as body.<name>.
    [{ status: 'Cancelled' }, 'body.status', /not a carrier scan status/],
    [{ status: 'Printed' }, 'body.status', /not a carrier scan status/],
    [{ status: 'Teleported' }, 'body.status', /not a carrier scan status/],
    [{ status: 'At the Depot', trackingNumber: 'SP999999995GB' }, 'trackingNumber', /not a piece/],
    [{ status: 'At the Depot', occurredOn: '2026-11-21T09:40:00Z' }, 'occurredOn', /5 minutes in the future/],
    [{ status: 'At the Depot', occurredOn: '2020-01-01T00:00:00Z' }, 'occurredOn', /before the shipment was created/],
    [{ status: 'At the Depot', geoLocationLatitude: 91 }, 'geoLocationLatitude', /at most 90/],
    [{ location: 'x' }, 'body.status', /^Choose a status$/],
  ])('%j → 400 naming %s', async (payload, member, message) => {
    const s = await createShipment(t, token);
    await get(`/shipments/${s.shipmentId}/label`);
    const res = await scan(s.shipmentId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()[member]).toMatch(message);
  });

  it('a late scan dated before the latest event goes into history without changing the status', async () => {
    const s = await createShipment(t, token);
    t.clock.advance(10 * 60_000);
    await get(`/shipments/${s.shipmentId}/label`);
    await scan(s.shipmentId, { status: 'At the Depot' });
    const late = await scan(s.shipmentId, {
      status: 'Enroute to Depot',
      occurredOn: new Date(t.clock.now - 5 * 60_000).toISOString(),
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().lastStatus.status).toBe('At the Depot');
    expect(late.json().trackingHistory.map((h: { status: string }) => h.status)).toEqual([
      'Not Printed',
      'Enroute to Depot',
      'Printed',
      'At the Depot',
    ]);
  });
});

describe('the same scan twice', () => {
  const statuses = (res: { json: () => { trackingHistory: { status: string }[] } }) =>
    res.json().trackingHistory.map((h) => h.status);

  it('is recorded once within 10 seconds; another piece, place or a later time is a new scan', async () => {
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    await get(`/shipments/${s.shipmentId}/label`);
    const [first, second] = s.shipmentPieces.map((p: { trackingNumber: string }) => p.trackingNumber) as [
      string,
      string,
    ];
    const depot = { status: 'At the Depot', location: 'Leeds depot', trackingNumber: first };

    const once = await scan(s.shipmentId, depot);
    t.clock.advance(4_000);
    const again = await scan(s.shipmentId, depot);
    expect(again.statusCode).toBe(200);
    expect(again.json().lastStatus).toEqual(once.json().lastStatus);
    expect(statuses(again)).toEqual(['Not Printed', 'Printed', 'At the Depot']);

    expect(statuses(await scan(s.shipmentId, { ...depot, trackingNumber: second }))).toHaveLength(4);
    expect(
      statuses(await scan(s.shipmentId, { ...depot, trackingNumber: second, location: 'York depot' })),
    ).toHaveLength(5);
    t.clock.advance(10_001);
    expect(
      statuses(await scan(s.shipmentId, { ...depot, trackingNumber: second, location: 'York depot' })),
    ).toHaveLength(6);
  });

  it('sent twice at once is recorded once, and a repeated final scan is no conflict', async () => {
    const s = await createShipment(t, token);
    await get(`/shipments/${s.shipmentId}/label`);
    await scan(s.shipmentId, { status: 'On Vehicle For Delivery' });
    const delivered = { status: 'Delivered to Receiver', location: 'Front door', signatory: 'S. RECEIVER' };
    const both = await Promise.all([scan(s.shipmentId, delivered), scan(s.shipmentId, delivered)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    t.clock.advance(2_000);
    const repeated = await scan(s.shipmentId, delivered);
    expect(repeated.statusCode).toBe(200);
    expect(statuses(repeated)).toEqual(['Not Printed', 'Printed', 'On Vehicle For Delivery', 'Delivered to Receiver']);
    // Another final scan after delivery is still refused by the status life.
    expect((await scan(s.shipmentId, { ...delivered, location: 'Depot' })).statusCode).toBe(409);
  });
});

describe('public tracking view', () => {
  const track = (ref: string, postCode: string, client = '127.0.0.1') =>
    t.request({
      method: 'GET',
      url: `/shipments/${encodeURIComponent(ref)}?postCode=${encodeURIComponent(postCode)}`,
      remoteAddress: client,
    });

  it('finds a shipment by id, shipment number or any tracking number with the delivery post code, without a token', async () => {
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: [piece(), piece()] }));
    for (const ref of [
      s.shipmentId,
      s.shipmentNumber,
      s.shipmentPieces[1]!.trackingNumber,
      s.shipmentNumber.toLowerCase(),
    ]) {
      const res = await track(ref, 'ls11ur', '10.9.0.1');
      expect(res.statusCode, ref).toBe(200);
      expect(res.json().shipmentNumber).toBe(s.shipmentNumber);
      expect(res.json().lastStatus.user).toBe('');
    }
  });

  it('gives one and the same 404 for a wrong post code and an unknown reference', async () => {
    const s = await createShipment(t, token);
    const wrong = await track(s.shipmentNumber, 'SW1A 1AA', '10.9.0.2');
    const unknown = await track('SS99999999', 'LS1 1UR', '10.9.0.2');
    expect(wrong.statusCode).toBe(404);
    expect({ ...wrong.json(), instance: '' }).toEqual({ ...unknown.json(), instance: '' });
  });

  it('is limited to 60 requests a minute per client', async () => {
    const s = await createShipment(t, token);
    for (let i = 0; i < 60; i++) expect((await track(s.shipmentNumber, 'LS1 1UR', '10.9.0.3')).statusCode).toBe(200);
    const limited = await track(s.shipmentNumber, 'LS1 1UR', '10.9.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await track(s.shipmentNumber, 'LS1 1UR', '10.9.0.4')).statusCode).toBe(200);
    t.clock.advance(61_000);
    token = await signInAgain();
    expect((await track(s.shipmentNumber, 'LS1 1UR', '10.9.0.3')).statusCode).toBe(200);
  });

  it('counts every loopback address as one caller: 127.0.0.2 or ::1 is no fresh budget', async () => {
    const s = await createShipment(t, token);
    t.clock.advance(61_000);
    token = await t.signIn();
    for (let i = 0; i < 60; i++) {
      expect((await track(s.shipmentNumber, 'LS1 1UR', `127.0.0.${1 + (i % 6)}`)).statusCode).toBe(200);
    }
    for (const other of ['127.0.0.2', '127.200.3.4', '::1', '::ffff:127.0.0.9']) {
      expect((await track(s.shipmentNumber, 'LS1 1UR', other)).statusCode, other).toBe(429);
    }
    expect((await track(s.shipmentNumber, 'LS1 1UR', '10.9.0.6')).statusCode).toBe(200);
    t.clock.advance(61_000);
    token = await t.signIn();
  });
});

describe('carriers', () => {
  it('lists carriers, and for each at least 3 services with limits and 3 features, ordered by id', async () => {
    const carriers = (await get('/carriers')).json().items;
    expect(carriers.length).toBeGreaterThanOrEqual(3);
    for (const c of carriers) {
      const services = (await get(`/carriers/${c.id}/services`)).json().items;
      const features = (await get(`/carriers/${c.id}/features`)).json().items;
      expect(services.length).toBeGreaterThanOrEqual(3);
      expect(features.length).toBeGreaterThanOrEqual(3);
      expect(services.map((s: { id: number }) => s.id)).toEqual(
        [...services.map((s: { id: number }) => s.id)].sort((a, b) => a - b),
      );
      expect(Object.keys(services[0])).toEqual(
        expect.arrayContaining(['id', 'systemName', 'name', 'uniqueIdentifier', 'serviceCode']),
      );
      expect(Object.keys(features[0]).sort()).toEqual(['carrierFeatureCode', 'id', 'name']);
    }
  });

  it('400 for a carrier id that is not an integer, 404 for an unknown one', async () => {
    expect((await get('/carriers/abc/services')).statusCode).toBe(400);
    expect((await get('/carriers/abc/services')).json().carrierId).toMatch(/not an integer/);
    expect((await get('/carriers/999/features')).statusCode).toBe(404);
  });
});

describe('path ids, read once at the door (operations/path-ids.ts)', () => {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string) =>
    t.request({ method, url, token, ...(method === 'PATCH' ? { payload: {} } : {}) });
  const ROUTES: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', (id: string) => string, 400 | 404][] = [
    ['carrierId', 'GET', (id) => `/carriers/${id}/services`, 400],
    ['importId', 'GET', (id) => `/imports/${id}`, 400],
    ['manifestId', 'GET', (id) => `/manifests/${id}`, 400],
    ['userId', 'POST', (id) => `/users/${id}/unlock`, 404],
    ['apiKeyId', 'DELETE', (id) => `/api-keys/${id}`, 404],
    ['webhookId', 'GET', (id) => `/webhooks/${id}/deliveries`, 404],
    ['addressId', 'DELETE', (id) => `/addresses/${id}`, 404],
    ['presetId', 'DELETE', (id) => `/package-presets/${id}`, 404],
  ];

  it('text that is not an id: 400 naming the parameter where the contract says so, else 404', async () => {
    for (const [name, method, url, status] of ROUTES) {
      const res = await call(method, url('1x'));
      expect(res.statusCode, `${method} ${url('1x')}`).toBe(status);
      if (status === 400) expect(res.json()[name]).toMatch(/1x is not an integer/);
    }
  });

  it('0, and digits past what any store keeps, are ids nothing has: 404 on both stores, never a 500', async () => {
    for (const [, method, url] of ROUTES) {
      for (const id of ['0', '2147483648', '99999999999999999999']) {
        expect((await call(method, url(id))).statusCode, `${method} ${url(id)}`).toBe(404);
      }
    }
  });
});

describe('station endpoints', () => {
  it('health and the OpenAPI document need no token', async () => {
    const health = await t.request({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/auth',
      '/shipments',
      '/shipments/{uniqueId}',
      '/shipments/{uniqueId}/label',
      '/carriers/{carrierId}/services',
      '/carriers/{carrierId}/features',
      '/shipments/{uniqueId}/events',
      '/shipments/{uniqueId}/tracking',
      '/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.components.schemas.CreateShipmentRequest.properties.shipmentPieces.maxItems).toBe(50);
    // Labels are documented as OpenAPI base 64 (format byte) of a PDF.
    expect(doc.components.schemas.CreatedPiece.properties.base64String).toMatchObject({
      type: 'string',
      format: 'byte',
      contentMediaType: 'application/pdf',
    });
  });

  it('serves a page for every problem type', async () => {
    for (const kind of ['validation', 'not-found', 'unauthorized', 'conflict', 'rate-limited', 'internal']) {
      const res = await t.request({ method: 'GET', url: `/problems/${kind}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('answers an unknown endpoint with a 404 problem', async () => {
    const res = await t.request({ method: 'GET', url: '/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('/problems/not-found');
  });
});
