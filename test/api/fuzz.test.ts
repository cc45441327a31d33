/**
 * A seeded fuzz of the HTTP door. A few thousand malformed requests — a
 * valid create with one part replaced by anything, stray fields with hostile names, broken
 * JSON text, odd content types, random queries and path parameters — against a real station
 * in this process. Every answer is under 500 and, when refused, problem+json with the five
 * members; a refused request stores nothing. The seed is fixed: a failure replays exactly.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentRequest, signedInStation, type TestStation } from '../helpers/station';

const SEED = 20_2026;

let t: TestStation;
let token: string;
let shipmentId: string;
beforeAll(async () => {
  ({ t, token } = await signedInStation());
  const res = await t.request({ method: 'POST', url: '/shipments', token, payload: shipmentRequest() });
  shipmentId = res.json<{ shipmentId: string }>().shipmentId;
});
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log([...seen].sort());
  return t.close();
});

const counts = async () =>
  (
    await t.sql<{ s: number; e: number; u: number; k: number }>(
      'SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM tracking_events) AS e, (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM api_keys) AS k',
    )
  )[0]!;

const HOSTILE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'type',
  'status',
  'detail',
  'instance',
  '',
];

/** Any JSON-ish value, including texts with NUL, lone surrogates and very large numbers. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\ud800', 'x\udfff', '9'.repeat(400), -0, 1e308, 2 ** 63, -(2 ** 53) - 2, 0.1 + 0.2, ''),
  fc.integer(),
  fc.double({ noNaN: true }),
);

/** Every path of a value, as lists of keys. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const validPaths = paths(shipmentRequest());

/** A create body with one value replaced, one stray field added, or both. */
const mutatedCreate = fc
  .record({
    path: fc.constantFrom(...validPaths),
    value: anyValue,
    strayAt: fc.constantFrom(
      ...validPaths.filter((p) => p.length === 0 || p.at(-1) === 'deliveryAddress' || p.at(-1) === 0),
    ),
    strayName: fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.string({ maxLength: 12 })),
    stray: fc.boolean(),
  })
  .map(({ path, value, strayAt, strayName, stray }) => {
    const body = setAt(shipmentRequest(), path, value);
    if (!stray) return { text: JSON.stringify(body), unknownField: false };
    // Written as text so that a stray `__proto__` is a real key of the JSON.
    const target = JSON.stringify(
      strayAt.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], body),
    );
    if (!target?.startsWith('{')) return { text: JSON.stringify(body), unknownField: false };
    const text = JSON.stringify(body).replace(
      target,
      `{${JSON.stringify(strayName)}:${JSON.stringify(value) ?? 'null'},${target.slice(1)}`,
    );
    return { text, unknownField: true };
  });

/** JSON text broken in one place: cut, a byte swapped, brackets piled up. */
const brokenText = fc
  .record({
    cut: fc.nat(),
    junk: fc.string({ unit: 'binary', maxLength: 8 }),
    depth: fc.integer({ min: 0, max: 3000 }),
  })
  .map(({ cut, junk, depth }) => {
    const text = JSON.stringify(shipmentRequest());
    const at = cut % text.length;
    const broken =
      depth > 2000
        ? `{"carrierFeatures":${'['.repeat(depth * 10)}${']'.repeat(depth * 10)}}`
        : text.slice(0, at) + junk + text.slice(at + (junk.length % 3));
    return { text: broken, unknownField: false };
  });

export const seen = new Map<number, number>();
function expectProblemOrSuccess(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  what: string,
) {
  seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
  expect(res.statusCode, `${what} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type']), what).toContain('application/problem+json');
    const problem = JSON.parse(res.body) as Record<string, unknown>;
    for (const member of ['type', 'title', 'detail', 'instance'])
      expect(typeof problem[member], `${what}: ${member}`).toBe('string');
    expect(problem.status, what).toBe(res.statusCode);
  }
}

// A fixed count of requests: on a loaded machine they outlast the default timeout, and a
// property cut off by it would go on writing while the next one counts.
describe(
  'fuzz: malformed requests never reach a 500, always answer problem+json, and store nothing',
  { timeout: 120_000 },
  () => {
    it('1500 mutated and broken create bodies', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ arbitrary: mutatedCreate, weight: 3 }, { arbitrary: brokenText, weight: 1 }),
          fc.oneof(
            { arbitrary: fc.constant('application/json'), weight: 8 },
            {
              arbitrary: fc.constantFrom(
                'application/json; charset=utf-8',
                'text/plain',
                'application/x-www-form-urlencoded',
                'application/jsonx',
                '',
              ),
              weight: 2,
            },
          ),
          fc.option(fc.string({ minLength: 1, maxLength: 300 }), { nil: undefined }),
          async ({ text: payload, unknownField }, contentType, idempotencyKey) => {
            const before = await counts();
            const res = await t.request({
              method: 'POST',
              url: '/shipments',
              token,
              payload,
              headers: {
                ...(contentType ? { 'content-type': contentType } : {}),
                ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
              },
            });
            expectProblemOrSuccess(res, payload.slice(0, 200));
            const after = await counts();
            // A body with a field the request does not have is never accepted, whatever its name.
            if (unknownField) expect(res.statusCode, payload.slice(0, 200)).toBeGreaterThanOrEqual(400);
            if (res.statusCode >= 400) expect(after, payload.slice(0, 200)).toEqual(before);
            else expect(after.s).toBe(before.s + 1);
          },
        ),
        { seed: SEED, numRuns: 1500 },
      );
    });

    it('1000 requests to every kind of endpoint with random paths, queries and bodies', async () => {
      const urls = [
        '/shipments',
        `/shipments/${shipmentId}`,
        `/shipments/${shipmentId}/events`,
        `/shipments/${shipmentId}/tracking`,
        '/users',
        '/users/1',
        '/api-keys',
        '/settings',
        '/auth',
        '/carriers/1/services',
        '/me',
        '/health',
      ];
      const segment = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...HOSTILE_NAMES, '%', '%E0%A4%A', '%00', '..', '%2F'),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT') as fc.Arbitrary<
            'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
          >,
          fc.constantFrom(...urls),
          fc.option(segment, { nil: undefined, freq: 3 }),
          fc.array(fc.tuple(segment, segment), { maxLength: 4 }),
          fc.option(
            fc.oneof(
              anyValue.map((v) => JSON.stringify(v) ?? 'null'),
              brokenText.map((b) => b.text),
            ),
            { nil: undefined },
          ),
          async (method, base, extra, query, body) => {
            const before = await counts();
            const path = extra === undefined ? base : `${base}/${encodeURI(extra)}`;
            const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
            const url = qs ? `${path}?${qs}` : path;
            let res;
            try {
              res = await t.request({
                method,
                url,
                token,
                ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
              });
            } catch (error) {
              // light-my-request refuses some URLs itself (a client could not send them either).
              if (error instanceof TypeError || (error as Error).message.includes('Invalid')) return;
              throw error;
            }
            expectProblemOrSuccess(res, `${method} ${url} ${body?.slice(0, 100) ?? ''}`);
            if (res.statusCode >= 400) expect(await counts(), `${method} ${url}`).toEqual(before);
          },
        ),
        { seed: SEED + 1, numRuns: 1000 },
      );
    });
  },
);
