/**
 * The station key that seals webhook secrets (core/secret-box.ts): kept off the database,
 * so the database alone does not give the secrets. SHIPPING_STATION_SECRET_KEY when set
 * (the same on every desk sharing a PostgreSQL database), else a key generated once into
 * the desk's data folder and read back at every start.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const STATION_KEY_FILE = 'station-key';
/** Shorter is guessable, or a file cut short: secrets sealed under it would be as good as plain. */
const MIN_KEY_LENGTH = 16;

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a new key into `file` unless one is there: whole, synced, then linked into place,
 * so a second process never reads it half-written and never replaces a key in use.
 */
function writeNewKey(file: string): void {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString('base64url')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, file);
    if (process.platform !== 'win32') fsyncPath(dirname(file));
  } catch (error) {
    // Another process on this data folder wrote it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

export function stationKey(dataDir: string, env = process.env.SHIPPING_STATION_SECRET_KEY): string {
  if (env !== undefined && env !== '') {
    if (env.length < MIN_KEY_LENGTH)
      throw new Error(`SHIPPING_STATION_SECRET_KEY must be at least ${MIN_KEY_LENGTH} characters`);
    return env;
  }
  const file = join(dataDir, STATION_KEY_FILE);
  const read = () => {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length < MIN_KEY_LENGTH) {
      throw new Error(
        `The station key ${file} holds ${key.length} characters, not the ${MIN_KEY_LENGTH} or more a key needs: ` +
          'put back the copy kept with your backups (or delete the file, and webhooks need their secrets set again).',
      );
    }
    return key;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // The folder is the station's alone, whichever store it uses.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeNewKey(file);
  return read();
}
