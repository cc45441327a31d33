/**
 * The update policy: which feed, and never installing while a print job is in flight. The
 * last part against a real station started as the desktop starts it, printing a label to a
 * network printer (a TCP listener) that takes its time: the install waits for the job.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callAsAdmin, createByApi } from '../../test/e2e/station-api';
import type { RunningStation } from '../../test/e2e/station';
import { resourcesDir } from '../core/resources';
import { startService } from './service';
import { installWhenIdle, parseFeedUrl, printJobs, updateFeed } from './update-policy';

describe('the update feed', () => {
  it.each([
    ['https://updates.example.com/shipping-station', 'https://updates.example.com/shipping-station/'],
    ['  https://updates.example.com/station/  ', 'https://updates.example.com/station/'],
    ['http://127.0.0.1:8080/feed', 'http://127.0.0.1:8080/feed/'],
    ['http://localhost/feed/', 'http://localhost/feed/'],
  ])('takes %s', (given, kept) => {
    expect(parseFeedUrl(given)).toBe(kept);
  });

  it.each([
    ['http to another computer (an update could be swapped on the way)', 'http://updates.example.com/'],
    ['http to a name that merely starts like this computer', 'http://127.0.0.1.evil.com/'],
    ['credentials in the address', 'https://user:secret@updates.example.com/'],
    ['a host hidden behind user info', 'https://updates.example.com@evil.com/'],
    ['another scheme', 'file:///C:/updates/'],
    ['not an address', 'updates.example.com'],
  ])('refuses %s', (_what, given) => {
    expect(parseFeedUrl(given)).toBeNull();
  });

  it('is Settings’ when set, else the build’s, else none (updates off)', () => {
    expect(updateFeed('https://desk.example.com/', 'https://build.example.com/')).toBe('https://desk.example.com/');
    expect(updateFeed(undefined, 'https://build.example.com/')).toBe('https://build.example.com/');
    expect(updateFeed(undefined, '')).toBeNull();
  });
});

describe('installing an update', () => {
  it('installs at once when nothing is printing', async () => {
    const jobs = printJobs();
    const told: number[] = [];
    let installed = false;
    await installWhenIdle(
      jobs,
      () => void (installed = true),
      (n) => told.push(n),
    );
    expect(installed).toBe(true);
    expect(told).toEqual([]);
  });

  it('waits for every job in flight, including one that starts while it waits, and one that fails', async () => {
    const jobs = printJobs();
    let release!: () => void;
    const first = jobs.track(new Promise<void>((resolve) => (release = resolve)));
    const failing = jobs.track(Promise.reject(new Error('paper out'))).catch(() => 'failed');
    const order: string[] = [];
    const install = installWhenIdle(
      jobs,
      () => void order.push('installed'),
      (n) => order.push(`waiting for ${n}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    let releaseSecond!: () => void;
    const second = jobs.track(new Promise<void>((resolve) => (releaseSecond = resolve)));
    release();
    await first;
    order.push('first printed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).not.toContain('installed');
    order.push('second printed');
    releaseSecond();
    await second;
    await install;
    expect(await failing).toBe('failed');
    expect(order).toEqual(['waiting for 2', 'first printed', 'second printed', 'installed']);
    expect(jobs.inFlight()).toBe(0);
  });
});

describe('a label printing on the desk’s network printer holds an update back', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ss-update-print-'));
  let printer: Server | undefined;
  afterAll(() => {
    printer?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('installs only once the printer has taken the whole job', async () => {
    // A printer that takes its time: it closes the connection 1.5 s after the job arrives.
    let jobClosedAt = 0;
    printer = createServer({ allowHalfOpen: true }, (socket) => {
      socket.on('data', () => undefined);
      socket.on('end', () =>
        setTimeout(() => {
          jobClosedAt = Date.now();
          socket.end();
        }, 1500),
      );
    });
    await new Promise<void>((resolve) => printer!.listen(0, '127.0.0.1', resolve));
    const port = (printer.address() as { port: number }).port;

    const jobs = printJobs();
    const service = await startService({
      dataDir,
      resourcesDir: resourcesDir(),
      rendererDir: join(dataDir, 'no-renderer'),
      port: 0,
      httpLogger: { level: 'silent' },
      printJobs: jobs,
    });
    try {
      const station = { url: service.apiStatus().url, adminPassword: service.firstAdminPassword! } as RunningStation;
      await callAsAdmin(station, 'PATCH', '/settings', {
        senderAddress: {
          businessName: 'Acme',
          addressLine1: '1 Dock Road',
          city: 'London',
          countryTwoCharacterISOCode: 'GB',
          postZipCode: 'E1 1AA',
        },
      });
      const added = await callAsAdmin<{ items: { id: string; name: string }[] }>(station, 'POST', '/printers', {
        address: `127.0.0.1:${port}`,
        name: 'Slow Zebra',
      });
      await callAsAdmin(station, 'PUT', '/printers/label-printer', {
        printerId: added.items.find((p) => p.name === 'Slow Zebra')!.id,
        format: 'zpl',
        dpi: 203,
        pageSize: '4x6',
        documentPrinterId: null,
      });
      const { shipmentId } = await createByApi(station);

      const printing = callAsAdmin(station, 'POST', `/shipments/${shipmentId}/print`);
      // The label is drawn first (from source, its worker thread compiles before it draws).
      for (let i = 0; i < 3000 && jobs.inFlight() === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(jobs.inFlight()).toBe(1);
      let installedAt = 0;
      await installWhenIdle(jobs, () => void (installedAt = Date.now()));
      await printing;
      expect(jobClosedAt).toBeGreaterThan(0);
      expect(installedAt).toBeGreaterThanOrEqual(jobClosedAt);
    } finally {
      await service.close();
    }
  });
});
