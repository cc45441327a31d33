/**
 * The IPC door must answer exactly as the HTTP door does. Each case calls the same
 * operation both ways on one real station (its own temporary folder; HTTP requests are
 * injected, nothing listens) and compares the HTTP body with the BridgeResult.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProblemError } from '../core/errors';
import { StorageUnavailableError } from '../core/storage';
import { translateError } from '../stores/sqlite/errors';
import { openStation } from '../open-station';
import { buildApp } from '../http/app';
import { problemBody } from '../operations/problems';
import type { OperationName } from '../operations/spec';
import { callOperation, instancePath, problemResult, readIpcRequest } from './call-operation';
import { HOST, OPERATOR, PORT, signedInStation, type TestStation } from '../../test/helpers/station';

const UNKNOWN_ID = '0b7f3b4e-6a43-4c8e-9a57-3d2f1c0e9b11';

let t: TestStation;
let adminToken: string;
let operatorToken: string;

async function viaHttp(method: string, url: string, options: { token?: string; payload?: unknown } = {}) {
  const res = await t.request({
    method: method as 'GET',
    url,
    ...(options.token ? { token: options.token } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const viaIpc = (name: OperationName, token: string | null, input: object) =>
  callOperation(t.station, name, { token, input });

beforeAll(async () => {
  ({ t, token: adminToken } = await signedInStation({ sqlite: true }));
  operatorToken = await t.signIn(OPERATOR);
});

afterAll(() => t.close());

describe('IPC answers as HTTP does', () => {
  it('gives the same value on success', async () => {
    const http = await viaHttp('GET', '/carriers', { token: adminToken });
    expect(http.status).toBe(200);
    expect(await viaIpc('listCarriers', adminToken, {})).toEqual({ ok: true, value: http.body });
    expect(await viaIpc('getHealth', null, {})).toEqual({ ok: true, value: (await viaHttp('GET', '/health')).body });
  });

  it.each([
    [
      'no token (401)',
      'getShipment',
      'GET',
      `/shipments/${UNKNOWN_ID}`,
      undefined,
      { params: { uniqueId: UNKNOWN_ID } },
    ],
    [
      'an unknown token (401)',
      'getShipment',
      'GET',
      `/shipments/${UNKNOWN_ID}`,
      'not-a-token',
      { params: { uniqueId: UNKNOWN_ID } },
    ],
    [
      'a malformed id (400)',
      'getShipment',
      'GET',
      '/shipments/not-a-uuid',
      'admin',
      { params: { uniqueId: 'not-a-uuid' } },
    ],
    [
      'an unknown shipment (404)',
      'getShipment',
      'GET',
      `/shipments/${UNKNOWN_ID}`,
      'admin',
      { params: { uniqueId: UNKNOWN_ID } },
    ],
    [
      'an unknown carrier (404)',
      'listCarrierServices',
      'GET',
      '/carriers/999/services',
      'admin',
      { params: { carrierId: '999' } },
    ],
    [
      'an unknown status (400)',
      'listShipments',
      'GET',
      '/shipments?Status=Shipped',
      'admin',
      { query: { Status: 'Shipped' } },
    ],
    ['an operator doing an admin’s job (403)', 'listUsers', 'GET', '/users', 'operator', {}],
    [
      'a wrong password (400)',
      'signIn',
      'POST',
      '/auth?option=credentials',
      undefined,
      {
        query: { option: 'credentials' },
        body: { credentials: { username: 'admin', password: 'wrong password!' } },
      },
    ],
    [
      'an invalid shipment (400, a member per field)',
      'createShipment',
      'POST',
      '/shipments',
      'admin',
      {
        body: { carrierId: 1, carrierServiceId: 1, shipmentPieces: [{ weight: -1 }], postCode: 'typo' },
      },
    ],
  ] as const)('with %s', async (_what, name, method, url, who, input) => {
    const token = who === 'admin' ? adminToken : who === 'operator' ? operatorToken : who;
    const http = await viaHttp(method, url, { token, ...('body' in input ? { payload: input.body } : {}) });
    expect(http.status).toBeGreaterThanOrEqual(400);
    const ipc = await viaIpc(name, token ?? null, input);
    expect(ipc).toEqual({ ok: false, problem: http.body });
  });

  it('turns an unexpected error into a 500 with a logged traceId, and no stack or message', async () => {
    const broken = await openStation({ dataDir: mkdtempSync(join(tmpdir(), 'ss-ipc-broken-')), labelPool: false });
    const brokenApp = await buildApp({ station: broken, port: PORT });
    await broken.close(); // every query now throws better-sqlite3's "database connection is not open"
    try {
      const http = await brokenApp.inject({ method: 'GET', url: '/health?', headers: { host: HOST } });
      const log = vi.fn();
      const ipc = await callOperation(broken, 'listCarriers', { token: 'x', input: {} }, log);
      const httpInternal = await brokenApp.inject({
        method: 'GET',
        url: '/carriers',
        headers: { host: HOST, authorization: 'Bearer x' },
      });
      expect(http.statusCode).toBe(200); // health needs no database: the station is still "up"
      expect(httpInternal.statusCode).toBe(500);
      expect(ipc.ok).toBe(false);
      if (ipc.ok) return;
      const traceId = ipc.problem.traceId as string;
      expect(log).toHaveBeenCalledWith(expect.objectContaining({ traceId, where: 'operation listCarriers' }));
      const normalise = (body: Record<string, unknown>) => ({
        ...body,
        traceId: 'T',
        detail: String(body.detail).replace(String(body.traceId), 'T'),
      });
      expect(normalise(ipc.problem)).toEqual(normalise(httpInternal.json()));
      expect(JSON.stringify(ipc.problem)).not.toMatch(/not open|at .*\.ts|stack/i);
    } finally {
      await brokenApp.close();
    }
  });
});

describe('readIpcRequest', () => {
  it('takes { token, input } and treats a null token as none', () => {
    expect(readIpcRequest({ token: null, input: { params: { a: '1' } } })).toEqual({
      token: undefined,
      input: { params: { a: '1' } },
    });
    expect(readIpcRequest({ token: 't' })).toEqual({ token: 't', input: {} });
  });

  it.each([
    ['not an object', 'junk', 'request'],
    ['an array', [1, 2], 'request'],
    ['a token that is not text', { token: 5, input: {} }, 'token'],
    ['an input that is not an object', { token: null, input: 'x' }, 'input'],
    ['an unknown part of the input', { token: null, input: { bogus: 1 } }, 'input.bogus'],
    ['an unknown envelope field', { token: null, input: {}, channel: 'station:createUser' }, 'channel'],
  ])('refuses %s with a 400 naming the field', async (_what, payload, field) => {
    const result = await callOperation(t.station, 'getHealth', payload);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem).toMatchObject({ status: 400, type: '/problems/validation', instance: '/health' });
      expect(result.problem[field]).toEqual(expect.any(String));
    }
  });
});

describe('problemResult and instancePath', () => {
  it('fills path parameters as HTTP shows them in instance', () => {
    expect(instancePath('/shipments/{uniqueId}/label', { uniqueId: 'SS00000001' })).toBe('/shipments/SS00000001/label');
    expect(instancePath('/carriers/{carrierId}/services', { carrierId: 3 })).toBe('/carriers/3/services');
    expect(instancePath('/shipments/{uniqueId}', { uniqueId: 'a/b c' })).toBe('/shipments/a%2Fb%20c');
    expect(instancePath('/shipments/{uniqueId}', undefined)).toBe('/shipments/{uniqueId}');
  });

  it('answers a busy database with the same 503 as HTTP', () => {
    // What the SQLite store makes of better-sqlite3's error: the core never sees the code.
    const busy = translateError(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }));
    expect(busy).toBeInstanceOf(StorageUnavailableError);
    const log = vi.fn();
    expect(problemResult(busy, '/shipments', 'test', log)).toEqual({
      ok: false,
      problem: problemBody(
        new ProblemError('unavailable', 'The station’s database is busy or unavailable; try again shortly.'),
        '/shipments',
      ),
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('keeps the desktop’s own 500 detail, with a traceId that is logged', () => {
    const log = vi.fn();
    const result = problemResult(
      new ProblemError('internal', 'The printer Zebra did not print the label: Print job failed.'),
      '/desktop/printLabel',
      'printLabel',
      log,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toMatchObject({
      status: 500,
      detail: 'The printer Zebra did not print the label: Print job failed.',
    });
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ traceId: result.problem.traceId }));
  });
});
