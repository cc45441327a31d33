/**
 * The bar over a list while rows are selected in it: how many, the actions, Clear selection;
 * under them, what the last action did.
 */
import type { ReactNode, Ref } from 'react';
import type { BulkOutcome, SummaryTone } from '../hooks/use-bulk-run';
import { Notice } from './Notice';

export function BulkBar({
  ref,
  label,
  selected,
  busy,
  actions,
  onClear,
  children,
}: {
  ref?: Ref<HTMLElement>;
  /** Names the bar: "Selected orders". */
  label: string;
  /** "3 orders". */
  selected: string;
  /** An action is running: every button waits. */
  busy: boolean;
  /** The buttons between the count and Clear selection. */
  actions: ReactNode;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <section ref={ref} className="bulk-bar" aria-label={label}>
      <div className="bulk-actions">
        <strong>{selected} selected</strong>
        {actions}
        <button type="button" className="button button-quiet" disabled={busy} onClick={onClear}>
          Clear selection
        </button>
      </div>
      {children}
    </section>
  );
}

/** Under a bulk bar's buttons: what stopped the last action, its summary, and a line per item. */
export function BulkResults({
  error,
  summary,
  summaryTone = 'success',
  outcomes,
  label,
  children,
}: {
  error: string | null;
  summary: string | null;
  summaryTone?: SummaryTone;
  outcomes: BulkOutcome[];
  /** Names the list of lines for a screen reader: "Outcome per order". */
  label: string;
  /** Shown between the summary and the lines (a question about the print). */
  children?: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {summary ? <Notice tone={summaryTone}>{summary}</Notice> : null}
      {children}
      {outcomes.length > 0 ? (
        <ul className="bulk-outcomes" aria-label={label}>
          {outcomes.map((o) => (
            <li key={o.name} data-ok={o.ok}>
              <span className="mono">{o.name}</span> {o.ok ? '✓' : '✗'} {o.text}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
