import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, deliveryTarget, isLoopbackHost, linkLocalNameProblem } from './webhook-url';
import { backoffMs, webhookSignature } from './webhooks';
import { createHmac } from 'node:crypto';

describe('where a webhook may deliver', () => {
  it('takes this machine by default', () => {
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/x',
      'https://[::1]:9000/',
      'http://127.8.9.10/',
      'http://LOCALHOST:1/',
    ]) {
      expect(checkWebhookUrl(url, false), url).toMatchObject({ ok: true });
    }
  });

  it('refuses other hosts unless allowed, whatever they look like', () => {
    for (const url of [
      'http://127.0.0.1.evil.example/x', // a name that starts like loopback
      'http://localhost.evil.example/',
      'http://localhost@evil.example/', // user info, then the real host
      'http://evil.example/#@127.0.0.1',
      'http://10.0.0.5/',
      'http://[::ffff:10.0.0.1]/',
      'http://0x7f000001.evil/',
    ]) {
      expect(checkWebhookUrl(url, false), url).toMatchObject({ ok: false });
    }
    expect(checkWebhookUrl('https://hooks.example.com/ss', true)).toEqual({
      ok: true,
      url: 'https://hooks.example.com/ss',
    });
  });

  it('refuses what is not an http URL, credentials and fragments even when remote hosts are allowed', () => {
    expect(checkWebhookUrl('not a url', true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an absolute URL/),
    });
    expect(checkWebhookUrl('file:///etc/passwd', true)).toMatchObject({
      ok: false,
      reason: 'must start with http:// or https://, not file://',
    });
    // A host and port without the scheme parses as the scheme "localhost:": say what is missing.
    expect(checkWebhookUrl('localhost:8080/hooks', false)).toEqual({
      ok: false,
      reason: 'must start with http:// or https:// (e.g. http://localhost:8080/hooks)',
    });

    expect(checkWebhookUrl('http://u:p@127.0.0.1/', true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/password/),
    });
    expect(checkWebhookUrl('http://127.0.0.1/#x', true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/fragment/),
    });
  });

  it('refuses link-local targets such as the metadata address even when remote hosts are allowed', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.1.1:8080/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:169.254.169.254]/hook',
    ]) {
      const verdict = checkWebhookUrl(url, true);
      expect(verdict.ok, url).toBe(false);
      expect(!verdict.ok && verdict.reason).toMatch(/link-local/);
    }
    expect(checkWebhookUrl('http://169.255.0.1/hook', true).ok).toBe(true);
  });

  it('knows loopback addresses by parsing them', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.nip.io')).toBe(false);
  });
});

describe('signing and retrying', () => {
  it('signs timestamp.body with HMAC-SHA256, so a changed body or timestamp does not verify', () => {
    const expected = `v1=${createHmac('sha256', 'whsec_k').update('1700000000.{"a":1}').digest('hex')}`;
    expect(webhookSignature('whsec_k', '1700000000', '{"a":1}')).toBe(expected);
    expect(webhookSignature('whsec_k', '1700000001', '{"a":1}')).not.toBe(expected);
    expect(webhookSignature('whsec_k', '1700000000', '{"a":2}')).not.toBe(expected);
  });

  it('waits 1 s, then twice as long each time, at most 5 minutes', () => {
    expect([1, 2, 3, 4, 9, 10, 30].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 256_000, 300_000, 300_000]);
  });
});

describe('host names that resolve to link-local addresses', () => {
  // A stand-in for the system's resolver: the names a test needs, nothing from the network.
  const names: Record<string, LookupAddress[]> = {
    'metadata.test': [{ address: '169.254.169.254', family: 4 }],
    'mixed.test': [
      { address: '127.0.0.1', family: 4 },
      { address: 'fe80::1', family: 6 },
    ],
    'hooks.test': [{ address: '127.0.0.1', family: 4 }],
  };
  const resolve = async (hostname: string) => names[hostname] ?? Promise.reject(new Error(`${hostname} unknown`));

  it('are refused when the webhook is made', async () => {
    expect(await linkLocalNameProblem('metadata.test', resolve)).toBe(
      "metadata.test resolves to 169.254.169.254, a link-local address (a cloud metadata service), never a webhook's",
    );
    expect(await linkLocalNameProblem('mixed.test', resolve)).toMatch(/resolves to fe80::1/);
    expect(await linkLocalNameProblem('hooks.test', resolve)).toBeNull();
    expect(await linkLocalNameProblem('nowhere.test', resolve)).toBeNull();
    expect(await linkLocalNameProblem('127.0.0.1', resolve)).toBeNull();
  });

  it('are refused when a delivery is sent, as is any address off this machine without allowRemoteHost', async () => {
    expect(await deliveryTarget('metadata.test', true, resolve)).toEqual({
      refused:
        "metadata.test resolves to 169.254.169.254, a link-local address (a cloud metadata service), never a webhook's",
    });
    expect(await deliveryTarget('mixed.test', true, resolve)).toMatchObject({
      refused: expect.stringMatching(/fe80::1/),
    });
    expect(await deliveryTarget('[fe80::2]', true, resolve)).toMatchObject({
      refused: expect.stringMatching(/^fe80::2 is a link-local address/),
    });
    expect(await deliveryTarget('hooks.test', false, resolve)).toEqual({ addresses: names['hooks.test'] });
    expect(await deliveryTarget('[::1]', false, resolve)).toEqual({ addresses: [{ address: '::1', family: 6 }] });
    expect(await deliveryTarget('192.0.2.1', false, resolve)).toEqual({
      refused: '192.0.2.1 is not this machine; an administrator may allow another host with allowRemoteHost: true',
    });
    expect(await deliveryTarget('192.0.2.1', true, resolve)).toEqual({
      addresses: [{ address: '192.0.2.1', family: 4 }],
    });
    await expect(deliveryTarget('nowhere.test', true, resolve)).rejects.toThrow('nowhere.test unknown');
  });
});
