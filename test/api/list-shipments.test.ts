import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShipment, piece, shipmentRequest, signedInStation, type TestStation } from '../helpers/station';

let t: TestStation;
let token: string;
const HOUR = 3_600_000;
/** Shipment numbers in creation order; created one hour apart from 2026-11-21T09:30Z. */
const created: { id: string; number: string; createdOn: string }[] = [];

beforeAll(async () => {
  ({ t, token } = await signedInStation());
  // 6 shipments, 1 to 3 pieces each, spread over two days; two end up Printed, one Cancelled.
  for (let i = 0; i < 6; i++) {
    token = await t.signIn(); // the clock moves 8 hours a shipment: tokens last one
    const pieces = Array.from({ length: (i % 3) + 1 }, (_, k) =>
      piece({ weight: k + 1, weightUnit: i === 5 && k === 1 ? 'G' : 'KG' }),
    );
    const s = await createShipment(t, token, shipmentRequest({ shipmentPieces: pieces, referenceOne: `REF-${i}` }));
    created.push({ id: s.shipmentId, number: s.shipmentNumber, createdOn: new Date(t.clock.now).toISOString() });
    t.clock.advance(8 * HOUR);
  }
  token = await t.signIn();
  for (const i of [1, 3]) await t.request({ method: 'GET', url: `/shipments/${created[i]!.id}/label`, token });
  await t.request({ method: 'DELETE', url: `/shipments/${created[4]!.id}`, token });
});
afterAll(() => t.close());

const list = (query = '') => t.request({ method: 'GET', url: `/shipments${query}`, token });
const numbers = (body: { items: { shipmentNo: string }[] }) => body.items.map((i) => i.shipmentNo);

describe('list', () => {
  it('defaults: page 1, 100 per page, newest first, true totals', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBe(6);
    expect(body.totalPieces).toBe(1 + 2 + 3 + 1 + 2 + 3);
    expect(numbers(body)).toEqual(created.map((c) => c.number).reverse());
  });

  it('items carry the seed fields, derived as docs/contract.md §6 says', async () => {
    const item = (await list('?OrderByDate=OldestFirst')).json().items[5];
    expect(Object.keys(item).sort()).toEqual(
      [
        'carrier',
        'carrierService',
        'createdOn',
        'deliveryAddress',
        'id',
        'pieces',
        'reference',
        'shipmentId',
        'shipmentNo',
        'shipper',
        'shipping',
        'status',
        'statusDateTime',
        'statusLocation',
        'statusSignatory',
        'trackingDescription',
        'weight',
        'weightMeasurement',
      ].sort(),
    );
    expect(item).toMatchObject({
      shipmentId: created[5]!.id,
      shipper: 'Acme Widgets Ltd',
      reference: 'REF-5',
      deliveryAddress: 'Sam Receiver, 22 High Street, Leeds, LS1 1UR, GB',
      carrier: 'Swift Parcels',
      carrierService: 'Next Day',
      pieces: 3,
      weight: 1 + 0.002 + 3, // the second piece is 2 G, converted to the first piece's KG
      weightMeasurement: 'KG',
      status: 'Not Printed',
      createdOn: created[5]!.createdOn,
    });
    expect(typeof item.id).toBe('number');
  });

  it('pages: size, page 2, a page past the end keeps the totals', async () => {
    const page2 = (await list('?ItemsPerPage=4&Page=2&OrderByDate=OldestFirst')).json();
    expect(numbers(page2)).toEqual([created[4]!.number, created[5]!.number]);
    const past = (await list('?ItemsPerPage=4&Page=3')).json();
    expect(past).toEqual({ totalItems: 6, totalPieces: 12, items: [] });
    const one = (await list('?ItemsPerPage=1&Page=6&OrderByDate=OldestFirst')).json();
    expect(numbers(one)).toEqual([created[5]!.number]);
  });

  it.each([
    ['?ItemsPerPage=0', 'ItemsPerPage', /at least 1/],
    ['?ItemsPerPage=1001', 'ItemsPerPage', /at most 1000/],
    ['?Page=0', 'Page', /at least 1/],
    ['?Page=two', 'Page', /^Page must be a whole number$/],
    ['?OrderByDate=Sideways', 'OrderByDate', /NewestFirst, OldestFirst/],
    ['?Status=Shipped', 'Status', /Shipped is not a status; allowed: Not Printed, Printed/],
    ['?DateFrom=yesterday', 'DateFrom', /not an ISO 8601/],
    ['?DateFrom=2026-11-23&DateTo=2026-11-22', 'DateTo', /not be before DateFrom/],
    ['?Colour=red', 'Colour', /not a query parameter/],
  ])('%s → 400 naming %s', async (query, member, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()[member]).toMatch(message);
  });

  it('matches parameter names case-insensitively', async () => {
    const body = (await list('?itemsperpage=2&page=1&orderbydate=OldestFirst')).json();
    expect(numbers(body)).toEqual([created[0]!.number, created[1]!.number]);
  });

  it('filters by one status, repeated statuses and comma-separated statuses, with exact totals', async () => {
    const printed = (await list('?Status=Printed')).json();
    expect(numbers(printed).sort()).toEqual([created[1]!.number, created[3]!.number].sort());
    expect(printed.totalPieces).toBe(2 + 1);
    const two = (await list('?Status=Printed&Status=Cancelled')).json();
    expect(two.totalItems).toBe(3);
    const comma = (await list(`?Status=${encodeURIComponent('Printed,Cancelled')}`)).json();
    expect(comma).toEqual(two);
    const none = (await list('?Status=Lost')).json();
    expect(none).toEqual({ totalItems: 0, totalPieces: 0, items: [] });
  });

  it('filters createdOn by date range: both ends inclusive, a date-only DateTo covers the whole day', async () => {
    // Created at 09:30, 17:30 on the 21st; 01:30, 09:30, 17:30 on the 22nd; 01:30 on the 23rd.
    const day22 = (await list('?DateFrom=2026-11-22&DateTo=2026-11-22&OrderByDate=OldestFirst')).json();
    expect(numbers(day22)).toEqual([created[2]!.number, created[3]!.number, created[4]!.number]);
    const exact = (
      await list(`?DateFrom=${created[1]!.createdOn}&DateTo=${created[3]!.createdOn}&OrderByDate=OldestFirst`)
    ).json();
    expect(numbers(exact)).toEqual([created[1]!.number, created[2]!.number, created[3]!.number]);
    const offset = (
      await list(`?DateFrom=${encodeURIComponent('2026-11-22T10:30:00+01:00')}&DateTo=2026-11-22T09:30:00Z`)
    ).json();
    expect(numbers(offset)).toEqual([created[3]!.number]);
    const withStatus = (await list('?DateFrom=2026-11-22&Status=Cancelled')).json();
    expect(numbers(withStatus)).toEqual([created[4]!.number]);
  });

  it('takes the status columns from the latest tracking event', async () => {
    const item = (await list('?Status=Cancelled')).json().items[0];
    expect(item.trackingDescription).toBe('Shipment cancelled');
    expect(item.statusDateTime > item.createdOn).toBe(true);
  });
});
