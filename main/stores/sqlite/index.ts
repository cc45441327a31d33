/**
 * The embedded store: one SQLite file in the station's data folder. Every shipment write
 * goes through the group commit (group-commit.ts), durable before it is answered.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { StorageUnavailableError, type OnMigration, type Store } from '../../core/storage';
import { auditQueries } from '../shared/audit-queries';
import { insertSql, values } from '../shared/columns';
import { AUDIT_FIELDS, auditEvents } from '../shared/tables/audit';
import { addressBookQueries, presetQueries, type Run } from '../shared/address-book-queries';
import { render, type Sql } from '../shared/sql';
import { sqliteAuth } from './auth';
import { sqliteCarriers } from './carriers';
import { walCheckpointer } from './checkpointer';
import type { SqliteBinding } from './connection';
import {
  AUTOCHECKPOINT_PAGES,
  DATABASE_FILE,
  databaseFileGone,
  databaseReadOnly,
  openDatabase,
  type Db,
} from './database';
import { translatingErrors } from '../shared/errors';
import { translateError } from './errors';
import { eventTexts } from './event-texts';
import { groupCommit, type GroupCommit } from './group-commit';
import { sqliteImports } from './imports';
import { sqliteLimits } from './limits';
import { indexLoaded } from './load-index';
import { stagedTermsFile } from './load-terms';
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
  /** The compiled driver to load (Electron's own build); the package's own without one. */
  binding?: SqliteBinding;
  /** The WAL's fsync: the tests give one that fails, to see that a failed sync is fatal for writes. */
  fsync?: NonNullable<Parameters<typeof walSync>[1]>['fsync'];
}): SqliteStore {
  const db = openDatabase(options.dataDir, options.onMigration, options.binding);
  try {
    db.transaction(() => indexLoaded(db)).immediate();
    // A load's scratch file, left by a load that was killed: its terms are written now.
    rmSync(stagedTermsFile(db.name), { force: true });
    const wal = walSync(`${db.name}-wal`, options.fsync ? { fsync: options.fsync } : {});
    const numbers = sqliteNumbers(db);
    const texts = eventTexts(db);
    const checkpoints = walCheckpointer(
      db.name,
      () => {
        if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
      },
      options.binding?.file,
    );
    db.pragma('wal_autocheckpoint = 0');
    const commit = groupCommit(
      db,
      wal,
      {
        beforeCommit: numbers.writeReserved,
        afterRollback: numbers.reread,
        afterCommit: texts.committed,
        afterUndo: texts.undone,
        refusal: () => databaseFileGone(db),
      },
      checkpoints,
    );
    let closed = false;
    const translating = <T extends object>(methods: T) =>
      translatingErrors(methods, (error) => translateError(error, () => databaseReadOnly(db)));
    // Writes outside the group commit are refused too while the file is gone (a stat each;
    // none of these is on a create's path).
    const whileFileThere = <T extends object>(methods: T): T => {
      const guarded = {} as Record<string, unknown>;
      for (const [name, method] of Object.entries(methods)) {
        guarded[name] =
          typeof method !== 'function'
            ? method
            : (...args: unknown[]) => {
                const gone = databaseFileGone(db);
                if (gone) throw gone;
                return (method as (...a: unknown[]) => unknown)(...args);
              };
      }
      return translating(guarded as T);
    };
    const run: Run = <R>(statement: Sql) => {
      const { text, params } = render('sqlite', statement);
      return Promise.resolve(db.prepare(text).all(...params) as R[]);
    };
    return {
      dialect: 'sqlite',
      location: join(options.dataDir, DATABASE_FILE),
      db,
      shipments: translating(sqliteShipments(db, commit, () => wal.flush(), texts, options.binding)),
      numbers: translating({ take: numbers.take }),
      auth: translating(sqliteAuth(db)),
      settings: whileFileThere(sqliteSettings(db)),
      limits: translating(sqliteLimits(db)),
      carriers: translating(sqliteCarriers(db)),
      manifests: translating(sqliteManifests(db, commit, numbers, texts)),
      imports: translating(sqliteImports(db, commit)),
      webhooks: whileFileThere(sqliteWebhooks(db)),
      addressBook: whileFileThere(addressBookQueries('sqlite', run)),
      presets: whileFileThere(presetQueries('sqlite', run)),
      audit: translating(sqliteAudit(db, commit, run)),
      ping: translating({
        async ping() {
          if (closed) throw new StorageUnavailableError('The station is closing.');
          const gone = databaseFileGone(db);
          if (gone) throw gone;
          db.prepare('SELECT count(*) FROM sqlite_master').get();
        },
      }).ping,
      orders: translating(sqliteOrders(db, commit)),
      async close() {
        if (closed) return;
        closed = true;
        // The checkpoint's connection first: the station's, closing last, then ends the WAL.
        await checkpoints.close();
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

/**
 * The audit trail: appended inside the group commit, so an entry shares its batch's
 * transaction and fsync. It is answered at its commit, not after the fsync: the change it
 * records was made durable first, and a second wait for the disk on every print cost a
 * desk's create-and-print a third of its rate (docs/performance.md).
 */
function sqliteAudit(db: Db, commit: GroupCommit, run: Run) {
  const insert = db.prepare(insertSql('sqlite', auditEvents, AUDIT_FIELDS));
  const encode = values('sqlite', auditEvents, AUDIT_FIELDS);
  return auditQueries('sqlite', run, (entries) =>
    commit(
      () => {
        for (const entry of entries) insert.run(...encode(entry));
      },
      { atCommit: true },
    ),
  );
}
