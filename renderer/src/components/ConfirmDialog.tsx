/** A modal question with a native <dialog>: focus is trapped, Escape answers no, and focus goes back where it was. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** The button that has the focus as it opens: Cancel unless Enter is meant to confirm. */
  focus?: 'cancel' | 'confirm';
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy,
  focus = 'cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} autoFocus={focus === 'cancel'}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={`button button-${tone}`}
          onClick={onConfirm}
          disabled={busy}
          autoFocus={focus === 'confirm'}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
