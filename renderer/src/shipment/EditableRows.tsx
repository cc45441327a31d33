/**
 * The rows a form edits in a table (a shipment's pieces, its customs items): added, copied and
 * removed from buttons or from the keys in a row (Alt+Insert adds, Alt+Shift+Insert copies,
 * Alt+Delete removes), with the focus kept where keyboard work goes on: the new row's first
 * field, or the row before a removed one (the Add button when none is left).
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

interface EditableRowsOptions<T> {
  rows: T[];
  onRows: (rows: T[]) => void;
  min: number;
  max: number;
  newRow: () => T;
  copyRow: (row: T) => T;
  /** The DOM id of a row's first field. */
  firstFieldId: (index: number) => string;
  /** The table's Add button: focus goes there when the last row is removed. */
  addButton: RefObject<HTMLButtonElement | null>;
}

export interface EditableRows {
  full: boolean;
  canRemove: boolean;
  add: () => void;
  copy: (index: number) => void;
  remove: (index: number) => void;
  onRowKey: (index: number) => (event: KeyboardEvent<HTMLTableRowElement>) => void;
}

export function useEditableRows<T>({
  rows,
  onRows,
  min,
  max,
  newRow,
  copyRow,
  firstFieldId,
  addButton,
}: EditableRowsOptions<T>): EditableRows {
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterRender.current;
    if (id === null) return;
    focusAfterRender.current = null;
    (id === 'add' ? addButton.current : document.getElementById(id))?.focus();
  });

  const full = rows.length >= max;
  const canRemove = rows.length > min;
  const add = () => {
    if (full) return;
    onRows([...rows, newRow()]);
    focusAfterRender.current = firstFieldId(rows.length);
  };
  const copy = (index: number) => {
    if (full) return;
    onRows([...rows.slice(0, index + 1), copyRow(rows[index]!), ...rows.slice(index + 1)]);
    focusAfterRender.current = firstFieldId(index + 1);
  };
  const remove = (index: number) => {
    if (!canRemove) return;
    onRows(rows.filter((_row, i) => i !== index));
    focusAfterRender.current = rows.length > 1 ? firstFieldId(Math.max(0, index - 1)) : 'add';
  };
  const onRowKey = (index: number) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (!event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Insert') {
      if (event.shiftKey) copy(index);
      else add();
    } else if (event.key === 'Delete') {
      remove(index);
    } else {
      return;
    }
    event.preventDefault();
  };
  return { full, canRemove, add, copy, remove, onRowKey };
}

/** A row's Copy and Remove buttons, named with the row: "Copy item 2", "Remove piece 1". */
export function RowActions({
  rows,
  index,
  noun,
  copyLabel = 'Copy',
}: {
  rows: EditableRows;
  index: number;
  noun: string;
  copyLabel?: string;
}) {
  const n = index + 1;
  return (
    <td className="row-actions">
      <button
        type="button"
        className="button button-quiet button-small"
        onClick={() => rows.copy(index)}
        disabled={rows.full}
        aria-label={`${copyLabel} ${noun} ${n}`}
      >
        {copyLabel}
      </button>
      <button
        type="button"
        className="button button-quiet button-small"
        onClick={() => rows.remove(index)}
        disabled={!rows.canRemove}
        aria-label={`Remove ${noun} ${n}`}
      >
        Remove
      </button>
    </td>
  );
}

/** The hint under such a table. */
export function RowKeysHint({ noun }: { noun: string }) {
  return (
    <p className="field-hint">
      In a row: <kbd>Alt</kbd>+<kbd>Insert</kbd> adds {noun}, <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>Insert</kbd> copies
      the row, <kbd>Alt</kbd>+<kbd>Delete</kbd> removes it.
    </p>
  );
}
