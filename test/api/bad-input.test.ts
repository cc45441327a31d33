/**
 * Bad input gets a clear 4xx problem+json naming the field, nothing is
 * stored, never a 500 — prototype-named fields, integers past what a store keeps, deep
 * nesting, lone surrogates and NUL, and the errors the HTTP framework and Node raise
 * themselves (over a real socket), down to a client that hangs up mid-request.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST, piece, shipmentRequest, signedInStation, type TestStation } from '../helpers/station';

let t: TestStation;
let token: string;
let port: number;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  ({ t, token } = await signedInStation({ logger: { level: 'info', stream } }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const counts = async () =>
  (
    await t.sql<{ s: number; e: number; k: number }>(
      'SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM tracking_events) AS e, (SELECT count(*) FROM idempotency_keys) AS k',
    )
  )[0]!;

const postRaw = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, token, payload, headers: { 'content-type': 'application/json', ...headers } });

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => Record<string, unknown> },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  return problemMembers(res.json(), status);
}

/** `body`, checked to have a problem's five members with `status`. */
function problemMembers(body: Record<string, unknown>, status: number) {
  expect(body).toMatchObject({
    status,
    type: expect.stringMatching(/^\/problems\//),
    title: expect.any(String),
    detail: expect.any(String),
    instance: expect.any(String),
  });
  return body;
}

/** One request over a real socket, written byte for byte: for what HTTP clients never send. */
function rawHttp(text: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = all.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.end(text);
  });
}

function expectRawProblem(res: { status: number; headers: string; body: string }, status: number) {
  expect(res.status, res.headers + res.body).toBe(status);
  expect(res.headers.toLowerCase()).toContain('content-type: application/problem+json');
  return problemMembers(JSON.parse(res.body) as Record<string, unknown>, status);
}

describe('1. fields named like Object.prototype members are unknown fields', () => {
  const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

  it.each(names)('a body field %s, at the top and inside an address, is refused by name', async (name) => {
    const before = await counts();
    const top = await postRaw('/shipments', JSON.stringify({ ...shipmentRequest(), [name]: 'x' }));
    expect(expectProblem(top, 400)[name]).toMatch(/is not a field of this request/);
    const nested = await postRaw(
      '/shipments',
      JSON.stringify(shipmentRequest({ deliveryAddress: { ...shipmentRequest().deliveryAddress, [name]: 1 } })),
    );
    expect(expectProblem(nested, 400)[`deliveryAddress.${name}`]).toMatch(/is not a field of this request/);
    expect(await counts()).toEqual(before);
  });

  it('__proto__ in a body is refused, never merged into the request', async () => {
    const before = await counts();
    const res = await postRaw(
      '/shipments',
      `{"__proto__": {"carrierId": 1}, ${JSON.stringify(shipmentRequest()).slice(1)}`,
    );
    expectProblem(res, 400);
    expect(await counts()).toEqual(before);
  });

  it.each([...names, '__proto__'])('a query parameter %s is refused by name', async (name) => {
    const res = await t.request({ method: 'GET', url: `/shipments?${name}=1`, token });
    expect(expectProblem(res, 400)[name === '__proto__' ? '__proto__' : name]).toMatch(/is not a query parameter/);
  });

  it('sign-in with ?option=constructor is a 400 naming option, and /problems/constructor is not a page', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/auth?option=constructor',
      payload: { credentials: { username: 'a', password: 'b' } },
    });
    expect(expectProblem(res, 400).option).toMatch(/constructor is not one of/);
    expectProblem(await t.request({ method: 'GET', url: '/problems/constructor' }), 404);
    expectProblem(await t.request({ method: 'GET', url: '/problems/toString' }), 404);
  });
});

describe('2. every integer field is bounded to what the stores keep', () => {
  let shipmentId: string;
  beforeAll(async () => {
    const res = await postRaw('/shipments', JSON.stringify(shipmentRequest()));
    shipmentId = res.json<{ shipmentId: string }>().shipmentId;
    // Printed first: a carrier scan may follow only then.
    expect((await t.request({ method: 'GET', url: `/shipments/${shipmentId}/label`, token })).statusCode).toBe(200);
  });

  it.each([
    ['2^63', '9223372036854775808'],
    ['2^53 + 2', '9007199254740994'],
    ['1e300', '1e300'],
    ['negative', '-1'],
    ['a fraction', '1.5'],
  ])('carrierDepotId %s is refused by name, nothing stored', async (_what, text) => {
    const before = await counts();
    const res = await postRaw(
      `/shipments/${shipmentId}/events`,
      `{"status": "At the Depot", "carrierDepotId": ${text}}`,
    );
    expect(expectProblem(res, 400).carrierDepotId).toMatch(/^Depot id must /);
    expect(await counts()).toEqual(before);
  });

  it('the largest safe integer is kept exactly', async () => {
    const res = await postRaw(
      `/shipments/${shipmentId}/events`,
      `{"status": "At the Depot", "carrierDepotId": ${Number.MAX_SAFE_INTEGER}}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const tracking = await t.request({ method: 'GET', url: `/shipments/${shipmentId}/tracking`, token });
    expect(tracking.json().lastStatus.carrierDepotId).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['carrierId', { carrierId: 2 ** 31 }],
    ['carrierServiceId', { carrierServiceId: 2 ** 53 }],
    ['carrierFeatures[0]', { carrierFeatures: [2 ** 40] }],
  ])('%s past a 32-bit id is refused by name', async (member, overrides) => {
    const before = await counts();
    const res = await postRaw('/shipments', JSON.stringify(shipmentRequest(overrides)));
    expect(expectProblem(res, 400)[member]).toMatch(/must be at most 2147483647/);
    expect(await counts()).toEqual(before);
  });

  it('Page past its bound in a query is refused', async () => {
    const res = await t.request({ method: 'GET', url: '/shipments?Page=99999999999999999999', token });
    expect(expectProblem(res, 400).Page).toMatch(/at most/);
  });
});

describe('3. deeply nested JSON is a 400, never a stack overflow', () => {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it.each([
    ['under an unknown key', (d: string) => JSON.stringify(shipmentRequest()).replace(/^\{/, `{"extra": ${d},`)],
    [
      'under an address',
      (d: string) =>
        JSON.stringify(shipmentRequest()).replace(
          /"collectionAddress":/,
          `"collectionAddress": {"x": ${d}}, "ignored":`,
        ),
    ],
    [
      'as a piece',
      (d: string) => JSON.stringify(shipmentRequest()).replace(/"shipmentPieces":\[/, `"shipmentPieces":[${d},`),
    ],
  ])('100 000 levels %s, with an Idempotency-Key', async (_where, build) => {
    const before = await counts();
    const res = await postRaw('/shipments', build(deep(100_000)), { 'idempotency-key': `deep-${Math.random()}` });
    expect(expectProblem(res, 400).body).toMatch(/nested more than 32 levels/);
    expect(await counts()).toEqual(before);
  });

  it('33 levels are refused and 20 are read (then refused as an unknown field)', async () => {
    expect(expectProblem(await postRaw('/shipments', `{"x": ${deep(32)}}`), 400).body).toMatch(/nested/);
    const shallow = expectProblem(
      await postRaw('/shipments', JSON.stringify({ ...shipmentRequest(), extra: JSON.parse(deep(20)) })),
      400,
    );
    expect(shallow.extra).toMatch(/not a field/);
  });

  it('brackets inside strings do not count as nesting', async () => {
    const res = await postRaw(
      '/shipments',
      JSON.stringify(shipmentRequest({ referenceOne: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' })),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('4. text with NUL or a lone surrogate is refused with the field named', () => {
  it.each([
    ['a lone high surrogate', '"Sam \\ud800 Receiver"'],
    ['a lone low surrogate', '"\\udc00"'],
    ['a reversed pair', '"\\udc00\\ud800"'],
    ['NUL', '"Sam\\u0000"'],
  ])('%s in a name', async (_what, text) => {
    const before = await counts();
    const body = JSON.stringify(shipmentRequest()).replace('"Sam Receiver"', text);
    const res = await postRaw('/shipments', body);
    expect(expectProblem(res, 400)['deliveryAddress.fullName']).toMatch(/^Full name must not hold/);
    expect(await counts()).toEqual(before);
  });

  it('NUL in a piece description and in a query parameter', async () => {
    const res = await postRaw(
      '/shipments',
      JSON.stringify(shipmentRequest({ shipmentPieces: [piece({ description: 'a\u0000b' })] })),
    );
    expect(expectProblem(res, 400)['shipmentPieces[0].description']).toMatch(/NUL/);
    const query = await t.request({ method: 'GET', url: '/shipments?DateFrom=%00', token });
    expect(expectProblem(query, 400).DateFrom).toMatch(/NUL/);
  });

  it('a real pair (an emoji) is accepted and read back intact', async () => {
    const res = await postRaw('/shipments', JSON.stringify(shipmentRequest({ referenceTwo: 'Box 📦 ok' })));
    expect(res.statusCode, res.body).toBe(200);
    const view = await t.request({ method: 'GET', url: `/shipments/${res.json().shipmentId}`, token });
    expect(view.json().referenceTwo).toBe('Box 📦 ok');
  });
});

describe('every error at once on the other bodies with rules (docs/contract.md §11)', () => {
  it('a new user: a wrong role, a user name with spaces and a short password in one 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/users',
      token,
      payload: { username: 'bad name!', password: 'short', role: 'boss' },
    });
    expect(expectProblem(res, 400)).toMatchObject({
      role: expect.stringMatching(/^Role "boss" is not one of: admin, operator$/),
      username: 'User name may hold letters, digits and . _ @ - only (1 to 64 of them)',
      password: 'Password must be at least 10 characters',
    });
  });

  it('station settings: a wrong label size and a sender post code in one 400', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/settings',
      token,
      payload: { labelSize: 'A5', senderAddress: { countryTwoCharacterISOCode: 'DE', postZipCode: '1234', city: 7 } },
    });
    expect(expectProblem(res, 400)).toMatchObject({
      labelSize: expect.stringMatching(/^Label size "A5" is not one of: 4x6, A6$/),
      'senderAddress.city': 'City must be text',
      'senderAddress.postZipCode': 'Post code 1234 is not a German post code (5 digits, e.g. 10115)',
    });
  });

  it('the sender address is checked exactly as a create’s: a made-up country, a US address without its state; empty clears it', async () => {
    const patch = (senderAddress: Record<string, string>) =>
      t.request({ method: 'PATCH', url: '/settings', token, payload: { senderAddress } });
    const sender = { businessName: 'Acme', addressLine1: '1 Main Street', city: 'Austin', postZipCode: '78701' };
    const before = (await t.request({ method: 'GET', url: '/settings', token })).json().senderAddress;
    expect(expectProblem(await patch({ ...sender, countryTwoCharacterISOCode: 'XX' }), 400)).toMatchObject({
      'senderAddress.countryTwoCharacterISOCode': 'Country XX is not a country code (two letters, e.g. GB)',
    });
    expect(expectProblem(await patch({ ...sender, countryTwoCharacterISOCode: 'US' }), 400)).toEqual(
      expect.objectContaining({ 'senderAddress.county': 'Choose a state for a US address' }),
    );
    // A create's rules, all named at once: no name, no city, no country.
    const partial = expectProblem(await patch({ addressLine1: '1 Main Street' }), 400);
    expect(
      Object.keys(partial)
        .filter((k) => k.startsWith('senderAddress.'))
        .sort(),
    ).toEqual(['senderAddress.city', 'senderAddress.countryTwoCharacterISOCode', 'senderAddress.fullName']);
    // Nothing half-written.
    expect((await t.request({ method: 'GET', url: '/settings', token })).json().senderAddress).toEqual(before);

    const saved = await patch({ ...sender, countryTwoCharacterISOCode: 'us', county: 'TX', postZipCode: '787011234' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().senderAddress).toMatchObject({
      countryTwoCharacterISOCode: 'US',
      county: 'TX',
      postZipCode: '78701-1234',
    });
    const cleared = await patch({ businessName: ' ', countryTwoCharacterISOCode: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().senderAddress.addressLine1).toBe('');
  });
});

describe('5. errors the framework and Node raise answer in our problem shape', () => {
  it('a broken percent-encoding in the path', async () => {
    expectRawProblem(
      await rawHttp(`GET /shipments/%E0%A4%A HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`),
      400,
    );
  });

  it('a path parameter longer than the router keeps', async () => {
    expectRawProblem(
      await rawHttp(`GET /shipments/${'a'.repeat(500)} HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`),
      414,
    );
  });

  it('headers larger than 16 KiB, and a URL as long', async () => {
    const headers = expectRawProblem(
      await rawHttp(`GET /health HTTP/1.1\r\nHost: ${HOST}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      431,
    );
    expect(headers.type).toBe('/problems/headers-too-large');
    expectRawProblem(await rawHttp(`GET /health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`), 431);
  });

  it('bad chunking and a malformed request line', async () => {
    const chunked = await rawHttp(
      `POST /shipments HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n`,
    );
    expectRawProblem(chunked, 400);
    expectRawProblem(await rawHttp(`GET /health HTTP/1.1\r\nHost: ${HOST}\r\nBad Header Line\r\n\r\n`), 400);
  });

  it('a request with no Host header', async () => {
    const res = expectRawProblem(await rawHttp('GET /health HTTP/1.1\r\nConnection: close\r\n\r\n'), 400);
    expect(res.detail).toMatch(/no Host header/);
    expect(res.instance).toBe('/health');
  });

  it('malformed JSON, a wrong content type and a body too large', async () => {
    expect(expectProblem(await postRaw('/shipments', '{"carrierId": 1,'), 400).body).toMatch(/not valid JSON/);
    expectProblem(
      await postRaw('/shipments', 'carrierId=1', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
    );
    expectProblem(await postRaw('/shipments', 'x'.repeat(1024 * 1024 + 1)), 413);
    expectProblem(await postRaw('/shipments', '{}', { 'content-length': '50' }), 400);
  });

  it('reads each body up to its own row’s bodyLimit: 1 MiB of JSON, while an import takes a larger file', async () => {
    expect(expectProblem(await postRaw('/shipments', 'x'.repeat(1024 * 1024 + 1)), 413).detail).toBe(
      'The request body is larger than 1 MiB.',
    );
    const file = await t.request({
      method: 'POST',
      url: '/imports',
      token,
      payload: Buffer.alloc(2 * 1024 * 1024, 'a'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(file.statusCode).toBe(400);
  });
});

describe('6. a client that hangs up mid-request is logged as a disconnect', () => {
  it('is not an internal error', async () => {
    const before = logLines.length;
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /shipments HTTP/1.1\r\nHost: ${HOST}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"carrierId": 1,`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !logLines.slice(before).some((l) => l.includes('disconnected'))) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const lines = logLines.slice(before);
    expect(lines.some((l) => l.includes('client disconnected before its request was complete'))).toBe(true);
    expect(lines.some((l) => l.includes('internal error'))).toBe(false);
  });
});
