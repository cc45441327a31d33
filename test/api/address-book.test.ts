/** /addresses (docs/contract.md §14) over real HTTP, on each store: CRUD, search, validation as a create's, saveDeliveryAddress. */
import { describe, expect, it } from 'vitest';
import { createShipment, gbAddress, shipmentRequest, stationForFile } from '../helpers/station';

const { t, token, call } = await stationForFile();

const names = async (query: string) =>
  (await call('GET', `/addresses${query}`))
    .json<{ items: { nickname: string; fullName: string }[] }>()
    .items.map((i) => i.nickname || i.fullName);

describe('the address book', () => {
  it('saves, lists in order, finds by words (accents folded), changes and deletes an address', async () => {
    const made = await call('POST', '/addresses', {
      ...gbAddress({ fullName: 'Łucja Wójcik', businessName: '', postZipCode: 'ls11ur', city: 'Leeds' }),
      nickname: 'Warehouse North',
    });
    expect(made.statusCode, made.body).toBe(200);
    const saved = made.json();
    expect(saved).toMatchObject({
      nickname: 'Warehouse North',
      kind: 'delivery',
      fullName: 'Łucja Wójcik',
      postZipCode: 'LS1 1UR',
      addressLine2: '',
    });
    await call('POST', '/addresses', {
      ...gbAddress({ fullName: 'Sam Receiver', businessName: 'Kestrel Books' }),
      kind: 'collection',
    });
    await call('POST', '/addresses', gbAddress({ fullName: 'Amelia Stone', businessName: '' }));

    expect(await names('')).toEqual(['Amelia Stone', 'Sam Receiver', 'Warehouse North']);
    expect(await names('?Search=lucja')).toEqual(['Warehouse North']);
    expect(await names('?Search=north%20ware')).toEqual(['Warehouse North']);
    expect(await names('?Search=kestrel')).toEqual(['Sam Receiver']);
    expect(await names('?Search=LS1%201')).toEqual(['Warehouse North']);
    expect(await names('?Kind=collection')).toEqual(['Sam Receiver']);
    expect(await names('?Search=amelia&Kind=collection')).toEqual([]);

    const changed = await call('PATCH', `/addresses/${saved.id}`, {
      nickname: '',
      city: 'York',
      postZipCode: 'YO1 7HH',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: saved.id,
      nickname: '',
      fullName: 'Łucja Wójcik',
      city: 'York',
      postZipCode: 'YO1 7HH',
    });
    expect(await names('?Search=york')).toEqual(['Łucja Wójcik']);

    expect((await call('DELETE', `/addresses/${saved.id}`)).json()).toEqual({ success: true });
    expect((await call('DELETE', `/addresses/${saved.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', '/addresses/abc', { city: 'York' })).statusCode).toBe(404);
    expect(await names('?Search=york')).toEqual([]);
  });

  it('folds punctuation as the shipments search does: oneill finds O’Neill, and so does o’neill', async () => {
    const made = await call('POST', '/addresses', {
      ...gbAddress({ fullName: "Siobhán O'Neill-Byrne", businessName: '' }),
      nickname: 'St. Anne’s',
    });
    expect(made.statusCode, made.body).toBe(200);
    for (const query of ['oneill', "o'neill", 'neill', 'oneillbyrne', 'siobhan oneill', 'annes', 'st anne']) {
      expect(await names(`?Search=${encodeURIComponent(query)}`), query).toEqual(['St. Anne’s']);
    }
    expect(await names('?Search=oneilly')).toEqual([]);
    await call('DELETE', `/addresses/${made.json().id}`);
  });

  it('refuses what a create would refuse, naming every field at once, and saves nothing', async () => {
    const before = (await call('GET', '/addresses')).json().totalItems;
    const res = await call('POST', '/addresses', {
      fullName: '',
      addressLine1: '',
      city: 'Leeds',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'NOPE',
      emailAddress: 'x@',
      kind: 'delivery',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(
      expect.arrayContaining(['fullName', 'addressLine1', 'postZipCode', 'emailAddress']),
    );
    expect(res.json().postZipCode).toMatch(/Post code NOPE is not a .*post code/);
    expect((await call('POST', '/addresses', { ...gbAddress(), kind: 'home' })).statusCode).toBe(400);
    expect((await call('POST', '/addresses', { ...gbAddress(), colour: 'red' })).statusCode).toBe(400);
    expect((await call('GET', '/addresses')).json().totalItems).toBe(before);
  });

  it('keeps a create’s delivery address with saveDeliveryAddress, once however often it is shipped to', async () => {
    const deliveryAddress = gbAddress({
      fullName: 'Repeat Customer',
      businessName: '',
      addressLine1: '9 Mill Road',
      city: 'Bristol',
      postZipCode: 'bs1 4dj',
    });
    await createShipment(t, token, shipmentRequest({ deliveryAddress, saveDeliveryAddress: true }));
    await createShipment(t, token, shipmentRequest({ deliveryAddress, saveDeliveryAddress: true }));
    await createShipment(t, token, shipmentRequest({ deliveryAddress: { ...deliveryAddress, fullName: 'Not Kept' } }));
    const found = (await call('GET', '/addresses?Search=bristol')).json();
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({
      fullName: 'Repeat Customer',
      postZipCode: 'BS1 4DJ',
      kind: 'delivery',
      nickname: '',
    });
    expect(await names('?Search=not%20kept')).toEqual([]);
  });
});

describe('the station’s clock', () => {
  it('is the one its services stamp with: Station.now gives a handler the time a saved address records', async () => {
    t.clock.advance(5 * 60_000 + 1234); // within the access token's hour
    expect(t.station.now()).toBe(t.clock.now);
    const made = await call('POST', '/addresses', { ...gbAddress({ fullName: 'Clock Reader' }), nickname: 'Clock' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<{ updatedOn: string }>().updatedOn).toBe(new Date(t.station.now()).toISOString());
  });
});
