/**
 * Webhooks end to end, on each store: a real station process, a real listener on
 * loopback. The listener is down when the changes happen, the station is restarted in
 * between, and still every change arrives, signed, once the listener is up.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DATABASE_FILE } from '../../main/stores/sqlite/database';
import { createDatabase } from '../helpers/postgres';
import { createApiKey, serveStation, type ServedStation } from '../helpers/serve';
import { shipmentRequest, testStore } from '../helpers/station';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A listener on `port` that records every POST and answers 200. */
async function listen(port: number, received: Received[]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await close(server);
  return port;
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const signatureOf = (secret: string, timestamp: string, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

let dir: string;
let databaseUrl: string | undefined;
let station: ServedStation;
let token: string;
let operatorToken: string;
let apiKey: string;

const api = async (method: string, path: string, body?: unknown, as = token) => {
  const res = await fetch(`${station.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${as}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
};
async function signIn() {
  const key = (apiKey ??= await createApiKey(station, 'webhooks test'));
  const res = await fetch(`${station.base}/auth?option=apikey`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiKey: { apiKey: key } }),
  });
  return (await res.json()).token.accessToken as string;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ss-webhooks-'));
  databaseUrl = testStore() === 'postgres' ? await createDatabase(inject('postgresUrl')) : undefined;
  station = await serveStation({ dataDir: join(dir, 'data'), databaseUrl });
  token = await signIn();
  await api('POST', '/users', { username: 'olga', password: 'operator password 1', role: 'operator' });
  const res = await fetch(`${station.base}/auth?option=credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credentials: { username: 'olga', password: 'operator password 1' } }),
  });
  operatorToken = (await res.json()).token.accessToken;
});
afterAll(async () => {
  await station?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('subscribing', () => {
  it('takes loopback URLs; another host only when an admin allows it; every wrong field at once', async () => {
    const refused = await api('POST', '/webhooks', {
      url: 'http://127.0.0.1.example.com/hook',
      events: ['shipment.created'],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.url).toMatch(/not this machine.*allowRemoteHost/);
    const unknownEvent = await api('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['shipment.created', 'shipment.lost'],
    });
    expect(unknownEvent.status).toBe(400);
    expect(unknownEvent.json['events[1]']).toBeTruthy();
    const both = await api('POST', '/webhooks', { url: 'ftp://127.0.0.1/x', events: ['shipment.lost'] });
    expect(Object.keys(both.json)).toEqual(expect.arrayContaining(['url', 'events[0]']));
    expect((await api('POST', '/webhooks', { url: 'ftp://127.0.0.1/x' })).json.url).toMatch(
      /must start with http:\/\/ or https:\/\//,
    );
    expect((await api('POST', '/webhooks', { url: 'http://user:pw@127.0.0.1/x' })).json.url).toMatch(
      /user name or password/,
    );

    const remote = await api('POST', '/webhooks', { url: 'https://hooks.example.com/ss', allowRemoteHost: true });
    expect(remote.status).toBe(200);
    expect(remote.json.webhook).toMatchObject({
      url: 'https://hooks.example.com/ss',
      allowRemoteHost: true,
      createdBy: 'admin',
    });
    expect(remote.json.secret).toMatch(/^whsec_[\w-]{43}$/);
    const again = await api('POST', '/webhooks', { url: 'https://hooks.example.com/ss', allowRemoteHost: true });
    expect(again.status).toBe(409);
    expect(again.json.detail).toContain(`as webhook ${remote.json.webhook.id}`);
    // The secret is shown once: never in the list.
    const list = await api('GET', '/webhooks');
    expect(JSON.stringify(list.json)).not.toContain(remote.json.secret);
    expect((await api('DELETE', `/webhooks/${remote.json.webhook.id}`)).json).toEqual({ success: true });
    expect((await api('DELETE', `/webhooks/${remote.json.webhook.id}`)).status).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await api('GET', '/webhooks', undefined, operatorToken)).status).toBe(403);
    expect((await api('POST', '/webhooks', { url: 'http://127.0.0.1:1/x' }, operatorToken)).status).toBe(403);
  });
});

describe('delivery from the outbox', () => {
  it(
    'delivers every change, signed, once the listener is up — across a restart while it was down',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const created = await api('POST', '/webhooks', { url: `http://127.0.0.1:${port}/hooks` });
      expect(created.status).toBe(200);
      const { webhook, secret } = created.json;

      // Changes while the listener is down: a create, its print, a carrier scan, a cancel.
      const shipment = await api('POST', '/shipments', shipmentRequest());
      expect(shipment.status).toBe(200);
      const id = shipment.json.shipmentId;
      expect((await api('GET', `/shipments/${id}/label`)).status).toBe(200);
      const other = await api('POST', '/shipments', shipmentRequest());
      expect((await api('DELETE', `/shipments/${other.json.shipmentId}`)).status).toBe(200);

      // Tried and failed, kept for a retry.
      const failing = await until('a failed attempt', async () => {
        const { json } = await api('GET', `/webhooks/${webhook.id}/deliveries`);
        return json.items.length === 4 && json.items.every((d: { attempts: number }) => d.attempts >= 1)
          ? json.items
          : undefined;
      });
      for (const d of failing) {
        expect(d).toMatchObject({
          state: 'pending',
          responseStatus: null,
          error: expect.stringMatching(/could not reach the listener/),
        });
        expect(Date.parse(d.nextAttemptOn)).toBeGreaterThan(Date.parse(d.lastAttemptOn));
      }

      // The station stops and starts again; then the listener comes up.
      await station.stop();
      station = await serveStation({ dataDir: join(dir, 'data'), databaseUrl });
      token = await signIn();
      const received: Received[] = [];
      const listener = await listen(port, received);
      try {
        await until('four deliveries', () => (received.length >= 4 ? true : undefined));
        const events = received.map((r) => JSON.parse(r.body));
        expect(received).toHaveLength(4);
        expect(events.filter((e) => e.data.shipmentId === id).map((e) => e.type)).toEqual([
          'shipment.created',
          'shipment.printed',
        ]);
        expect(events.filter((e) => e.data.shipmentId === other.json.shipmentId).map((e) => e.type)).toEqual([
          'shipment.created',
          'shipment.cancelled',
        ]);
        // Each is signed over its timestamp and body, with an id to de-duplicate by.
        for (const r of received) {
          const timestamp = String(r.headers['webhook-timestamp']);
          expect(r.headers['webhook-signature']).toBe(signatureOf(secret, timestamp, r.body));
          expect(r.headers['webhook-id']).toBe(JSON.parse(r.body).id);
          expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
          // A wrong secret, or a body changed on the way, does not verify.
          expect(r.headers['webhook-signature']).not.toBe(signatureOf('whsec_wrong', timestamp, r.body));
          expect(r.headers['webhook-signature']).not.toBe(signatureOf(secret, timestamp, r.body.replace('SS', 'XX')));
        }
        expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(received.length);
        const createdEvent = events.find((e) => e.data.shipmentId === id && e.type === 'shipment.created');
        expect(createdEvent.data).toMatchObject({
          shipmentNumber: shipment.json.shipmentNumber,
          status: 'Not Printed',
          user: 'admin',
        });

        // Admins see the outcome.
        const delivered = await until('deliveries marked delivered', async () => {
          const { json } = await api('GET', `/webhooks/${webhook.id}/deliveries`);
          return json.items.every((d: { state: string }) => d.state === 'delivered') ? json.items : undefined;
        });
        expect(delivered[0]).toMatchObject({ state: 'delivered', responseStatus: 200, error: '', nextAttemptOn: null });

        // A carrier scan while the listener is up arrives as tracking.updated within seconds.
        const scan = await api('POST', `/shipments/${id}/events`, { status: 'Enroute to Depot', location: 'Leeds' });
        expect(scan.status).toBe(200);
        const tracking = await until('the scan', () =>
          received.map((r) => JSON.parse(r.body)).find((e) => e.type === 'tracking.updated'),
        );
        expect(tracking.data).toMatchObject({ shipmentId: id, status: 'Enroute to Depot', location: 'Leeds' });

        // The test event is delivered at once and says so.
        const test = await api('POST', `/webhooks/${webhook.id}/test`);
        expect(test.json).toMatchObject({ type: 'webhook.test', state: 'delivered', responseStatus: 200, attempts: 1 });
        expect(received.map((r) => JSON.parse(r.body).type)).toContain('webhook.test');
      } finally {
        await close(listener);
        await api('DELETE', `/webhooks/${webhook.id}`);
      }
    },
  );

  it('tells a subscription only the events it chose', { timeout: 60_000 }, async () => {
    const received: Received[] = [];
    const listener = await listen(0, received);
    const { port } = listener.address() as AddressInfo;
    try {
      const { json } = await api('POST', '/webhooks', {
        url: `http://localhost:${port}/only-cancels`,
        events: ['shipment.cancelled'],
      });
      const shipment = await api('POST', '/shipments', shipmentRequest());
      await api('DELETE', `/shipments/${shipment.json.shipmentId}`);
      await until('the cancel', () => (received.length >= 1 ? true : undefined));
      await new Promise((r) => setTimeout(r, 1500));
      expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['shipment.cancelled']);
      await api('DELETE', `/webhooks/${json.webhook.id}`);
    } finally {
      await close(listener);
    }
  });
});

/** Straight from the database, beneath the station: a query's rows. */
async function rows(sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let n = 0;
    try {
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(dir, 'data', DATABASE_FILE), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
const outboxCount = async (webhookId: number) =>
  Number((await rows('SELECT count(*) AS n FROM webhook_outbox WHERE webhook_id = ?', [webhookId]))[0]!.n);

describe('housekeeping and the secret', () => {
  it(
    'prunes delivered rows beyond the list at start, keeps the secret sealed in the database and out of the log',
    { timeout: 120_000 },
    async () => {
      const received: Received[] = [];
      const listener = await listen(0, received);
      const { port } = listener.address() as AddressInfo;
      let log = '';
      try {
        // The station's own log on from here.
        await station.stop();
        station = await serveStation({ dataDir: join(dir, 'data'), databaseUrl, quiet: false });
        token = await signIn();
        const created = await api('POST', '/webhooks', { url: `http://127.0.0.1:${port}/kept` });
        const { webhook, secret } = created.json;
        expect(await api('POST', '/webhooks', { url: 'ftp://x', events: ['nope'] })).toMatchObject({ status: 400 });
        for (let i = 0; i < 55; i++)
          expect((await api('POST', `/webhooks/${webhook.id}/test`)).json).toMatchObject({ state: 'delivered' });
        expect(await outboxCount(webhook.id)).toBe(55);
        const shown = (await api('GET', `/webhooks/${webhook.id}/deliveries`)).json.items;
        expect(shown).toHaveLength(50);

        // At the next start, what the list no longer shows goes; what it shows stays.
        log += station.output();
        await station.stop();
        station = await serveStation({ dataDir: join(dir, 'data'), databaseUrl, quiet: false });
        token = await signIn();
        await until('the prune at start', async () => ((await outboxCount(webhook.id)) === 50 ? true : undefined));
        expect((await api('GET', `/webhooks/${webhook.id}/deliveries`)).json.items).toEqual(shown);
        // Still signed with the same secret after the restart.
        received.length = 0;
        await api('POST', `/webhooks/${webhook.id}/test`);
        expect(received[0]!.headers['webhook-signature']).toBe(
          signatureOf(secret, String(received[0]!.headers['webhook-timestamp']), received[0]!.body),
        );

        // The secret is nowhere in plain text: not in the rows, not in the data folder's files, not in the log.
        const stored = await rows('SELECT * FROM webhooks');
        expect(stored.find((w) => Number(w.id) === webhook.id)!.secret).toMatch(/^enc:v1:/);
        expect(JSON.stringify(stored)).not.toContain(secret);
        const folder = join(dir, 'data');
        for (const file of readdirSync(folder, { recursive: true, withFileTypes: true }))
          if (file.isFile()) expect(readFileSync(join(file.parentPath, file.name)).includes(secret)).toBe(false);
        log += station.output();
        expect(log).toContain('listening on');
        expect(log).not.toContain(secret);

        // Deleting the webhook takes its outbox with it.
        expect((await api('DELETE', `/webhooks/${webhook.id}`)).status).toBe(200);
        expect(await outboxCount(webhook.id)).toBe(0);
      } finally {
        await close(listener);
      }
    },
  );
});
