/**
 * Shipments: filters (dates of creation, statuses, order), the dense table, totals and
 * paging. Every filter lives in the hash, so Back returns to the list as it was.
 */
import { useEffect, type ReactNode } from 'react';
import { api } from '../api';
import { ListPageHeader } from '../components/ListPageHeader';
import { ErrorNotice } from '../components/Notice';
import { Pager } from '../components/Pager';
import { plural } from '../lib/format';
import { useLoad } from '../hooks/use-load';
import { useSelection } from '../hooks/use-selection';
import { navigate, rememberListHash } from '../router/navigation';
import { DEFAULT_FILTERS, formatHash, listQuery, shipmentsRoute, type ShipmentFilters } from '../router/routes';
import { BulkActions } from '../shipment/BulkActions';
import { ShipmentsTable } from '../shipment/ShipmentsTable';
import { SearchBox } from '../shipment/SearchBox';
import { StatusFilter } from '../shipment/StatusFilter';

/** One end of the creation dates' range; the other end bounds its calendar. */
function DateFilter({
  id,
  label,
  value,
  min,
  max,
  onDate,
}: {
  id: string;
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onDate: (date: string) => void;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onDate(e.target.value)}
      />
    </div>
  );
}

export function ShipmentsPage({ filters }: { filters: ShipmentFilters }) {
  const query = listQuery(filters);
  const list = useLoad(JSON.stringify(query), () => api.listShipments({ query }));
  const hash = formatHash(shipmentsRoute(filters));
  useEffect(() => rememberListHash(hash), [hash]);

  const go = (change: Partial<ShipmentFilters>) => navigate(shipmentsRoute({ ...filters, page: 1, ...change }));
  const pageCount = list.data ? Math.ceil(list.data.totalItems / filters.pageSize) : 1;
  const searching = query.Search !== undefined;
  const filtered = filters.from || filters.to || filters.statuses.length > 0 || filters.returns || searching;
  const selection = useSelection(list.data?.items, (item) => item.shipmentId);

  let content: ReactNode;
  if (list.error && !list.data) {
    content = (
      <ErrorNotice
        error={list.error}
        action={
          <button type="button" className="button button-small" onClick={list.reload}>
            Try again
          </button>
        }
      />
    );
  } else if (!list.data) {
    content = (
      <p className="empty" role="status">
        Loading shipments…
      </p>
    );
  } else if (list.data.items.length === 0) {
    content = (
      <div className="empty">
        <p>
          {searching
            ? `No shipment matches “${query.Search}”${filters.from || filters.to || filters.statuses.length > 0 || filters.returns ? ' with these filters' : ''}.`
            : filtered
              ? 'No shipment matches these filters.'
              : 'No shipments yet.'}
        </p>
        {filtered ? (
          <button type="button" className="button" onClick={() => navigate(shipmentsRoute())}>
            Clear filters
          </button>
        ) : (
          <p className="muted">Create one with New shipment (Alt+N).</p>
        )}
      </div>
    );
  } else {
    content = <ShipmentsTable items={list.data.items} busy={list.loading} selection={selection} />;
  }

  return (
    <div className="page page-wide">
      <ListPageHeader
        title="Shipments"
        total={
          list.data ? `${plural(list.data.totalItems, 'shipment')} · ${plural(list.data.totalPieces, 'piece')}` : null
        }
        loading={list.loading}
        onRefresh={list.reload}
      />

      {/* While typing, each search replaces the history entry: Back leaves the list, not each letter. */}
      <SearchBox
        value={filters.search}
        onSearch={(search) => navigate(shipmentsRoute({ ...filters, page: 1, search }), { replace: true })}
        onArrowDown={() => document.querySelector<HTMLElement>('.shipments-table tbody tr')?.focus()}
      />

      <form className="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <DateFilter
          id="filter-from"
          label="Created from"
          value={filters.from}
          max={filters.to || undefined}
          onDate={(from) => go({ from })}
        />
        <DateFilter
          id="filter-to"
          label="Created to"
          value={filters.to}
          min={filters.from || undefined}
          onDate={(to) => go({ to })}
        />
        <StatusFilter value={filters.statuses} onChange={(statuses) => go({ statuses })} />
        <label className="check-row filters-returns">
          <input type="checkbox" checked={filters.returns} onChange={(e) => go({ returns: e.target.checked })} />
          <span>Returns only</span>
        </label>
        <div className="field">
          <label className="field-label" htmlFor="filter-order">
            Order
          </label>
          <select
            id="filter-order"
            className="select"
            value={filters.order}
            onChange={(e) => go({ order: e.target.value as ShipmentFilters['order'] })}
          >
            <option value="NewestFirst">Newest first</option>
            <option value="OldestFirst">Oldest first</option>
          </select>
        </div>
        {filtered || filters.order !== DEFAULT_FILTERS.order ? (
          <button
            type="button"
            className="button button-quiet filters-clear"
            onClick={() => navigate(shipmentsRoute({ pageSize: filters.pageSize }))}
          >
            Clear filters
          </button>
        ) : null}
      </form>

      {list.error && list.data ? <ErrorNotice error={list.error} /> : null}
      {selection.chosen.length > 0 ? (
        <BulkActions selected={selection.chosen} onDone={list.reload} onClear={selection.clear} />
      ) : null}
      {content}

      {list.data && list.data.totalItems > 0 ? (
        <Pager
          page={filters.page}
          pageCount={pageCount}
          onPage={(page) => navigate(shipmentsRoute({ ...filters, page }))}
          size={{ pageSize: filters.pageSize, onPageSize: (pageSize) => go({ pageSize }) }}
        />
      ) : null}
    </div>
  );
}
