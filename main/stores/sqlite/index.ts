/**
 * The embedded store: one SQLite file in the station's data folder. Every shipment write
 * goes through the group commit (group-commit.ts), durable before it is answered.
 */
import { join } from 'node:path';
import type { OnMigration, Store } from '../../core/storage';
import { addressBookQueries, presetQueries } from '../shared/address-book-queries';
import { decodeAddress, encodeAddress } from './address-codec';
import { sqliteAuth } from './auth';
import { sqliteCarriers } from './carriers';
import { DATABASE_FILE, openDatabase, type Db } from './database';
import { translatingErrors } from './errors';
import { groupCommit } from './group-commit';
import { sqliteImports } from './imports';
import { sqliteLimits } from './limits';
import { sqliteManifests } from './manifests';
import { sqliteNumbers } from './numbers';
import { sqliteOrders } from './orders';
import { sqliteSettings } from './settings';
import { sqliteShipments } from './shipments';
import { walSync } from './wal-sync';
import { sqliteWebhooks } from './webhooks';

export interface SqliteStore extends Store {
  readonly dialect: 'sqlite';
  /** The connection itself, for the tests and tools that look beneath the contract. */
  readonly db: Db;
}

export function openSqliteStore(options: {
  dataDir: string;
  onMigration?: OnMigration;
  /** The WAL's fsync: the tests give one that fails, to see that a failed sync is fatal for writes. */
  fsync?: NonNullable<Parameters<typeof walSync>[1]>['fsync'];
}): SqliteStore {
  const db = openDatabase(options.dataDir, options.onMigration);
  try {
    const wal = walSync(`${db.name}-wal`, options.fsync ? { fsync: options.fsync } : {});
    const numbers = sqliteNumbers(db);
    const commit = groupCommit(db, wal, { beforeCommit: numbers.writeReserved, afterRollback: numbers.reread });
    let closed = false;
    return {
      dialect: 'sqlite',
      location: join(options.dataDir, DATABASE_FILE),
      db,
      shipments: translatingErrors(sqliteShipments(db, commit, () => wal.flush())),
      numbers: translatingErrors({ take: numbers.take }),
      auth: translatingErrors(sqliteAuth(db)),
      settings: translatingErrors(sqliteSettings(db)),
      limits: translatingErrors(sqliteLimits(db)),
      carriers: translatingErrors(sqliteCarriers(db)),
      manifests: translatingErrors(sqliteManifests(db, commit, numbers)),
      imports: translatingErrors(sqliteImports(db, commit)),
      webhooks: translatingErrors(sqliteWebhooks(db)),
      addressBook: translatingErrors(
        addressBookQueries(
          <R>(sql: string, params: (string | number)[]) => Promise.resolve(db.prepare(sql).all(...params) as R[]),
          { encode: encodeAddress, decode: (stored) => decodeAddress(stored as string) },
        ),
      ),
      presets: translatingErrors(
        presetQueries(<R>(sql: string, params: (string | number)[]) =>
          Promise.resolve(db.prepare(sql).all(...params) as R[]),
        ),
      ),
      orders: translatingErrors(sqliteOrders(db, commit)),
      async close() {
        if (closed) return;
        closed = true;
        // Writes still queued commit and are synced by wal.close(), before the connection goes.
        wal.close();
        if (db.open) db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
