/**
 * The bar over a list while rows are selected in it: how many, the actions, Clear selection;
 * under them, what the last action did.
 */
import type { ReactNode, Ref } from 'react';
import type { BulkRun } from '../hooks/use-bulk-run';
import { DidItPrint } from './DidItPrint';
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

/** Under a bulk bar's buttons: what stopped the last action, its summary, "Did it print?", and a line per item. */
export function BulkResults({
  bulk,
  label,
  onAnswered,
}: {
  bulk: Pick<BulkRun, 'error' | 'summary' | 'summaryTone' | 'outcomes' | 'check' | 'printedAnswer'>;
  /** Names the list of lines for a screen reader: "Outcome per order". */
  label: string;
  /** After the operator answered "Did it print?" (the list shows the new statuses). */
  onAnswered: () => void;
}) {
  const { error, summary, summaryTone, outcomes } = bulk;
  return (
    <>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {summary ? <Notice tone={summaryTone}>{summary}</Notice> : null}
      <DidItPrint
        check={bulk.check}
        onAnswered={(answer) => {
          bulk.printedAnswer(answer);
          onAnswered();
        }}
      />
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
