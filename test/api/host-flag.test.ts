/** `serve --host ADDR`: a station bound to one other address answers requests that name it, and no other name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { startServer } from '../../main/http/server';
import { startTestStation, type TestStation } from '../helpers/station';

let t: TestStation;
let server: { app: FastifyInstance; url: string };
beforeAll(async () => {
  t = await startTestStation({ sqlite: true });
  // Another loopback address (Linux routes all of 127/8): as a LAN address would be, it is not one of the loopback names.
  server = await startServer({ station: t.station, port: 0, host: '127.0.0.2' });
});
afterAll(async () => {
  await server.app.close();
  await t.close();
});

/** A GET to the bound address with the Host header given. */
const get = (path: string, host: string) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(path, server.url);
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });

describe('serve --host', () => {
  it('prints the address it listens on, and answers requests that name it', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const port = new URL(server.url).port;
    expect(await get('/openapi.json', `127.0.0.2:${port}`)).toBe(200);
    expect(await get('/openapi.json', `evil.example:${port}`)).toBe(421);
  });

  it('refuses every interface at once: no one name to check requests against', async () => {
    await expect(startServer({ station: t.station, port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /--host must be one address of this machine/,
    );
  });
});
