/**
 * The daily backup a desk's station makes of its own database (docs/contract.md §22), on each
 * store: chosen through PATCH /settings (folder, keep, on/off), made by the station, the
 * newest N kept, a failure shown until one succeeds; on PostgreSQL it cannot be turned on
 * (pg_dump backs up a shared database).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShipment, OPERATOR, signedInStation, testStore, type TestStation } from '../helpers/station';

let t: TestStation;
let token: string;
const scratch = mkdtempSync(join(tmpdir(), 'ss-daily-'));
beforeAll(async () => {
  ({ t, token } = await signedInStation());
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const settings = async () => (await t.request({ method: 'GET', url: '/settings', token })).json().dailyBackup;
const choose = (dailyBackup: object, as = token) =>
  t.request({ method: 'PATCH', url: '/settings', token: as, payload: { dailyBackup } });
const day = (date: string) => `shipping-station-${date}.db`;

describe.runIf(testStore() === 'sqlite')('the daily backup of a desk on its own SQLite file', () => {
  it('is off until chosen; a wrong choice names every wrong field at once; operators may not choose', async () => {
    expect(await settings()).toEqual({
      enabled: false,
      folder: '',
      keep: 7,
      available: true,
      lastBackupOn: null,
      lastBackupFile: null,
      problem: null,
    });
    const wrong = await choose({ enabled: true, folder: 'backups/daily', keep: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      'dailyBackup.folder': 'Backup folder must be a full path, e.g. C:\\Backups\\Shipping or /home/desk/backups',
      'dailyBackup.keep': expect.any(String),
    });
    const noFolder = await choose({ enabled: true });
    expect(noFolder.json()['dailyBackup.folder']).toBe('Choose the folder the daily backups go to');
    expect((await choose({ enabled: true, folder: scratch }, await t.signIn(OPERATOR))).statusCode).toBe(403);
    expect((await settings()).enabled).toBe(false);
  });

  it("makes today's backup, whole and restorable, then one a day, keeping the newest N", async () => {
    const shipped = await createShipment(t, token);
    const folder = join(scratch, 'daily');
    const chosen = await choose({ enabled: true, folder, keep: 2 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await t.station.dailyBackups.check();
    expect(readdirSync(folder)).toEqual([day('2026-11-21')]);
    const copy = new Database(join(folder, day('2026-11-21')), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT shipment_number FROM shipments').pluck().all()).toContain(shipped.shipmentNumber);
    } finally {
      copy.close();
    }
    expect(await settings()).toMatchObject({
      enabled: true,
      folder,
      keep: 2,
      lastBackupOn: '2026-11-21T09:30:00.000Z',
      lastBackupFile: join(folder, day('2026-11-21')),
      problem: null,
    });

    // Again the same day: nothing new. Then three days, one backup each, two kept.
    await t.station.dailyBackups.check();
    expect(readdirSync(folder)).toEqual([day('2026-11-21')]);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(86_400_000);
      await t.station.dailyBackups.check();
    }
    expect(readdirSync(folder).sort()).toEqual([day('2026-11-23'), day('2026-11-24')]);
  });

  it('says why a backup failed until one succeeds', async () => {
    // The days the last test moved the clock on outlived its access token.
    token = await t.signIn();
    const notAFolder = join(scratch, 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    expect((await choose({ folder: join(notAFolder, 'daily') })).statusCode).toBe(200);
    t.clock.advance(86_400_000);
    token = await t.signIn();
    await t.station.dailyBackups.check();
    expect((await settings()).problem).toMatch(/^The daily backup into .*a-file.daily failed: /);
    expect((await choose({ folder: join(scratch, 'daily') })).statusCode).toBe(200);
    await t.station.dailyBackups.check();
    expect(await settings()).toMatchObject({
      problem: null,
      lastBackupFile: join(scratch, 'daily', day('2026-11-25')),
    });
  });
});

describe.runIf(testStore() === 'postgres')('the daily backup on a shared PostgreSQL database', () => {
  it('is not offered: pg_dump backs up a shared database', async () => {
    expect((await settings()).available).toBe(false);
    const refused = await choose({ enabled: true, folder: scratch });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()['dailyBackup.enabled']).toMatch(/pg_dump/);
  });
});
