/**
 * Several desks on one PostgreSQL database, over the real HTTP app of each: one set of
 * shipments, one number sequence, shared users, keys, limits and settings; and what a desk
 * does while the database goes away and comes back.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { StorageUnavailableError } from '../../main/core/storage';
import { openPostgresStore } from '../../main/stores/postgres';
import { createDatabase, startPostgres, type TestPostgres } from '../helpers/postgres';
import {
  OPERATOR,
  addUsers,
  shipmentRequest,
  startTestStation,
  type Created,
  type TestStation,
} from '../helpers/station';

describe('two desks on one database', () => {
  let a: TestStation;
  let b: TestStation;
  let tokenA: string;
  let tokenB: string;
  beforeAll(async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    a = await startTestStation({ databaseUrl });
    b = await startTestStation({ databaseUrl });
    await addUsers(a); // on desk A only: users are the database's, not the desk's
    tokenA = await a.signIn();
    tokenB = await b.signIn();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const create = (desk: TestStation, token: string, headers: Record<string, string> = {}) =>
    desk.request({ method: 'POST', url: '/shipments', token, payload: shipmentRequest(), headers });

  it('number creates made on both at once uniquely and in one sequence', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? create(a, tokenA) : create(b, tokenB))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    const created = answers.map((r) => r.json<Created>());
    const numbers = created.map((c) => Number(c.shipmentNumber.slice(2))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => numbers[0]! + i));
    const tracking = created.flatMap((c) => c.shipmentPieces.map((p) => p.trackingNumber));
    expect(new Set(tracking).size).toBe(tracking.length);
    // Each desk sees the other's shipments.
    const viewed = await b.request({ method: 'GET', url: `/shipments/${created[0]!.shipmentId}`, token: tokenB });
    expect(viewed.json().shipmentNumber).toBe(created[0]!.shipmentNumber);
  });

  it('make one shipment of one Idempotency-Key sent to both at the same moment', async () => {
    const key = { 'idempotency-key': 'warehouse-order-7781' };
    const [fromA, fromB] = await Promise.all([create(a, tokenA, key), create(b, tokenA, key)]);
    expect([fromA.statusCode, fromB.statusCode]).toEqual([200, 200]);
    expect(fromB.json().shipmentId).toBe(fromA.json().shipmentId);
    const stored = await a.sql<{ n: number }>(
      "SELECT count(*) AS n FROM idempotency_keys WHERE key = 'warehouse-order-7781'",
    );
    expect(stored[0]!.n).toBe(1);
  });

  it('keep list totals exact while the other desk writes', async () => {
    const writing = (async () => {
      for (let i = 0; i < 15; i++) expect((await create(b, tokenB)).statusCode).toBe(200);
    })();
    let lists = 0;
    let done = false;
    void writing.finally(() => (done = true));
    while (!done || lists === 0) {
      const body = (await a.request({ method: 'GET', url: '/shipments?ItemsPerPage=1000', token: tokenA })).json();
      expect(body.totalItems).toBe(body.items.length);
      expect(body.totalPieces).toBe(body.items.reduce((sum: number, item: { pieces: number }) => sum + item.pieces, 0));
      lists++;
    }
    await writing;
    expect(lists).toBeGreaterThan(1);
  });

  it('share sign-in limits: failures on one desk lock the user out on the other', async () => {
    const wrong = { credentials: { username: OPERATOR.username, password: 'not the password' } };
    for (let i = 0; i < 10; i++) {
      expect((await a.request({ method: 'POST', url: '/auth?option=credentials', payload: wrong })).statusCode).toBe(
        400,
      );
    }
    const locked = await b.request({
      method: 'POST',
      url: '/auth?option=credentials',
      payload: { credentials: OPERATOR },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('put a setting changed on one desk in force on the other within a second', async () => {
    const before = (await b.request({ method: 'GET', url: '/settings', token: tokenB })).json().labelSize;
    const next = before === 'A6' ? '4x6' : 'A6';
    const changed = await a.request({ method: 'PATCH', url: '/settings', token: tokenA, payload: { labelSize: next } });
    expect(changed.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await b.request({ method: 'GET', url: '/settings', token: tokenB })).json().labelSize).toBe(next);
  });
});

describe('a desk while its database goes away', () => {
  let server: TestPostgres;
  let desk: TestStation;
  let token: string;
  beforeAll(async () => {
    server = await startPostgres();
    desk = await startTestStation({ databaseUrl: await createDatabase(server.url) });
    await addUsers(desk);
    token = await desk.signIn();
  });
  afterAll(async () => {
    await desk?.close();
    await server?.close();
  });

  it('answers 503 with Retry-After, loses nothing it acknowledged, and serves again once the database is back', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let slowest = 0;
    let stopping = false;
    const client = async () => {
      while (!stopping) {
        const started = performance.now();
        const res = await desk.request({ method: 'POST', url: '/shipments', token, payload: shipmentRequest() });
        slowest = Math.max(slowest, performance.now() - started);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 200) acknowledged.push(res.json<Created>().shipmentId);
        else {
          expect(res.statusCode).toBe(503);
          expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, client));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await server.start();
    // Back by itself: creates succeed again without restarting the station.
    const atRestart = acknowledged.length;
    const back = performance.now();
    while (acknowledged.length <= atRestart && performance.now() - back < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stopping = true;
    await load;

    expect(statuses.get(503)).toBeGreaterThan(0);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(acknowledged.length).toBeGreaterThan(atRestart);
    expect(slowest).toBeLessThan(12_000);
    // Every create that was answered 200 is there.
    const stored = new Set((await desk.sql<{ uuid: string }>('SELECT uuid FROM shipments')).map((r) => r.uuid));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });

  it('answers a pool held by slow work with 503 in about two seconds, not a queue without end', async () => {
    const store = await openPostgresStore({ url: await createDatabase(server.url), poolSize: 2 });
    const held = await Promise.all([store.pool.connect(), store.pool.connect()]);
    try {
      const started = performance.now();
      await expect(store.shipments.byId(1)).rejects.toBeInstanceOf(StorageUnavailableError);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      for (const client of held) client.release();
      await store.close();
    }
  });
});

describe('closing the day from two desks on one database', () => {
  let a: TestStation;
  let b: TestStation;
  let token: string;
  beforeAll(async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'));
    a = await startTestStation({ databaseUrl });
    b = await startTestStation({ databaseUrl });
    await addUsers(a);
    token = await a.signIn();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('lists each shipment on one manifest only when both close at the same moment', async () => {
    const made: string[] = [];
    for (let i = 0; i < 30; i++) {
      const desk = i % 2 ? a : b;
      const s = (
        await desk.request({ method: 'POST', url: '/shipments', token, payload: shipmentRequest() })
      ).json<Created>();
      expect((await desk.request({ method: 'GET', url: `/shipments/${s.shipmentId}/label`, token })).statusCode).toBe(
        200,
      );
      made.push(s.shipmentId);
    }
    const answers = await Promise.all(
      [a, b, a, b].map((desk) => desk.request({ method: 'POST', url: '/manifests', token, payload: { carrierId: 1 } })),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const manifests = answers
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json<{ manifestNumber: string; shipments: { shipmentId: string }[] }>());
    const listed = manifests.flatMap((m) => m.shipments.map((s) => s.shipmentId));
    expect(listed.sort()).toEqual([...made].sort());
    expect(new Set(manifests.map((m) => m.manifestNumber)).size).toBe(manifests.length);
    // Each desk reads the other's manifests.
    const onB = (await b.request({ method: 'GET', url: '/manifests', token })).json<{ totalItems: number }>();
    expect(onB.totalItems).toBe(manifests.length);
  });
});
