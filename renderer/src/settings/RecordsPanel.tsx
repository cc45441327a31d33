/**
 * The shape the Settings panels for API keys, users and webhooks share: a one-line form that
 * adds a record, a line saying what the last action did, the records' table, and a dialog
 * outside the card. A refused add puts the cursor in the first marked field.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { PanelAction } from '../hooks/use-panel-action';
import { SettingsSection } from './SettingsSection';

interface RecordsPanelProps {
  headingId: string;
  title: string;
  intro: ReactNode;
  /** The panel's one action at a time (usePanelAction). */
  action: PanelAction;
  /** What the last add revealed once (a new key, a signing secret), above the form. */
  revealed?: ReactNode;
  /** The add form's fields; its button says `submitLabel`. */
  fields: ReactNode;
  submitLabel: string;
  canSubmit: boolean;
  onSubmit: () => void;
  /** The records' table. */
  children: ReactNode;
  /** A confirmation dialog, outside the card. */
  dialog?: ReactNode;
}

export function RecordsPanel({
  headingId,
  title,
  intro,
  action,
  revealed,
  fields,
  submitLabel,
  canSubmit,
  onSubmit,
  children,
  dialog,
}: RecordsPanelProps) {
  const form = useRef<HTMLFormElement>(null);
  const { busy, message, fieldErrors } = action;
  useEffect(() => {
    if (Object.keys(fieldErrors).length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);
  // The add button is disabled while it works, and a secret's Done removes what had the
  // cursor: either way it goes back to the form's first field, never to the page. (A
  // secret just revealed has already taken it to its Copy button.)
  const wasBusy = useRef(false);
  const hadRevealed = useRef(false);
  const isRevealed = Boolean(revealed);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (lost) form.current?.querySelector<HTMLElement>('input, select')?.focus();
    }
  }, [busy]);
  useEffect(() => {
    if (isRevealed) hadRevealed.current = true;
    else if (hadRevealed.current) {
      hadRevealed.current = false;
      form.current?.querySelector<HTMLElement>('input, select')?.focus();
    }
  }, [isRevealed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <SettingsSection headingId={headingId} title={title} intro={intro} after={dialog}>
      {revealed}
      <form ref={form} className="inline-form" onSubmit={submit} noValidate>
        {fields}
        <button type="submit" className="button button-primary" disabled={busy || !canSubmit}>
          {submitLabel}
        </button>
      </form>
      {message ? (
        <p className={`notice notice-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
      {children}
    </SettingsSection>
  );
}
