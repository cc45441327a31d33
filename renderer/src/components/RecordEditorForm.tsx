/**
 * The frame of a screen of saved records (the address book, package presets): the header with
 * its Add button, the line saying what was done, and the open record's form with the line
 * saying why it was not saved and its Cancel and Save buttons; each screen states its fields.
 * Also the Change and Delete buttons of a record's row.
 */
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { RecordEditor } from '../hooks/use-record-editor';
import { ConfirmDialog } from './ConfirmDialog';

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
  /** What a record is called in the delete question: "saved address", "preset". */
  recordWord: string;
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
  recordWord,
  onSave,
  children,
}: RecordEditorFormProps<E>) {
  const { editing, problem, done, edit, question, refusals } = editor;
  const formRef = useRef<HTMLFormElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // A refused save: the first marked field, or the line saying why when no field is marked.
    if (refusals === 0) return;
    const marked = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (marked ?? problemRef.current)?.focus();
  }, [refusals]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) void onSave(editing);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // An open suggestion list takes its own Escape first (it stops the event).
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    editor.cancel();
  };
  return (
    <>
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p className="page-sub">{sub}</p>
        </div>
        <div className="toolbar-right">
          <button type="button" className="button button-primary" onClick={() => edit(blank())} data-record-add>
            {addLabel}
          </button>
        </div>
      </header>

      {/* Always present: a live region added with its words is often not read; focus moves to the row meanwhile. */}
      <div role="status" className="record-status">
        {done ? <div className="notice notice-success">{done}</div> : null}
      </div>
      {problem && !editing ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}

      {editing ? (
        <form
          ref={formRef}
          className={className}
          onSubmit={submit}
          onKeyDown={onKeyDown}
          aria-label={editing.id === null ? newLabel : changeLabel}
          noValidate
        >
          {problem ? (
            <p ref={problemRef} className="field-error" role="alert" tabIndex={-1}>
              {problem}
            </p>
          ) : null}
          {children(editing)}
          <div className="form-footer-actions">
            <button type="button" className="button" onClick={editor.cancel}>
              Cancel
            </button>
            <button type="submit" className="button button-primary">
              {saveLabel}
            </button>
          </div>
        </form>
      ) : null}

      <ConfirmDialog
        open={question !== null}
        title={
          question === 'discard'
            ? `Discard your changes to this ${recordWord}?`
            : `Delete the ${recordWord} ${question?.name ?? ''}?`
        }
        confirmLabel={question === 'discard' ? 'Discard changes' : `Delete ${recordWord}`}
        cancelLabel={question === 'discard' ? 'Keep editing' : 'Keep it'}
        tone="danger"
        busy={editor.busy}
        onConfirm={() => void editor.confirm()}
        onCancel={editor.keep}
      >
        <p>
          {question === 'discard'
            ? 'What you typed since it was opened is not saved.'
            : 'Every desk shares it: it is gone for all of them. This cannot be undone.'}
        </p>
      </ConfirmDialog>
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
