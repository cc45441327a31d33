/**
 * The dense list of shipments. Rows are reached with Tab once, then ↑/↓ (Home/End) move
 * between them and Enter opens one; a click opens it too. With a selection, Space (or the
 * row's checkbox) selects a row for the bulk actions.
 */
import { useEffect, useRef } from 'react';
import type { ListItem } from '../../../main/core/schemas';
import { SelectAllCell, SelectCell } from '../components/SelectCells';
import { StatusChip } from '../components/StatusChip';
import { useRowKeys } from '../hooks/use-row-keys';
import type { Selection } from '../hooks/use-selection';
import { formatDateTime, formatListTime, formatNumber, formatShortDate } from '../lib/format';
import { hrefFor, navigate, openedShipment, rememberOpenedShipment } from '../router/navigation';

interface ShipmentsTableProps {
  items: ListItem[];
  busy: boolean;
  selection?: Selection<ListItem>;
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
  const { body, rowProps } = useRowKeys(items, { open, toggle: selection?.toggle });
  const restored = useRef(false);

  // Back from a shipment: the keyboard lands on the row that was opened.
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    // Not while the operator types in the search box (sent there by `/` on a shipment's page).
    if (document.activeElement instanceof HTMLInputElement) return;
    const index = items.findIndex((item) => item.shipmentId === openedShipment());
    if (index >= 0) body.current?.querySelectorAll<HTMLTableRowElement>('tr')[index]?.focus({ preventScroll: false });
  }, [items, body]);

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
              <SelectAllCell
                label="Select every shipment shown"
                checked={items.length > 0 && items.every((i) => selection.selected.has(i.shipmentId))}
                onToggle={selection.toggleAll}
              />
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
              {...rowProps(index)}
              className="row-link"
              data-shipment-no={item.shipmentNo}
              onClick={() => open(item)}
              aria-selected={selection ? selection.selected.has(item.shipmentId) : undefined}
            >
              {selection ? (
                <SelectCell
                  label={`Select ${item.shipmentNo}`}
                  checked={selection.selected.has(item.shipmentId)}
                  onToggle={() => selection.toggle(item)}
                />
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
