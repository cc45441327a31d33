/**
 * Webhook secrets at rest, on both stores: sealed under the station key before they are
 * stored (never the plain secret in a row), opened to sign; a secret stored plain by an
 * earlier version is sealed at start; a desk holding another key refuses to sign and says
 * why, without the secret.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../main/core/station';
import type { Store } from '../../main/core/storage';
import { inThreadRenderer } from '../../main/open-station';
import { storeOpener } from '../helpers/stores';

const openDesks = storeOpener('ss-secrets-');
const KEY = 'a station key of this test, 32+ characters';

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const listener = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200).end();
  });
});
const listening = new Promise<string>((resolve) =>
  listener.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/hook`)),
);
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

const stations: Station[] = [];
afterAll(() => Promise.all(stations.map((s) => s.webhooks.stop())));
async function station(store: Store, secretKey: string): Promise<Station> {
  const s = await createStation(store, { labelRenderer: inThreadRenderer, secretKey });
  stations.push(s);
  await s.webhooks.stop(); // deliveries only when the test asks
  return s;
}
const signature = (secret: string, r: { headers: IncomingHttpHeaders; body: string }) =>
  `v1=${createHmac('sha256', secret)
    .update(`${String(r.headers['webhook-timestamp'])}.${r.body}`)
    .digest('hex')}`;

describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
  it('stores the secret sealed, signs with it, and seals one stored plain by an earlier version', async () => {
    const url = await listening;
    const [store] = (await openDesks(dialect)) as [Store];
    // As an earlier version wrote it: plain.
    const legacy = await store.webhooks.insert({
      url,
      secret: 'whsec_legacy_plain_secret_0123456789',
      events: ['webhook.test'],
      statuses: [],
      allowRemote: false,
      createdOn: 0,
      createdBy: 'admin',
    });
    const desk = await station(store, KEY);
    // One subscription a URL: the new one listens at another path of the same listener.
    const { webhook, secret } = await desk.webhooks.create({ url: `${url}/new` }, 'admin');

    const stored = new Map((await store.webhooks.all()).map((w) => [w.id, w.secret]));
    expect(stored.get(webhook.id)).toMatch(/^enc:v1:/);
    expect(stored.get(legacy)).toMatch(/^enc:v1:/);
    expect(JSON.stringify([...stored])).not.toContain(secret);
    expect(JSON.stringify([...stored])).not.toContain('whsec_legacy_plain_secret');

    for (const [id, plain] of [
      [webhook.id, secret],
      [legacy, 'whsec_legacy_plain_secret_0123456789'],
    ] as const) {
      received.length = 0;
      expect(await desk.webhooks.test(id)).toMatchObject({ state: 'delivered', responseStatus: 200 });
      expect(received).toHaveLength(1);
      expect(received[0]!.headers['webhook-signature']).toBe(signature(plain, received[0]!));
    }
    // A restart with the same key signs as before.
    const again = await station(store, KEY);
    received.length = 0;
    expect(await again.webhooks.test(webhook.id)).toMatchObject({ state: 'delivered' });
    expect(received[0]!.headers['webhook-signature']).toBe(signature(secret, received[0]!));

    // Another key: nothing is sent unsigned or wrongly signed; the delivery says why, without the secret.
    const stranger = await station(store, 'some other key, not the station one');
    received.length = 0;
    const refused = await stranger.webhooks.test(webhook.id);
    expect(refused).toMatchObject({ state: 'pending', responseStatus: null });
    expect(refused.error).toMatch(/cannot sign: .*SHIPPING_STATION_SECRET_KEY/);
    expect(refused.error).not.toContain(secret);
    expect(received).toHaveLength(0);
  });
});
