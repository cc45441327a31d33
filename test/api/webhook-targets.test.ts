/**
 * A webhook's host is checked when each delivery is sent, not only when the webhook is
 * made: a name may resolve elsewhere since (DNS rebinding). A real listener on loopback;
 * the names resolve through the station's `resolveHost` (what a DNS server would answer).
 */
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationForFile } from '../helpers/station';

/** What each name resolves to now (a function: a new answer each time asked); a test changes it between deliveries. */
const names = new Map<string, string[] | (() => string[])>();
const lookups: string[] = [];
const resolveHost = async (hostname: string): Promise<LookupAddress[]> => {
  lookups.push(hostname);
  const answer = names.get(hostname);
  const addresses = typeof answer === 'function' ? answer() : answer;
  if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const { call } = await stationForFile({ resolveHost });

const received: { host: string | undefined; url: string | undefined }[] = [];
let listener: Server;
let port: number;
beforeAll(async () => {
  listener = createServer((req, res) => {
    received.push({ host: req.headers.host, url: req.url });
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

async function subscribe(url: string, allowRemoteHost: boolean): Promise<number> {
  const res = await call('POST', '/webhooks', { url, allowRemoteHost, events: ['shipment.created'] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ webhook: { id: number } }>().webhook.id;
}
/** Sends a test event at once: the delivery as the deliveries list shows it. */
async function testDelivery(webhookId: number) {
  const res = await call('POST', `/webhooks/${webhookId}/test`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ state: string; responseStatus: number | null; error: string | null }>();
}

describe('a webhook host checked at delivery', () => {
  it('refuses a name that resolves to a link-local address since it was made; never sent, the reason listed', async () => {
    names.set('hooks.test', ['127.0.0.1']);
    const id = await subscribe(`http://hooks.test:${port}/rebound`, true);

    names.set('hooks.test', ['169.254.169.254']);
    const refused = await testDelivery(id);
    expect(refused).toMatchObject({
      state: 'pending',
      responseStatus: null,
      error:
        "not sent: hooks.test resolves to 169.254.169.254, a link-local address (a cloud metadata service), never a webhook's",
    });
    // One link-local address among good ones is enough.
    names.set('hooks.test', ['127.0.0.1', 'fe80::1']);
    expect((await testDelivery(id)).error).toMatch(/^not sent: hooks.test resolves to fe80::1, a link-local address/);
    expect(received.filter((r) => r.url === '/rebound')).toEqual([]);
    const listed = await call('GET', `/webhooks/${id}/deliveries`);
    expect(listed.json<{ items: { error: string }[] }>().items.map((d) => d.error)).toEqual([
      expect.stringMatching(/^not sent: hooks.test resolves to fe80::1/),
      expect.stringMatching(/^not sent: hooks.test resolves to 169.254.169.254/),
    ]);

    // Back on a good address, the next delivery goes: to the name's checked address, Host as named.
    names.set('hooks.test', ['127.0.0.1']);
    expect(await testDelivery(id)).toMatchObject({ state: 'delivered', responseStatus: 200 });
    expect(received.filter((r) => r.url === '/rebound')).toEqual([{ host: `hooks.test:${port}`, url: '/rebound' }]);
  });

  it('connects to the address it checked: a second answer of the name is never asked for', async () => {
    names.set('once.test', ['127.0.0.1']);
    const id = await subscribe(`http://once.test:${port}/once`, true);
    // A rebinding server answers a good address once, then the metadata service's.
    let asked = 0;
    names.set('once.test', () => (asked++ === 0 ? ['127.0.0.1'] : ['169.254.169.254']));
    lookups.length = 0;
    expect(await testDelivery(id)).toMatchObject({ state: 'delivered', responseStatus: 200 });
    expect(lookups.filter((name) => name === 'once.test')).toEqual(['once.test']);
    expect(received.filter((r) => r.url === '/once')).toHaveLength(1);
  });

  it('without allowRemoteHost, refuses a loopback name that resolves off this machine', async () => {
    names.set('localhost', ['127.0.0.1', '::1']);
    const id = await subscribe(`http://localhost:${port}/local`, false);
    expect(await testDelivery(id)).toMatchObject({ state: 'delivered', responseStatus: 200 });

    names.set('localhost', ['192.0.2.10']);
    expect((await testDelivery(id)).error).toBe(
      'not sent: localhost resolves to 192.0.2.10, not this machine; an administrator may allow another host with allowRemoteHost: true',
    );
    expect(received.filter((r) => r.url === '/local')).toHaveLength(1);
  });

  it('a name that no longer resolves is an unreachable listener, kept for a retry', async () => {
    names.set('gone.test', ['127.0.0.1']);
    const id = await subscribe(`http://gone.test:${port}/gone`, true);
    names.delete('gone.test');
    expect(await testDelivery(id)).toMatchObject({
      state: 'pending',
      error: 'could not reach the listener: getaddrinfo ENOTFOUND gone.test',
    });
  });
});
