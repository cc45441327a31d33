/**
 * Settings → This desk → Packing slip (docs/contract.md §18; docs/desk.md, "Packing slips"):
 * A4 or the label's size, and whether shipping an order prints it after its label. Kept with
 * the desk's printers, so the watched folder's ship prints it too; each change is kept at once.
 */
import { useState } from 'react';
import type { OutputOf } from '../../../main/operations/spec';
import { api } from '../api';
import { ErrorNotice } from '../components/Notice';
import { useLoad } from '../hooks/use-load';
import { forgetCatalog } from '../order/catalog';

type Overview = OutputOf<'listPrinters'>;
type Choice = Overview['packingSlip'];

const LABEL_SIZE_WORDS = { '4x6': '4×6 in', A6: 'A6' } as const;

/** Where a packing slip goes on this desk, in a line. */
function whereItPrints(overview: Overview, choice: Choice): string {
  const { labelPrinter, items } = overview;
  const name = (id: string | null | undefined) => items.find((p) => p.id === id)?.name ?? id ?? '';
  const labelSize = LABEL_SIZE_WORDS[labelPrinter.pageSize];
  if (choice.size === 'A4' && labelPrinter.documentPrinterId)
    return `Packing slips print on A4 on ${name(labelPrinter.documentPrinterId)}.`;
  if (labelPrinter.printerId) {
    return choice.size === 'A4'
      ? `This desk has no A4 printer (Settings → Printers): packing slips print on ${name(labelPrinter.printerId)} at the label’s size, ${labelSize}.`
      : `Packing slips print on ${name(labelPrinter.printerId)} at the label’s size, ${labelSize}.`;
  }
  return 'No printer is chosen in Settings → Printers: packing slips print through the window, as labels do.';
}

export function PackingSlipField() {
  const loaded = useLoad('printers', () => api.listPrinters());
  const [saved, setSaved] = useState<Overview | null>(null);
  /** The choice as the operator just made it, shown at once while it is being kept. */
  const [shown, setShown] = useState<Choice | null>(null);
  const [error, setError] = useState<unknown>(null);
  const overview = saved ?? loaded.data;
  const choice = shown ?? overview?.packingSlip;

  const choose = async (change: Partial<Choice>) => {
    if (!overview || !choice) return;
    const next = { ...choice, ...change };
    setShown(next);
    setError(null);
    try {
      setSaved(await api.choosePackingSlip({ body: next }));
      // An order's page keeps the desk's printers for a minute: the next one sees this choice.
      forgetCatalog();
    } catch (failure) {
      setError(failure);
      setShown(null);
    }
  };

  return (
    <div className="field stack" role="group" aria-labelledby="packing-slip-label">
      <span className="field-label" id="packing-slip-label">
        Packing slip
      </span>
      {loaded.error && !overview ? <ErrorNotice error={loaded.error} /> : null}
      {overview && choice ? (
        <>
          <label className="inline-field">
            <span>Size</span>
            <select
              id="desk-packing-slip-size"
              className="select"
              value={choice.size}
              onChange={(e) => void choose({ size: e.target.value === 'label' ? 'label' : 'A4' })}
            >
              <option value="A4">A4</option>
              <option value="label">The label’s size ({LABEL_SIZE_WORDS[overview.labelPrinter.pageSize]})</option>
            </select>
          </label>
          <label className="check-row">
            <input
              type="checkbox"
              checked={choice.printWithLabel}
              onChange={(e) => void choose({ printWithLabel: e.target.checked })}
            />
            <span>
              Print the packing slip with the label{' '}
              <span className="muted">
                — shipping an order (its page, a scan, Ship selected, the watched folder) prints its packing slip after
                its label
              </span>
            </span>
          </label>
          <p className="field-hint" data-testid="packing-slip-where">
            {whereItPrints(overview, choice)}
          </p>
        </>
      ) : (
        <span className="muted">Checking…</span>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
