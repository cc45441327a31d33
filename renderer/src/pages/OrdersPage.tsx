/**
 * Orders waiting to be shipped (docs/contract.md §18): a search box, one status or all, the exact
 * total, and the dense table kept by keyboard as the shipments list is (↑/↓, Enter opens,
 * Space selects). The selection ships (each through the rules, then their labels as one job
 * on the desk's label printer) or cancels, after a question.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OutputOf } from '../../../main/operations/spec';
import { ORDER_STATUSES } from '../../../main/core/schemas';
import { api } from '../api';
import { ListPageHeader } from '../components/ListPageHeader';
import { ErrorNotice } from '../components/Notice';
import { SearchField } from '../components/SearchField';
import { Pager } from '../components/Pager';
import { ListTable, type ListColumn } from '../components/ListTable';
import { StatusChip } from '../components/StatusChip';
import { formatListTime, formatNumber, plural } from '../lib/format';
import { useLoad } from '../hooks/use-load';
import { useSearchText } from '../hooks/use-search-text';
import { useSelection, type Selection } from '../hooks/use-selection';
import { OrderBulkActions } from '../order/OrderBulkActions';
import { openScannedOrder } from '../order/scan-to-ship';
import { navigate } from '../router/navigation';
import { ORDERS_PAGE_SIZE, orderListQuery, ordersRoute, type OrderFilters } from '../router/routes';
import { takesTyping } from '../shipment/scan-to-open';

export type OrderRow = OutputOf<'listOrders'>['items'][number];

function OrderSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { text, type, searchNow, clear } = useSearchText(value, onSearch);
  const [opening, setOpening] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // `/` puts the keyboard in the box; other keys are left to the rows and to a scanner.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || takesTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <SearchField
      id="order-search"
      label="Search orders"
      placeholder="Scan or search: order number, SKU, name, post code, email"
      maxLength={100}
      keyShortcuts="/"
      input={input}
      value={text}
      onValue={type}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          const query = text.trim();
          // An order's number, typed or scanned, opens that order to ship.
          setOpening(true);
          void openScannedOrder(query).then((opened) => {
            setOpening(false);
            if (!opened) searchNow(query);
          });
        } else if (event.key === 'ArrowDown') {
          event.preventDefault();
          document.querySelector<HTMLElement>('.orders-table tbody tr')?.focus();
        } else if (event.key === 'Escape' && text !== '') {
          event.preventDefault();
          clear();
        }
      }}
      hint={
        opening ? (
          'Opening…'
        ) : (
          <>
            <kbd>/</kbd> to search · <kbd>↓</kbd> to the orders · an order’s number opens it to ship
          </>
        )
      }
    />
  );
}

const open = (item: OrderRow) => navigate({ page: 'order', id: item.orderId });

const COLUMNS: ListColumn<OrderRow>[] = [
  {
    heading: 'Order no',
    cell: (item) => (
      <td className="mono truncate" title={item.orderNumber}>
        {item.orderNumber}
      </td>
    ),
  },
  { heading: 'Received', cell: (item) => <td>{formatListTime(item.createdOn)}</td> },
  {
    heading: 'Channel',
    className: 'col-channel',
    cell: (item) => (
      <td className="truncate col-channel" title={item.channel}>
        {item.channel || <span className="muted">—</span>}
      </td>
    ),
  },
  {
    heading: 'Deliver to',
    cell: (item) => (
      <td className="truncate" title={`${item.deliveryName}, ${item.postZipCode}, ${item.countryTwoCharacterISOCode}`}>
        {item.deliveryName}
        <span className="muted">
          , {item.postZipCode}, {item.countryTwoCharacterISOCode}
        </span>
      </td>
    ),
  },
  { heading: 'Items', className: 'num', cell: (item) => <td className="num">{formatNumber(item.itemCount)}</td> },
  {
    heading: 'Weight',
    className: 'num',
    cell: (item) => (
      <td className="num">
        {formatNumber(item.weight)} <span className="muted">kg</span>
      </td>
    ),
  },
  {
    heading: 'Status',
    cell: (item) => (
      <td className="status-cell">
        <StatusChip status={item.status} />
      </td>
    ),
  },
  {
    heading: 'Shipment',
    cell: (item) => <td className="mono">{item.shipmentNumber ?? <span className="muted">—</span>}</td>,
  },
];

function OrdersTable({ items, busy, selection }: { items: OrderRow[]; busy: boolean; selection: Selection<OrderRow> }) {
  return (
    <ListTable
      className="orders-table"
      label="Orders"
      items={items}
      busy={busy}
      columns={COLUMNS}
      idOf={(item) => item.orderId}
      nameOf={(item) => item.orderNumber}
      selectAllLabel="Select every order shown"
      selection={selection}
      open={open}
      rowData={(item) => ({ 'data-order-no': item.orderNumber })}
    />
  );
}

export function OrdersPage({ filters }: { filters: OrderFilters }) {
  const query = orderListQuery(filters);
  const list = useLoad(JSON.stringify(query), () => api.listOrders({ query }));
  const selection = useSelection(list.data?.items, (item) => item.orderId);
  const go = (change: Partial<OrderFilters>) => navigate(ordersRoute({ ...filters, page: 1, ...change }));
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.totalItems / ORDERS_PAGE_SIZE)) : 1;
  const searching = query.Search !== undefined;

  let content: ReactNode;
  if (list.error && !list.data) content = <ErrorNotice error={list.error} />;
  else if (!list.data)
    content = (
      <p className="empty" role="status">
        Loading orders…
      </p>
    );
  else if (list.data.items.length === 0)
    content = (
      <div className="empty">
        <p>
          {searching
            ? `No order matches “${query.Search}”${filters.status ? ` that is ${filters.status}` : ''}.`
            : filters.status
              ? `No order is ${filters.status}.`
              : 'No orders yet: a warehouse system sends them to the station’s API or its watched folder.'}
        </p>
        {searching || filters.status ? (
          <button type="button" className="button" onClick={() => navigate(ordersRoute())}>
            Clear filters
          </button>
        ) : null}
      </div>
    );
  else content = <OrdersTable items={list.data.items} busy={list.loading} selection={selection} />;

  return (
    <div className="page page-wide">
      <ListPageHeader
        title="Orders"
        total={
          list.data
            ? `${plural(list.data.totalItems, 'order')}${filters.status ? ` ${filters.status}` : ''}${searching ? ` matching “${query.Search}”` : ''}`
            : null
        }
        totalTestId="orders-total"
        loading={list.loading}
        onRefresh={list.reload}
      />

      <OrderSearch
        value={filters.search}
        onSearch={(search) => navigate(ordersRoute({ ...filters, page: 1, search }), { replace: true })}
      />

      <form className="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="field-label" htmlFor="order-status">
            Status
          </label>
          <select
            id="order-status"
            className="select"
            value={filters.status}
            onChange={(e) => go({ status: e.target.value })}
          >
            <option value="">Every status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.error && list.data ? <ErrorNotice error={list.error} /> : null}
      {selection.chosen.length > 0 ? (
        <OrderBulkActions selected={selection.chosen} onDone={list.reload} onClear={selection.clear} />
      ) : null}
      {content}

      {list.data && pageCount > 1 ? (
        <Pager
          page={filters.page}
          pageCount={pageCount}
          onPage={(page) => navigate(ordersRoute({ ...filters, page }))}
        />
      ) : null}
    </div>
  );
}
