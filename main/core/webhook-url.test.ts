import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isLoopbackHost } from './webhook-url';
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
