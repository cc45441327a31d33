/** GET /shipments?Search= (docs/contract.md §12) over real HTTP, on each store: every kind of match with the filters. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Created, createShipment, gbAddress, piece, shipmentRequest, stationForFile } from '../helpers/station';

const { t, token } = await stationForFile();
const made: Created[] = [];

beforeAll(async () => {
  const to = (overrides: Record<string, string>) =>
    gbAddress({
      businessName: '',
      addressLine1: '22 High Street',
      city: 'Leeds',
      postZipCode: 'LS1 1UR',
      ...overrides,
    });
  const bodies = [
    {
      deliveryAddress: to({
        fullName: 'Łukasz Wójcik',
        businessName: 'Łódź Books',
        countryTwoCharacterISOCode: 'PL',
        postZipCode: '90-001',
        city: 'Łódź',
      }),
      referenceOne: 'ORDER-7781',
      hsCode: '490199',
      descriptionOfGoods: 'Books',
      cost: 12,
      carrierServiceId: 104,
    },
    {
      deliveryAddress: to({ fullName: 'Sam Receiver', emailAddress: 'sam@example.com' }),
      referenceTwo: 'INV-55',
      shipmentPieces: [piece(), piece()],
    },
    {
      deliveryAddress: to({ fullName: 'Samira Patel', postZipCode: 'M1 1AE', city: 'Manchester' }),
      referenceOne: 'ORDER-7790',
    },
  ];
  for (const body of bodies) {
    made.push(await createShipment(t, token, shipmentRequest(body)));
    t.clock.advance(60_000);
  }
  await t.request({ method: 'GET', url: `/shipments/${made[2]!.shipmentId}/label`, token }); // Printed
});

const search = async (query: string, more = '') => {
  const res = await t.request({ method: 'GET', url: `/shipments?Search=${encodeURIComponent(query)}${more}`, token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ totalItems: number; totalPieces: number; items: { shipmentNo: string }[] }>();
  return { totalItems: body.totalItems, totalPieces: body.totalPieces, numbers: body.items.map((i) => i.shipmentNo) };
};
const numbers = (...i: number[]) => i.map((k) => made[k]!.shipmentNumber);

describe('Search', () => {
  it.each([
    ['a shipment number, lower case', () => made[1]!.shipmentNumber.toLowerCase(), [1]],
    [
      'a tracking number with the spaces of the label',
      () => made[1]!.shipmentPieces[1]!.trackingNumber.replace(/^(..)(....)(....)/, '$1 $2 $3 '),
      [1],
    ],
    ['a reference prefix, any case, any of the three', () => 'order-77', [2, 0]],
    ['referenceTwo', () => 'inv-5', [1]],
    ['a name word prefix, accents folded', () => 'lodz', [0]],
    ['a name word prefix', () => 'SAM', [2, 1]],
    ['two words', () => 'sam rec', [1]],
    ['a post code without its space', () => 'ls11ur', [1]],
    ['a post code with a hyphen', () => '90 001', [0]],
    ['a post code’s outward part', () => 'ls1', [1]],
    ['an outward part of two characters', () => 'M1', [2]],
    ['an outward part and the start of the inward', () => 'LS1 1', [1]],
    ['an outward part that is not the shipment’s (LS1 is not LS11)', () => 'LS11', []],
    ['an email', () => 'SAM@example.com', [1]],
    ['nothing', () => 'zz-nothing', []],
  ] as [string, () => string, number[]][])('finds by %s', async (_, query, want) => {
    const found = await search(query());
    expect(found.numbers).toEqual(numbers(...want));
    expect(found.totalItems).toBe(want.length);
  });

  it('combines with status, dates, order and paging; totals stay exact', async () => {
    expect(await search('sam', '&Status=Printed')).toEqual({ totalItems: 1, totalPieces: 1, numbers: numbers(2) });
    expect(await search('sam', '&OrderByDate=OldestFirst&ItemsPerPage=1&Page=2')).toEqual({
      totalItems: 2,
      totalPieces: 3,
      numbers: numbers(2),
    });
    expect(await search('sam', '&ItemsPerPage=1&Page=3')).toEqual({ totalItems: 2, totalPieces: 3, numbers: [] });
    expect(await search('sam', '&DateFrom=2020-01-01&DateTo=2020-01-02')).toEqual({
      totalItems: 0,
      totalPieces: 0,
      numbers: [],
    });
  });

  it.each(['', 'a', ' b '])('answers %j with a 400 naming Search', async (query) => {
    const res = await t.request({
      method: 'GET',
      url: `/shipments?Search=${encodeURIComponent(query)}&Status=Nope`,
      token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Search: 'Type at least 2 characters to search',
      Status: expect.stringMatching(/not a status/),
    });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    const names = doc.paths['/shipments'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toContain('Search');
  });

  it('public tracking takes a tracking number with the spaces printed on the label', async () => {
    const spaced = made[1]!.shipmentPieces[0]!.trackingNumber.replace(/^(..)(....)(....)/, '$1 $2 $3 ');
    const res = await t.request({ method: 'GET', url: `/shipments/${encodeURIComponent(spaced)}?postCode=LS1%201UR` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipmentNumber).toBe(made[1]!.shipmentNumber);
  });
});
