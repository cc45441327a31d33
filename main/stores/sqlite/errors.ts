/** SQLite's error codes stay here: the core sees StorageUnavailableError or the error as it was. */
import { StorageUnavailableError } from '../../core/storage';

/** A failure a retry may cure: busy, locked, disk trouble. */
const TRANSIENT = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY)/;

export function translateError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TRANSIENT.test(code)) {
    return new StorageUnavailableError('The station’s database is busy or unavailable; try again shortly.', {
      cause: error,
    });
  }
  return error;
}
