/** How the SQLite store keeps shipments: its file, its WAL, its schema upgrades and its indexes. */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../main/core/schemas';
import { openStation } from '../../main/open-station';
import { stationEvent } from '../../main/core/statuses';
import { ADDRESS_FIELDS, decodeAddress, encodeAddress } from '../../main/stores/sqlite/address-codec';
import { DATABASE_FILE } from '../../main/stores/sqlite/database';
import { MIGRATIONS } from '../../main/stores/sqlite/migrations';
import { openSqliteStore, type SqliteStore } from '../../main/stores/sqlite';
import { TEST_CATALOG, newShipmentRecord, onePiece } from '../helpers/records';
import { addUsers, createShipment, gbAddress, shipmentRequest, sqliteDb, startTestStation } from '../helpers/station';

describe('stored addresses', () => {
  it('are JSON arrays of the fields in a fixed order, and read back whole', () => {
    const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as unknown as Address;
    Object.assign(address, gbAddress({ businessName: 'Acme "Widgets" Ltd', addressLine2: 'Ünit 4' }));
    const stored = encodeAddress(address);
    expect(JSON.parse(stored)).toEqual(ADDRESS_FIELDS.map((f) => address[f]));
    expect(decodeAddress(stored)).toEqual(address);
  });

  it('a new database is created at the latest schema without announcing upgrades', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-fresh-'));
    const upgrades: number[] = [];
    const station = await openStation({ dataDir, labelPool: false, onMigration: (m) => upgrades.push(m.version) });
    try {
      expect(sqliteDb(station).pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
      expect(upgrades).toEqual([]);
    } finally {
      await station.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a database of schema 2 (addresses as objects) is upgraded and reads the same', async () => {
    const t = await startTestStation({ sqlite: true });
    await addUsers(t);
    const token = await t.signIn();
    const request = shipmentRequest({
      deliveryAddress: gbAddress({ fullName: 'Zoë Ångström', addressLine3: 'Rear gate' }),
    });
    const created = await createShipment(t, token, request);
    const before = await t.request({ method: 'GET', url: `/shipments/${created.shipmentId}`, token });
    const dataDir = t.dataDir;
    await t.app.close();
    await t.station.close();

    // Turn the file back into what schema 2 wrote: addresses as JSON objects, and none of
    // the later schemas' indexes and tables.
    const db = new Database(join(dataDir, DATABASE_FILE));
    const asObject = (column: string) =>
      `json_object(${ADDRESS_FIELDS.map((f, i) => `'${f}', json_extract(${column}, '$[${i}]')`).join(', ')})`;
    db.exec(`UPDATE shipments SET collection_address = ${asObject('collection_address')},
                                  delivery_address = ${asObject('delivery_address')};
             DROP INDEX tokens_by_expiry; DROP INDEX idempotency_keys_by_created; DROP INDEX live_sign_ins_by_user;
             DROP TABLE manifest_shipments; DROP TABLE manifests; DROP TABLE imports;
             DROP TRIGGER tracking_events_to_webhook_outbox; DROP TABLE webhook_outbox; DROP TABLE webhooks;
             DROP TABLE limit_hits;
             DROP TABLE shipment_search_terms; DROP TABLE saved_addresses; DROP TABLE package_presets;
             DROP TABLE customs_items; DROP TABLE customs_declarations;
             PRAGMA user_version = 2;`);
    expect(JSON.parse(db.prepare('SELECT delivery_address FROM shipments').pluck().get() as string)).toMatchObject({
      fullName: 'Zoë Ångström',
    });
    db.close();

    const upgrades: string[] = [];
    const station = await openStation({
      dataDir,
      labelPool: false,
      now: () => t.clock.now,
      onMigration: (m) => upgrades.push(`${m.version} ${m.name}`),
    });
    try {
      expect(sqliteDb(station).pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
      expect(upgrades).toEqual(MIGRATIONS.filter((m) => m.version > 2).map((m) => `${m.version} ${m.name}`));
      expect(upgrades.slice(0, 2)).toEqual(['3 compact-rows', '4 expiry-indexes']);
      // Search terms are backfilled for the shipments made before: folded, found by name.
      expect((await station.shipments.list({ Search: 'angstrom' })).items.map((i) => i.shipmentId)).toEqual([
        created.shipmentId,
      ]);
      expect((await station.shipments.list({ Search: 'angstrom zo' })).items.map((i) => i.shipmentId)).toEqual([
        created.shipmentId,
      ]);
      const stored = sqliteDb(station).prepare('SELECT delivery_address FROM shipments').pluck().get() as string;
      const delivery: Partial<Address> = request.deliveryAddress;
      expect(JSON.parse(stored)).toEqual(ADDRESS_FIELDS.map((f) => delivery[f] ?? ''));
      // As GET /shipments/{id} answers it: the shipment and its prints from the audit trail.
      const view = await station.shipments.view(created.shipmentId);
      const after = { ...view, ...(await station.audit.printsOf(view.shipmentNumber)) };
      const { shipmentPieces: piecesBefore, ...restBefore } = before.json();
      const { shipmentPieces: piecesAfter, ...restAfter } = JSON.parse(JSON.stringify(after));
      expect(restAfter).toEqual(restBefore);
      // Labels are re-rendered from the stored rows: the same bytes as before the upgrade.
      expect(piecesAfter).toEqual(piecesBefore);
    } finally {
      await station.close();
      await t.close();
    }
  });
});

describe('the address book’s search text', () => {
  it('is folded again by migration 13 for the addresses saved before: oneill finds O’Neill', async () => {
    const t = await startTestStation({ sqlite: true });
    const saved = await t.station.addressBook.create({
      ...gbAddress({ fullName: "Siobhán O'Neill", businessName: '' }),
      nickname: '',
    });
    const dataDir = t.dataDir;
    await t.app.close();
    await t.station.close();
    // As migrations 10 to 13 wrote it: punctuation split the name, nothing joined it again.
    const db = new Database(join(dataDir, DATABASE_FILE));
    db.exec(`UPDATE saved_addresses SET search_text = ' siobhan o neill'; PRAGMA user_version = 13;`);
    db.close();

    const station = await openStation({ dataDir, labelPool: false, now: () => t.clock.now });
    try {
      const found = await station.addressBook.list({ Search: 'oneill' });
      expect(found.items.map((i) => i.id)).toEqual([saved.id]);
    } finally {
      await station.close();
      await t.close();
    }
  });
});

describe('a tracking event’s user', () => {
  it('is the column user_name, as on PostgreSQL, however often the rename runs', async () => {
    const t = await startTestStation({ sqlite: true });
    await addUsers(t);
    await createShipment(t, await t.signIn());
    const dataDir = t.dataDir;
    await t.app.close();
    await t.station.close();
    const file = join(dataDir, DATABASE_FILE);
    const users = () => {
      const db = new Database(file);
      try {
        return db
          .prepare('SELECT (SELECT text FROM event_texts WHERE id = user_name) FROM tracking_events')
          .pluck()
          .all();
      } finally {
        db.close();
      }
    };
    const setBack = (sql: string) => {
      const db = new Database(file);
      db.exec(`${sql} PRAGMA user_version = 15;`);
      db.close();
    };
    const reopen = async () => (await openStation({ dataDir, labelPool: false, now: () => t.clock.now })).close();
    try {
      const written = users();
      expect(written).toEqual(['admin']);
      // As every database before the rename had it.
      setBack('ALTER TABLE tracking_events RENAME COLUMN user_name TO user;');
      await reopen();
      expect(users()).toEqual(written);
      // A database set back without the column renamed back: the rename runs again, as a no-op.
      setBack('');
      await reopen();
      expect(users()).toEqual(written);
    } finally {
      await t.close();
    }
  });
});

describe('a tracking event’s status', () => {
  it('is stored as its code; events stored with names are converted, their outbox kept, however often it runs', async () => {
    const t = await startTestStation({ sqlite: true });
    await addUsers(t);
    const hook = await t.station.store.webhooks.insert({
      url: 'http://127.0.0.1:9/hook',
      secret: 'whsec_x',
      events: ['x'],
      statuses: ['Not Printed', 'Printed'],
      allowRemote: false,
      createdOn: t.clock.now,
      createdBy: 'admin',
    });
    const created = await createShipment(t, await t.signIn());
    const dataDir = t.dataDir;
    await t.app.close();
    await t.station.close();
    const file = join(dataDir, DATABASE_FILE);
    const stored = () => {
      const db = new Database(file);
      try {
        return db.prepare('SELECT typeof(status) AS type, status FROM tracking_events ORDER BY id').all();
      } finally {
        db.close();
      }
    };
    const { setBack, reopen, opened } = settingBack(dataDir, 20, () => t.clock.now);
    try {
      expect(stored()).toEqual([{ type: 'integer', status: 1 }]);
      // As every database before the codes had it: the name, and a trigger comparing names.
      setBack(`DROP TRIGGER tracking_events_to_webhook_outbox;
        ALTER TABLE tracking_events ADD COLUMN status_name TEXT NOT NULL DEFAULT '';
        UPDATE tracking_events SET status_name = 'Not Printed';
        ALTER TABLE tracking_events DROP COLUMN status;
        ALTER TABLE tracking_events RENAME COLUMN status_name TO status;
        CREATE TRIGGER tracking_events_to_webhook_outbox AFTER INSERT ON tracking_events
        BEGIN
          INSERT INTO webhook_outbox (webhook_id, tracking_event_id, created_on, next_attempt_on)
          SELECT w.id, NEW.id, CAST(unixepoch('subsec') * 1000 AS INTEGER), 0
          FROM webhooks w
          WHERE EXISTS (SELECT 1 FROM json_each(w.statuses) WHERE json_each.value = NEW.status);
        END;`);
      expect(stored()).toEqual([{ type: 'text', status: 'Not Printed' }]);
      const station = await reopen();
      expect(stored()).toEqual([{ type: 'integer', status: 1 }]);
      // Made again with foreign keys off, which are on again after it.
      expect(sqliteDb(station).pragma('foreign_keys', { simple: true })).toBe(1);
      const { id } = (await station.store.shipments.byUuid(created.shipmentId))!;
      expect((await station.store.shipments.events(id)).map((e) => e.status)).toEqual(['Not Printed']);
      // The outbox row made before still finds its event; the trigger made again compares codes.
      await station.store.shipments.markPrinted([{ shipmentId: id, description: 'Label printed' }], {
        user: 'olga',
        occurredOn: t.clock.now + 1000,
      });
      await station.store.shipments.changeStatus(id, () =>
        stationEvent('Cancelled', 'Shipment cancelled', 'olga', t.clock.now + 2000),
      );
      const outbox = await station.store.webhooks.deliveries(hook, 10);
      expect(outbox.map((o) => o.event?.status).reverse()).toEqual(['Not Printed', 'Printed']);
      await opened.pop()!.close();
      expect(stored()).toEqual([
        { type: 'integer', status: 1 },
        { type: 'integer', status: 2 },
        { type: 'integer', status: 16 },
      ]);
      // Set back without the column: the conversion runs again, as a no-op.
      setBack('');
      const again = await reopen();
      expect((await again.store.shipments.events(id)).map((e) => e.status)).toEqual([
        'Not Printed',
        'Printed',
        'Cancelled',
      ]);
    } finally {
      for (const station of opened) await station.close();
      await t.close();
    }
  });
});

/**
 * Group commit (wal-sync.ts) fsyncs a descriptor opened on the `-wal` file once. That is
 * only right while the file stays the same inode: these are the SQLite behaviours it rests on.
 */
describe('the WAL file group commit syncs', () => {
  it('keeps its inode through commits, checkpoints and restarts while the station is open', async () => {
    const t = await startTestStation({ sqlite: true });
    try {
      await addUsers(t);
      const token = await t.signIn();
      const wal = `${sqliteDb(t.station).name}-wal`;
      await createShipment(t, token);
      const inode = statSync(wal).ino;
      sqliteDb(t.station).pragma('wal_checkpoint(TRUNCATE)');
      expect(statSync(wal).size).toBe(0);
      await createShipment(t, token);
      sqliteDb(t.station).pragma('wal_checkpoint(RESTART)');
      await createShipment(t, token);
      expect(statSync(wal).ino).toBe(inode);
      expect(statSync(wal).size).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('cannot be taken away by another connection leaving WAL mode while the station is open', async () => {
    const t = await startTestStation({ sqlite: true });
    try {
      const other = new Database(sqliteDb(t.station).name);
      try {
        expect(() => other.pragma('journal_mode = DELETE')).toThrow(/locked/);
        expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        other.close();
      }
      expect(existsSync(`${sqliteDb(t.station).name}-wal`)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('housekeeping', () => {
  it('finds what expires by index, never by reading every row', async () => {
    const t = await startTestStation({ sqlite: true });
    try {
      const plan = (sql: string) =>
        (sqliteDb(t.station).prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
          .map((r) => r.detail)
          .join('; ');
      expect(plan('DELETE FROM tokens WHERE expires_on < 1')).toMatch(/USING (COVERING )?INDEX tokens_by_expiry/);
      expect(plan('DELETE FROM idempotency_keys WHERE created_on < 1')).toMatch(
        /USING (COVERING )?INDEX idempotency_keys_by_created/,
      );
      expect(plan('UPDATE sign_ins SET revoked_on = 1 WHERE user_id = 1 AND revoked_on IS NULL')).toMatch(
        /USING (COVERING )?INDEX live_sign_ins_by_user/,
      );
      expect(
        plan('DELETE FROM sign_ins WHERE id = 1 AND NOT EXISTS (SELECT 1 FROM tokens WHERE sign_in_id = 1)'),
      ).toMatch(/USING (COVERING )?INDEX tokens_by_sign_in/);
      // A batch's references shipped already are found through the search terms' key.
      const indexed = sqliteDb(t.station).prepare("SELECT name FROM pragma_index_list('shipments')").pluck().all();
      expect(indexed).not.toContain('shipments_by_reference_one');
    } finally {
      await t.close();
    }
  });
});

const T0 = Date.parse('2026-11-20T09:00:00.000Z');

describe('a tracking event’s texts', () => {
  it('are kept once each and read back as written; events stored with texts are converted, their outbox and trigger kept, however often it runs', async () => {
    const t = await startTestStation({ sqlite: true });
    await addUsers(t);
    const hook = await t.station.store.webhooks.insert({
      url: 'http://127.0.0.1:9/hook',
      secret: 'whsec_x',
      events: ['x'],
      statuses: ['Not Printed', 'Returned to Sender', 'Delivered to Receiver'],
      allowRemote: false,
      createdOn: t.clock.now,
      createdBy: 'admin',
    });
    const created = await createShipment(t, await t.signIn());
    const { id } = (await t.station.store.shipments.byUuid(created.shipmentId))!;
    await t.station.store.shipments.changeStatus(id, () => ({
      ...stationEvent('Delivered to Receiver', 'Delivered', 'northline-scanner', t.clock.now + 1000),
      location: 'Leeds',
      signatory: 'Brown',
    }));
    const history = await t.station.store.shipments.events(id);
    const dataDir = t.dataDir;
    await t.app.close();
    await t.station.close();
    const file = join(dataDir, DATABASE_FILE);
    const read = <R>(query: string) => {
      const db = new Database(file);
      try {
        return db.prepare(query).all() as R[];
      } finally {
        db.close();
      }
    };
    const stored = () =>
      read('SELECT typeof(description) AS d, typeof(location) AS l, typeof(user_name) AS u FROM tracking_events');
    const schema = () =>
      read<{ name: string }>("SELECT name FROM sqlite_schema WHERE tbl_name = 'tracking_events' ORDER BY name").map(
        (r) => r.name,
      );
    const { setBack, reopen, opened } = settingBack(dataDir, 23, () => t.clock.now);
    try {
      expect(history.map((e) => [e.description, e.location, e.user, e.signatory])).toEqual([
        ['Shipment created', '', 'admin', ''],
        ['Delivered', 'Leeds', 'northline-scanner', 'Brown'],
      ]);
      expect(stored()).toEqual(Array(2).fill({ d: 'integer', l: 'integer', u: 'integer' }));
      // '' is id 0: no row of its own in the events, no bytes.
      expect(read('SELECT location FROM tracking_events ORDER BY id')[0]).toEqual({ location: 0 });
      const shape = schema();
      expect(shape).toEqual(['tracking_events', 'tracking_events_by_shipment', 'tracking_events_to_webhook_outbox']);
      // As every database before the texts' ids had it: the texts in the events, no event_texts.
      setBack(`${['description', 'location', 'user_name']
        .map(
          (c) => `ALTER TABLE tracking_events ADD COLUMN ${c}_text TEXT NOT NULL DEFAULT '';
            UPDATE tracking_events SET ${c}_text = (SELECT text FROM event_texts WHERE id = ${c});
            ALTER TABLE tracking_events DROP COLUMN ${c};
            ALTER TABLE tracking_events RENAME COLUMN ${c}_text TO ${c};`,
        )
        .join('\n')}
        DROP TABLE event_texts;`);
      expect(stored()).toEqual(Array(2).fill({ d: 'text', l: 'text', u: 'text' }));
      const station = await reopen();
      expect(stored()).toEqual(Array(2).fill({ d: 'integer', l: 'integer', u: 'integer' }));
      expect(schema()).toEqual(shape);
      expect(sqliteDb(station).pragma('foreign_keys', { simple: true })).toBe(1);
      expect(await station.store.shipments.events(id)).toEqual(history);
      // The outbox rows made before find their events, texts and all; the trigger kept adds the next.
      await station.store.shipments.changeStatus(id, () =>
        stationEvent('Returned to Sender', 'Returned, refused', 'olga', t.clock.now + 2000),
      );
      const outbox = await station.store.webhooks.deliveries(hook, 10);
      expect(outbox.map((o) => [o.event?.status, o.event?.description, o.event?.location, o.event?.user])).toEqual([
        ['Returned to Sender', 'Returned, refused', '', 'olga'],
        ['Delivered to Receiver', 'Delivered', 'Leeds', 'northline-scanner'],
        ['Not Printed', 'Shipment created', '', 'admin'],
      ]);
      await opened.pop()!.close();
      const after = read('SELECT * FROM event_texts ORDER BY id');
      // Set back with the ids in place: the conversion runs again, as a no-op.
      setBack('');
      const again = await reopen();
      expect(read('SELECT * FROM event_texts ORDER BY id')).toEqual(after);
      expect((await again.store.shipments.events(id)).map((e) => e.description)).toEqual([
        'Shipment created',
        'Delivered',
        'Returned, refused',
      ]);
    } finally {
      for (const station of opened) await station.close();
      await t.close();
    }
  });

  it('are given the right ids after a write that added one was undone, and by two stores on one file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ss-event-texts-'));
    const a = openSqliteStore({ dataDir });
    const b = openSqliteStore({ dataDir });
    try {
      await a.carriers.sync(TEST_CATALOG);
      const ids: number[] = [];
      for (let serial = 1; serial <= 2; serial++) {
        const outcome = await a.shipments.create(
          newShipmentRecord(serial, T0),
          [onePiece(serial)],
          stationEvent('Not Printed', 'Shipment created', 'admin', T0),
        );
        ids.push('created' in outcome ? outcome.created.id : 0);
      }
      const [first, second] = ids as [number, number];
      const scan = (description: string, at: number) => () =>
        stationEvent('Awaiting Collection', description, 'scanner', at);
      // A write that stored a new text and then threw: its text's id goes to the next new text.
      a.db.exec(`CREATE TEMP TRIGGER undo_boom AFTER INSERT ON tracking_events
        WHEN (SELECT text FROM event_texts WHERE id = NEW.description) = 'boom'
        BEGIN SELECT RAISE(ABORT, 'boom'); END`);
      await expect(a.shipments.changeStatus(first, scan('boom', T0 + 1))).rejects.toThrow('boom');
      await a.shipments.changeStatus(first, scan('After the undo', T0 + 2));
      a.db.exec('DROP TRIGGER temp.undo_boom');
      await a.shipments.changeStatus(second, scan('boom', T0 + 3));
      // Store b, another connection (as the CLI beside a desk), adds texts a has not seen, and a b has not.
      await b.shipments.changeStatus(second, scan('From b', T0 + 4));
      await b.shipments.changeStatus(first, scan('boom', T0 + 5));
      await a.shipments.changeStatus(first, scan('From b', T0 + 6));
      const descriptions = async (store: SqliteStore, id: number) =>
        (await store.shipments.events(id)).map((e) => e.description);
      for (const store of [a, b]) {
        expect(await descriptions(store, first)).toEqual(['Shipment created', 'After the undo', 'boom', 'From b']);
        expect(await descriptions(store, second)).toEqual(['Shipment created', 'boom', 'From b']);
      }
      expect(a.db.prepare('SELECT count(*) FROM event_texts WHERE text = ?').pluck().get('boom')).toBe(1);
    } finally {
      await b.close();
      await a.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * A closed desk's database set back to schema `version` by `setBack(sql)`, and `reopen()`:
 * a station on it again, which runs the migrations from there (closed by the caller from `opened`).
 */
function settingBack(dataDir: string, version: number, now: () => number) {
  const file = join(dataDir, DATABASE_FILE);
  const opened: Awaited<ReturnType<typeof openStation>>[] = [];
  return {
    opened,
    setBack(sql: string) {
      const db = new Database(file);
      db.exec(`${sql} PRAGMA user_version = ${version};`);
      db.close();
    },
    async reopen() {
      const station = await openStation({ dataDir, labelPool: false, now });
      opened.push(station);
      return station;
    },
  };
}
