/** app://station serves the built renderer folder and nothing else. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_URL, appFile, appResponse } from './app-protocol';
import { CONTENT_SECURITY_POLICY } from '../http/content-security-policy';
import { isAllowedNavigation, isTrustedSender, parseAppUrl } from './window-policy';

const root = mkdtempSync(join(tmpdir(), 'ss-app-protocol-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Shipping Station</title>');
writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(tmpdir(), 'ss-outside.txt'), 'secret');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('app://station', () => {
  it('serves index.html (also for /) and the assets, with their types and the CSP', async () => {
    for (const url of [APP_URL, 'app://station/', 'app://station/index.html#/shipments']) {
      const res = await appResponse(url, root);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(await res.text()).toContain('Shipping Station');
    }
    const script = await appResponse('app://station/assets/index-abc.js', root);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    ['a parent folder', 'app://station/../ss-outside.txt'],
    ['an encoded parent folder', 'app://station/%2e%2e/ss-outside.txt'],
    ['an encoded slash', 'app://station/..%2fss-outside.txt'],
    ['a backslash', 'app://station/..%5css-outside.txt'],
    ['NUL', 'app://station/index.html%00.js'],
    ['a broken escape', 'app://station/%E0%A4%A'],
    ['another host', 'app://evil/index.html'],
    ['credentials', 'app://user:pw@station/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['a missing file', 'app://station/nothing.js'],
  ])('refuses %s', async (_what, url) => {
    expect((await appResponse(url, root)).status).toBe(404);
  });

  it('maps only inside the folder', () => {
    expect(appFile('app://station/assets/index-abc.js', root)).toBe(join(root, 'assets', 'index-abc.js'));
    expect(appFile('app://station/..', root)).toBeNull();
  });

  it('is the app for the window policy: its page and routes only, never its assets or another host', () => {
    expect(parseAppUrl(APP_URL).protocol).toBe('app:');
    expect(() => parseAppUrl('app://evil/index.html')).toThrow();
    expect(isAllowedNavigation('app://station/index.html#/settings', APP_URL)).toBe(true);
    expect(isAllowedNavigation('app://station/assets/index-abc.js', APP_URL)).toBe(false);
    expect(isAllowedNavigation('app://station/index.html?x=1', APP_URL)).toBe(false);
    expect(isAllowedNavigation('app://evil/index.html', APP_URL)).toBe(false);
    expect(isAllowedNavigation('file:///opt/app/index.html', APP_URL)).toBe(false);
    expect(isTrustedSender('app://station/index.html#/', APP_URL, true)).toBe(true);
    expect(isTrustedSender('app://station/index.html#/', APP_URL, false)).toBe(false);
  });
});
