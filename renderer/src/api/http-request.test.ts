import { describe, expect, it } from 'vitest';
import { operations } from '../../../main/operations/spec';
import { fillPath, planHttpRequest, queryString } from './http-request';

const BASE = 'http://127.0.0.1:7317';

describe('planHttpRequest, from the operation table', () => {
  it('fills path parameters, encoded', () => {
    const plan = planHttpRequest(operations.getShipment, { params: { uniqueId: 'a/b c?' } }, BASE, 'tok');
    expect(plan.method).toBe('GET');
    expect(plan.url).toBe(`${BASE}/shipments/a%2Fb%20c%3F`);
    expect(plan.headers.Authorization).toBe('Bearer tok');
    expect(plan.body).toBeUndefined();
  });

  it('repeats array query parameters and leaves absent ones out', () => {
    const plan = planHttpRequest(
      operations.listShipments,
      {
        query: {
          Status: ['Not Printed', 'Printed'],
          Page: 2,
          ItemsPerPage: 50,
          DateFrom: undefined,
          OrderByDate: 'OldestFirst',
        },
      },
      BASE,
      'tok',
    );
    const url = new URL(plan.url);
    expect(url.pathname).toBe('/shipments');
    expect(url.searchParams.getAll('Status')).toEqual(['Not Printed', 'Printed']);
    expect(url.searchParams.get('Page')).toBe('2');
    expect(url.searchParams.has('DateFrom')).toBe(false);
    expect(plan.url).toContain('Status=Not+Printed&Status=Printed');
  });

  it('sends the body as JSON and the Idempotency-Key header from input.headers', () => {
    const body = {
      carrierId: 1,
      carrierServiceId: 101,
      collectionAddress: {},
      deliveryAddress: {},
      shipmentPieces: [],
    };
    const plan = planHttpRequest(
      operations.createShipment,
      { body, headers: { 'idempotency-key': 'k-1' } },
      BASE,
      'tok',
    );
    expect(plan.method).toBe('POST');
    expect(plan.url).toBe(`${BASE}/shipments`);
    expect(plan.headers['Content-Type']).toBe('application/json');
    expect(plan.headers['idempotency-key']).toBe('k-1');
    expect(JSON.parse(plan.body!)).toEqual(body);
  });

  it('signs in without a token, with the option in the query', () => {
    const plan = planHttpRequest(
      operations.signIn,
      { query: { option: 'credentials' }, body: { credentials: { username: 'a', password: 'b' } } },
      `${BASE}/`,
      null,
    );
    expect(plan.url).toBe(`${BASE}/auth?option=credentials`);
    expect(plan.headers.Authorization).toBeUndefined();
  });

  it('selects the public tracking view by its postCode query on the shared path', () => {
    const plan = planHttpRequest(
      operations.trackShipmentPublic,
      { params: { uniqueId: 'SS00000001' }, query: { postCode: 'SW1A 1AA' } },
      BASE,
      null,
    );
    expect(plan.url).toBe(`${BASE}/shipments/SS00000001?postCode=SW1A+1AA`);
  });

  it('uses each operation’s own method', () => {
    expect(planHttpRequest(operations.cancelShipment, { params: { uniqueId: 'x' } }, BASE, 't').method).toBe('DELETE');
    expect(
      planHttpRequest(operations.updateUser, { params: { userId: '3' }, body: { disabled: true } }, BASE, 't').url,
    ).toBe(`${BASE}/users/3`);
  });
});

describe('fillPath and queryString', () => {
  it('refuses a missing path parameter', () => {
    expect(() => fillPath('/shipments/{uniqueId}/label', {})).toThrow(/uniqueId/);
  });
  it('is empty without parameters', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ a: null, b: undefined })).toBe('');
  });
});

describe('an import', () => {
  it('sends the file as text/csv, as it is, not as JSON', () => {
    const plan = planHttpRequest(
      operations.createImport,
      { query: { dryRun: true }, body: 'a;b\n"1;2";3', headers: { 'idempotency-key': 'k' } },
      BASE,
      't',
    );
    expect(plan.headers['Content-Type']).toBe('text/csv; charset=utf-8');
    expect(plan.body).toBe('a;b\n"1;2";3');
    expect(plan.url).toBe(`${BASE}/imports?dryRun=true`);
    expect(plan.headers['idempotency-key']).toBe('k');
  });
});
