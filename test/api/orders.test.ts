/** Orders (docs/contract.md §18) and shipping rules (§20) over real HTTP, on each store. */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pdfBarcodes, pdfInfo, pdfText } from '../helpers/pdf';
import { setSender, stationForFile, testStore } from '../helpers/station';

const { t, token, call } = await stationForFile();
await setSender(t, token);

let serial = 0;
const order = (overrides: Record<string, unknown> = {}) => ({
  orderNumber: `WEB-${++serial}`,
  channel: 'webshop',
  deliveryAddress: {
    fullName: 'Ada Lovelace',
    addressLine1: '22 High Street',
    city: 'Leeds',
    countryTwoCharacterISOCode: 'GB',
    postZipCode: 'ls11ur',
  },
  items: [
    { sku: 'MUG-RED', description: 'Red mug', quantity: 2, unitValue: 7.5, unitWeight: 0.4 },
    { sku: 'TEA-EARL', description: 'Earl Grey 250 g', quantity: 1, unitValue: 4.25, unitWeight: 250, weightUnit: 'G' },
  ],
  package: { length: 30, width: 20, height: 15 },
  ...overrides,
});
const germanOrder = (overrides: Record<string, unknown> = {}) =>
  order({
    deliveryAddress: {
      fullName: 'Jürgen Weiß',
      addressLine1: 'Hauptstraße 5',
      city: 'Berlin',
      countryTwoCharacterISOCode: 'DE',
      postZipCode: '10115',
    },
    items: [{ sku: 'MUG-RED', description: 'Red mug', quantity: 2, unitValue: 7.5, unitWeight: 0.4, hsCode: '691200' }],
    tags: ['export'],
    ...overrides,
  });

async function addOrder(body = order()): Promise<{ orderId: string; orderNumber: string }> {
  const res = await call('POST', '/orders', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('orders', () => {
  it('go in one at a time (201), are read back whole, and a known number is refused ignoring case', async () => {
    const body = order({ tags: ['gift', 'gift', 'vip'], notes: 'Leave with neighbour' });
    const created = await addOrder(body);
    expect(created).toMatchObject({ orderNumber: body.orderNumber, status: 'Awaiting' });
    const view = (await call('GET', `/orders/${created.orderId}`)).json();
    expect(view).toMatchObject({
      orderId: created.orderId,
      status: 'Awaiting',
      channel: 'webshop',
      deliveryAddress: { fullName: 'Ada Lovelace', postZipCode: 'LS1 1UR', countryTwoCharacterISOCode: 'GB' },
      collectionAddress: null,
      tags: ['gift', 'vip'],
      notes: 'Leave with neighbour',
      totalWeightKg: 1.05,
      totalValue: 19.25,
      shipmentId: null,
    });
    expect(view.items).toEqual([
      expect.objectContaining({ sku: 'MUG-RED', quantity: 2, unitValue: 7.5, unitWeight: 0.4, weightUnit: 'KG' }),
      expect.objectContaining({ sku: 'TEA-EARL', quantity: 1, unitWeight: 250, weightUnit: 'G' }),
    ]);

    const again = await call('POST', '/orders', { ...order(), orderNumber: body.orderNumber.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain(body.orderNumber.toLowerCase());
  });

  it('refuse a bad order naming every wrong field at once, and keep nothing', async () => {
    const before = (await call('GET', '/orders')).json().totalItems;
    const res = await call('POST', '/orders', {
      orderNumber: 'BAD-1',
      deliveryAddress: {
        fullName: '',
        addressLine1: '1 Road',
        city: 'Berlin',
        countryTwoCharacterISOCode: 'DE',
        postZipCode: '1234',
      },
      items: [{ description: 'Mug', quantity: 0, unitWeight: 0.2, hsCode: '12' }],
      currency: 'XYZ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      'items[0].quantity': expect.any(String),
      'deliveryAddress.fullName': expect.any(String),
      'deliveryAddress.postZipCode': expect.stringContaining('1234'),
    });
    expect((await call('GET', '/orders')).json().totalItems).toBe(before);
  });

  it('go in as a batch: good ones in, each refused one named with its fields, known numbers refused', async () => {
    const known = await addOrder();
    const good = order();
    const res = await call('POST', '/orders', {
      orders: [
        good,
        { ...order(), items: [] },
        { ...order(), orderNumber: known.orderNumber },
        { ...order(), deliveryAddress: { ...order().deliveryAddress, postZipCode: 'XX' }, colour: 'red' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.created).toEqual([{ index: 0, orderId: expect.any(String), orderNumber: good.orderNumber }]);
    expect(answer.refused.map((r: { index: number }) => r.index)).toEqual([1, 2, 3]);
    expect(Object.keys(answer.refused[0].problem)).toEqual(['items']);
    expect(answer.refused[1].problem).toEqual({ orderNumber: expect.stringContaining(known.orderNumber) });
    expect(Object.keys(answer.refused[2].problem).sort()).toEqual(['colour', 'deliveryAddress.postZipCode']);
  });

  it('replay a keyed POST with the same body, and refuse the key with another body', async () => {
    const body = { orders: [order(), order()] };
    const first = await call('POST', '/orders', body, { headers: { 'idempotency-key': 'batch-7' } });
    const second = await call('POST', '/orders', body, { headers: { 'idempotency-key': 'batch-7' } });
    expect(second.json()).toEqual(first.json());
    expect(first.json().created).toHaveLength(2);
    expect(
      (await call('POST', '/orders', { orders: [order()] }, { headers: { 'idempotency-key': 'batch-7' } })).statusCode,
    ).toBe(409);
  });

  it('are listed newest first with exact totals, filtered by status and found by number, SKU, name and post code', async () => {
    const mine = await addOrder(
      order({
        orderNumber: 'FIND-ME-42',
        items: [{ sku: 'SKU-ZEBRA-9', description: 'Zebra', quantity: 1, unitWeight: 1 }],
        deliveryAddress: {
          fullName: 'Łukasz Żółw',
          addressLine1: '1 Road',
          city: 'Hull',
          countryTwoCharacterISOCode: 'GB',
          postZipCode: 'HU1 1AA',
        },
      }),
    );
    const list = (await call('GET', '/orders?ItemsPerPage=2')).json();
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toMatchObject({
      orderId: mine.orderId,
      deliveryName: 'Łukasz Żółw',
      postZipCode: 'HU1 1AA',
      itemCount: 1,
      weight: 1,
    });
    const all = (await call('GET', '/orders?ItemsPerPage=1000')).json();
    expect(list.totalItems).toBe(all.items.length);
    for (const q of ['find-me', 'FIND-ME-42', 'sku-zebra', 'lukasz', 'zolw lukasz', 'hu11aa', 'HU1 1AA']) {
      const found = (await call('GET', `/orders?Search=${encodeURIComponent(q)}`)).json();
      expect(found, q).toMatchObject({ totalItems: 1, items: [{ orderId: mine.orderId }] });
    }
    expect((await call('GET', `/orders?Search=find-me&Status=Cancelled`)).json().totalItems).toBe(0);
    const bad = await call('GET', '/orders?Status=Lost&Search=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['Status', 'Search']));
  });

  it('are changed while Awaiting, held and released, and cancelled (a cancel again changes nothing)', async () => {
    const { orderId } = await addOrder();
    const changed = await call('PATCH', `/orders/${orderId}`, {
      deliveryAddress: {
        fullName: 'Grace Hopper',
        addressLine1: '1 Navy Way',
        city: 'York',
        countryTwoCharacterISOCode: 'GB',
        postZipCode: 'yo1 7hh',
      },
      hold: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'On Hold',
      deliveryAddress: { fullName: 'Grace Hopper', postZipCode: 'YO1 7HH' },
    });
    expect((await call('GET', '/orders?Search=hopper')).json().items[0].orderId).toBe(orderId);
    expect((await call('POST', `/orders/${orderId}/ship`, {})).statusCode).toBe(409);
    expect((await call('PATCH', `/orders/${orderId}`, { hold: false })).json().status).toBe('Awaiting');
    expect((await call('DELETE', `/orders/${orderId}`)).json()).toEqual({ success: true });
    expect((await call('DELETE', `/orders/${orderId}`)).json()).toEqual({ success: true });
    expect((await call('GET', `/orders/${orderId}`)).json().status).toBe('Cancelled');
    expect((await call('PATCH', `/orders/${orderId}`, { notes: 'x' })).statusCode).toBe(409);
    expect((await call('GET', '/orders/not-a-uuid')).statusCode).toBe(400);
    expect((await call('GET', '/orders/5f0c6c38-62b4-4d7c-9a38-000000000000')).statusCode).toBe(404);
  });
});

describe('shipping an order', () => {
  it('creates the shipment through the create, links both ways, and a second ship names the shipment', async () => {
    const { orderId, orderNumber } = await addOrder();
    const res = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 });
    expect(res.statusCode, res.body).toBe(200);
    const shipped = res.json();
    expect(shipped).toMatchObject({
      success: true,
      orderId,
      ruleName: '',
      shipmentNumber: expect.stringMatching(/^SS\d{8}$/),
    });
    expect(shipped.shipmentPieces).toHaveLength(1);
    expect(shipped.shipmentPieces[0].base64String.length).toBeGreaterThan(1000);

    const detail = (await call('GET', `/shipments/${shipped.shipmentId}`)).json();
    expect(detail).toMatchObject({
      orderId,
      orderNumber,
      ruleName: '',
      referenceOne: orderNumber,
      carrierServiceId: 101,
    });
    expect(detail.shipmentPieces[0]).toMatchObject({ weight: 1.05, length: 30, width: 20, height: 15 });
    expect(detail.collectionAddress).toMatchObject({ businessName: 'Acme Widgets Ltd', postZipCode: 'E1 1AA' });
    const view = (await call('GET', `/orders/${orderId}`)).json();
    expect(view).toMatchObject({
      status: 'Shipped',
      shipmentId: shipped.shipmentId,
      shipmentNumber: shipped.shipmentNumber,
    });

    const again = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain(shipped.shipmentNumber);
    expect((await call('DELETE', `/orders/${orderId}`)).statusCode).toBe(409);
  });

  it('ten ships of one order at once make one shipment', async () => {
    const { orderId } = await addOrder();
    const before = (await call('GET', '/shipments')).json().totalItems;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect((await call('GET', '/shipments')).json().totalItems).toBe(before + 1);
    const links = await t.sql<{ n: number }>(
      'SELECT count(*) AS n FROM order_shipments WHERE order_id = (SELECT id FROM orders WHERE uuid = ?)',
      [orderId],
    );
    expect(Number(links[0]!.n)).toBe(1);
  });

  it('keeps the list’s totals by status equal to a count of the orders after every kind of change', async () => {
    const expectTotalsCounted = async () => {
      const rows = await t.sql<{ status: string; n: number | string }>(
        'SELECT status, count(*) AS n FROM orders GROUP BY status',
      );
      const counted = (status?: string) =>
        rows.filter((r) => !status || r.status === status).reduce((sum, r) => sum + Number(r.n), 0);
      for (const status of [undefined, 'Awaiting', 'On Hold', 'Shipped', 'Cancelled']) {
        const url = `/orders?ItemsPerPage=1${status ? `&Status=${encodeURIComponent(status)}` : ''}`;
        expect((await call('GET', url)).json().totalItems, url).toBe(counted(status));
      }
      return counted('Awaiting');
    };
    const awaiting = await expectTotalsCounted();
    const batch = await call('POST', '/orders', { orders: [order(), order(), order(), order()] });
    const ids = batch.json().created.map((c: { orderId: string }) => c.orderId) as string[];
    expect(await expectTotalsCounted()).toBe(awaiting + 4);
    await call('PATCH', `/orders/${ids[0]}`, { hold: true });
    await call('DELETE', `/orders/${ids[1]}`);
    expect(await expectTotalsCounted()).toBe(awaiting + 2);
    // Ten ships of one order and one of another, at once.
    const ships = await Promise.all([
      ...Array.from({ length: 10 }, () => call('POST', `/orders/${ids[2]}/ship`, { carrierServiceId: 101 })),
      call('POST', `/orders/${ids[3]}/ship`, { carrierServiceId: 101 }),
    ]);
    expect(ships.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(await expectTotalsCounted()).toBe(awaiting);
    // The shipment cancelled: its order is Awaiting again.
    expect((await call('DELETE', `/shipments/${ships.at(-1)!.json().shipmentId}`)).statusCode).toBe(200);
    expect(await expectTotalsCounted()).toBe(awaiting + 1);
  });

  it('cancelling the shipment puts the order back to Awaiting; it ships again as a new shipment', async () => {
    const { orderId } = await addOrder();
    const first = (await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 })).json();
    expect((await call('DELETE', `/shipments/${first.shipmentId}`)).statusCode).toBe(200);
    expect((await call('GET', `/orders/${orderId}`)).json()).toMatchObject({ status: 'Awaiting', shipmentId: null });
    // The cancelled shipment still names its order.
    expect((await call('GET', `/shipments/${first.shipmentId}`)).json().orderId).toBe(orderId);
    const second = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 103 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().shipmentId).not.toBe(first.shipmentId);
  });

  it('a failure writing the order’s link leaves neither: no shipment, the order still Awaiting', async () => {
    const { orderId } = await addOrder();
    const count = async () => (await call('GET', '/shipments')).json().totalItems as number;
    const before = await count();
    // The link's insert fails inside the create's transaction, as a crash there would end it.
    if (testStore() === 'sqlite') {
      await t.sql("CREATE TRIGGER fail_link BEFORE INSERT ON order_shipments BEGIN SELECT RAISE(ABORT, 'gone'); END");
    } else {
      await t.sql(
        "CREATE FUNCTION fail_link() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'gone'; END $$",
      );
      await t.sql(
        'CREATE TRIGGER fail_link BEFORE INSERT ON order_shipments FOR EACH ROW EXECUTE FUNCTION fail_link()',
      );
    }
    const failed = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 });
    expect(failed.statusCode).toBe(500);
    expect(await count()).toBe(before);
    expect((await call('GET', `/orders/${orderId}`)).json()).toMatchObject({ status: 'Awaiting', shipmentId: null });
    await t.sql(testStore() === 'sqlite' ? 'DROP TRIGGER fail_link' : 'DROP TRIGGER fail_link ON order_shipments');
    const retried = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('replays a keyed ship without a second shipment', async () => {
    const { orderId } = await addOrder();
    const key = { headers: { 'idempotency-key': `ship-${orderId}` } };
    const first = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 }, key);
    const second = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 101 }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toMatchObject({ shipmentId: first.json().shipmentId, replayed: true, orderId });
  });

  it('says what is missing: no service, no package size', async () => {
    const { orderId } = await addOrder(order({ package: undefined }));
    const res = await call('POST', `/orders/${orderId}/ship`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['carrierServiceId', 'shipmentPieces']));
    expect((await call('GET', `/orders/${orderId}`)).json().status).toBe('Awaiting');
    // The operator's own pieces need no package.
    const own = await call('POST', `/orders/${orderId}/ship`, {
      carrierId: 1,
      carrierServiceId: 101,
      shipmentPieces: [{ weight: 2, length: 10, width: 10, height: 10 }],
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('an international order: its items become the customs items', async () => {
    const { orderId } = await addOrder(germanOrder());
    const res = await call('POST', `/orders/${orderId}/ship`, { carrierServiceId: 104 });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await call('GET', `/shipments/${res.json().shipmentId}`)).json();
    expect(detail).toMatchObject({
      hsCode: '691200',
      descriptionOfGoods: 'Red mug',
      customsItems: [
        { description: 'Red mug', quantity: 2, unitValue: 7.5, netWeight: 0.8, hsCode: '691200', originCountry: 'GB' },
      ],
    });
  });
});

describe('shipping rules', () => {
  it('are kept in order, refused naming a service that does not exist, and choose the service of a ship', async () => {
    const bad = await call('PUT', '/rules', {
      rules: [
        { name: 'Ghost', then: { carrierId: 1, carrierServiceId: 999 } },
        { name: 'Wrong', when: { countries: ['XX'] }, then: { carrierId: 1, carrierServiceId: 101, presetId: 4242 } },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      'rules[0].then.carrierServiceId': expect.stringContaining('999'),
      'rules[1].when.countries[0]': expect.stringContaining('XX'),
      'rules[1].then.presetId': expect.stringContaining('4242'),
    });
    const preset = (
      await call('POST', '/package-presets', { name: 'Rule box', length: 25, width: 20, height: 10 })
    ).json();
    const put = await call('PUT', '/rules', {
      rules: [
        { name: 'Off', enabled: false, then: { carrierId: 3, carrierServiceId: 301 } },
        {
          name: 'Europe',
          when: { zones: ['eu'] },
          then: { carrierId: 3, carrierServiceId: 303, contentsType: 'Gift' },
        },
        {
          name: 'Domestic',
          when: { countries: ['gb'] },
          then: { carrierId: 1, carrierServiceId: 103, presetId: preset.id },
        },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().rules.map((r: { name: string }) => r.name)).toEqual(['Off', 'Europe', 'Domestic']);
    expect(put.json().rules[2].when.countries).toEqual(['GB']);

    const domestic = await addOrder(order({ package: undefined }));
    expect((await call('GET', `/rules/match?orderId=${domestic.orderId}`)).json()).toMatchObject({
      rule: { name: 'Domestic', index: 2 },
      then: { carrierServiceId: 103 },
    });
    const shipped = await call('POST', `/orders/${domestic.orderId}/ship`);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().ruleName).toBe('Domestic');
    const detail = (await call('GET', `/shipments/${shipped.json().shipmentId}`)).json();
    expect(detail).toMatchObject({ ruleName: 'Domestic', carrierServiceId: 103 });
    expect(detail.shipmentPieces[0]).toMatchObject({ length: 25, width: 20, height: 10 });

    const german = await addOrder(germanOrder());
    const abroad = (await call('POST', `/orders/${german.orderId}/ship`)).json();
    expect(abroad.ruleName).toBe('Europe');
    expect((await call('GET', `/shipments/${abroad.shipmentId}`)).json()).toMatchObject({
      contentsType: 'Gift',
      carrierServiceId: 303,
    });

    // A preset deleted later: the rule is broken, reported, and no longer chooses.
    await call('DELETE', `/package-presets/${preset.id}`);
    const rules = (await call('GET', '/rules')).json().rules;
    expect(rules[2].problem).toContain(String(preset.id));
    const later = await addOrder(order({ package: undefined }));
    expect((await call('GET', `/rules/match?orderId=${later.orderId}`)).json()).toEqual({ rule: null, then: null });
    await call('PUT', '/rules', { rules: [] });
  });
});

describe('webhooks', () => {
  it('tell a subscription of order.created, order.shipped and order.cancelled, signed, each written with its change', async () => {
    const received: { type: string; data: Record<string, string>; signed: boolean }[] = [];
    let secret = '';
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { type: string; data: Record<string, string> };
        const timestamp = String(req.headers['webhook-timestamp']);
        const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
        received.push({ ...parsed, signed: req.headers['webhook-signature'] === expected });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const subscribed = await call('POST', '/webhooks', {
        url,
        events: ['order.created', 'order.shipped', 'order.cancelled'],
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);
      secret = subscribed.json().secret;
      const shipped = await addOrder();
      const cancelled = await addOrder();
      const ship = (await call('POST', `/orders/${shipped.orderId}/ship`, { carrierServiceId: 101 })).json();
      await call('DELETE', `/orders/${cancelled.orderId}`);
      await t.station.webhooks.deliverDue();
      expect(received.map((r) => [r.type, r.data.orderNumber])).toEqual([
        ['order.created', shipped.orderNumber],
        ['order.created', cancelled.orderNumber],
        ['order.shipped', shipped.orderNumber],
        ['order.cancelled', cancelled.orderNumber],
      ]);
      expect(received.every((r) => r.signed)).toBe(true);
      expect(received[2]!.data).toMatchObject({
        orderId: shipped.orderId,
        shipmentId: ship.shipmentId,
        shipmentNumber: ship.shipmentNumber,
      });
      await call('DELETE', `/webhooks/${subscribed.json().webhook.id}`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('packing slips', () => {
  const slip = async (orderId: string, query = '') => {
    const res = await call('GET', `/orders/${orderId}/packing-slip${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toBe('pdf');
    return Buffer.from(res.json().base64String, 'base64');
  };

  it('show the order number as text and Code 128, each item line, on A4 or the label size, the same bytes each time', async () => {
    const { orderId, orderNumber } = await addOrder(
      order({
        notes: 'Fragile',
        referenceOne: 'PO-77',
        items: [
          { sku: 'MUG-RED', description: 'Red mug', quantity: 2, unitWeight: 0.4 },
          { sku: 'TEA-EARL', description: 'Earl Grey 250 g', quantity: 3, unitWeight: 0.25 },
          { description: 'Gift card', quantity: 1, unitWeight: 0.01 },
        ],
      }),
    );
    const a4 = await slip(orderId);
    expect(await pdfInfo(a4)).toMatchObject({ pages: 1, width: 595.28, height: 841.89 });
    const text = await pdfText(a4);
    expect(text).toContain(`Order ${orderNumber}`);
    expect(text).toMatch(/MUG-RED\s+Red mug\s+2/);
    expect(text).toMatch(/TEA-EARL\s+Earl Grey 250 g\s+3/);
    expect(text).toMatch(/Gift card\s+1/);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Acme Widgets Ltd');
    expect(text).toContain('3 lines, 6 items');
    expect(await pdfBarcodes(a4)).toEqual([[{ type: 'CODE-128', data: orderNumber }]]);
    expect((await slip(orderId)).equals(a4)).toBe(true);

    const label = await slip(orderId, '?pageSize=4x6');
    expect(await pdfInfo(label)).toMatchObject({ pages: 1, width: 288, height: 432 });
    expect(await pdfText(label)).toMatch(/TEA-EARL\s+Earl Grey 250 g\s+3/);
    expect(await pdfBarcodes(label)).toEqual([[{ type: 'CODE-128', data: orderNumber }]]);
  });

  it('run onto more pages when the items need them, every line there', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({
      sku: `SKU-${i + 1}`,
      description: `Thing ${i + 1}`,
      quantity: 1,
      unitWeight: 0.1,
    }));
    const { orderId } = await addOrder(order({ items }));
    const pdf = await slip(orderId);
    const info = await pdfInfo(pdf);
    expect(info.pages).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    for (const i of [1, 50, 100]) expect(text).toMatch(new RegExp(`SKU-${i}\\s+Thing ${i}\\s+1`));
  });
});
