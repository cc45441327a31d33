/**
 * The station key that seals webhook secrets (core/secret-box.ts): kept off the database,
 * so the database alone does not give the secrets. SHIPPING_STATION_SECRET_KEY when set
 * (the same on every desk sharing a PostgreSQL database), else a key generated once into
 * the desk's data folder and read back at every start.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const STATION_KEY_FILE = 'station-key';

export function stationKey(dataDir: string, env = process.env.SHIPPING_STATION_SECRET_KEY): string {
  if (env !== undefined && env !== '') {
    if (env.length < 16) throw new Error('SHIPPING_STATION_SECRET_KEY must be at least 16 characters');
    return env;
  }
  const file = join(dataDir, STATION_KEY_FILE);
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process on this data folder wrote it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}
