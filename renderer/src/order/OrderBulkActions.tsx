/**
 * What the Orders screen does to the orders selected in it: ship them (each through the
 * shipping rules, as POST /orders/{orderId}/ship does), then print every new label as ONE job
 * on the desk's label printer, as the shipments list's bulk print does (through a browser, then
 * "Did it print?"), and each packing slip after them when the desk prints them with the label;
 * or cancel them after a question. Every order gets its own outcome line, so nothing half-done goes unseen.
 */
import { useState } from 'react';
import { api, describeError } from '../api';
import { BulkBar, BulkResults } from '../components/BulkBar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { outcomeEach, useBulkRun, type BulkOutcome } from '../hooks/use-bulk-run';
import { plural } from '../lib/format';
import {
  batchPrintLine,
  hasLabelPrinter,
  printBatchCustomsForms,
  printBatchInWindow,
  printLabelsOnLabelPrinter,
  printPackingSlips,
  type PrintedCheck,
} from '../lib/printing';
import type { OrderRow } from '../pages/OrdersPage';

export function OrderBulkActions({
  selected,
  onDone,
  onClear,
}: {
  selected: OrderRow[];
  onDone: () => void;
  onClear: () => void;
}) {
  const bulk = useBulkRun<'ship' | 'cancel'>(onDone);
  const { busy, setSummary, setSummaryTone, setError } = bulk;
  const [asking, setAsking] = useState(false);

  const run = (name: 'ship' | 'cancel', work: () => Promise<BulkOutcome[]>) => {
    setAsking(false);
    return bulk.run(name, work);
  };

  const ship = () =>
    run('ship', async () => {
      const shipped: { line: number; shipmentId: string; orderId: string }[] = [];
      const out = await outcomeEach(
        selected,
        (order) => order.orderNumber,
        async (order, line) => {
          // One key per order and click: a retried request makes no second shipment.
          const made = await api.shipOrder({
            params: { orderId: order.orderId },
            body: {},
            headers: { 'idempotency-key': crypto.randomUUID() },
          });
          shipped.push({ line, shipmentId: made.shipmentId, orderId: order.orderId });
          return `shipped as ${made.shipmentNumber}${made.ruleName ? ` (rule “${made.ruleName}”)` : ''}`;
        },
      );
      if (shipped.length === 0) return out;
      const shipmentIds = shipped.map((s) => s.shipmentId);
      /** The orders whose labels went to print: their packing slips follow. */
      let labelled = shipped;
      /** Asked once the packing slips went too: the question is about the labels in hand. */
      let askAfter: PrintedCheck | undefined;
      try {
        if (await hasLabelPrinter()) {
          const sent = await printLabelsOnLabelPrinter({ shipmentIds });
          setSummary(`Shipped ${plural(shipped.length, 'order')}. Printed: ${batchPrintLine(sent)}.`);
          const refused = new Set(sent.results.filter((r) => !r.ok).map((r) => r.shipmentId));
          for (const s of shipped.filter((x) => refused.has(x.shipmentId))) {
            const problem = sent.results.find((r) => r.shipmentId === s.shipmentId)?.problem;
            out[s.line]!.text += `; label not printed: ${problem ?? 'the printer refused it'}`;
          }
          labelled = shipped.filter((s) => !refused.has(s.shipmentId));
        } else {
          // Nothing is marked yet: the browser cannot say whether they printed, the operator can.
          const batch = await api.printLabels({
            body: { shipmentIds },
            query: { includeCustoms: true, markPrinted: false },
          });
          const printed = batch.results.filter((r) => r.ok).map((r) => r.shipmentId);
          labelled = shipped.filter((s) => printed.includes(s.shipmentId));
          if (batch.base64String) {
            const went = await printBatchInWindow(batch.base64String, printed.length, async () => {
              await api.printLabels({ body: { shipmentIds: printed }, query: {} });
            });
            if (went.refused) throw new Error(went.refused);
            const forms = await printBatchCustomsForms({ shipmentIds: printed });
            setSummary(`Shipped ${plural(shipped.length, 'order')}; their labels sent to print.${forms.message}`);
            askAfter = went.check;
          }
        }
      } catch (e) {
        setSummary(null);
        setError(`Shipped ${plural(shipped.length, 'order')}, but the labels were not printed: ${describeError(e)}`);
        return out;
      }
      // Each packing slip after the labels, one job per order, when this desk prints them with the label.
      const slips = await printPackingSlips(labelled.map((s) => s.orderId));
      if (slips) {
        const failed = labelled.filter((s) => !slips.get(s.orderId)?.ok);
        for (const s of failed) {
          const why = slips.get(s.orderId)?.text ?? 'The packing slip was not printed.';
          out[s.line]!.text += `; ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
        }
        const went = [...slips.values()].filter((o) => o.ok);
        const where = [...new Set(went.map((o) => o.printer ?? 'print'))].join(', ');
        const line =
          went.length === 0
            ? 'The packing slips were not printed (see each order).'
            : `${plural(went.length, 'packing slip')} sent to ${where}${failed.length ? `; ${failed.length} not printed (see each order)` : ''}.`;
        setSummary((before) => `${before ?? ''} ${line}`.trim());
        if (failed.length) setSummaryTone('warning');
      }
      if (askAfter) bulk.setCheck(askAfter);
      return out;
    });

  const cancel = () =>
    run('cancel', () =>
      outcomeEach(
        selected,
        (order) => order.orderNumber,
        async (order) => {
          await api.cancelOrder({ params: { orderId: order.orderId } });
          return 'cancelled';
        },
      ),
    );

  return (
    <BulkBar
      label="Selected orders"
      selected={plural(selected.length, 'order')}
      busy={busy !== null}
      onClear={() => {
        bulk.clear();
        onClear();
      }}
      actions={
        <>
          <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void ship()}>
            {busy === 'ship' ? 'Shipping…' : 'Ship selected'}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={() => setAsking(true)}>
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel orders'}
          </button>
        </>
      }
    >
      <BulkResults bulk={bulk} label="Outcome per order" onAnswered={onDone} />
      <ConfirmDialog
        open={asking}
        title={`Cancel ${plural(selected.length, 'order')}?`}
        confirmLabel={`Cancel ${plural(selected.length, 'order')}`}
        cancelLabel="Keep them"
        tone="danger"
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {selected
            .slice(0, 5)
            .map((o) => o.orderNumber)
            .join(', ')}
          {selected.length > 5 ? ` and ${selected.length - 5} more` : ''} will not be shipped. A cancelled order stays
          cancelled; a shipped one is refused (cancel its shipment first).
        </p>
      </ConfirmDialog>
    </BulkBar>
  );
}
