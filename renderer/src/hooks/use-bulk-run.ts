/**
 * One bulk action at a time on a list's selection: busy with its name while it runs, then a
 * line per item (so nothing half-done goes unseen), a summary of the whole, or what stopped it.
 */
import { useState } from 'react';
import { describeError } from '../api';
import type { PrintedAnswer } from '../components/DidItPrint';
import type { PrintedCheck } from '../lib/printing';

export interface BulkOutcome {
  /** The item as the operator knows it: a shipment's or an order's number. */
  name: string;
  ok: boolean;
  text: string;
}

export type SummaryTone = 'success' | 'warning';

export function useBulkRun<Action extends string>(onDone: () => void) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [outcomes, setOutcomes] = useState<BulkOutcome[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** What the last action did as a whole, in a line (a batch print: what went to which printer). */
  const [summary, setSummary] = useState<string | null>(null);
  const [summaryTone, setSummaryTone] = useState<SummaryTone>('success');
  /** A print that went through the window, waiting for the operator's "Did it print?". */
  const [check, setCheck] = useState<PrintedCheck | null>(null);

  /** Runs `work`, whose lines replace the last action's; the list is reloaded either way. */
  const run = async (name: Action, work: () => Promise<BulkOutcome[]>) => {
    setBusy(name);
    setError(null);
    setSummary(null);
    setSummaryTone('success');
    try {
      setOutcomes(await work());
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(null);
      onDone();
    }
  };

  /** The operator's answer to "Did it print?" after the last action: said after its summary, and on each line it printed. */
  const printedAnswer = (answer: PrintedAnswer) => {
    setCheck(null);
    setSummary(`${summary ?? ''} ${answer.text}`.trim());
    setSummaryTone(answer.tone === 'success' ? 'success' : 'warning');
    if (answer.tone === 'error') setError(answer.text);
    if (answer.printed) setOutcomes((all) => all.map((o) => (o.ok ? { ...o, text: `${o.text}; Printed` } : o)));
  };

  /** Forgets the last action's lines and summary (the selection is being cleared). */
  const clear = () => {
    setOutcomes([]);
    setSummary(null);
  };

  return {
    busy,
    outcomes,
    setOutcomes,
    error,
    setError,
    summary,
    setSummary,
    summaryTone,
    setSummaryTone,
    run,
    check,
    setCheck,
    printedAnswer,
    clear,
  };
}

/** `act` on each item in turn: its line is what `act` returns, or why it failed. */
export async function outcomeEach<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  act: (item: T, index: number) => Promise<string>,
): Promise<BulkOutcome[]> {
  const out: BulkOutcome[] = [];
  for (const [index, item] of items.entries()) {
    try {
      out.push({ name: nameOf(item), ok: true, text: await act(item, index) });
    } catch (e) {
      out.push({ name: nameOf(item), ok: false, text: describeError(e) });
    }
  }
  return out;
}

export type BulkRun = ReturnType<typeof useBulkRun>;
