/**
 * The rows a form edits in a table (a shipment's pieces, its customs items): added, copied and
 * removed from buttons or from the keys in a row (Alt+Insert adds, Alt+Shift+Insert copies,
 * Alt+Delete removes), with the focus kept where keyboard work goes on: the new row's first
 * field, or the row before a removed one (the Add button when none is left).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { asSentence, errorDomId } from '../lib/field-errors';

/** A row's editable fields: those that hold text (not its React key). */
type RowField<T> = Exclude<{ [K in keyof T]: T[K] extends string ? K : never }[keyof T], 'key' | undefined>;

interface EditableRowsOptions<T> {
  /** The rows' name in the request (`shipmentPieces`): it names their fields and errors. */
  path: string;
  rows: T[];
  onRows: (rows: T[]) => void;
  /** One field of one row changed. */
  onField: (index: number, key: RowField<T>, value: string) => void;
  errors: Record<string, string>;
  min: number;
  max: number;
  newRow: () => T;
  copyRow: (row: T) => T;
  /** The DOM id of a row's first field. */
  firstFieldId: (index: number) => string;
}

export interface EditableRows<T> {
  full: boolean;
  canRemove: boolean;
  add: () => void;
  copy: (index: number) => void;
  remove: (index: number) => void;
  onRowKey: (index: number) => (event: KeyboardEvent<HTMLTableRowElement>) => void;
  /** The props of a row's field (TextField, SelectField): path, value, change and error, label hidden. */
  field: <K extends RowField<T>>(
    index: number,
    key: K,
  ) => { path: string; value: T[K]; onValue: (value: string) => void; error: string | undefined; hideLabel: true };
  /** The DOM id of the table's Add button: focus goes there when the last row is removed. */
  addButtonId: string;
  /** The error about the rows as a whole (too many, none). */
  groupError: string | undefined;
  path: string;
}

export function useEditableRows<T>({
  path,
  rows,
  onRows,
  onField,
  errors,
  min,
  max,
  newRow,
  copyRow,
  firstFieldId,
}: EditableRowsOptions<T>): EditableRows<T> {
  const addButtonId = `${path}-add`;
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterRender.current;
    if (id === null) return;
    focusAfterRender.current = null;
    document.getElementById(id)?.focus();
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
    focusAfterRender.current = rows.length > 1 ? firstFieldId(Math.max(0, index - 1)) : addButtonId;
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
  const field = <K extends RowField<T>>(index: number, key: K) => ({
    path: `${path}[${index}].${String(key)}`,
    value: rows[index]![key],
    onValue: (value: string) => onField(index, key, value),
    error: errors[`${path}[${index}].${String(key)}`],
    hideLabel: true as const,
  });
  return { full, canRemove, add, copy, remove, onRowKey, field, addButtonId, groupError: errors[path], path };
}

/** The table's heading with its count and its Add button (Alt+Insert in a row does the same). */
export function EditableRowsHead<T>({
  rows,
  count,
  title,
  headingId,
  addLabel,
}: {
  rows: EditableRows<T>;
  count: number;
  title: string;
  headingId: string;
  addLabel: string;
}) {
  return (
    <div className="card-head">
      <h2 id={headingId} className="card-title">
        {title} <span className="count">{count}</span>
      </h2>
      <button
        id={rows.addButtonId}
        type="button"
        className="button button-small"
        onClick={rows.add}
        disabled={rows.full}
        aria-keyshortcuts="Alt+Insert"
      >
        {addLabel}
      </button>
    </div>
  );
}

/** The error about the rows as a whole, where the error summary links to it. */
export function EditableRowsError<T>({ rows }: { rows: EditableRows<T> }) {
  return rows.groupError ? (
    <p className="field-error" id={errorDomId(rows.path)}>
      {asSentence(rows.groupError)}
    </p>
  ) : null;
}

/** A row's Copy and Remove buttons, named with the row: "Copy item 2", "Remove piece 1". */
export function RowActions<T>({
  rows,
  index,
  noun,
  copyLabel = 'Copy',
}: {
  rows: EditableRows<T>;
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
