/**
 * One action at a time on a settings panel (create, revoke, remove, test): busy while it
 * runs, and what went wrong as one notice, or on the form's fields where it names them.
 */
import { useState } from 'react';
import { describeError, formErrors } from '../api';

export function usePanelAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  /** Runs `action`; a problem naming one of `fields` marks it, the rest is the notice. `after` runs either way. */
  const run = async (action: () => Promise<void>, fields: string[] = [], after?: () => void) => {
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await action();
    } catch (problem) {
      const { byField, notice } = formErrors(problem, fields);
      setFieldErrors(byField);
      setError(fields.length > 0 ? notice : describeError(problem));
    } finally {
      after?.();
      setBusy(false);
    }
  };
  return { busy, error, fieldErrors, run };
}
