/**
 * One action at a time on a settings form (save, test, refresh): busy while it runs, then the
 * line it returns, or what went wrong as errorsToShow puts it: a 400's fields beside them, any
 * other failure (a device's 503 naming its port) once in the notice. A form that takes `form`
 * as its ref gets the keyboard back on the first field a refusal names (its button was
 * disabled while busy, which drops focus).
 */
import { useEffect, useRef, useState } from 'react';
import { errorsToShow } from '../api';

export function useFormAction(fields: readonly string[]) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  /** The field the last refusal named first: focused once the form is enabled again. */
  const refused = useRef<string | null>(null);
  useEffect(() => {
    if (busy || !refused.current) return;
    form.current?.querySelector<HTMLElement>(`[name="${CSS.escape(refused.current)}"]`)?.focus();
    refused.current = null;
  }, [busy]);

  /** Runs `action`; the line it returns says what it did. */
  async function run(action: () => Promise<string | null>) {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      setMessage(await action());
    } catch (failure) {
      setError(failure);
      refused.current = Object.keys(errorsToShow(failure, fields).byField)[0] ?? null;
    } finally {
      setBusy(false);
    }
  }

  const { byField, notice } = errorsToShow(error, fields);
  return { busy, message, byField, notice, run, form };
}
