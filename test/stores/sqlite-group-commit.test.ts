/**
 * What only the SQLite store does: its group commit (one transaction and one fsync for the
 * writes that arrive together) and its number sequences reserved in memory and stored with
 * the create that used them.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationEvent } from '../../main/core/statuses';
import { openSqliteStore } from '../../main/stores/sqlite';
import { DATABASE_FILE, type Db } from '../../main/stores/sqlite/database';
import { groupCommit } from '../../main/stores/sqlite/group-commit';
import { sqliteNumbers } from '../../main/stores/sqlite/numbers';
import { walSync, type WalSync } from '../../main/stores/sqlite/wal-sync';
import { TEST_CATALOG, newShipmentRecord, onePiece } from '../helpers/records';
import { createShipment, signedInStation, sqliteDb, type TestStation } from '../helpers/station';

/** The SQLite store's group commit and number sequences, on the station's own connection. */
function sqliteParts(db: Db, wal: WalSync) {
  const numbers = sqliteNumbers(db);
  return {
    groupCommit: groupCommit(db, wal, { beforeCommit: numbers.writeReserved, afterRollback: numbers.reread }),
    /** The first of `count` numbers; reserved at once, stored by the next group commit. */
    allocate: numbers.reserve,
  };
}

let t: TestStation;
let token: string;
beforeAll(async () => {
  ({ t, token } = await signedInStation({ sqlite: true }));
});
afterAll(() => t.close());

/**
 * The station's SQLite connection with a WAL whose fsyncs wait in `held` until the test lets
 * each go, and `commit(name)`: a group commit of counter `prefix-name`, pushed to `settled`
 * once answered; `tick` lets queued callbacks run.
 */
function heldSyncs(prefix: string) {
  const db = sqliteDb(t.station);
  const held: ((error: NodeJS.ErrnoException | null) => void)[] = [];
  const wal = walSync(`${db.name}-wal`, { fsync: (_fd, done) => held.push(done) });
  const repo = sqliteParts(db, wal);
  const settled: string[] = [];
  const commit = (name: string) =>
    repo.groupCommit(() => repo.allocate(`${prefix}-${name}`, 1)).then(() => settled.push(name));
  const tick = () => new Promise((r) => setImmediate(r));
  return { db, held, wal, repo, settled, commit, tick };
}

describe('the SQLite store', () => {
  it('commits a create durably: group commits run with synchronous = NORMAL and wait for an fsync; the connection stays FULL', async () => {
    const FULL = 2;
    const NORMAL = 1;
    const db = sqliteDb(t.station);
    const mode = () => db.pragma('synchronous', { simple: true });
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    await expect(repo.groupCommit(mode)).resolves.toBe(NORMAL);
    expect(mode()).toBe(FULL);
    await expect(
      repo.groupCommit(() => {
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(mode()).toBe(FULL);
    await createShipment(t, token);
    expect(mode()).toBe(FULL);
  });

  it('stores the numbers a create reserved with the create itself, so a restart continues after them', async () => {
    const created = await createShipment(t, token);
    const stored = (name: string) =>
      (sqliteDb(t.station).prepare('SELECT value FROM counters WHERE name = ?').get(name) as { value: number }).value;
    expect(stored('shipment-number')).toBe(Number(created.shipmentNumber.slice(2)));
    const serial = Number(created.shipmentPieces[0]!.trackingNumber.slice(2, 10));
    expect(stored(`tracking-serial:${created.shipmentPieces[0]!.trackingNumber.slice(0, 2)}`)).toBe(serial);
  });

  it('group commit: a batch runs each write once; if one throws, the batch runs again with that one undone alone', async () => {
    const db = sqliteDb(t.station);
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    const calls = new Map<string, number>();
    const insert = (name: string) => {
      calls.set(name, (calls.get(name) ?? 0) + 1);
      return db.prepare('INSERT INTO counters (name, value) VALUES (?, 1)').run(name).changes;
    };
    await expect(
      Promise.all(['once-1', 'once-2', 'once-3'].map((name) => repo.groupCommit(() => insert(name)))),
    ).resolves.toEqual([1, 1, 1]);
    expect([...calls.values()]).toEqual([1, 1, 1]);

    calls.clear();
    const results = await Promise.allSettled([
      repo.groupCommit(() => insert('batch-ok-1')),
      repo.groupCommit(() => {
        insert('batch-undone');
        throw new Error('invalid');
      }),
      repo.groupCommit(() => insert('batch-ok-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: { message: 'invalid' } });
    // The first run stopped at the write that threw; the second, a savepoint each, ran all three.
    expect(Object.fromEntries(calls)).toEqual({ 'batch-ok-1': 2, 'batch-undone': 2, 'batch-ok-2': 1 });
    const names = db.prepare("SELECT name FROM counters WHERE name LIKE 'batch-%' ORDER BY name").pluck().all();
    expect(names).toEqual(['batch-ok-1', 'batch-ok-2']);
  });

  it('group commit: a sequence another program moved fails the commit, saves nothing, and is read again', async () => {
    const db = sqliteDb(t.station);
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    expect(repo.allocate('test-moved', 1)).toBe(1);
    await repo.groupCommit(() => undefined);
    const stored = () => db.prepare("SELECT value FROM counters WHERE name = 'test-moved'").pluck().get();
    expect(stored()).toBe(1);
    const other = new Database(db.name);
    other.prepare("UPDATE counters SET value = 50 WHERE name = 'test-moved'").run();
    other.close();
    expect(repo.allocate('test-moved', 1)).toBe(2); // from memory: it cannot know yet
    await expect(
      repo.groupCommit(() => db.prepare("INSERT INTO counters (name, value) VALUES ('test-moved-write', 1)").run()),
    ).rejects.toThrow('The number sequence test-moved was changed by another program; nothing was saved.');
    expect(db.prepare("SELECT count(*) FROM counters WHERE name = 'test-moved-write'").pluck().get()).toBe(0);
    expect(stored()).toBe(50);
    expect(repo.allocate('test-moved', 1)).toBe(51);
    await repo.groupCommit(() => undefined);
    expect(stored()).toBe(51);
  });

  it('group commit: after a failed commit, numbers reserved before it are never reserved again', async () => {
    const db = sqliteDb(t.station);
    const repo = sqliteParts(db, walSync(`${db.name}-wal`));
    expect(repo.allocate('test-inflight', 3)).toBe(1); // a create rendering 3 pieces
    const other = new Database(db.name);
    other.prepare("INSERT INTO counters (name, value) VALUES ('test-inflight', 1)").run(); // another program takes 1
    other.close();
    await expect(repo.groupCommit(() => undefined)).rejects.toThrow('was changed by another program');
    // 1 to 3 may still be on a label being rendered: the next number is 4, not 2.
    expect(repo.allocate('test-inflight', 1)).toBe(4);
    await repo.groupCommit(() => undefined);
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-inflight'").pluck().get()).toBe(4);
  });

  it('group commit: answers only after an fsync of the WAL that began after the commit, one fsync for many', async () => {
    const { db, held, wal, repo, settled, commit, tick } = heldSyncs('test-group');

    const first = commit('a');
    await tick();
    expect(held).toHaveLength(1); // the fsync for a is running
    // Committed (another reader sees it) but not answered before its fsync is done.
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-group-a'").get()).toEqual({ value: 1 });
    const later = [commit('b'), commit('c'), commit('d')];
    await tick();
    expect(settled).toEqual([]);
    expect(held).toHaveLength(1);
    // b, c and d wait for the running fsync to end, then commit together and share the next.
    const storedB = () => db.prepare("SELECT value FROM counters WHERE name = 'test-group-b'").get();
    expect(storedB()).toBeUndefined();
    held[0]!(null);
    await first;
    expect(settled).toEqual(['a']);
    expect(storedB()).toEqual({ value: 1 });
    expect(held).toHaveLength(2); // one fsync for b, c and d
    held[1]!(null);
    await Promise.all(later);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
    expect(wal.syncs).toBe(2);

    // A failed fsync fails the commits waiting on it, with the reason, and is fatal: no
    // later write is even tried (the kernel may have dropped what it could not write).
    const failing = repo.groupCommit(() => repo.allocate('test-group-e', 1));
    await tick();
    held[2]!(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(failing).rejects.toThrow('The database journal could not be written to disk (EIO: i/o error, fsync)');
    await expect(repo.groupCommit(() => repo.allocate('test-group-f', 1))).rejects.toThrow(/takes no more writes/);
    await expect(wal.flush()).rejects.toThrow(/takes no more writes/);
    expect(held).toHaveLength(3);
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-group-f'").get()).toBeUndefined();
    wal.close();
  });

  it('a write asked to be answered at its commit (an audit entry) is answered before its fsync ends, which still runs', async () => {
    const { db, held, wal, repo, settled, commit, tick } = heldSyncs('test-at-commit');
    const durable = commit('durable');
    const early = repo
      .groupCommit(() => repo.allocate('test-at-commit-early', 1), { atCommit: true })
      .then(() => settled.push('early'));
    await tick();
    await early;
    expect(settled).toEqual(['early']);
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-at-commit-early'").get()).toEqual({ value: 1 });
    expect(held).toHaveLength(1);
    held[0]!(null);
    await durable;
    expect(settled).toEqual(['early', 'durable']);
    expect(wal.syncs).toBe(1);
    wal.close();
  });

  it('closing commits the writes still queued and syncs them on the spot', async () => {
    const { db, held, wal, commit, tick } = heldSyncs('test-close');
    // Closing commits the writes still queued and syncs them on the spot, so that they are
    // answered about data on disk.
    const waiting = commit('g');
    await tick();
    const last = commit('h');
    expect(db.prepare("SELECT value FROM counters WHERE name = 'test-close-h'").get()).toBeUndefined();
    wal.close();
    await Promise.race([
      last,
      new Promise((_, reject) => setTimeout(() => reject(new Error('not synced on close')), 1000)),
    ]);
    expect(wal.syncs).toBe(1);
    held[0]!(null);
    await waiting;
    expect(wal.syncs).toBe(2);
    await expect(wal.flush()).rejects.toThrow('The station is closed.');
  });
});

describe('closing the store', () => {
  it('commits and answers the creates asked before close; one asked after is refused, and nothing throws outside it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-close-'));
    const store = openSqliteStore({ dataDir });
    const escaped: unknown[] = [];
    const onEscape = (error: unknown) => escaped.push(error);
    process.on('uncaughtException', onEscape);
    try {
      await store.carriers.sync(TEST_CATALOG);
      const at = Date.parse('2026-11-01T10:00:00Z');
      const create = (i: number) =>
        store.shipments.create(
          newShipmentRecord(i, at + i),
          [onePiece(i)],
          stationEvent('Not Printed', 'Shipment created', 'olga', at + i),
        );
      const before = Array.from({ length: 16 }, (_, i) => create(i + 1));
      // Asked while it closes: still queued when the WAL closes, so committed with the rest.
      const closed = store.close();
      before.push(create(17));
      await closed;
      expect(await Promise.allSettled(before)).toEqual(
        before.map(() => expect.objectContaining({ status: 'fulfilled' })),
      );
      const after = await Promise.race([
        create(99).then(
          () => 'answered',
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
        new Promise((r) => setTimeout(() => r('never answered'), 1000)),
      ]);
      expect(after).toBe('The station is closing.');
      // A turn or two for anything scheduled after close to run (and throw, if it did).
      await new Promise((r) => setTimeout(r, 50));
      expect(escaped).toEqual([]);
      const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
      expect(db.prepare('SELECT count(*) AS n FROM shipments').get()).toEqual({ n: 17 });
      db.close();
    } finally {
      process.off('uncaughtException', onEscape);
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('WAL checkpoints', () => {
  it('run on a thread of their own between commits: the station’s connection never checkpoints, the WAL stays small', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-checkpoint-'));
    const store = openSqliteStore({ dataDir });
    try {
      await store.carriers.sync(TEST_CATALOG);
      expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const file = join(dataDir, DATABASE_FILE);
      const before = statSync(file).size;
      let walMost = 0;
      const at = Date.parse('2026-11-01T10:00:00Z');
      // One commit each: about 20 pages, so without checkpoints the WAL would pass 10 MB.
      for (let i = 1; i <= 150; i++) {
        await store.shipments.create(
          newShipmentRecord(i, at + i),
          [onePiece(i)],
          stationEvent('Not Printed', 'Shipment created', 'olga', at + i),
        );
        walMost = Math.max(walMost, statSync(`${file}-wal`).size);
      }
      // The thread moved the pages into the database file while the station ran.
      expect(statSync(file).size).toBeGreaterThan(before);
      expect(walMost).toBeLessThan(4 * 1024 * 1024);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
