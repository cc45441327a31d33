/**
 * Backups of a SQLite station without other programs (docs/contract.md §22): SQLite's online backup
 * (better-sqlite3's db.backup) copies the database as of one moment, WAL included, while
 * the station goes on writing; a restore checks the file before it replaces anything, and
 * never runs under a station.
 */
import Database from 'better-sqlite3';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  copyFileSync,
  chmodSync,
  mkdirSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DATABASE_FILE } from './database';
import { MIGRATIONS } from './migrations';
import { assertNoStationHolds } from './station-holds';

const FILE_MODE = 0o600;

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes `to` whole or not at all: written beside it, synced, then renamed over it. */
async function writeAtomically(to: string, write: (tmp: string) => Promise<void> | void): Promise<void> {
  const tmp = join(dirname(to), `.${basename(to)}.${process.pid}.tmp`);
  rmSync(tmp, { force: true });
  try {
    await write(tmp);
    if (process.platform !== 'win32') chmodSync(tmp, FILE_MODE);
    fsyncPath(tmp);
    renameSync(tmp, to);
    if (process.platform !== 'win32') fsyncPath(dirname(to));
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Copies the station's database in `dataDir` to `to` as of one moment, while a station may
 * be writing to it (its own connection or another process's). Returns the pages copied.
 */
export async function backupDatabase(dataDir: string, to: string): Promise<{ pages: number; bytes: number }> {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new Error(`No station data in ${dataDir}.`);
  const source = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  let pages = 0;
  try {
    await writeAtomically(to, async (tmp) => {
      // After the first step, every remaining page in one: one read of one moment, so
      // writes meanwhile cannot make the copy start over.
      const done = await source.backup(tmp, { progress: () => 0x7fffffff });
      pages = done.totalPages;
      const copy = new Database(tmp);
      // A single file, readable alone: no -wal beside it.
      copy.pragma('journal_mode = DELETE');
      copy.close();
    });
  } finally {
    source.close();
  }
  return { pages, bytes: statSync(to).size };
}

/** Why `file` is not a station backup this station can restore, or null. */
export function backupProblem(file: string): string | null {
  if (!existsSync(file)) return `${file} does not exist`;
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return `${file} cannot be opened as a SQLite database (${(error as Error).message})`;
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    if (integrity !== 'ok') return `${file} is damaged: ${integrity}`;
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = MIGRATIONS.at(-1)!.version;
    if (version === 0 || !db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'shipments'").get()) {
      return `${file} is not a Shipping Station database`;
    }
    if (version > latest) {
      return `${file} is at schema version ${version}, newer than this station (${latest}): update the station first`;
    }
    return null;
  } catch (error) {
    return `${file} cannot be read as a SQLite database (${(error as Error).message})`;
  } finally {
    db.close();
  }
}

/**
 * Replaces the database in `dataDir` with the backup `from`: refused while a station holds
 * the folder, and before anything is touched if the file is damaged or not a station's.
 * The database it replaces is kept beside it, renamed; an older schema is upgraded at the
 * next start. Returns where the replaced database went, if there was one.
 */
export async function restoreDatabase(dataDir: string, from: string, now = new Date()): Promise<string | null> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  assertNoStationHolds(dataDir, 'restoring a backup');
  const problem = backupProblem(from);
  if (problem) throw new Error(`Nothing was restored: ${problem}.`);
  const file = join(dataDir, DATABASE_FILE);
  let keptAs: string | null = null;
  if (existsSync(file)) {
    // Folds its WAL in first, so that the copy kept is whole on its own.
    const old = new Database(file);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    keptAs = `${file}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, keptAs);
  }
  for (const extra of ['-wal', '-shm']) rmSync(`${file}${extra}`, { force: true });
  await writeAtomically(file, (tmp) => copyFileSync(from, tmp));
  return keptAs;
}

/** The daily backups in `folder`, newest first (their names sort by date). */
const dailyBackups = (folder: string) =>
  readdirSync(folder)
    .filter((name) => /^shipping-station-\d{4}-\d{2}-\d{2}\.db$/.test(name))
    .sort()
    .reverse();

/**
 * Today's backup into `folder` unless it is there already, then only the newest `keep`
 * kept. Returns the file written, or null when today's was there.
 */
export async function dailyBackup(dataDir: string, folder: string, keep: number, now: Date): Promise<string | null> {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const name = `shipping-station-${now.toISOString().slice(0, 10)}.db`;
  const target = join(folder, name);
  const written = existsSync(target) ? null : target;
  if (written) await backupDatabase(dataDir, written);
  for (const old of dailyBackups(folder).slice(keep)) rmSync(join(folder, old), { force: true });
  return written;
}
