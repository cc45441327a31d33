import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, addUsers, startTestStation, type TestStation } from '../helpers/station';

let t: TestStation;
const log: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      log.push(String(chunk));
      done();
    },
  });
  t = await startTestStation({ logger: { level: 'info', stream } });
  await addUsers(t);
});
afterAll(() => t.close());

describe('the loopback door', () => {
  it.each(['evil.example:7317', '127.0.0.1:80', '127.0.0.1.evil.example:7317', 'localhost', ''])(
    'Host %j → 421',
    async (host) => {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { host } });
      expect(res.statusCode).toBe(421);
      expect(res.json().type).toBe('/problems/misdirected');
      expect(res.json().detail).toContain('call it as 127.0.0.1:7317, or localhost:7317, or [::1]:7317');
    },
  );

  it.each(['127.0.0.1:7317', 'localhost:7317', '[::1]:7317'])('Host %s is served', async (host) => {
    expect((await t.app.inject({ method: 'GET', url: '/health', headers: { host } })).statusCode).toBe(200);
  });

  it('refuses requests from other web pages with 403 and never sends CORS headers', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:9999',
      'null',
      'http://localhost:7317.evil.example',
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/auth?option=credentials',
        payload: { credentials: ADMIN },
        headers: { origin },
      });
      expect(res.statusCode, origin).toBe(403);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control'))).toEqual([]);
    }
    const preflight = await t.request({
      method: 'OPTIONS',
      url: '/shipments',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts the station’s own page as origin', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/auth?option=credentials',
      payload: { credentials: ADMIN },
      headers: { origin: 'http://127.0.0.1:7317' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('an unexpected failure', () => {
  it('is a 500 problem with a traceId that is in the log, without stack, SQL or secrets', async () => {
    const token = await t.signIn();
    // Break the storage under the running app: the next query fails inside the core.
    await t.sql('ALTER TABLE shipments RENAME TO shipments_gone');
    try {
      const res = await t.request({ method: 'GET', url: '/shipments', token });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.type).toBe('/problems/internal');
      expect(body.traceId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body).not.toMatch(/SELECT|sqlite|at \w+ \(/i);
      const logged = log.join('');
      expect(logged).toContain(body.traceId);
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(ADMIN.password);
    } finally {
      await t.sql('ALTER TABLE shipments_gone RENAME TO shipments');
    }
  });
});

describe('with the screens served at /', () => {
  it('serves index.html under the CSP and still answers API errors as problems', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { buildApp } = await import('../../main/http/app');
    const dir = mkdtempSync(join(tmpdir(), 'ss-renderer-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Shipping Station</title>');
    const app = await buildApp({ station: t.station, port: 7317, rendererDir: dir });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { host: '127.0.0.1:7317' }, ...(payload ? { payload } : {}) });
    try {
      const page = await call('GET', '/');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const wrong = await call('POST', '/auth?option=credentials', {
        credentials: { username: 'admin', password: 'wrong password' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().type).toBe('/problems/validation');
      const unauthorized = await call('GET', '/shipments');
      expect(unauthorized.statusCode).toBe(401);
      expect(unauthorized.json().type).toBe('/problems/unauthorized');
      const missing = await call('GET', '/no-such-endpoint');
      expect(missing.json().type).toBe('/problems/not-found');
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
