/**
 * One action at a time on a settings panel (create, revoke, remove, test): busy while it
 * runs, then one line saying what it did, or what went wrong (on the form's fields where the
 * problem names them, the rest in the line).
 */
import { useState } from 'react';
import { describeError, formErrors } from '../api';

export interface PanelMessage {
  tone: 'success' | 'error';
  text: string;
}

export interface PanelAction {
  busy: boolean;
  message: PanelMessage | null;
  fieldErrors: Record<string, string>;
  run: (action: () => Promise<string | void>, options?: RunOptions) => Promise<boolean>;
}

interface RunOptions {
  /** The form's fields by request path: a problem naming one marks it. */
  fields?: readonly string[];
  /** Runs whether the action worked or not (closing its confirmation). */
  after?: () => void;
}

export function usePanelAction(): PanelAction {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<PanelMessage | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  /** Runs `action`; the line it returns says what it did. True when it worked. */
  const run = async (action: () => Promise<string | void>, { fields = [], after }: RunOptions = {}) => {
    setBusy(true);
    setMessage(null);
    setFieldErrors({});
    try {
      const done = await action();
      if (done) setMessage({ tone: 'success', text: done });
      return true;
    } catch (problem) {
      const { byField, notice } = formErrors(problem, fields);
      setFieldErrors(byField);
      const text = fields.length > 0 ? notice : describeError(problem);
      if (text) setMessage({ tone: 'error', text });
      return false;
    } finally {
      after?.();
      setBusy(false);
    }
  };
  return { busy, message, fieldErrors, run };
}
