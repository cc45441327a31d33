/**
 * The frame of a screen of saved records (the address book, package presets): the header with
 * its Add button, the line saying what was done, and the open record's form with the line
 * saying why it was not saved and its Cancel and Save buttons; each screen states its fields.
 * Also the Change and Delete buttons of a record's row.
 */
import type { FormEvent, ReactNode } from 'react';
import type { RecordEditor } from '../lib/use-record-editor';
import { Notice } from './Notice';

interface RecordEditorFormProps<E extends { id: number | null }> {
  editor: RecordEditor<E>;
  title: string;
  sub: ReactNode;
  /** The Add button's words, and the record it opens. */
  addLabel: string;
  blank: () => E;
  /** The form's accessible name: a new record's, or a changed one's. */
  newLabel: string;
  changeLabel: string;
  saveLabel: string;
  className: string;
  /** Sends the open record (useRecordEditor's `save` or `refuse`). */
  onSave: (editing: E) => void | Promise<void>;
  /** The fields of the open record. */
  children: (editing: E) => ReactNode;
}

export function RecordEditorForm<E extends { id: number | null }>({
  editor,
  title,
  sub,
  addLabel,
  blank,
  newLabel,
  changeLabel,
  saveLabel,
  className,
  onSave,
  children,
}: RecordEditorFormProps<E>) {
  const { editing, problem, done, edit } = editor;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) void onSave(editing);
  };
  return (
    <>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-sub">{sub}</p>
        </div>
        <div className="toolbar-right">
          <button type="button" className="button button-primary" onClick={() => edit(blank())}>
            {addLabel}
          </button>
        </div>
      </header>

      {done ? <Notice tone="success">{done}</Notice> : null}

      {editing ? (
        <form
          className={className}
          onSubmit={submit}
          aria-label={editing.id === null ? newLabel : changeLabel}
          noValidate
        >
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          {children(editing)}
          <div className="form-footer-actions">
            <button type="button" className="button" onClick={() => edit(null)}>
              Cancel
            </button>
            <button type="submit" className="button button-primary">
              {saveLabel}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}

/** A saved record's Change and Delete buttons, named with the record for screen readers. */
export function RecordRowActions({
  name,
  onChange,
  onDelete,
}: {
  name: string;
  onChange: () => void;
  onDelete: () => void;
}) {
  return (
    <td className="row-actions">
      <button
        type="button"
        className="button button-quiet button-small"
        aria-label={`Change ${name}`}
        onClick={onChange}
      >
        Change
      </button>
      <button
        type="button"
        className="button button-quiet button-small"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </button>
    </td>
  );
}
