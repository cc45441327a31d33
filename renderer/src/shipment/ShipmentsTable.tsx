/**
 * The dense list of shipments. Rows are reached with Tab once, then ↑/↓ (Home/End) move
 * between them and Enter opens one; a click opens it too. With a selection, Space (or the
 * row's checkbox) selects a row for the bulk actions.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ListItem } from '../../../main/core/schemas';
import { StatusChip } from '../components/StatusChip';
import { formatDateTime, formatListTime, formatNumber, formatShortDate } from '../lib/format';
import { hrefFor, navigate, openedShipment, rememberOpenedShipment } from '../router/navigation';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle(shipmentId: string): void;
  /** All rows shown, or none when all are selected. */
  toggleAll(): void;
}

interface ShipmentsTableProps {
  items: ListItem[];
  busy: boolean;
  selection?: Selection;
}

/**
 * The delivery line (docs/contract.md §6: name, line 1, city, post code, country code). In a narrow
 * column the street and city give way first, then the end of the name; the post code and
 * country never do. Below about 1100 px the name has a line of its own (shipments.css).
 */
function DeliveryLine({ line }: { line: string }) {
  const parts = line.split(', ');
  if (parts.length < 3) return <span className="delivery-line">{line}</span>;
  const [name, ...rest] = parts;
  const end = rest.splice(-2);
  // Each comma ends the part before it: a part is a flex item (a block to a screen reader),
  // so a comma starting the next part was read "Paris , 75014".
  return (
    <span className="delivery-line">
      <span className="delivery-name">
        {name}
        <span className="delivery-sep">, </span>
      </span>
      {rest.length ? (
        <span className="delivery-middle">
          {rest.join(', ')}
          <span className="delivery-sep">, </span>
        </span>
      ) : null}
      <span className="delivery-end">{end.join(', ')}</span>
    </span>
  );
}

function open(item: ListItem) {
  rememberOpenedShipment(item.shipmentId);
  navigate({ page: 'shipment', id: item.shipmentId });
}

export function ShipmentsTable({ items, busy, selection }: ShipmentsTableProps) {
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const current = Math.min(active, Math.max(0, items.length - 1));
  const restored = useRef(false);

  // Back from a shipment: the keyboard lands on the row that was opened.
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    // Not while the operator types in the search box (sent there by `/` on a shipment's page).
    if (document.activeElement instanceof HTMLInputElement) return;
    const index = items.findIndex((item) => item.shipmentId === openedShipment());
    if (index >= 0) body.current?.querySelectorAll<HTMLTableRowElement>('tr')[index]?.focus({ preventScroll: false });
  }, [items]);

  function focusRow(index: number) {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr')[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    const item = items[index];
    switch (event.key) {
      case 'ArrowDown':
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        focusRow(index - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(items.length - 1);
        break;
      case 'Enter':
        if (item) open(item);
        break;
      case ' ':
        if (!item || !selection) return;
        selection.toggle(item.shipmentId);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div className="table-wrap" aria-busy={busy}>
      <table className="table shipments-table" aria-label="Shipments">
        <colgroup>
          {selection ? <col className="c-select" /> : null}
          <col className="c-no" />
          <col className="c-date" />
          <col className="c-day col-despatch" />
          <col className="c-shipper col-shipper" />
          <col className="c-ref" />
          <col />
          <col className="c-carrier col-carrier" />
          <col className="c-pieces col-pieces" />
          <col className="c-weight" />
          <col className="c-status" />
          <col className="c-date col-status-time" />
        </colgroup>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label="Select every shipment shown"
                  checked={items.length > 0 && items.every((i) => selection.selected.has(i.shipmentId))}
                  onChange={() => selection.toggleAll()}
                />
              </th>
            ) : null}
            <th scope="col">Shipment no</th>
            <th scope="col">Created</th>
            <th scope="col" className="col-despatch">
              Despatch
            </th>
            <th scope="col" className="col-shipper">
              Shipper
            </th>
            <th scope="col">Reference</th>
            <th scope="col">Delivery address</th>
            <th scope="col" className="col-carrier">
              Carrier / service
            </th>
            <th scope="col" className="num col-pieces">
              Pieces
            </th>
            <th scope="col" className="num">
              Weight
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="col-status-time">
              Status time
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {items.map((item, index) => (
            <tr
              key={item.shipmentId}
              tabIndex={index === current ? 0 : -1}
              className="row-link"
              data-shipment-no={item.shipmentNo}
              onClick={() => open(item)}
              onFocus={() => setActive(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              aria-selected={selection ? selection.selected.has(item.shipmentId) : undefined}
            >
              {selection ? (
                <td className="select-cell" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select ${item.shipmentNo}`}
                    checked={selection.selected.has(item.shipmentId)}
                    onChange={() => selection.toggle(item.shipmentId)}
                  />
                </td>
              ) : null}
              <td className="mono">
                <a
                  href={hrefFor({ page: 'shipment', id: item.shipmentId })}
                  tabIndex={-1}
                  onClick={(e) => {
                    e.stopPropagation();
                    rememberOpenedShipment(item.shipmentId);
                  }}
                >
                  {item.shipmentNo}
                </a>
              </td>
              <td title={formatDateTime(item.createdOn)}>{formatListTime(item.createdOn)}</td>
              <td className="col-despatch" title={formatDateTime(item.shipping)}>
                {formatShortDate(item.shipping)}
              </td>
              <td className="truncate col-shipper" title={item.shipper}>
                {item.shipper}
              </td>
              <td className="truncate" title={item.reference}>
                {item.reference || <span className="muted">—</span>}
              </td>
              <td title={item.deliveryAddress}>
                <DeliveryLine line={item.deliveryAddress} />
              </td>
              <td className="col-carrier" title={`${item.carrier} · ${item.carrierService}`}>
                <span className="carrier-name">{item.carrier}</span>
                <span className="carrier-service muted">
                  <span className="carrier-sep"> · </span>
                  {item.carrierService}
                </span>
              </td>
              <td className="num col-pieces">{formatNumber(item.pieces)}</td>
              <td className="num">
                {formatNumber(item.weight)} <span className="muted">{item.weightMeasurement.toLowerCase()}</span>
              </td>
              <td className="status-cell">
                <StatusChip status={item.status} />
              </td>
              <td
                className="col-status-time"
                title={[formatDateTime(item.statusDateTime), item.trackingDescription, item.statusLocation]
                  .filter(Boolean)
                  .join(' · ')}
              >
                {formatListTime(item.statusDateTime)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
