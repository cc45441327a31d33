import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, formatHash, listQuery, parseHash, shipmentsRoute } from './routes';

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
