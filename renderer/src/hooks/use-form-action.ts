/**
 * One action at a time on a settings form (save, test, refresh): busy while it runs, then the
 * line it returns, or what went wrong as errorsToShow puts it: a 400's fields beside them, any
 * other failure (a device's 503 naming its port) once in the notice.
 */
import { useState } from 'react';
import { errorsToShow } from '../api';

export function useFormAction(fields: readonly string[]) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);

  /** Runs `action`; the line it returns says what it did. */
  async function run(action: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      setMessage(await action());
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const { byField, notice } = errorsToShow(error, fields);
  return { busy, message, byField, notice, run };
}
