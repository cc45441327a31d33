/**
 * End-of-day manifests (docs/contract.md §13) through the HTTP app, on the run's store: what a
 * close moves and lists, the numbers, the 409, the lists, and the driver's PDF read back
 * with poppler and zbar.
 */
import { describe, expect, it } from 'vitest';
import { pdfBarcodes, pdfInfo, pdfPageTexts } from '../helpers/pdf';
import { createShipment, piece, shipmentRequest, stationForFile } from '../helpers/station';

const { t, token, get, status } = await stationForFile();

const close = (payload: object) => t.request({ method: 'POST', url: '/manifests', token, payload });

/** A shipment of carrier 1 (Swift Parcels) or 2, printed unless told otherwise. */
async function shipment(options: { carrier?: 1 | 2; print?: boolean; pieces?: number; reference?: string } = {}) {
  const carrier = options.carrier ?? 1;
  const body = shipmentRequest({
    ...(carrier === 2 ? { carrierId: 2, carrierServiceId: 201 } : {}),
    referenceOne: options.reference ?? 'PO-1001',
    shipmentPieces: Array.from({ length: options.pieces ?? 1 }, (_, i) =>
      piece({ weight: 1.5 + i, weightUnit: i % 2 ? 'G' : 'KG' }),
    ),
  });
  const s = await createShipment(t, token, body);
  if (options.print ?? true) expect((await get(`/shipments/${s.shipmentId}/label`)).statusCode).toBe(200);
  return s;
}

describe('closing the day', () => {
  it('lists every Printed shipment of the carrier, moves them to Manifested, and leaves the rest', async () => {
    const printed = [await shipment({ pieces: 2, reference: 'ORDER-A' }), await shipment({ reference: 'ORDER-B' })];
    const notPrinted = await shipment({ print: false });
    const otherCarrier = await shipment({ carrier: 2 });
    const cancelled = await shipment();
    await t.request({ method: 'DELETE', url: `/shipments/${cancelled.shipmentId}`, token });

    const before = (await get('/end-of-day')).json();
    expect(before.items.find((c: { carrierId: number }) => c.carrierId === 1)).toMatchObject({
      printedWaiting: 2,
      notPrinted: 1,
    });

    t.clock.advance(60_000);
    const res = await close({ carrierId: 1 });
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      manifestNumber: 'MF00000001',
      carrierId: 1,
      carrier: 'Swift Parcels',
      createdBy: 'admin',
      createdOn: '2026-11-21T09:31:00.000Z',
      shipmentCount: 2,
      pieceCount: 3,
      format: 'pdf',
    });
    // 1.5 KG + 2.5 G, and 1.5 KG
    expect(m.totalWeightKg).toBe(3.003);
    expect(m.shipments.map((s: { shipmentId: string }) => s.shipmentId)).toEqual(printed.map((s) => s.shipmentId));
    expect(m.shipments[0]).toMatchObject({
      shipmentNumber: printed[0]!.shipmentNumber,
      reference: 'ORDER-A',
      deliveryName: 'Sam Receiver',
      deliveryPostZipCode: 'LS1 1UR',
      deliveryCountry: 'GB',
      pieces: 2,
      weightKg: 1.503,
      trackingNumbers: printed[0]!.shipmentPieces.map((p) => p.trackingNumber),
    });

    for (const s of printed) expect(await status(s.shipmentId)).toBe('Manifested');
    expect(await status(notPrinted.shipmentId)).toBe('Not Printed');
    expect(await status(otherCarrier.shipmentId)).toBe('Printed');
    expect(await status(cancelled.shipmentId)).toBe('Cancelled');
    const tracking = (await get(`/shipments/${printed[1]!.shipmentId}/tracking`)).json();
    expect(tracking.lastStatus).toMatchObject({
      status: 'Manifested',
      user: 'admin',
      occurredOn: '2026-11-21T09:31:00.000Z',
    });

    const after = (await get('/end-of-day')).json();
    expect(after.items.find((c: { carrierId: number }) => c.carrierId === 1)).toMatchObject({
      printedWaiting: 0,
      notPrinted: 1,
    });
    expect(after.items.find((c: { carrierId: number }) => c.carrierId === 2)).toMatchObject({ printedWaiting: 1 });
  });

  it('409 when nothing is waiting, and no manifest number is spent on it', async () => {
    const res = await close({ carrierId: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().type).toBe('/problems/conflict');
    expect(res.json().detail).toMatch(/No Printed Swift Parcels shipment/);
    const next = await close({ carrierId: 2 });
    expect(next.json().manifestNumber).toBe('MF00000002');
  });

  it('closes only the shipments named, and says 409 when none of them can be', async () => {
    const [a, b, c] = [await shipment(), await shipment(), await shipment({ print: false })];
    const res = await close({ carrierId: 1, shipmentIds: [b.shipmentId.toUpperCase(), c.shipmentId] });
    expect(res.statusCode).toBe(200);
    expect(res.json().shipments.map((s: { shipmentId: string }) => s.shipmentId)).toEqual([b.shipmentId]);
    expect(await status(a.shipmentId)).toBe('Printed');
    const again = await close({ carrierId: 1, shipmentIds: [b.shipmentId, c.shipmentId] });
    expect(again.statusCode).toBe(409);
    await close({ carrierId: 1 }); // a is closed too: later tests start from an empty day
  });

  it('400 naming every wrong field at once', async () => {
    const res = await close({ carrierId: 99, shipmentIds: ['nope', '3f2b8c1e-0000-4000-8000-000000000000', 'x'] });
    expect(res.statusCode).toBe(400);
    const p = res.json();
    expect(p.carrierId).toMatch(/99 is not a carrier/);
    expect(p['shipmentIds[0]']).toMatch(/not a UUID/);
    expect(p['shipmentIds[2]']).toMatch(/not a UUID/);
    expect(p['shipmentIds[1]']).toBeUndefined();
    const typo = await close({ carrierID: 1 });
    expect(typo.statusCode).toBe(400);
  });

  it('two closes at the same moment never share a shipment', async () => {
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await shipment());
    const answers = await Promise.all(Array.from({ length: 4 }, () => close({ carrierId: 1 })));
    const ok = answers.filter((r) => r.statusCode === 200).map((r) => r.json());
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const listed = ok.flatMap((m) => m.shipments.map((s: { shipmentId: string }) => s.shipmentId));
    expect(listed.sort()).toEqual(made.map((s) => s.shipmentId).sort());
    const numbers = ok.map((m) => m.manifestNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Each shipment's Manifested event, once, as the store reads its events back.
    let manifested = 0;
    for (const s of made) {
      const { id } = (await t.station.store.shipments.byUuid(s.shipmentId))!;
      manifested += (await t.station.store.shipments.events(id)).filter((e) => e.status === 'Manifested').length;
    }
    expect(manifested).toBe(12);
  });
});

describe('reading manifests', () => {
  it('lists newest first with filters and paging, and views one by id', async () => {
    const all = (await get('/manifests')).json();
    expect(all.totalItems).toBeGreaterThanOrEqual(4);
    const numbers = all.items.map((m: { manifestNumber: string }) => m.manifestNumber);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    expect(all.items[0]).not.toHaveProperty('base64String');

    const carrier2 = (await get('/manifests?CarrierId=2')).json();
    expect(carrier2.totalItems).toBe(1);
    expect(carrier2.items[0].manifestNumber).toBe('MF00000002');

    const page2 = (await get('/manifests?ItemsPerPage=1&Page=2')).json();
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0].manifestNumber).toBe(numbers[1]);
    expect((await get('/manifests?Page=999')).json()).toEqual({ totalItems: all.totalItems, items: [] });
    expect((await get('/manifests?DateFrom=2026-11-22')).json().totalItems).toBe(0);
    expect((await get('/manifests?DateTo=2026-11-21')).json().totalItems).toBe(all.totalItems);
    const bad = await get('/manifests?DateFrom=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().DateFrom).toMatch(/not an ISO 8601/);

    const one = await get(`/manifests/${all.items.at(-1).id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().manifestNumber).toBe('MF00000001');
    expect((await get('/manifests/abc')).statusCode).toBe(400);
    expect((await get('/manifests/999999')).statusCode).toBe(404);
  });
});

describe("the driver's PDF", () => {
  it('is A4 with the carrier, date, rows, totals and a signature line; its barcode scans to the number; byte-identical', async () => {
    const first = (await get('/manifests/1')).json();
    const again = (await get('/manifests/1')).json();
    expect(again.base64String).toBe(first.base64String);
    const pdf = Buffer.from(first.base64String, 'base64');
    const info = await pdfInfo(pdf);
    expect([Math.round(info.width), Math.round(info.height)]).toEqual([595, 842]);
    const [text] = await pdfPageTexts(pdf);
    expect(text).toContain('Swift Parcels');
    expect(text).toContain('MF00000001');
    expect(text).toContain('2026-11-21');
    for (const s of first.shipments) {
      expect(text).toContain(s.shipmentNumber);
      for (const n of s.trackingNumbers) expect(text).toContain(n);
    }
    expect(text).toMatch(/Total shipments: 2\s+Total pieces: 3\s+Total weight: 3\.003 kg/);
    expect(text).toContain('Driver signature');
    const codes = await pdfBarcodes(pdf, 200);
    expect(codes[0]).toContainEqual({ type: 'CODE-128', data: 'MF00000001' });
  });

  it('runs to several pages for a long day, every page numbered and barcoded', async () => {
    const made = [];
    for (let i = 0; i < 70; i++) made.push(await shipment({ pieces: i % 3 === 0 ? 3 : 1 }));
    const m = (await close({ carrierId: 1 })).json();
    expect(m.shipmentCount).toBe(70);
    const pdf = Buffer.from(m.base64String, 'base64');
    const pages = await pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((p, i) => expect(p).toContain(`${m.manifestNumber} · page ${i + 1} of ${pages.length}`));
    const all = pages.join('\n');
    for (const s of made) expect(all).toContain(s.shipmentNumber);
    expect(pages.at(-1)).toContain('Driver signature');
    const codes = await pdfBarcodes(pdf, 150);
    for (const page of codes) expect(page).toContainEqual({ type: 'CODE-128', data: m.manifestNumber });
  });
});
