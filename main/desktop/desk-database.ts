/**
 * Which database this desk uses, chosen in Settings and kept on this computer (the desk's
 * own config, not the shared database). The URL carries a password, so it is stored only
 * encrypted by the operating system (Electron's safeStorage: DPAPI on Windows, the
 * Keychain on macOS); where that is not available a URL with a password is refused.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { DatabaseChoice } from '../ipc/bridge';
import { validationError } from '../core/errors';
import { connectionProblem } from '../stores/postgres';
import { redactedUrl } from '../stores/postgres/pool';

export interface Cipher {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The desk's own settings file, in Electron's userData folder. */
export const DESK_FILE = 'desk.json';

interface DeskFile {
  /** base64 of the OS-encrypted URL; absent → this computer's own SQLite file. */
  databaseUrl?: string;
}

/** Parses what an operator typed, or throws a 400 naming the field. */
export function parseDatabaseUrl(text: string): string {
  const url = text.trim();
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^postgres(ql)?:$/.test(parsed.protocol) || !parsed.hostname) {
    throw validationError({ url: 'must be a PostgreSQL address: postgres://user:password@host:5432/database' });
  }
  return url;
}

export function deskDatabase(file: string, cipher: Cipher) {
  const readFile = (): DeskFile => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DeskFile) : {});
  return {
    /** The chosen URL, decrypted; undefined for the SQLite file. */
    url(): string | undefined {
      const stored = readFile().databaseUrl;
      return stored === undefined ? undefined : cipher.decryptString(Buffer.from(stored, 'base64'));
    },
    /** Saves a PostgreSQL URL (already checked to connect), or null for the SQLite file. */
    choose(url: string | null): void {
      // (A URL without a password could be kept in plain text, but one rule is easier to trust.)
      const next: DeskFile = { ...readFile() };
      if (url === null) delete next.databaseUrl;
      else {
        if (!cipher.isEncryptionAvailable()) {
          throw validationError(
            { url: 'this computer cannot keep a password encrypted; set SHIPPING_STATION_DATABASE_URL instead' },
            'The database address cannot be kept safely on this computer.',
          );
        }
        next.databaseUrl = cipher.encryptString(url).toString('base64');
      }
      // Written whole, then moved into place: a crash never leaves half a file.
      writeFileSync(`${file}.tmp`, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      chmodSync(file, 0o600);
    },
  };
}

export const describeChoice = (
  url: string | undefined,
  sqliteFile: string,
  fromEnvironment: boolean,
): DatabaseChoice =>
  url
    ? { kind: 'postgres', location: redactedUrl(url), fromEnvironment }
    : { kind: 'sqlite', location: sqliteFile, fromEnvironment };

export type DeskDatabase = ReturnType<typeof deskDatabase>;

/**
 * Settings' "Use this database": checks what the operator gave (a PostgreSQL address that
 * connects, or null for this computer's own file), keeps it, and says what the desk will
 * use from its next start.
 */
export async function chooseDatabase(
  desk: DeskDatabase,
  given: unknown,
  context: { sqliteFile: string; fromEnvironment: boolean; check?: (url: string) => Promise<string | null> },
): Promise<DatabaseChoice> {
  if (given !== null && typeof given !== 'string')
    throw validationError({ url: 'must be a PostgreSQL address, or null for this computer’s own file' });
  const url = given === null ? null : parseDatabaseUrl(given);
  if (url !== null) {
    const problem = await (context.check ?? connectionProblem)(url);
    if (problem) throw validationError({ url: problem });
  }
  desk.choose(url);
  return describeChoice(url ?? undefined, context.sqliteFile, context.fromEnvironment);
}
