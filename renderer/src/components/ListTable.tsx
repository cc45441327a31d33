/**
 * A dense list whose rows open and can be selected (the shipments and orders lists): the
 * select-all box and the column headings, then a row per item kept by keyboard (useRowKeys),
 * opened by Enter or a click, selected by Space or its box.
 */
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { useRowKeys } from '../hooks/use-row-keys';
import type { Selection } from '../hooks/use-selection';
import { SelectAllCell, SelectCell } from './SelectCells';

export interface ListColumn<T> {
  heading: string;
  /** The heading's classes: `num`, or a `col-…` class that narrow screens hide. */
  className?: string;
  /** The class of the column's `<col>`, where the table sizes its columns (`widths`). */
  col?: string;
  /** The item's cell: one `<td>`. */
  cell: (item: T) => ReactNode;
}

interface ListTableProps<T> {
  /** The table's own class beside `table`: `orders-table`. */
  className: string;
  /** Names the table: "Orders". */
  label: string;
  items: T[];
  busy: boolean;
  columns: ListColumn<T>[];
  /** Keys the row and its selection. */
  idOf: (item: T) => string;
  /** Names the row's select box: "Select SS00000042". */
  nameOf: (item: T) => string;
  /** Names the select-all box: "Select every order shown". */
  selectAllLabel: string;
  selection: Selection<T>;
  open: (item: T) => void;
  /** The row's `data-…` attributes, by which tests and the scanner find it. */
  rowData: (item: T) => Record<`data-${string}`, string>;
  /** Sizes the columns by their `col` classes. */
  widths?: boolean;
  /** The row the keyboard lands on when the list first shows (Back from the item opened from it). */
  landOn?: (item: T) => boolean;
}

export function ListTable<T>({
  className,
  label,
  items,
  busy,
  columns,
  idOf,
  nameOf,
  selectAllLabel,
  selection,
  open,
  rowData,
  widths = false,
  landOn,
}: ListTableProps<T>) {
  const { body, rowProps } = useRowKeys(items, { open, toggle: selection.toggle });
  const { selected } = selection;
  const landed = useRef(false);

  useEffect(() => {
    if (landed.current || !landOn) return;
    landed.current = true;
    // Not while the operator types in the search box (sent there by `/` on an item's page).
    if (document.activeElement instanceof HTMLInputElement) return;
    const index = items.findIndex(landOn);
    if (index >= 0) body.current?.querySelectorAll<HTMLTableRowElement>('tr')[index]?.focus({ preventScroll: false });
  }, [items, body, landOn]);

  return (
    <div className="table-wrap" aria-busy={busy}>
      <table className={`table ${className}`} aria-label={label}>
        {widths ? (
          <colgroup>
            <col className="c-select" />
            {columns.map((column) => (
              <col key={column.heading} className={column.col} />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr>
            <SelectAllCell
              label={selectAllLabel}
              checked={items.length > 0 && items.every((item) => selected.has(idOf(item)))}
              onToggle={selection.toggleAll}
            />
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={column.className}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          {items.map((item, index) => (
            <tr
              key={idOf(item)}
              {...rowProps(index)}
              className="row-link"
              {...rowData(item)}
              aria-selected={selected.has(idOf(item))}
              onClick={() => open(item)}
            >
              <SelectCell
                label={`Select ${nameOf(item)}`}
                checked={selected.has(idOf(item))}
                onToggle={() => selection.toggle(item)}
              />
              {columns.map((column) => (
                <Fragment key={column.heading}>{column.cell(item)}</Fragment>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
