/**
 * Backups without other programs (docs/contract.md §22), with the built CLI as a real process: a
 * backup made under a create load restores into a new folder holding every shipment
 * acknowledged before the backup began; restore refuses a folder a running station holds,
 * and a damaged or foreign file, before it touches anything.
 */
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../main/stores/sqlite';
import { restoreDatabase } from '../../main/stores/sqlite/backup';
import { DATABASE_FILE } from '../../main/stores/sqlite/database';
import { shipmentRequest, signedInStation, type TestStation } from '../helpers/station';

const CLI = join(process.cwd(), 'out', 'main', 'cli.js');
const cli = (args: string[]) =>
  new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI, ...args], (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });

/**
 * The live database's file as it stands, read without opening it: a process that opens and
 * closes a file drops every POSIX lock it holds on it, so reading the station's database
 * from the station's own process would take away the lock that tells a restore a station
 * runs (SQLite, "How To Corrupt An SQLite Database File", 2.2).
 */
const identity = (file: string) => {
  const { ino, size, mtimeMs } = statSync(file);
  return { ino, size, mtimeMs };
};

let t: TestStation;
let token: string;
const scratch = mkdtempSync(join(tmpdir(), 'ss-backup-'));
beforeAll(async () => {
  ({ t, token } = await signedInStation({ sqlite: true }));
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('cli backup and restore', () => {
  it('backs up under a create load; the restore holds every shipment acknowledged before the backup', async () => {
    const acknowledged: string[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        const res = await t.request({ method: 'POST', url: '/shipments', token, payload: shipmentRequest() });
        if (res.statusCode === 200) acknowledged.push(res.json().shipmentNumber);
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, client));
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    const before = [...acknowledged];
    const file = join(scratch, 'copy.db');
    const backup = await cli(['--data-dir', t.dataDir, 'backup', '--to', file]);
    const during = acknowledged.length;
    stop = true;
    await load;
    expect(backup.code, backup.stderr).toBe(0);
    expect(during).toBeGreaterThan(before.length); // the load went on while it copied
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}-wal`)).toBe(false);

    const restored = join(scratch, 'restored');
    const restore = await cli(['--data-dir', restored, 'restore', '--from', file]);
    expect(restore.code, restore.stderr).toBe(0);
    const store = openSqliteStore({ dataDir: restored });
    try {
      const numbers = new Set(store.db.prepare<[], string>('SELECT shipment_number FROM shipments').pluck().all());
      expect(before.filter((n) => !numbers.has(n))).toEqual([]);
      const pieces = store.db.prepare('SELECT count(DISTINCT shipment_id) FROM pieces').pluck().get() as number;
      expect(pieces).toBe(numbers.size);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('refuses to restore into a folder a running station holds, and changes nothing', async () => {
    const file = join(scratch, 'copy.db');
    const before = identity(join(t.dataDir, DATABASE_FILE));
    await expect(restoreDatabase(t.dataDir, file)).rejects.toThrow(
      /A station is running on .*: stop it before restoring a backup/,
    );
    expect(identity(join(t.dataDir, DATABASE_FILE))).toEqual(before);
  });

  it('refuses through the CLI, a process of its own, while the station runs: "a station is running", nothing changed', async () => {
    const file = join(scratch, 'copy.db');
    const before = identity(join(t.dataDir, DATABASE_FILE));
    const res = await cli(['--data-dir', t.dataDir, 'restore', '--from', file]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/A station is running on .*: stop it before restoring a backup/);
    expect(res.stderr).not.toMatch(/disk I\/O error/);
    expect(identity(join(t.dataDir, DATABASE_FILE))).toEqual(before);
    const after = await t.request({ method: 'POST', url: '/shipments', token, payload: shipmentRequest() });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('checks the file first: a damaged file, another program’s database or a newer schema is refused', async () => {
    const target = join(scratch, 'target');
    const first = await cli(['--data-dir', target, 'restore', '--from', join(scratch, 'copy.db')]);
    expect(first.code, first.stderr).toBe(0);
    const original = readFileSync(join(target, DATABASE_FILE));

    const damaged = join(scratch, 'damaged.db');
    const bytes = readFileSync(join(scratch, 'copy.db'));
    bytes.fill(0x55, 4096 * 2, 4096 * 6);
    writeFileSync(damaged, bytes);
    const foreign = join(scratch, 'foreign.db');
    new Database(foreign).exec('CREATE TABLE notes (x)');
    const newer = join(scratch, 'newer.db');
    writeFileSync(newer, readFileSync(join(scratch, 'copy.db')));
    const db = new Database(newer);
    db.pragma('user_version = 9999');
    db.close();

    for (const [file, why] of [
      [damaged, /damaged|malformed|cannot be read/],
      [foreign, /not a Shipping Station database/],
      [newer, /schema version 9999, newer than this station/],
      [join(scratch, 'missing.db'), /does not exist/],
    ] as const) {
      const res = await cli(['--data-dir', target, 'restore', '--from', file]);
      expect(res.code, file).not.toBe(0);
      expect(res.stderr).toMatch(/Nothing was restored/);
      expect(res.stderr).toMatch(why);
      expect(readFileSync(join(target, DATABASE_FILE)).equals(original)).toBe(true);
    }
  });

  it('a PostgreSQL station is pointed at pg_dump', async () => {
    const res = await cli(['--database', 'postgres://u@127.0.0.1:1/x', 'backup', '--to', join(scratch, 'pg.db')]);
    expect(res.stderr).toMatch(/pg_dump/);
  });
});
