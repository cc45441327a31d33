/**
 * What the Orders screen does to the orders selected in it: ship them (each through the
 * shipping rules, as POST /orders/{orderId}/ship does), then print every new label as ONE job
 * on the desk's label printer, as the shipments list's bulk print does; or cancel them after a
 * question. Every order gets its own outcome line, so nothing half-done goes unseen.
 */
import { useState } from 'react';
import { api, describeError } from '../api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Notice } from '../components/Notice';
import { printPdfInBrowser } from '../lib/browser-print';
import { plural } from '../lib/format';
import { batchPrintLine, hasLabelPrinter, printLabelsOnLabelPrinter } from '../lib/printing';
import type { OrderRow } from '../pages/OrdersPage';

interface Outcome {
  orderNumber: string;
  ok: boolean;
  text: string;
}

export function OrderBulkActions({
  selected,
  onDone,
  onClear,
}: {
  selected: OrderRow[];
  onDone: () => void;
  onClear: () => void;
}) {
  const [busy, setBusy] = useState<'ship' | 'cancel' | null>(null);
  const [asking, setAsking] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (name: 'ship' | 'cancel', work: () => Promise<Outcome[]>) => {
    setBusy(name);
    setError(null);
    setSummary(null);
    setAsking(false);
    try {
      setOutcomes(await work());
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(null);
      onDone();
    }
  };

  const ship = () =>
    run('ship', async () => {
      const out = new Map<string, Outcome>();
      const shipped: { orderId: string; shipmentId: string; shipmentNumber: string }[] = [];
      for (const order of selected) {
        try {
          // One key per order and click: a retried request makes no second shipment.
          const made = await api.shipOrder({
            params: { orderId: order.orderId },
            body: {},
            headers: { 'idempotency-key': crypto.randomUUID() },
          });
          shipped.push({ orderId: order.orderId, shipmentId: made.shipmentId, shipmentNumber: made.shipmentNumber });
          out.set(order.orderId, {
            orderNumber: order.orderNumber,
            ok: true,
            text: `shipped as ${made.shipmentNumber}${made.ruleName ? ` (rule “${made.ruleName}”)` : ''}`,
          });
        } catch (e) {
          out.set(order.orderId, { orderNumber: order.orderNumber, ok: false, text: describeError(e) });
        }
      }
      if (shipped.length > 0) {
        const shipmentIds = shipped.map((s) => s.shipmentId);
        try {
          if (await hasLabelPrinter()) {
            const sent = await printLabelsOnLabelPrinter({ shipmentIds });
            setSummary(`Shipped ${plural(shipped.length, 'order')}. Printed: ${batchPrintLine(sent)}.`);
            for (const r of sent.results) {
              const s = shipped.find((x) => x.shipmentId === r.shipmentId);
              if (s && !r.ok)
                out.get(s.orderId)!.text += `; label not printed: ${r.problem ?? 'the printer refused it'}`;
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
      return selected.map((o) => out.get(o.orderId)!);
    });

  const cancel = () =>
    run('cancel', async () => {
      const out: Outcome[] = [];
      for (const order of selected) {
        try {
          await api.cancelOrder({ params: { orderId: order.orderId } });
          out.push({ orderNumber: order.orderNumber, ok: true, text: 'cancelled' });
        } catch (e) {
          out.push({ orderNumber: order.orderNumber, ok: false, text: describeError(e) });
        }
      }
      return out;
    });

  return (
    <section className="bulk-bar" aria-label="Selected orders">
      <div className="bulk-actions">
        <strong>{plural(selected.length, 'order')} selected</strong>
        <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void ship()}>
          {busy === 'ship' ? 'Shipping…' : 'Ship selected'}
        </button>
        <button type="button" className="button" disabled={busy !== null} onClick={() => setAsking(true)}>
          {busy === 'cancel' ? 'Cancelling…' : 'Cancel orders'}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={busy !== null}
          onClick={() => {
            setOutcomes([]);
            setSummary(null);
            onClear();
          }}
        >
          Clear selection
        </button>
      </div>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {summary ? <Notice tone="success">{summary}</Notice> : null}
      {outcomes.length > 0 ? (
        <ul className="bulk-outcomes" aria-label="Outcome per order">
          {outcomes.map((o) => (
            <li key={o.orderNumber} data-ok={o.ok}>
              <span className="mono">{o.orderNumber}</span> {o.ok ? '✓' : '✗'} {o.text}
            </li>
          ))}
        </ul>
      ) : null}
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
    </section>
  );
}
