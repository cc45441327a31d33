/** Opens the station's SQLite file: pragmas, then every migration not yet applied. */
import type Database from 'better-sqlite3';
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { StorageUnavailableError, type OnMigration } from '../../core/storage';
import { openConnection, type SqliteBinding } from './connection';
import { restoreSetAside } from './load-index';
import { MIGRATIONS } from './migrations';

export type Db = Database.Database;
export const DATABASE_FILE = 'shipping-station.db';
/** The connection's synchronous mode: every commit waits for the disk unless it says otherwise. */
export const DURABLE_SYNCHRONOUS = 'FULL';

/** SQLite's own threshold for a checkpoint, where the station's connection still checkpoints (checkpointer.ts). */
export const AUTOCHECKPOINT_PAGES = 1000;

/** Only the user who runs the station may read its addresses and password hashes. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Creates the data folder 0700 and the database file 0600 (SQLite gives its -wal and -shm
 * files the database file's mode), narrows an existing database's files to 0600, and warns
 * when an existing folder lets other users in. Windows has no such modes: its folder is in
 * the user's own profile.
 */
export function secureDataDir(dataDir: string, warn: (message: string) => void = console.warn): string {
  mkdirSync(dataDir, { recursive: true, mode: FOLDER_MODE });
  const file = join(dataDir, DATABASE_FILE);
  if (process.platform === 'win32') return file;
  const folderMode = statSync(dataDir).mode & 0o777;
  if (folderMode & 0o077) {
    warn(
      `WARNING: the data folder ${dataDir} is open to other users of this machine (mode ${folderMode.toString(8)}); ` +
        `they may read its addresses and password hashes. Run: chmod 700 "${dataDir}"`,
    );
  }
  if (!existsSync(file)) closeSync(openSync(file, 'a', FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, FILE_MODE);
  }
  return file;
}

/** `binding`: the compiled driver to load (connection.ts); the package's own without one. */
export function openDatabase(dataDir: string, onMigration?: OnMigration, binding?: SqliteBinding): Db {
  // Through any symlink: SQLite puts the -wal beside the real file, where wal-sync.ts syncs it.
  const path = realpathSync(secureDataDir(dataDir));
  const db = openConnection(path, {}, binding);
  const { ino, dev } = statSync(path);
  openedFiles.set(db, { path, ino, dev });
  // WAL lets readers (list, tracking) run while a create commits; FULL makes each commit
  // durable across a power cut, which a desk printing labels cannot afford to lose.
  // Shipment writes (create, label printed, cancel, scans) are as durable, with the fsync
  // off the event loop and shared between concurrent commits: group-commit.ts, wal-sync.ts.
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${DURABLE_SYNCHRONOUS}`);
  // macOS: a plain fsync leaves writes in the drive's cache; F_FULLFSYNC empties it, for
  // commits and checkpoints alike (elsewhere these two are no-ops).
  db.pragma('fullfsync = ON');
  db.pragma('checkpoint_fullfsync = ON');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A bulk load cut short: what it set aside comes back as the schema it was taken from.
  db.transaction(() => restoreSetAside(db))();
  migrate(db, onMigration);
  return db;
}

/** Each open connection's file, as it was when opened: a file deleted or moved under it is a different one. */
const openedFiles = new WeakMap<Db, { path: string; ino: number; dev: number }>();

/**
 * Why the connection's file is no longer the one at its path (deleted, moved away,
 * replaced), or undefined while it is: commits to a file nobody can reach would be lost
 * at the next start, so they are refused until the file is back.
 */
export function databaseFileGone(db: Db): StorageUnavailableError | undefined {
  const opened = openedFiles.get(db);
  if (!opened) return undefined;
  let now;
  try {
    now = statSync(opened.path);
  } catch {
    now = undefined;
  }
  if (now && now.ino === opened.ino && now.dev === opened.dev) return undefined;
  const reason =
    'its file was deleted or moved while the station ran; put it back, or restart the station to open the file that is there now';
  return new StorageUnavailableError(reason, { reason });
}

/**
 * True when the system refuses now to write the connection's file, its WAL or its folder:
 * a read-only disk or file, which reaches SQLite only as a failed write. Asked after a
 * write failed, never before one.
 */
export function databaseReadOnly(db: Db): boolean {
  const opened = openedFiles.get(db);
  if (!opened) return false;
  return [opened.path, `${opened.path}-wal`, dirname(opened.path)].some((path) => {
    try {
      accessSync(path, constants.W_OK);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  });
}

export function migrate(db: Db, onMigration?: OnMigration): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database is at schema version ${current}, newer than this station (${latest}). Update the station.`,
    );
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    if (current > 0) onMigration?.(migration);
    // Outside a transaction: SQLite ignores this pragma inside one.
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
    if (migration.rebuildsTables) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        migration.backfill?.(db);
        db.pragma(`user_version = ${migration.version}`);
      }).immediate();
    } finally {
      if (migration.rebuildsTables) db.pragma(`foreign_keys = ${foreignKeys}`);
    }
  }
}
