/** One-line messages: a failure that stops a screen, or news after an action. */
import type { ReactNode } from 'react';
import { describeError } from '../api';

export function ErrorNotice({ error, action }: { error: unknown; action?: ReactNode }) {
  return (
    <div className="notice notice-error" role="alert">
      <span>{describeError(error)}</span>
      {action}
    </div>
  );
}

/** A failure already put in an operator's words (errorsToShow's notice). */
export function ErrorText({ text }: { text: string }) {
  return (
    <div className="notice notice-error" role="alert">
      <span>{text}</span>
    </div>
  );
}

export function Notice({ tone = 'info', children }: { tone?: 'info' | 'success' | 'warning'; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role="status">
      {children}
    </div>
  );
}
