/**
 * The dense list of shipments (ListTable): its columns, sized by shipments.css, and Back from
 * a shipment landing on its row; a row's number is also a link to its shipment.
 */
import type { ListItem } from '../../../main/core/schemas';
import { ListTable, type ListColumn } from '../components/ListTable';
import { StatusChip } from '../components/StatusChip';
import type { Selection } from '../hooks/use-selection';
import { formatDateTime, formatListTime, formatNumber, formatShortDate } from '../lib/format';
import { hrefFor, navigate, openedShipment, rememberOpenedShipment } from '../router/navigation';

interface ShipmentsTableProps {
  items: ListItem[];
  busy: boolean;
  selection: Selection<ListItem>;
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

const COLUMNS: ListColumn<ListItem>[] = [
  {
    heading: 'Shipment no',
    col: 'c-no',
    cell: (item) => (
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
    ),
  },
  {
    heading: 'Created',
    col: 'c-date',
    cell: (item) => <td title={formatDateTime(item.createdOn)}>{formatListTime(item.createdOn)}</td>,
  },
  {
    heading: 'Despatch',
    className: 'col-despatch',
    col: 'c-day col-despatch',
    cell: (item) => (
      <td className="col-despatch" title={formatDateTime(item.shipping)}>
        {formatShortDate(item.shipping)}
      </td>
    ),
  },
  {
    heading: 'Shipper',
    className: 'col-shipper',
    col: 'c-shipper col-shipper',
    cell: (item) => (
      <td className="truncate col-shipper" title={item.shipper}>
        {item.shipper}
      </td>
    ),
  },
  {
    heading: 'Reference',
    col: 'c-ref',
    cell: (item) => (
      <td className="truncate" title={item.reference}>
        {item.reference || <span className="muted">—</span>}
      </td>
    ),
  },
  {
    heading: 'Delivery address',
    cell: (item) => (
      <td title={item.deliveryAddress}>
        <DeliveryLine line={item.deliveryAddress} />
      </td>
    ),
  },
  {
    heading: 'Carrier / service',
    className: 'col-carrier',
    col: 'c-carrier col-carrier',
    cell: (item) => (
      <td className="col-carrier" title={`${item.carrier} · ${item.carrierService}`}>
        <span className="carrier-name">{item.carrier}</span>
        <span className="carrier-service muted">
          <span className="carrier-sep"> · </span>
          {item.carrierService}
        </span>
      </td>
    ),
  },
  {
    heading: 'Pieces',
    className: 'num col-pieces',
    col: 'c-pieces col-pieces',
    cell: (item) => <td className="num col-pieces">{formatNumber(item.pieces)}</td>,
  },
  {
    heading: 'Weight',
    className: 'num',
    col: 'c-weight',
    cell: (item) => (
      <td className="num">
        {formatNumber(item.weight)} <span className="muted">{item.weightMeasurement.toLowerCase()}</span>
      </td>
    ),
  },
  {
    heading: 'Status',
    col: 'c-status',
    cell: (item) => (
      <td className="status-cell">
        <StatusChip status={item.status} />
      </td>
    ),
  },
  {
    heading: 'Status time',
    className: 'col-status-time',
    col: 'c-date col-status-time',
    cell: (item) => (
      <td
        className="col-status-time"
        title={[formatDateTime(item.statusDateTime), item.trackingDescription, item.statusLocation]
          .filter(Boolean)
          .join(' · ')}
      >
        {formatListTime(item.statusDateTime)}
      </td>
    ),
  },
];

export function ShipmentsTable({ items, busy, selection }: ShipmentsTableProps) {
  return (
    <ListTable
      className="shipments-table"
      label="Shipments"
      items={items}
      busy={busy}
      columns={COLUMNS}
      widths
      idOf={(item) => item.shipmentId}
      nameOf={(item) => item.shipmentNo}
      selectAllLabel="Select every shipment shown"
      selection={selection}
      open={open}
      rowData={(item) => ({ 'data-shipment-no': item.shipmentNo })}
      // Back from a shipment: the keyboard lands on the row that was opened.
      landOn={(item) => item.shipmentId === openedShipment()}
    />
  );
}
