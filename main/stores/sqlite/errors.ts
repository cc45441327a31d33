/** SQLite's error codes stay here: the core sees StorageUnavailableError or the error as it was. */
import { StorageUnavailableError } from '../../core/storage';

/** A failure a retry may cure: busy, locked, disk trouble. */
const TRANSIENT = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)/;

const READ_ONLY = 'its file or folder is read-only';

/**
 * Causes that last until someone acts, as the operator is told them. A write that meets
 * one is rolled back whole; the next write after the cause is gone goes through.
 */
const REASONS: [RegExp, string][] = [
  [/^SQLITE_FULL/, 'the disk is full'],
  [/^SQLITE_READONLY/, READ_ONLY],
  [/^SQLITE_CANTOPEN/, 'its file cannot be opened'],
  [/^SQLITE_IOERR/, 'the disk reported an error'],
];

/**
 * `readOnly`: whether the system refuses to write the database now. A read-only disk or
 * file fails SQLite's write (SQLITE_IOERR), not its open: asked then, to name the cause.
 */
export function translateError(error: unknown, readOnly?: () => boolean): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TRANSIENT.test(code)) {
    const reason =
      /^SQLITE_(IOERR|CANTOPEN)/.test(code) && readOnly?.()
        ? READ_ONLY
        : REASONS.find(([pattern]) => pattern.test(code))?.[1];
    return new StorageUnavailableError(
      reason
        ? `The station’s database cannot be written: ${reason}.`
        : 'The station’s database is busy or unavailable; try again shortly.',
      reason ? { cause: error, reason } : { cause: error },
    );
  }
  return error;
}
