import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../http/content-security-policy';
import {
  isAllowedNavigation,
  isTrustedSender,
  mainWindowWebPreferences,
  openExternalAllowed,
  parseAppUrl,
  permissionDecision,
  printWindowWebPreferences,
  startWindowWebPreferences,
} from './window-policy';

const FILE_APP = 'file:///opt/Shipping%20Station/resources/app.asar/out/renderer/index.html';
const WINDOWS_APP = 'file:///C:/Program%20Files/Shipping%20Station/resources/app.asar/out/renderer/index.html';
const DEV_APP = 'http://localhost:5173/';

const directives = (csp: string) =>
  new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );

describe('webPreferences', () => {
  it('isolates the app window: sandbox, context isolation, no Node, web security, no webview, no spellcheck', () => {
    const prefs = mainWindowWebPreferences('/app/out/preload/index.cjs', { devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      plugins: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
  });

  it('enables plugins only in the hidden print window, which has no preload', () => {
    const prefs = printWindowWebPreferences();
    expect(prefs.plugins).toBe(true);
    expect(prefs.preload).toBeUndefined();
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true });
  });

  it('runs no script at all in the start window, which has no preload and no plugins', () => {
    const prefs = startWindowWebPreferences();
    expect(prefs).toMatchObject({ javascript: false, plugins: false, devTools: false, sandbox: true });
    expect(prefs.preload).toBeUndefined();
  });
});

describe('Content-Security-Policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('allows scripts from the app only: no remote scripts, no inline, no eval', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|wasm-unsafe-eval|https?:|\*/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });

  it('allows inline styles, blob:/data: images and blob: workers for pdf.js', () => {
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
  });

  it('relaxes only what the dev server needs, and never allows eval', () => {
    const dev = directives(devContentSecurityPolicy('http://localhost:5173/'));
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    expect(devContentSecurityPolicy('http://localhost:5173/')).not.toMatch(/unsafe-eval/);
  });
});

describe('parseAppUrl', () => {
  it('accepts the built file and a loopback dev server', () => {
    expect(parseAppUrl(FILE_APP).protocol).toBe('file:');
    expect(parseAppUrl(DEV_APP).host).toBe('localhost:5173');
    expect(parseAppUrl('http://127.0.0.1:5173/').hostname).toBe('127.0.0.1');
  });

  it.each([
    'https://evil.com/',
    'http://127.0.0.1.evil.com:5173/',
    'http://user:pass@localhost:5173/',
    'file://evil-share/renderer/index.html',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s as the app', (url) => {
    expect(() => parseAppUrl(url)).toThrow(/app URL/);
  });
});

describe('isAllowedNavigation', () => {
  it('allows the app itself, with any hash route', () => {
    expect(isAllowedNavigation(FILE_APP, FILE_APP)).toBe(true);
    expect(isAllowedNavigation(`${FILE_APP}#/shipments/123`, FILE_APP)).toBe(true);
    expect(isAllowedNavigation('http://localhost:5173/#/settings', DEV_APP)).toBe(true);
  });

  it('treats %20 and a space, and the drive letter case, as the same file', () => {
    expect(isAllowedNavigation(FILE_APP.replaceAll('%20', ' '), FILE_APP)).toBe(true);
    expect(isAllowedNavigation(WINDOWS_APP.replace('/C:/', '/c:/'), WINDOWS_APP)).toBe(true);
  });

  it.each([
    ['another file', 'file:///etc/passwd'],
    ['a sibling file', 'file:///opt/Shipping%20Station/resources/app.asar/out/renderer/other.html'],
    ['a path traversal', 'file:///opt/Shipping%20Station/resources/app.asar/out/renderer/../../../../etc/passwd'],
    ['a longer name', `${FILE_APP}.evil.html`],
    ['a query string', `${FILE_APP}?inject=1`],
    ['a UNC share', 'file://evil-host/opt/Shipping%20Station/resources/app.asar/out/renderer/index.html'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['blob:', 'blob:file:///0f0e2a4c-1111-4c4c-8c8c-000000000000'],
    ['https', 'https://evil.com/index.html'],
    ['a custom scheme', 'app://../'],
    ['about:blank', 'about:blank'],
    ['garbage', '::::'],
  ])('refuses %s in the packaged app', (_what, url) => {
    expect(isAllowedNavigation(url, FILE_APP)).toBe(false);
  });

  it.each([
    ['a look-alike host', 'http://localhost.evil.com:5173/'],
    ['a look-alike IP host', 'http://127.0.0.1.evil.com/'],
    ['another port', 'http://localhost:5174/'],
    ['another scheme', 'https://localhost:5173/'],
    ['credentials', 'http://user:pass@localhost:5173/'],
    ['userinfo that hides the host', 'http://localhost:5173@evil.com/'],
    ['the API port', 'http://127.0.0.1:7317/'],
    ['a file', 'file:///etc/passwd'],
  ])('refuses %s in development', (_what, url) => {
    expect(isAllowedNavigation(url, DEV_APP)).toBe(false);
  });
});

describe('isTrustedSender', () => {
  it('trusts the main frame showing the app', () => {
    expect(isTrustedSender(`${FILE_APP}#/shipments`, FILE_APP, true)).toBe(true);
    expect(isTrustedSender('http://localhost:5173/#/', DEV_APP, true)).toBe(true);
  });

  it('never trusts a sub-frame, even one showing the app', () => {
    expect(isTrustedSender(FILE_APP, FILE_APP, false)).toBe(false);
    expect(isTrustedSender('about:srcdoc', FILE_APP, false)).toBe(false);
    expect(isTrustedSender('https://evil.com/frame.html', FILE_APP, false)).toBe(false);
  });

  it.each([
    'http://127.0.0.1.evil.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'app://../',
    'data:text/html,hi',
    'about:blank',
    'file://user:pass@/opt/Shipping%20Station/resources/app.asar/out/renderer/index.html',
  ])('refuses a main frame at %s', (url) => {
    expect(isTrustedSender(url, FILE_APP, true)).toBe(false);
  });

  it('refuses a main frame on a look-alike dev host or with credentials', () => {
    expect(isTrustedSender('http://localhost.evil.com:5173/', DEV_APP, true)).toBe(false);
    expect(isTrustedSender('http://a:b@localhost:5173/', DEV_APP, true)).toBe(false);
  });
});

describe('permissionDecision', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'clipboard-sanitized-write',
    'openExternal',
    'fullscreen',
    'unknown-new-permission',
  ])('refuses %s', (permission) => {
    expect(permissionDecision(permission)).toBe(false);
  });
});

describe('openExternalAllowed', () => {
  const allowed = new Set(['https://docs.example.com']);

  it('opens nothing by default: the app links nowhere outside itself', () => {
    expect(openExternalAllowed('https://docs.example.com/guide')).toBe(false);
  });

  it('allows an https page of a listed origin', () => {
    expect(openExternalAllowed('https://docs.example.com/guide#printing', allowed)).toBe(true);
  });

  it.each([
    ['plain http', 'http://docs.example.com/'],
    ['a look-alike host', 'https://docs.example.com.evil.com/'],
    ['a subdomain', 'https://evil.docs.example.com/'],
    ['another port', 'https://docs.example.com:8443/'],
    ['credentials', 'https://user:pass@docs.example.com/'],
    ['userinfo that hides the host', 'https://docs.example.com@evil.com/'],
    ['file:', 'file:///etc/passwd'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['a custom scheme', 'ms-settings:privacy'],
    ['smb:', 'smb://evil/share'],
    ['garbage', 'https//docs.example.com'],
  ])('refuses %s', (_what, url) => {
    expect(openExternalAllowed(url, allowed)).toBe(false);
  });
});
