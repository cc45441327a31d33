/**
 * One order (docs/contract.md §18): its status, "Ship order" while it waits (the rule's choice,
 * the scale's weight), the delivery address (edited while it waits), hold and release, the
 * packing slip, and its items. Opened by a scan, the status line under the heading says what
 * the scan did and keeps the keyboard, so the next scan lands here; a shipped order scanned
 * again says so: Enter reprints its label, Escape leaves.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Address } from '../../../main/core/schemas';
import { api, describeError, formErrors } from '../api';
import { ErrorNotice } from '../components/Notice';
import { StatusChip } from '../components/StatusChip';
import { formatDateTime, formatMoney, formatNumber, plural } from '../lib/format';
import { downloadPdf } from '../lib/pdf-bytes';
import { printOrderPackingSlip } from '../lib/printing';
import { useLoad } from '../hooks/use-load';
import { loadCatalog } from '../order/catalog';
import { leaveScannedOrder, scanStartedAt } from '../order/scan-to-ship';
import { printForStatusLine, ShipOrderPanel, type ShipLine } from '../order/ShipOrderPanel';
import { hrefFor, navigate } from '../router/navigation';
import { ordersRoute } from '../router/routes';
import { AddressFieldset } from '../shipment/AddressFieldset';
import { ADDRESS_KEYS, type AddressForm } from '../shipment/form-model';
import { takesTyping } from '../shipment/scan-to-open';

function AddressEditor({
  orderId,
  address,
  onSaved,
  onClose,
}: {
  orderId: string;
  address: Address;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<AddressForm>(() => ({ ...(address as AddressForm) }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const paths = ADDRESS_KEYS.map((k) => `deliveryAddress.${k}`);
  const { byField, notice }: { byField: Record<string, string>; notice: string | null } = error
    ? formErrors(error, paths)
    : { byField: {}, notice: null };
  const first = useRef<HTMLFormElement>(null);
  /** The field a refusal named first: focused once the fields are enabled again. */
  const refused = useRef<string | null>(null);
  useLayoutEffect(() => {
    first.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  useEffect(() => {
    if (busy || !refused.current) return;
    first.current?.querySelector<HTMLElement>(`[name="${refused.current}"]`)?.focus();
    refused.current = null;
  }, [busy]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.updateOrder({ params: { orderId }, body: { deliveryAddress: form } });
      onSaved();
    } catch (failure) {
      setError(failure);
      // A refusal puts the keyboard on the first field it names.
      refused.current = Object.keys(formErrors(failure, paths).byField)[0] ?? null;
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={first} onSubmit={save} aria-label="Edit the delivery address" className="stack">
      <AddressFieldset
        group="deliveryAddress"
        legend="Delivery address"
        value={form}
        errors={byField}
        onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
        disabled={busy}
      />
      {notice ? (
        <p className="notice notice-error" role="alert">
          {notice}
        </p>
      ) : null}
      <div className="button-group">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const addressLines = (a: Address) =>
  [
    a.businessName,
    a.fullName,
    a.addressLine1,
    a.addressLine2,
    a.addressLine3,
    [a.city, a.county].filter(Boolean).join(', '),
    a.postZipCode,
    a.countryTwoCharacterISOCode,
  ].filter(Boolean);

export function OrderPage({ id, scan }: { id: string; scan?: string | undefined }) {
  const scanStart = scanStartedAt(scan);
  /** The order's status when the page first loaded it: what a scan found. */
  const arrived = useRef<string | null>(null);
  const loaded = useLoad(id, async () => {
    const params = { orderId: id };
    const [order, match, catalog] = await Promise.all([
      api.getOrder({ params }),
      api.matchRule({ query: { orderId: id } }),
      loadCatalog(),
    ]);
    arrived.current ??= order.status;
    return { order, match, catalog, arrivedAs: arrived.current };
  });
  const [line, setLine] = useState<ShipLine | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const order = loaded.data?.order;
  const arrivedAs = loaded.data?.arrivedAs ?? null;
  // A scan that found the order not waiting: the line says why, and Enter/Escape act on it.
  const scannedNotWaiting = scanStart !== null && arrivedAs !== null && arrivedAs !== 'Awaiting';
  const rescanned = scanStart !== null && arrivedAs === 'Shipped';

  const shown: ShipLine | null =
    line ??
    (order && scannedNotWaiting
      ? order.status === 'Shipped'
        ? { tone: 'info', text: `Already shipped as ${order.shipmentNumber} — Enter reprints, Escape leaves` }
        : {
            tone: 'error',
            text: `${order.orderNumber} is ${order.status}: ${order.status === 'On Hold' ? 'release it to ship it' : 'it is not shipped'}`,
          }
      : null);

  // The status line keeps the keyboard after a scan's outcome: the next scan lands on the page.
  const focusLine = () => requestAnimationFrame(() => statusLine.current?.focus());
  const say = (next: ShipLine) => {
    setLine(next);
    focusLine();
  };
  useLayoutEffect(() => {
    if (scannedNotWaiting) statusLine.current?.focus();
  }, [scannedNotWaiting]);

  async function reprint() {
    if (!loaded.data || !order?.shipmentId || !order.shipmentNumber) return;
    const t0 = performance.now();
    setBusy('reprint');
    try {
      const where = await printForStatusLine(loaded.data.catalog, order.shipmentId, order.shipmentNumber);
      say({ tone: 'success', text: `${where} again, ${((performance.now() - t0) / 1000).toFixed(1)} s` });
    } catch (error) {
      say({ tone: 'error', text: `${order.shipmentNumber} was not printed: ${describeError(error)}` });
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    if (!rescanned) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || takesTyping(event.target)) return;
      if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        void reprint();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        leaveScannedOrder();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  async function act(name: string, work: () => Promise<unknown>, done: string) {
    setBusy(name);
    try {
      await work();
      say({ tone: 'success', text: done });
      loaded.reload();
    } catch (error) {
      say({ tone: 'error', text: describeError(error) });
    } finally {
      setBusy(null);
    }
  }

  /** On the desk's printer for slips, as a ship prints it; through the window when the desk has none. */
  async function printSlip() {
    if (!order) return;
    setBusy('print-slip');
    const slip = await printOrderPackingSlip(id, order.orderNumber);
    say({ tone: slip.ok ? 'success' : 'error', text: slip.text });
    setBusy(null);
  }

  async function downloadSlip() {
    if (!order) return;
    setBusy('slip');
    try {
      const slip = await api.getPackingSlip({ params: { orderId: id }, query: {} });
      downloadPdf(slip.base64String, `packing-slip-${order.orderNumber}.pdf`);
      say({ tone: 'success', text: `Packing slip of ${order.orderNumber} saved.` });
    } catch (error) {
      say({ tone: 'error', text: `The packing slip was not made: ${describeError(error)}` });
    } finally {
      setBusy(null);
    }
  }

  const crumbs = (
    <p className="crumbs">
      <a href={hrefFor(ordersRoute())}>← Orders</a>
    </p>
  );
  if (loaded.error && !loaded.data) {
    return (
      <div className="page">
        {crumbs}
        <h1>Order</h1>
        <ErrorNotice error={loaded.error} />
      </div>
    );
  }
  if (!loaded.data || !order) {
    return (
      <div className="page">
        <p className="empty" role="status">
          Loading order…
        </p>
      </div>
    );
  }
  const { match, catalog } = loaded.data;
  const waiting = order.status === 'Awaiting' || order.status === 'On Hold';
  /** What the Hold / Release button does to a waiting order: holds an awaiting one, releases a held one. */
  const hold = order.status === 'Awaiting';

  return (
    <div className="page page-wide order-detail">
      {crumbs}
      <header className="page-header detail-header">
        <div>
          <h1 className="detail-title" tabIndex={-1}>
            <span>
              Order <span className="mono">{order.orderNumber}</span>
            </span>
            <span aria-live="polite" data-testid="order-status">
              <StatusChip status={order.status} />
            </span>
          </h1>
          <p className="page-sub">
            Received {formatDateTime(order.createdOn)}
            {order.channel ? ` · ${order.channel}` : ''} · {plural(order.items.length, 'item line')} ·{' '}
            {formatNumber(order.totalWeightKg)} kg · {formatMoney(order.totalValue, order.currency || 'GBP')}
          </p>
        </div>
        <div className="toolbar-right">
          {waiting ? (
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() =>
                void act(
                  hold ? 'hold' : 'release',
                  () => api.updateOrder({ params: { orderId: id }, body: { hold } }),
                  hold
                    ? `${order.orderNumber} is on hold: it is not shipped until released.`
                    : `${order.orderNumber} is released: it waits to be shipped.`,
                )
              }
            >
              {hold ? 'Hold' : 'Release'}
            </button>
          ) : null}
          <button type="button" className="button" disabled={busy !== null} onClick={() => void printSlip()}>
            {busy === 'print-slip' ? 'Printing…' : 'Print packing slip'}
          </button>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void downloadSlip()}>
            Download packing slip
          </button>
        </div>
      </header>

      <p
        ref={statusLine}
        tabIndex={-1}
        className={`scan-line${shown ? ` notice notice-${shown.tone === 'error' ? 'error' : shown.tone === 'success' ? 'success' : 'info'}` : ''}`}
        role="status"
        data-testid="scan-line"
      >
        {shown?.text ?? ''}
      </p>

      {order.status === 'Shipped' && order.shipmentId ? (
        <section className="card" aria-labelledby="shipped-heading">
          <h2 id="shipped-heading" className="card-title">
            Shipped
          </h2>
          <p>
            As{' '}
            <a className="mono" href={hrefFor({ page: 'shipment', id: order.shipmentId })}>
              {order.shipmentNumber}
            </a>
            .
          </p>
          <button type="button" className="button" disabled={busy !== null} onClick={() => void reprint()}>
            {busy === 'reprint' ? 'Printing…' : 'Reprint label'}
          </button>
        </section>
      ) : null}

      {order.status === 'Awaiting' ? (
        <ShipOrderPanel
          key={`${match.rule?.name ?? ''}|${order.updatedOn}`}
          order={order}
          match={match}
          catalog={catalog}
          scanStart={scanStart}
          onShipped={(shipped) => {
            say(shipped);
            loaded.reload();
          }}
        />
      ) : null}

      <div className="detail-grid">
        <div className="detail-main">
          <section className="card" aria-labelledby="items-heading">
            <h2 id="items-heading" className="card-title">
              Items
            </h2>
            <div className="table-wrap">
              <table className="table" aria-label="Items">
                <thead>
                  <tr>
                    <th scope="col">SKU</th>
                    <th scope="col">Description</th>
                    <th scope="col" className="num">
                      Quantity
                    </th>
                    <th scope="col" className="num">
                      Unit value
                    </th>
                    <th scope="col" className="num">
                      Unit weight
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.items.map((item, i) => (
                    <tr key={i}>
                      <td className="mono">{item.sku || <span className="muted">—</span>}</td>
                      <td>{item.description}</td>
                      <td className="num">{formatNumber(item.quantity)}</td>
                      <td className="num">{formatMoney(item.unitValue, order.currency || 'GBP')}</td>
                      <td className="num">
                        {formatNumber(item.unitWeight)} {item.weightUnit.toLowerCase()}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
        <aside className="detail-side card" aria-labelledby="address-heading">
          <h2 id="address-heading" className="card-title">
            Deliver to
          </h2>
          {editing ? (
            <AddressEditor
              orderId={id}
              address={order.deliveryAddress}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                say({ tone: 'success', text: 'Delivery address saved.' });
                loaded.reload();
              }}
            />
          ) : (
            <>
              <address className="address-block" data-testid="delivery-address">
                {addressLines(order.deliveryAddress).map((l, i) => (
                  <span key={i}>
                    {l}
                    <br />
                  </span>
                ))}
              </address>
              {waiting ? (
                <button type="button" className="button" onClick={() => setEditing(true)}>
                  Edit address
                </button>
              ) : null}
            </>
          )}
        </aside>
      </div>
      {order.status === 'Cancelled' ? (
        <p className="action-reason">This order is cancelled: it is not shipped.</p>
      ) : null}
      {loaded.error ? <ErrorNotice error={loaded.error} /> : null}
      <p className="muted">
        <button type="button" className="button button-quiet" onClick={() => navigate(ordersRoute())}>
          Back to orders
        </button>
      </p>
    </div>
  );
}
