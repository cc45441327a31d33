/**
 * Settings → Webhooks in headless Chromium against a real station: an administrator
 * subscribes a real listener, sees the secret once, sends a test event and reads its
 * delivery; a URL on another host is refused beside the field.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deskForFile, signIn } from './station';
import { screenshot, waitForText } from './ui';

const { station, page } = await deskForFile();
let listener: Server;
const received: { signature: string; body: string }[] = [];

beforeAll(async () => {
  listener = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      received.push({ signature: String(req.headers['webhook-signature']), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => listener?.close(resolve)));

it('subscribes a listener, shows the secret once, and shows a test event delivered', async () => {
  await signIn(page, station);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();

  const url = page.getByLabel('Listener URL');
  await url.fill('http://hooks.example.com/ss');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await waitForText(page.locator('.field-error').first(), /not this machine/);

  const { port } = listener.address() as AddressInfo;
  await url.fill(`http://127.0.0.1:${port}/hooks`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const secret = await waitForText(page.getByLabel("The webhook's signing secret"), /^whsec_/);
  await page.getByRole('cell', { name: `http://127.0.0.1:${port}/hooks`, exact: true }).waitFor();

  await page.getByRole('button', { name: 'Send test' }).click();
  await waitForText(page.getByText(/Test event delivered/), /HTTP 204/);
  const deliveries = page.getByRole('table', { name: `Deliveries to http://127.0.0.1:${port}/hooks` });
  await deliveries.getByRole('cell', { name: 'delivered' }).waitFor();
  await screenshot(page, 'webhooks-settings');

  expect(received.map((r) => JSON.parse(r.body).type)).toContain('webhook.test');
  expect(secret).toMatch(/^whsec_[\w-]{43}$/);
  // Once Done is pressed, the secret is gone from the screen.
  await page.getByRole('button', { name: 'Done' }).click();
  expect(await page.getByText(secret).count()).toBe(0);
});
