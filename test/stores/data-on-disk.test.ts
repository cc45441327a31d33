/**
 * On the SQLite store (a PostgreSQL server keeps its own files): the
 * data folder's and files' modes, a database reached through a symlink, a failed fsync
 * being fatal for writes, an idempotent replay answered only once the original is durable,
 * and macOS's full fsync asked for.
 */
import { chmodSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { inThreadRenderer } from '../../main/open-station';
import { createStation, type Station } from '../../main/core/station';
import { buildApp } from '../../main/http/app';
import { fillDemoData } from '../../main/cli/demo-data';
import { assertNoStationHolds } from '../../main/stores/sqlite/station-holds';
import { DATABASE_FILE, secureDataDir } from '../../main/stores/sqlite/database';
import { openSqliteStore } from '../../main/stores/sqlite';
import { STATION_KEY_FILE } from '../../main/station-key';
import { createDatabase } from '../helpers/postgres';
import {
  ADMIN,
  HOST,
  addUsers,
  networkOnlyPrinters,
  shipmentRequest,
  startTestStation,
  type TestStation,
} from '../helpers/station';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0).reverse()) await done();
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ss-disk-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const mode = (path: string) => statSync(path).mode & 0o777;

async function withStation(dataDir: string, fsync?: Parameters<typeof openSqliteStore>[0]['fsync']) {
  const store = openSqliteStore({ dataDir, ...(fsync ? { fsync } : {}) });
  const station: Station = await createStation(store, { labelRenderer: inThreadRenderer });
  const app = await buildApp({ station, port: 7317 });
  cleanup.push(async () => {
    await app.close();
    await station.close();
  });
  await station.auth.createUser({ ...ADMIN, role: 'admin' });
  const signIn = await app.inject({
    method: 'POST',
    url: '/auth?option=credentials',
    headers: { host: HOST },
    payload: { credentials: ADMIN },
  });
  const token = signIn.json<{ token: { accessToken: string } }>().token.accessToken;
  const create = (headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/shipments',
      headers: { host: HOST, authorization: `Bearer ${token}`, ...headers },
      payload: shipmentRequest(),
    });
  const list = () =>
    app.inject({ method: 'GET', url: '/shipments', headers: { host: HOST, authorization: `Bearer ${token}` } });
  const patchSettings = (payload: object) =>
    app.inject({
      method: 'PATCH',
      url: '/settings',
      headers: { host: HOST, authorization: `Bearer ${token}` },
      payload,
    });
  return { station, app, create, list, patchSettings, db: store.db };
}

describe.skipIf(process.platform === 'win32')('7. file modes', () => {
  let t: TestStation | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a new data folder is 0700 and the database, its WAL and SHM are 0600', async () => {
    const parent = tempDir();
    const dataDir = join(parent, 'new-station');
    const s = await withStation(dataDir);
    expect((await s.create()).statusCode).toBe(200);
    expect(mode(dataDir)).toBe(0o700);
    const files = readdirSync(dataDir).filter((f) => f.startsWith(DATABASE_FILE));
    expect(files).toEqual(expect.arrayContaining([DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]));
    for (const file of files) expect(mode(join(dataDir, file)), file).toBe(0o600);
  });

  it('on PostgreSQL too, the data folder is 0700 and the files the station writes there 0600', async () => {
    const dataDir = join(tempDir(), 'desk');
    t = await startTestStation({
      dataDir,
      databaseUrl: await createDatabase(inject('postgresUrl')),
      printers: networkOnlyPrinters(dataDir),
    });
    await addUsers(t);
    const token = await t.signIn();
    const added = await t.request({ method: 'POST', url: '/printers', token, payload: { address: '127.0.0.1:9100' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(mode(dataDir)).toBe(0o700);
    const files = readdirSync(dataDir);
    expect(files).toEqual(expect.arrayContaining([STATION_KEY_FILE, 'printers.json']));
    for (const file of files) expect(mode(join(dataDir, file)), file).toBe(0o600);
  });

  it('an existing folder open to others gets a warning; existing files readable by others are narrowed to 0600', () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, DATABASE_FILE), '');
    chmodSync(join(dataDir, DATABASE_FILE), 0o644);
    const warnings: string[] = [];
    secureDataDir(dataDir, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/open to other users of this machine \(mode 755\).*chmod 700/);
    expect(mode(join(dataDir, DATABASE_FILE))).toBe(0o600);

    chmodSync(dataDir, 0o700);
    const none: string[] = [];
    secureDataDir(dataDir, (m) => none.push(m));
    expect(none).toEqual([]);
  });
});

describe.skipIf(process.platform === 'win32')('8. a database path through a symlink', () => {
  it('a create commits, is answered 200 and its WAL is synced beside the real file', async () => {
    const real = tempDir();
    const dataDir = tempDir();
    // An (empty) database file for the link to point to.
    secureDataDir(real, () => undefined);
    symlinkSync(join(real, DATABASE_FILE), join(dataDir, DATABASE_FILE));
    const s = await withStation(dataDir);
    const res = await s.create();
    expect(res.statusCode, res.body).toBe(200);
    expect(statSync(join(real, `${DATABASE_FILE}-wal`)).size).toBeGreaterThan(0);
    expect(s.station.store.location).toBe(join(dataDir, DATABASE_FILE));
  });

  it('a data folder that is itself a symlink works too', async () => {
    const real = tempDir();
    const link = join(tempDir(), 'linked');
    symlinkSync(real, link);
    const s = await withStation(link);
    expect((await s.create()).statusCode).toBe(200);
    expect(readdirSync(real)).toContain(`${DATABASE_FILE}-wal`);
  });
});

/**
 * A read-only disk under a running station: Linux will not remount a disk read-only while a
 * file on it is open for writing (EBUSY), so `chattr +i` stands in: the kernel refuses
 * writes to an immutable file even to root, through files already open, and lifts it.
 * Where it cannot (not Linux, not root, a file system without the flag) the test says why.
 */
function immutableFlag(): { ok: true } | { ok: false; why: string } {
  if (process.platform !== 'linux') return { ok: false, why: 'chattr is Linux only' };
  const dir = mkdtempSync(join(tmpdir(), 'ss-chattr-'));
  try {
    writeFileSync(join(dir, 'probe'), '');
    execFileSync('chattr', ['+i', join(dir, 'probe')], { stdio: 'pipe' });
    execFileSync('chattr', ['-i', join(dir, 'probe')], { stdio: 'pipe' });
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      why: `chattr +i failed here: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const immutable = immutableFlag();
const chattr = (flag: '+i' | '-i', paths: string[]) => execFileSync('chattr', [flag, ...paths], { stdio: 'pipe' });

describe('10. a full or read-only disk, or the database file gone, under a running station', () => {
  const counts = (db: { prepare: (sql: string) => { get: () => unknown } }) =>
    db
      .prepare(
        'SELECT (SELECT count(*) FROM shipments) AS s, (SELECT count(*) FROM pieces) AS p, (SELECT count(*) FROM tracking_events) AS e, (SELECT count(*) FROM shipment_search_terms) AS t',
      )
      .get();

  it('a full disk: the create is a 503 naming it, nothing of it is written, and creates go on once there is room', async () => {
    const s = await withStation(tempDir());
    expect((await s.create()).statusCode).toBe(200);
    // SQLite's page limit stands in for the disk: the file may not grow.
    s.db.pragma(`max_page_count = ${s.db.pragma('page_count', { simple: true }) as number}`);
    let refused;
    let before;
    for (let i = 0; i < 200 && !refused; i++) {
      before = counts(s.db);
      const res = await s.create();
      if (res.statusCode !== 200) refused = res;
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.headers['content-type']).toContain('application/problem+json');
    expect(refused?.json()).toMatchObject({
      reason: 'the disk is full',
      detail: expect.stringMatching(
        /cannot save to its database: the disk is full\. Nothing of this request was saved/,
      ),
    });
    expect(counts(s.db)).toEqual(before);
    expect((await s.list()).statusCode).toBe(200);
    // Room again: no restart needed.
    s.db.pragma('max_page_count = 4294967294');
    expect((await s.create()).statusCode).toBe(200);
    expect((await s.patchSettings({ auditDays: 30 })).statusCode).toBe(200);
  });

  it.skipIf(!immutable.ok)(
    `a read-only file and folder: writes are 503s naming it, nothing is half-written; writable again, they go on${immutable.ok ? '' : ` (skipped: ${immutable.why})`}`,
    async () => {
      const dataDir = tempDir();
      const s = await withStation(dataDir);
      expect((await s.create()).statusCode).toBe(200);
      const before = counts(s.db);
      const file = join(dataDir, DATABASE_FILE);
      const readOnly = [file, `${file}-wal`, dataDir];
      chattr('+i', readOnly);
      cleanup.push(() => void chattr('-i', readOnly));
      const refused = await s.create();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({
        reason: 'its file or folder is read-only',
        detail: expect.stringMatching(/its file or folder is read-only\. Nothing of this request was saved/),
      });
      const settings = await s.patchSettings({ auditDays: 30 });
      expect(settings.statusCode).toBe(503);
      expect(settings.json().reason).toBe('its file or folder is read-only');
      expect(counts(s.db)).toEqual(before);
      expect((await s.list()).statusCode).toBe(200);
      // Writable again: no restart needed, and the refused create is not among what is there.
      chattr('-i', readOnly);
      expect((await s.create()).statusCode).toBe(200);
      expect((await s.patchSettings({ auditDays: 30 })).statusCode).toBe(200);
      expect((counts(s.db) as { s: number }).s).toBe((before as { s: number }).s + 1);
      expect(s.db.pragma('integrity_check', { simple: true })).toBe('ok');
    },
  );

  it('the database file moved away: writes are 503s naming it, nothing goes into the lost file; back, they go on', async () => {
    const dataDir = tempDir();
    const s = await withStation(dataDir);
    expect((await s.create()).statusCode).toBe(200);
    const before = counts(s.db);
    const file = join(dataDir, DATABASE_FILE);
    renameSync(file, `${file}.away`);
    const refused = await s.create();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().reason).toMatch(/its file was deleted or moved while the station ran/);
    expect((await s.patchSettings({ auditDays: 30 })).statusCode).toBe(503);
    expect(counts(s.db)).toEqual(before);
    renameSync(`${file}.away`, file);
    expect((await s.create()).statusCode).toBe(200);
    expect((await s.patchSettings({ auditDays: 30 })).statusCode).toBe(200);
  });
});

describe('9. durability', () => {
  it('a failed fsync is fatal for writes: 503 for that create and every write after, reads still served', async () => {
    let fail = false;
    let calls = 0;
    const s = await withStation(tempDir(), (fd, done) => {
      calls++;
      if (fail) setImmediate(() => done(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })));
      else import('node:fs').then((fs) => fs.fsync(fd, done), done);
    });
    expect((await s.create()).statusCode).toBe(200);
    fail = true;
    const failed = await s.create({ 'idempotency-key': 'k-1' });
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['content-type']).toContain('application/problem+json');
    expect(failed.json().detail).toMatch(/could not write to its disk safely/);
    fail = false;
    const callsAfterFailure = calls;
    // The disk "recovers": still no write is acknowledged, and no fsync even tried.
    const after = await s.create();
    expect(after.statusCode).toBe(503);
    // The retry of the create whose sync failed is not acknowledged either.
    expect((await s.create({ 'idempotency-key': 'k-1' })).statusCode).toBe(503);
    expect(calls).toBe(callsAfterFailure);
    expect((await s.list()).statusCode).toBe(200);
  });

  it('an idempotent replay is answered only once the original create is durable', async () => {
    const held: (() => void)[] = [];
    let hold = false;
    const s = await withStation(tempDir(), (fd, done) => {
      import('node:fs').then(
        (fs) =>
          fs.fsync(fd, (error) => {
            if (hold) held.push(() => done(error));
            else done(error);
          }),
        done,
      );
    });
    hold = true;
    const first = s.create({ 'idempotency-key': 'same' });
    // The first create has committed (readers see it) but its fsync is held back.
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
    let replayed = false;
    const replay = s.create({ 'idempotency-key': 'same' }).then((r) => {
      replayed = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(replayed).toBe(false);
    hold = false;
    held.splice(0).forEach((release) => release());
    const [a, b] = await Promise.all([first, replay]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().shipmentId).toBe(a.json().shipmentId);
  });

  it('asks for a full fsync of commits and checkpoints (F_FULLFSYNC on macOS)', async () => {
    const s = await withStation(tempDir());
    const db = (s.station.store as ReturnType<typeof openSqliteStore>).db;
    expect(db.pragma('fullfsync', { simple: true })).toBe(1);
    expect(db.pragma('checkpoint_fullfsync', { simple: true })).toBe(1);
  });
});

describe('9. demo-data', () => {
  it('refuses a data folder a running station holds, and runs once it is stopped', async () => {
    const dataDir = tempDir();
    const s = await withStation(dataDir);
    expect(() => assertNoStationHolds(dataDir, 'adding demo data')).toThrow(
      /A station is running on .*: stop it before adding demo data/,
    );
    await s.app.close();
    await s.station.close();
    expect(() => assertNoStationHolds(dataDir, 'adding demo data')).not.toThrow();
  });

  it('leaves the connection as durable as it found it: synchronous FULL, journal WAL, foreign keys on', async () => {
    const s = await withStation(tempDir());
    const db = (s.station.store as ReturnType<typeof openSqliteStore>).db;
    const done = await fillDemoData(s.station.store, s.station.carriers, { shipments: 200, days: 10, seed: 7 });
    expect(done.shipments).toBe(200);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect((await s.create()).statusCode).toBe(200);
  });
});
