/**
 * What the list does to the shipments selected in it, at once: print their labels in one
 * job, cancel them, or put them on their carriers' manifests. Every shipment gets its own
 * outcome line, so nothing half-done goes unseen.
 */
import { useEffect, useRef, useState } from 'react';
import type { ListItem } from '../../../main/core/schemas';
import { api, describeError } from '../api';
import { BulkBar, BulkResults } from '../components/BulkBar';
import { outcomeEach, useBulkRun, type BulkOutcome } from '../hooks/use-bulk-run';
import { plural } from '../lib/format';
import {
  type BatchFormsOutcome,
  batchPrintItemLine,
  batchPrintLine,
  hasLabelPrinter,
  printBatchCustomsForms,
  printBatchInWindow,
  printLabelsOnLabelPrinter,
} from '../lib/printing';

type Action = 'print' | 'cancel' | 'manifest';

export function BulkActions({
  selected,
  onDone,
  onClear,
}: {
  selected: ListItem[];
  onDone: () => void;
  onClear: () => void;
}) {
  const bulk = useBulkRun<Action>(onDone);
  const { busy, setSummary, check } = bulk;
  const [confirming, setConfirming] = useState(false);
  // Answered: back on Print labels, never on the page (the dialog has closed by then).
  const printButton = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLElement>(null);
  // An action's button is disabled while it works, which drops the cursor to the page:
  // once done (and nothing asked), back to Print labels, or the bar's first button.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy !== null) wasBusy.current = true;
    else if (wasBusy.current && check === null) {
      wasBusy.current = false;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost) (printButton.current ?? bar.current?.querySelector<HTMLElement>('button'))?.focus();
    }
  }, [busy, check]);
  const hadCheck = useRef(false);
  useEffect(() => {
    if (check) hadCheck.current = true;
    else if (hadCheck.current) {
      hadCheck.current = false;
      printButton.current?.focus();
    }
  }, [check]);

  const run = (name: Action, work: () => Promise<BulkOutcome[]>) => {
    setConfirming(false);
    return bulk.run(name, work);
  };

  const printLabels = () =>
    run('print', async () => {
      const shipmentIds = selected.map((s) => s.shipmentId);
      // A label printer chosen in Settings → Printers takes them as one job in its format.
      if (await hasLabelPrinter()) {
        const sent = await printLabelsOnLabelPrinter({ shipmentIds });
        setSummary(`Printed: ${batchPrintLine(sent)}.`);
        return sent.results.map((r, i) => ({
          name: r.shipmentNumber ?? selected[i]!.shipmentNo,
          ok: r.ok,
          text: batchPrintItemLine(r, sent),
        }));
      }
      // A CN22 travels with the labels, as on a shipment's own print (docs/contract.md §17).
      // Nothing is marked yet: the browser cannot say whether they printed, the operator can.
      const batch = await api.printLabels({
        body: { shipmentIds },
        query: { includeCustoms: true, markPrinted: false },
      });
      let forms: BatchFormsOutcome | undefined;
      let marked = false;
      if (batch.base64String) {
        const printed = batch.results.filter((r) => r.ok).map((r) => r.shipmentId);
        const went = await printBatchInWindow(batch.base64String, printed.length, async () => {
          await api.printLabels({ body: { shipmentIds: printed }, query: {} });
        });
        if (went.refused) throw new Error(went.refused);
        marked = went.printed;
        // The CN23s and invoices follow on A4, as one job or one second print (docs/contract.md §17).
        forms = await printBatchCustomsForms({ shipmentIds: printed });
        setSummary(`Labels of ${plural(printed.length, 'shipment')} sent to print.${forms.message}`);
        if (went.check) bulk.setCheck(went.check);
      }
      return batch.results.map((r, i) => ({
        name: r.shipmentNumber ?? selected[i]!.shipmentNo,
        ok: r.ok,
        text: !r.ok
          ? (r.problem ?? 'not printed')
          : `label sent to print${forms?.shipmentIds.has(r.shipmentId) ? `; CN23 + invoice ${forms.where}` : ''}${marked ? '; Printed' : ''}`,
      }));
    });

  const cancel = () =>
    run('cancel', () =>
      outcomeEach(
        selected,
        (s) => s.shipmentNo,
        async (s) => {
          await api.cancelShipment({ params: { uniqueId: s.shipmentId } });
          return 'cancelled';
        },
      ),
    );

  const manifest = () =>
    run('manifest', async () => {
      const carriers = await api.listCarriers();
      const byCarrier = new Map<number, ListItem[]>();
      for (const s of selected) {
        const id = carriers.items.find((c) => c.name === s.carrier)?.id ?? 0;
        byCarrier.set(id, [...(byCarrier.get(id) ?? []), s]);
      }
      const out = new Map<string, BulkOutcome>();
      for (const [carrierId, group] of byCarrier) {
        try {
          const made = await api.createManifest({ body: { carrierId, shipmentIds: group.map((s) => s.shipmentId) } });
          const listed = new Set(made.shipments.map((m) => m.shipmentId));
          for (const s of group) {
            out.set(
              s.shipmentId,
              listed.has(s.shipmentId)
                ? { name: s.shipmentNo, ok: true, text: `on manifest ${made.manifestNumber}` }
                : {
                    name: s.shipmentNo,
                    ok: false,
                    text: `not added: it is ${s.status}, not Printed, or on a manifest already`,
                  },
            );
          }
        } catch (e) {
          for (const s of group) out.set(s.shipmentId, { name: s.shipmentNo, ok: false, text: describeError(e) });
        }
      }
      return selected.map((s) => out.get(s.shipmentId)!);
    });

  return (
    <BulkBar
      ref={bar}
      label="Selected shipments"
      selected={plural(selected.length, 'shipment')}
      busy={busy !== null}
      onClear={() => {
        bulk.clear();
        onClear();
      }}
      actions={
        <>
          <button
            ref={printButton}
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void printLabels()}
          >
            {busy === 'print' ? 'Printing…' : 'Print labels'}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void manifest()}>
            {busy === 'manifest' ? 'Adding…' : 'Add to manifest'}
          </button>
          {confirming ? (
            <button
              type="button"
              className="button button-danger"
              disabled={busy !== null}
              onClick={() => void cancel()}
            >
              Confirm: cancel {plural(selected.length, 'shipment')}
            </button>
          ) : (
            <button type="button" className="button" disabled={busy !== null} onClick={() => setConfirming(true)}>
              {busy === 'cancel' ? 'Cancelling…' : 'Cancel shipments'}
            </button>
          )}
        </>
      }
    >
      <BulkResults bulk={bulk} label="Outcome per shipment" onAnswered={onDone} />
    </BulkBar>
  );
}
