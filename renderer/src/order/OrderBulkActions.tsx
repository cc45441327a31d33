/**
 * What the Orders screen does to the orders selected in it: ship them (each through the
 * shipping rules, as POST /orders/{orderId}/ship does), then print every new label as ONE job
 * on the desk's label printer, as the shipments list's bulk print does; or cancel them after a
 * question. Every order gets its own outcome line, so nothing half-done goes unseen.
 */
import { useState } from 'react';
import { api, describeError } from '../api';
import { BulkBar, BulkResults } from '../components/BulkBar';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { outcomeEach, useBulkRun, type BulkOutcome } from '../hooks/use-bulk-run';
import { printPdfInBrowser } from '../lib/browser-print';
import { plural } from '../lib/format';
import { batchPrintLine, hasLabelPrinter, printLabelsOnLabelPrinter } from '../lib/printing';
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
  const { busy, setSummary, setError } = bulk;
  const [asking, setAsking] = useState(false);

  const run = (name: 'ship' | 'cancel', work: () => Promise<BulkOutcome[]>) => {
    setAsking(false);
    return bulk.run(name, work);
  };

  const ship = () =>
    run('ship', async () => {
      const shipped: { line: number; shipmentId: string }[] = [];
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
          shipped.push({ line, shipmentId: made.shipmentId });
          return `shipped as ${made.shipmentNumber}${made.ruleName ? ` (rule “${made.ruleName}”)` : ''}`;
        },
      );
      if (shipped.length > 0) {
        const shipmentIds = shipped.map((s) => s.shipmentId);
        try {
          if (await hasLabelPrinter()) {
            const sent = await printLabelsOnLabelPrinter({ shipmentIds });
            setSummary(`Shipped ${plural(shipped.length, 'order')}. Printed: ${batchPrintLine(sent)}.`);
            for (const r of sent.results) {
              const s = shipped.find((x) => x.shipmentId === r.shipmentId);
              if (s && !r.ok) out[s.line]!.text += `; label not printed: ${r.problem ?? 'the printer refused it'}`;
            }
          } else {
            const batch = await api.printLabels({ body: { shipmentIds }, query: { includeCustoms: true } });
            if (batch.base64String) await printPdfInBrowser(batch.base64String, (await api.getSettings()).labelSize);
            setSummary(`Shipped ${plural(shipped.length, 'order')}; their labels sent to print.`);
          }
        } catch (e) {
          setSummary(null);
          setError(`Shipped ${plural(shipped.length, 'order')}, but the labels were not printed: ${describeError(e)}`);
        }
      }
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
      <BulkResults error={bulk.error} summary={bulk.summary} outcomes={bulk.outcomes} label="Outcome per order" />
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
