import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  formatHash,
  listQuery,
  orderListQuery,
  ordersRoute,
  parseHash,
  shipmentsRoute,
} from './routes';

describe('hash routes', () => {
  it('opens the list by default', () => {
    expect(parseHash('')).toEqual({ page: 'shipments', filters: DEFAULT_FILTERS });
    expect(parseHash('#/')).toEqual({ page: 'shipments', filters: DEFAULT_FILTERS });
  });

  it('round-trips the list filters through the hash', () => {
    const route = shipmentsRoute({
      from: '2026-11-01',
      to: '2026-11-21',
      statuses: ['Not Printed', 'Printed'],
      order: 'OldestFirst',
      pageSize: 100,
      page: 3,
    });
    const hash = formatHash(route);
    expect(hash).toBe(
      '#/shipments?from=2026-11-01&to=2026-11-21&status=Not+Printed&status=Printed&order=oldest&size=100&page=3',
    );
    expect(parseHash(hash)).toEqual(route);
  });

  it('drops filter values it does not know', () => {
    const route = parseHash('#/shipments?status=Shipped&status=Printed&size=7&page=-1&from=yesterday');
    expect(route).toEqual(shipmentsRoute({ statuses: ['Printed'] }));
  });

  it('tells New shipment from a shipment id', () => {
    expect(parseHash('#/shipments/new')).toEqual({ page: 'new-shipment' });
    expect(parseHash('#/shipments/2b476567-7a1d-4e07-9442-314190627cf6')).toEqual({
      page: 'shipment',
      id: '2b476567-7a1d-4e07-9442-314190627cf6',
    });
    expect(formatHash({ page: 'shipment', id: 'a/b' })).toBe('#/shipments/a%2Fb');
    expect(parseHash('#/shipments/a%2Fb')).toEqual({ page: 'shipment', id: 'a/b' });
  });

  it('keeps the tracking query', () => {
    const route = { page: 'track', reference: 'SS00000001', postCode: 'SW1A 1AA' } as const;
    expect(parseHash(formatHash(route))).toEqual(route);
    expect(formatHash({ page: 'track', reference: '', postCode: '' })).toBe('#/track');
  });

  it('names what it does not know', () => {
    expect(parseHash('#/nowhere')).toEqual({ page: 'not-found', path: '/nowhere' });
  });
});

describe('listQuery', () => {
  it('turns filters into the GET /shipments query', () => {
    const query = listQuery({ ...DEFAULT_FILTERS, from: '2026-11-01', statuses: ['Printed', 'Manifested'], page: 2 });
    expect(query).toEqual({
      DateFrom: '2026-11-01',
      Status: ['Printed', 'Manifested'],
      OrderByDate: 'NewestFirst',
      Page: 2,
      ItemsPerPage: 50,
    });
  });
});

describe('order routes', () => {
  it('round-trips the Orders filters and an order opened by a scan', () => {
    const list = ordersRoute({ search: 'WEB-5', status: 'On Hold', page: 2 });
    expect(formatHash(list)).toBe('#/orders?q=WEB-5&status=On+Hold&page=2');
    expect(parseHash(formatHash(list))).toEqual(list);
    const scanned = { page: 'order' as const, id: '0b6c6c1e-1d1f-4c55-9f43-3c9b8e3f2a10', scan: 'k3x1' };
    expect(parseHash(formatHash(scanned))).toEqual(scanned);
    expect(parseHash('#/orders/abc')).toEqual({ page: 'order', id: 'abc' });
  });

  it('drops a status it does not know and asks GET /orders for one page of 50', () => {
    expect(parseHash('#/orders?status=Lost')).toEqual(ordersRoute());
    expect(orderListQuery({ search: 'a', status: 'Awaiting', page: 3 })).toEqual({
      Status: 'Awaiting',
      Page: 3,
      ItemsPerPage: 50,
    });
  });
});
