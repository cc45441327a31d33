/**
 * The desktop starts the service as the headless server does, and a taken port leaves the
 * app working (over IPC) with the API marked off. Binds loopback ports chosen by the system.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resourcesDir } from '../core/resources';
import { sqliteDb } from '../../test/helpers/station';
import { startService, type RunningService } from './service';

const dirs: string[] = [];
const running: RunningService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(port: number, dataDir = mkdtempSync(join(tmpdir(), 'ss-desktop-service-'))) {
  dirs.push(dataDir);
  const service = await startService({
    dataDir,
    resourcesDir: resourcesDir(),
    rendererDir: join(dataDir, 'no-renderer'),
    port,
    httpLogger: { level: 'silent' },
  });
  running.push(service);
  return service;
}

function occupyPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen({ port: 0, host: '127.0.0.1' }, () => resolve(server));
  });
}

describe('startService', () => {
  it('creates the first administrator once, listens on loopback, and closes cleanly', async () => {
    const service = await start(0);
    expect(service.firstAdminPassword).toEqual(expect.any(String));
    const status = service.apiStatus();
    expect(status).toMatchObject({ listening: true, error: null });
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${status.url}/health`);
    expect(health.status).toBe(200);

    await service.close();
    await service.close(); // twice is harmless
    expect(service.apiStatus().listening).toBe(false);
    expect(sqliteDb(service.station).open).toBe(false);
    await expect(fetch(`${status.url}/health`)).rejects.toThrow();

    const again = await start(0, join(sqliteDb(service.station).name, '..'));
    expect(again.firstAdminPassword).toBeNull();
  });

  it('keeps the station open when the port is taken, and says so', async () => {
    const blocker = await occupyPort();
    try {
      const port = (blocker.address() as AddressInfo).port;
      const service = await start(port);
      expect(service.apiStatus()).toEqual({
        url: `http://127.0.0.1:${port}`,
        listening: false,
        error: expect.stringContaining(`Port ${port} is already in use`),
      });
      expect(service.station.carriers.list().items.length).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
