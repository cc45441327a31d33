/** Under a bulk bar's buttons: what stopped the last action, its summary, and a line per item. */
import type { ReactNode } from 'react';
import type { BulkOutcome, SummaryTone } from '../hooks/use-bulk-run';
import { Notice } from './Notice';

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
